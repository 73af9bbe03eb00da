"""The Summoner's Dream page: maps with towers, a battle viewer, Treasures over the rounds,
the ranking (host); the public sees nothing about Treasures before the end."""

from __future__ import annotations

from typing import Any

import pandas as pd

from dashboard.final_ranking import public_final
from dashboard.match_data import EventData
from dashboard.svg_map import draw_map


def render(st: Any, data: EventData, host: bool, finished: bool) -> None:
    st.header(data.title)
    if not host:
        public_final(
            st, data, finished, "Treasures are announced at the end; battles stay private."
        )
        return
    catalog = data.public["catalog"]
    maps = {m["name"]: m for m in catalog["maps"]}
    st.subheader("Ranking (host)")
    st.dataframe(
        pd.DataFrame(
            [
                {
                    "rank": e["rank"],
                    "player": e["player"],
                    "treasures": e["score"],
                    **e["tiebreaks"],
                }
                for e in data.ranking
            ]
        ),
        hide_index=True,
    )
    rows = [
        {"round": r, "player": e["player"], "treasures": e["score"]}
        for r, ranking in sorted(data.rankings.items())
        for e in ranking
    ]
    if rows:
        st.subheader("Treasures over the rounds")
        st.line_chart(pd.DataFrame(rows).pivot(index="round", columns="player", values="treasures"))

    st.subheader("Defences now")
    players = data.host["players"]
    columns = st.columns(3)
    for i, (p, view) in enumerate(players.items()):
        d = view["defence"]
        if d:
            m = maps[d["map"]]
            columns[i % 3].markdown(
                draw_map(m["rows"], m["kind"], f"{p}: {m['name']}", d["towers"]),
                unsafe_allow_html=True,
            )

    battles = [
        (r, b) for r, report in sorted(data.reports.items())
        for b in report.get("data", {}).get("host", {}).get("battles", [])
    ]  # fmt: skip
    if not battles:
        return
    st.subheader("Battle viewer")
    labels = [
        f"round {r}: {b['attacker']} invades {b['defender']} ({b['map']})" for r, b in battles
    ]
    choice = st.selectbox("Battle", labels)
    _, battle = battles[labels.index(choice)]
    replay = battle["replay"]
    st.caption(
        f"{battle['stolen']} of {battle['sent']} familiars reached the Treasure; "
        f"{battle['kills']} killed."
    )
    if not replay:
        return
    t = st.slider("Time unit", 0, len(replay) - 1, 0) if len(replay) > 1 else 0
    frame = replay[t]
    defender = battle.get("towers", [])
    m = maps[battle["map"]]
    hit = {slot for shot in frame["shots"] for slot in shot["targets"]}
    st.markdown(
        draw_map(
            m["rows"], m["kind"], f"time unit {frame['t']}", defender, frame["familiars"], hit
        ),
        unsafe_allow_html=True,
    )
    if frame["shots"]:
        st.caption(
            "Shots: " + "; ".join(f"{s['tower']} -> slots {s['targets']}" for s in frame["shots"])
        )
