"""The Elemental Continuum page: boards as the public sees them, full boards for the host."""

from __future__ import annotations

from typing import Any

from dashboard.continuum_boards import host_board_svg, public_board_svg
from dashboard.final_ranking import public_final
from dashboard.match_data import EventData

COLUMNS = 3


def _grid(st: Any, pictures: list[str]) -> None:
    for start in range(0, len(pictures), COLUMNS):
        columns = st.columns(COLUMNS)
        for column, svg in zip(columns, pictures[start : start + COLUMNS], strict=False):
            column.markdown(svg, unsafe_allow_html=True)


def render(st: Any, data: EventData, host: bool, finished: bool) -> None:
    st.header(data.title)
    boards = data.public["boards"]
    public = [public_board_svg(p, boards[p]) for p in data.participants]
    if host:
        tab_public, tab_host = st.tabs(["As the public sees it", "Full boards (host)"])
        with tab_public:
            _grid(st, public)
        with tab_host:
            st.caption("Numbers: bolts on a tile that count towards its break so far.")
            _grid(st, [host_board_svg(p, data.host) for p in data.participants])
        st.subheader("Ranking (host)")
        st.dataframe(
            [
                {"rank": e["rank"], "player": e["player"], "points": e["score"], **e["tiebreaks"]}
                for e in data.ranking
            ],
            hide_index=True,
        )
    else:
        st.caption("Broken tiles are crossed; wards that broke down are shown with their value.")
        _grid(st, public)
        public_final(st, data, finished, "The ranking is revealed at the end, without points.")
