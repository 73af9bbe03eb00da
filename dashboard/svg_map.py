"""A Summoner's Dream map drawn as SVG: tiles, towers with their facing, familiars. It scales
to its column (viewBox, width 100%); `LEGEND` says what the colours mean."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from dashboard.colours import legend_svg
from dashboard.svg_board import responsive, title_text
from festival.core import palette

TILE_COLOURS = {"G": "#38761D", ".": "#CCCCCC", "E": "#00E5FF"}
ROAD = "#E6D3A3"
GROTTO_BUILDABLE = "#0B5394"
ARROWS = {"N": "▲", "E": "▶", "S": "▼", "W": "◀"}
PARTY_COLOURS = {"A": palette.PLAYERS[0], "B": palette.PLAYERS[4]}
"""the two parties in the project's palette: reddish purple and indigo (apart in lightness
too, and neither red nor green beside the green buildable land)"""
TOWER = "#222222"
LEGEND = legend_svg(
    [
        (ROAD, "road (A, B: where the parties enter)"),
        (TILE_COLOURS["E"], "E: the Treasure"),
        (TILE_COLOURS["G"], "buildable (Blessed Land)"),
        (GROTTO_BUILDABLE, "buildable (Grotto-Heaven)"),
        (TILE_COLOURS["."], "blocked"),
        (TOWER, "tower, facing ▲▶▼◀"),
        (PARTY_COLOURS["A"], "familiar of party A"),
        (PARTY_COLOURS["B"], "familiar of party B"),
    ]
)
"""the colours of every map picture"""


def draw_map(
    rows: Sequence[str],
    kind: str,
    title: str,
    towers: Sequence[Mapping[str, Any]] = (),
    familiars: Sequence[Mapping[str, Any]] = (),
    hit: set[int] | frozenset[int] = frozenset(),
    cell: int = 40,
    colour: str | None = None,
) -> str:
    """`towers`: {"tower", "row", "col", "facing"} (1-based); `familiars`: {"slot", "party",
    "tile": [row, col] (0-based), "hp"}; `hit`: slots shot at in this time unit."""
    height, width = len(rows), max(len(r) for r in rows)
    w, h = width * cell + 2, height * cell + 26
    out = [responsive(w, h, title), title_text(2, title, colour)]
    top = 24
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch == "G" and kind != "Blessed Land":
                fill = GROTTO_BUILDABLE
            else:
                fill = TILE_COLOURS.get(ch, ROAD)
            out.append(
                f'<rect x="{1 + c * cell}" y="{top + r * cell}" width="{cell}" height="{cell}" '
                f'fill="{fill}" stroke="#666" stroke-width="0.5"/>'
            )
            if ch in "ABE":
                x, y = 1 + c * cell + 3, top + r * cell + 12
                out.append(f'<text x="{x}" y="{y}" font-size="10">{ch}</text>')
    for t in towers:
        x, y = 1 + (t["col"] - 1) * cell, top + (t["row"] - 1) * cell
        label = f"{t['tower']} {ARROWS.get(t['facing'], '')}"
        out.append(
            f'<rect x="{x + 3}" y="{y + 3}" width="{cell - 6}" height="{cell - 6}" rx="4" '
            f'fill="{TOWER}" opacity="0.85"><title>{escape(label)}</title></rect>'
            f'<text x="{x + cell / 2}" y="{y + cell / 2 + 4}" font-size="10" fill="#fff" '
            f'text-anchor="middle">{escape(label)}</text>'
        )
    crowd: dict[tuple[int, int], int] = {}
    for f in familiars:
        r, c = f["tile"]
        k = crowd.get((r, c), 0)
        crowd[(r, c)] = k + 1
        radius = cell * 0.24
        x = 1 + c * cell + radius + 1 + (k % 2) * (cell - 2 * radius - 2)
        y = top + r * cell + radius + 1 + (k // 2 % 2) * (cell - 2 * radius - 2)
        fill = PARTY_COLOURS.get(f["party"], PARTY_COLOURS["B"])
        ring = ' stroke="#FF0" stroke-width="3"' if f["slot"] in hit else ' stroke="#FFF"'
        out.append(
            f'<circle cx="{x}" cy="{y}" r="{radius}" fill="{fill}"{ring}>'
            f"<title>slot {f['slot']} (party {f['party']}), {f['hp']} hp</title></circle>"
            f'<text x="{x}" y="{y + radius * 0.4}" font-size="{round(radius * 1.1)}" '
            f'font-weight="bold" fill="#fff" text-anchor="middle">{f["slot"]}</text>'
        )
    out.append("</svg>")
    return "".join(out)
