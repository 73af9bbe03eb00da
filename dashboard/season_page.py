"""The Season page (`festival season dashboard SEASON`): who is still in, garnets and Tokens of
Life, and each episode's outcome, for everyone; the ledger and the players' Discord ids for
the host only (host mode)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from festival.season import service

GIVEN = ("give", "token given", "support")
"""the kinds whose `other` gave"""


def render(st: Any, folder: Path, host: bool) -> None:
    season = service.show(folder)
    state = season.state
    st.title(f"Season {season.name}")
    st.caption(f"{len(state.alive)} of {len(state.standings)} players still in.")
    rows: list[dict[str, Any]] = [
        {
            "player": s.player,
            "in": "yes" if s.alive else "eliminated",
            "garnets": s.garnets,
            "Tokens of Life": s.tokens,
        }
        for s in state.standings
    ]
    if host:
        for row, s in zip(rows, state.standings, strict=True):
            row["Discord id"] = "" if s.discord is None else str(s.discord)
    st.subheader("Players")
    st.table(rows)
    st.subheader("Episodes")
    if not state.episodes:
        st.info("No episode yet: `festival season episode SEASON MATCH` takes a finished match.")
    for e in state.episodes:
        st.markdown(service.episode_line(e))
    if state.finals.begun or service.finals_reached(state):
        st.subheader("Finals")
        finalists = state.alive if len(state.alive) == 2 else ()
        for line in service.finals_lines(state.finals, finalists, season.rules.finals_best_of):
            st.markdown(line)
    if host:
        st.subheader("Ledger (host view)")
        st.dataframe(
            [
                {
                    "#": e.seq,
                    "when": e.at,
                    "kind": str(e.kind),
                    "player": e.player or "",
                    "amount": e.amount,
                    "from": e.other or "" if e.kind.value in GIVEN else "",
                    "why": e.why,
                    "source": f"{e.source.kind} {e.source.id} {e.source.detail}".strip(),
                    "counts": "no" if e.seq in state.void or e.corrects else "yes",
                }
                for e in season.entries
            ],
            hide_index=True,
        )
