"""The Summoner's Dream page: maps with towers, a battle viewer, Treasures over the rounds,
the ranking (host); the public sees nothing about Treasures before the end."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

import pandas as pd

from dashboard.charts import table_or_chart
from dashboard.final_ranking import public_final
from dashboard.match_data import EventData
from dashboard.people import exact_figures, figure, number, ranking_rows
from dashboard.svg_map import LEGEND, draw_map

COLUMNS = 3
FRAME_SECONDS = 0.35
"""how long the play button shows each time unit"""


def render(st: Any, data: EventData, host: bool, finished: bool, colours: dict[str, str]) -> None:
    st.header(data.title)
    if not host:
        public_final(
            st, data, finished, "Treasures are announced at the end; battles stay private."
        )
        return
    if not data.reports:
        st.info(
            "No Summoner's Dream round has a result yet: defences, battles and the ranking "
            "appear after its first round."
        )
        return
    catalog = data.public["catalog"]
    maps = {m["name"]: m for m in catalog["maps"]}
    st.subheader("Ranking (host)")
    st.dataframe(pd.DataFrame(ranking_rows(data.ranking, "treasures")), hide_index=True)
    exact_figures(st, "the Summoner's Dream ranking", data.ranking)
    rows = [
        {"round": r, "player": e["player"], "treasures": number(e["score"])}
        for r, ranking in sorted(data.rankings.items())
        for e in ranking
    ]
    if rows:
        st.subheader("Treasures over the rounds")
        table = [
            {"player": p}
            | {
                f"round {r}": figure(e["score"])
                for r, ranking in sorted(data.rankings.items())
                for e in ranking
                if e["player"] == p
            }
            for p in data.participants
        ]
        table_or_chart(st, "summoners_show_chart", table, rows, "treasures", colours)

    st.subheader("Defences now")
    st.markdown(LEGEND, unsafe_allow_html=True)
    players = data.host["players"]
    defences = [(p, view["defence"]) for p, view in players.items() if view["defence"]]
    for start in range(0, len(defences), COLUMNS):
        columns = st.columns(COLUMNS)
        for column, (p, d) in zip(columns, defences[start : start + COLUMNS], strict=False):
            m = maps[d["map"]]
            title = f"{p}: {m['name']}"
            picture = draw_map(m["rows"], m["kind"], title, d["towers"], colour=colours.get(p))
            column.markdown(picture, unsafe_allow_html=True)
    _battle_viewer(st, data, maps)


def _battle_viewer(st: Any, data: EventData, maps: Mapping[str, Any]) -> None:
    battles = [
        (r, b) for r, report in sorted(data.reports.items())
        for b in report.get("data", {}).get("host", {}).get("battles", [])
    ]  # fmt: skip
    if not battles:
        st.caption("No battle yet: the battle viewer shows every invasion once one is fought.")
        return
    st.subheader("Battle viewer")
    labels = [
        f"round {r}: {b['attacker']} invades {b['defender']} ({b['map']})" for r, b in battles
    ]
    choice = st.selectbox("Battle (the latest first shown)", labels, index=len(labels) - 1)
    _, battle = battles[labels.index(choice)]
    replay = battle["replay"]
    st.caption(
        f"{battle['stolen']} of {battle['sent']} familiars reached the Treasure; "
        f"{battle['kills']} killed."
    )
    if not replay:
        return
    m = maps[battle["map"]]
    defender = battle.get("towers", [])

    def frame_svg(t: int) -> str:
        frame = replay[t]
        hit = {slot for shot in frame["shots"] for slot in shot["targets"]}
        return draw_map(
            m["rows"], m["kind"], f"time unit {frame['t']}", defender, frame["familiars"], hit
        )

    left, right = st.columns([1, 4])
    play = left.button("▶ Play", help="Step through every time unit of this battle")
    t = (
        right.slider("Time unit", 0, len(replay) - 1, 0, label_visibility="collapsed")
        if len(replay) > 1
        else 0
    )
    picture = st.empty()
    shots = st.empty()
    for step in range(len(replay)) if play else [t]:
        picture.markdown(frame_svg(step), unsafe_allow_html=True)
        frame_shots = replay[step]["shots"]
        shots.caption(
            "Shots: " + "; ".join(f"{s['tower']} -> slots {s['targets']}" for s in frame_shots)
            if frame_shots
            else "No shot in this time unit."
        )
        if play:
            time.sleep(FRAME_SECONDS)
