"""A Summoner's Dream map drawn as SVG: tiles, towers with their facing, familiars."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

TILE_COLOURS = {"G": "#38761D", ".": "#CCCCCC", "E": "#00E5FF"}
ROAD = "#E6D3A3"
GROTTO_BUILDABLE = "#0B5394"
ARROWS = {"N": "▲", "E": "▶", "S": "▼", "W": "◀"}


def draw_map(
    rows: Sequence[str],
    kind: str,
    title: str,
    towers: Sequence[Mapping[str, Any]] = (),
    familiars: Sequence[Mapping[str, Any]] = (),
    hit: set[int] | frozenset[int] = frozenset(),
    cell: int = 40,
) -> str:
    """`towers`: {"tower", "row", "col", "facing"} (1-based); `familiars`: {"slot", "party",
    "tile": [row, col] (0-based), "hp"}; `hit`: slots shot at in this time unit."""
    height, width = len(rows), max(len(r) for r in rows)
    w, h = width * cell + 2, height * cell + 26
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
        f'font-family="sans-serif" role="img" aria-label="{escape(title)}">',
        f'<text x="2" y="16" font-size="14" font-weight="bold">{escape(title)}</text>',
    ]
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
            f'fill="#222" opacity="0.85"><title>{escape(label)}</title></rect>'
            f'<text x="{x + cell / 2}" y="{y + cell / 2 + 4}" font-size="10" fill="#fff" '
            f'text-anchor="middle">{escape(label)}</text>'
        )
    crowd: dict[tuple[int, int], int] = {}
    for f in familiars:
        r, c = f["tile"]
        k = crowd.get((r, c), 0)
        crowd[(r, c)] = k + 1
        x = 1 + c * cell + 10 + (k % 3) * 10
        y = top + r * cell + 12 + (k // 3) * 11
        colour = "#C00000" if f["party"] == "A" else "#7030A0"
        ring = ' stroke="#FF0" stroke-width="2"' if f["slot"] in hit else ""
        out.append(
            f'<circle cx="{x}" cy="{y}" r="6" fill="{colour}"{ring}>'
            f"<title>slot {f['slot']} (party {f['party']}), {f['hp']} hp</title></circle>"
            f'<text x="{x}" y="{y + 3}" font-size="7" fill="#fff" text-anchor="middle">'
            f"{f['slot']}</text>"
        )
    out.append("</svg>")
    return "".join(out)
