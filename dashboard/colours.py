"""One colour per player across the whole dashboard (charts, board titles), from the roster
order, so that a player keeps their colour from page to page and chart to chart; and a
picture's legend (colour, words) as a small SVG image."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from festival.core.palette import PLAYERS

PALETTE = PLAYERS
"""the project's player colours (festival/core/palette.py): distinct for the 10 players of a
festival, and for colour-blind eyes"""


def player_colours(players: Sequence[str]) -> dict[str, str]:
    """The roster's players, each with a colour (cycling beyond ten)."""
    return {p: PALETTE[i % len(PALETTE)] for i, p in enumerate(players)}


LEGEND_FONT = 13
LEGEND_ROW = 22
LEGEND_WIDTH = 720
"""the legend picture's width at most: its swatches wrap to rows below"""


def legend_svg(items: Sequence[tuple[str, str]]) -> str:
    """(colour, label) pairs as an SVG picture, its swatches in rows (an image for
    `st.image`: Markdown with HTML would cost a browser its HTML reader on the page's first
    drawing)."""
    spots: list[tuple[float, int, str, str]] = []
    x, row, widest = 0.0, 0, 0.0
    for colour, label in items:
        span = LEGEND_FONT * (1.6 + 0.6 * len(label)) + 16
        if x and x + span > LEGEND_WIDTH:
            x, row = 0.0, row + 1
        spots.append((x, row, colour, label))
        x += span
        widest = max(widest, x)
    width, height = max(1, round(widest)), (row + 1) * LEGEND_ROW
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="{LEGEND_FONT}" '
        f'role="img" aria-label="legend">'
    ]
    for x, r, colour, label in spots:
        y = r * LEGEND_ROW + 4
        out.append(
            f'<rect x="{x + 1:.0f}" y="{y}" width="{LEGEND_FONT}" height="{LEGEND_FONT}" '
            f'fill="{colour}" stroke="#555"/><text x="{x + LEGEND_FONT * 1.6:.0f}" '
            f'y="{y + LEGEND_FONT - 2}">{escape(label)}</text>'
        )
    out.append("</svg>")
    return "".join(out)
