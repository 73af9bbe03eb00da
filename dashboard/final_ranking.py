"""What an event page shows the public: nothing before the end, then the event's own final
announcement (which says only what the rules reveal)."""

from __future__ import annotations

from typing import Any

from dashboard.match_data import EventData


def public_final(st: Any, data: EventData, finished: bool, before: str) -> None:
    if finished:
        st.subheader("Final ranking")
        st.markdown("\n".join(f"{line}  " for line in data.final_lines))
    else:
        st.caption(before)
