"""An 8x8 board drawn as SVG: fills, marks, small text, and thick borders between groups."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from html import escape

FILES = "ABCDEFGH"
SIZE = 8


@dataclass(frozen=True)
class Square:
    """How one square is drawn."""

    fill: str = "#FFFFFF"
    group: str | None = None
    """squares of one group (a ward) get a thick outline around the group"""
    cross: bool = False
    """a broken tile"""
    text: str = ""
    tooltip: str = ""


def square_names() -> list[str]:
    return [f"{f}{r}" for r in range(1, SIZE + 1) for f in FILES]


def draw_board(squares: Mapping[str, Square], title: str, cell: int = 34) -> str:
    """The board as an SVG document: rank 8 at the top, files A-H left to right."""
    margin = 22
    width = margin + SIZE * cell + 6
    height = 24 + SIZE * cell + margin
    top = 24
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img" '
        f'aria-label="{escape(title)}">',
        f'<text x="{margin}" y="16" font-size="14" font-weight="bold">{escape(title)}</text>',
    ]

    def xy(name: str) -> tuple[int, int]:
        col, rank = FILES.index(name[0]), int(name[1]) - 1
        return margin + col * cell, top + (SIZE - 1 - rank) * cell

    for name in square_names():
        sq = squares.get(name, Square())
        x, y = xy(name)
        tip = f"<title>{escape(sq.tooltip)}</title>" if sq.tooltip else ""
        parts.append(
            f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{sq.fill}" '
            f'stroke="#999" stroke-width="0.5">{tip}</rect>'
        )
        if sq.cross:
            pad = cell // 5
            parts.append(
                f'<path d="M{x + pad},{y + pad} L{x + cell - pad},{y + cell - pad} '
                f'M{x + cell - pad},{y + pad} L{x + pad},{y + cell - pad}" '
                'stroke="#222" stroke-width="3" stroke-linecap="round"/>'
            )
        if sq.text:
            parts.append(
                f'<text x="{x + cell - 3}" y="{y + cell - 4}" font-size="10" '
                f'text-anchor="end" fill="#000">{escape(sq.text)}</text>'
            )
    for name in square_names():
        group = squares.get(name, Square()).group
        if group is None:
            continue
        x, y = xy(name)
        col, rank = FILES.index(name[0]), int(name[1])
        right = f"{FILES[col + 1]}{rank}" if col + 1 < SIZE else None
        left = f"{FILES[col - 1]}{rank}" if col > 0 else None
        up = f"{name[0]}{rank + 1}" if rank < SIZE else None
        down = f"{name[0]}{rank - 1}" if rank > 1 else None
        for other, line in (
            (up, (x, y, x + cell, y)),
            (down, (x, y + cell, x + cell, y + cell)),
            (left, (x, y, x, y + cell)),
            (right, (x + cell, y, x + cell, y + cell)),
        ):
            if other is None or squares.get(other, Square()).group != group:
                parts.append(
                    f'<line x1="{line[0]}" y1="{line[1]}" x2="{line[2]}" y2="{line[3]}" '
                    'stroke="#111" stroke-width="2.5"/>'
                )
    for i, letter in enumerate(FILES):
        parts.append(
            f'<text x="{margin + i * cell + cell // 2}" y="{top + SIZE * cell + 15}" '
            f'font-size="11" text-anchor="middle">{letter}</text>'
        )
    for r in range(SIZE):
        parts.append(
            f'<text x="{margin - 7}" y="{top + (SIZE - 1 - r) * cell + cell // 2 + 4}" '
            f'font-size="11" text-anchor="middle">{r + 1}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)
