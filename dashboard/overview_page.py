"""The Overview page: round progress, the festival standings, and (host) scores over rounds."""

from __future__ import annotations

from typing import Any

import pandas as pd

from dashboard.match_data import MatchData


def standings_rows(standings: dict[str, Any], titles: dict[str, str]) -> list[dict[str, Any]]:
    """The festival standings as table rows (the same figures as `festival standings --json`)."""
    return [
        {
            "player": p["player"],
            **{titles.get(e, e): r for e, r in p["events"].items()},
            "average rank": p["average_rank"],
            "garnets": p["garnets"],
            "tokens of life": p["tokens_of_life"],
            "winner": p["winner"],
            "elimination candidate": p["elimination_candidate"],
        }
        for p in standings["players"]
    ]


def render(st: Any, data: MatchData, host: bool) -> None:
    st.header("Overview")
    st.progress(
        data.round_no / data.rounds, text=f"Round {data.round_no} of {data.rounds} resolved"
    )
    titles = {e.event: e.title for e in data.events.values()}
    st.subheader("Who plays what")
    st.table(
        pd.DataFrame(
            [{"event": e.title, "players": ", ".join(e.participants)} for e in data.events.values()]
        ).set_index("event")
    )
    if not host and not data.finished:
        st.caption(
            "The standings are revealed at the end of the match (event rankings are secret "
            "until then)."
        )
        return
    st.subheader("Final standings" if data.finished else "Standings if the match ended now (host)")
    standings = data.standings
    if standings["sole_winner"]:
        st.markdown(f"Sole winner: **{standings['sole_winner']}**")
    elif standings["winners"]:
        st.markdown("Tied winners: " + ", ".join(f"**{w}**" for w in standings["winners"]))
    if standings["elimination_candidate"]:
        st.markdown(f"Elimination Candidate: **{standings['elimination_candidate']}**")
    elif standings["elimination_choice_pending"]:
        st.markdown(
            "Elimination Candidate: the sole winner chooses among "
            + ", ".join(standings["elimination_choice_pending"])
        )
    st.table(pd.DataFrame(standings_rows(standings, titles)).set_index("player"))
    if not host:
        return
    st.subheader("Scores over the rounds (host)")
    for event in data.events.values():
        rows = [
            {"round": r, "player": e["player"], "score": _number(e["score"])}
            for r, ranking in sorted(event.rankings.items())
            for e in ranking
        ]
        if rows:
            st.caption(event.title)
            st.line_chart(pd.DataFrame(rows).pivot(index="round", columns="player", values="score"))


def _number(value: int | str) -> float:
    if isinstance(value, int):
        return float(value)
    num, _, den = value.partition("/")
    return int(num) / int(den or 1)
