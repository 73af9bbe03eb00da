"""The Summoner's Dream page: maps with towers, a battle viewer, Treasures over the rounds,
the ranking (host); the public sees nothing about Treasures before the end.

Every picture is an image (the defences SVG of the project's picture renderer, the battle
viewer's frame an SVG image), never SVG through Markdown, which a browser lays out as hundreds
of elements per map; the tables are Markdown tables, plain HTML for a browser."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from dashboard.charts import table_or_chart
from dashboard.final_ranking import public_final
from dashboard.match_data import EventData
from dashboard.people import exact_figures, figure, markdown_table, number, ranking_rows
from dashboard.summoners_maps import defence_svgs
from dashboard.svg_map import LEGEND, draw_map
from dashboard.toggles import kept_toggle

COLUMNS = 3
SHOW_BATTLES = "Show the battles"
"""the battle viewer (a dropdown, a slider, a button and a map) when the host asks, kept on
for the session: the page's first drawing does without"""
CELL = 40
"""a battle frame's tile, in pixels"""
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
    st.markdown(markdown_table(ranking_rows(data.ranking, "treasures")))
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
    _pictures(st, defence_svgs(maps, _defences(data)))
    _battle_viewer(st, data, maps)


def _pictures(st: Any, pictures: list[tuple[str, str]]) -> None:
    """The pictures in `COLUMNS` columns, row by row: one image element per column, holding
    its pictures one below the other (an element per picture costs a browser more)."""
    columns = st.columns(COLUMNS)
    for i, column in enumerate(columns):
        mine = pictures[i::COLUMNS]
        if mine:
            column.image([p for _, p in mine], width="stretch", alt=[t for t, _ in mine])


def _defences(data: EventData) -> list[tuple[str, Any]]:
    return [(p, view["defence"]) for p, view in data.host["players"].items() if view["defence"]]


def _battle_viewer(st: Any, data: EventData, maps: Mapping[str, Any]) -> None:
    battles = [
        (r, b) for r, report in sorted(data.reports.items())
        for b in report.get("data", {}).get("host", {}).get("battles", [])
    ]  # fmt: skip
    if not battles:
        st.caption("No battle yet: the battle viewer shows every invasion once one is fought.")
        return
    st.subheader("Battle viewer")
    if not kept_toggle(st, SHOW_BATTLES, "summoners_show_battles"):
        return
    st.image(LEGEND, alt="What the colours of the maps mean")
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
            m["rows"], m["kind"], f"time unit {frame['t']}", defender, frame["familiars"], hit,
            cell=CELL,
        )  # fmt: skip

    left, right = st.columns([1, 4])
    play = left.button("▶ Play", help="Step through every time unit of this battle")
    t = (
        right.slider("Time unit", 0, len(replay) - 1, 0, label_visibility="collapsed")
        if len(replay) > 1
        else 0
    )
    # at most 1.5 times its natural size (as the maps drawn in Markdown were), not the page's
    # whole width
    width = round(1.5 * (max(len(r) for r in m["rows"]) * CELL + 2))
    picture = st.empty()
    shots = st.empty()
    for step in range(len(replay)) if play else [t]:
        picture.image(frame_svg(step), width=width, alt=f"time unit {replay[step]['t']}")
        frame_shots = replay[step]["shots"]
        shots.caption(
            "Shots: " + "; ".join(f"{s['tower']} -> slots {s['targets']}" for s in frame_shots)
            if frame_shots
            else "No shot in this time unit."
        )
        if play:
            time.sleep(FRAME_SECONDS)
