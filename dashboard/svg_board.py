"""An 8x8 board drawn as SVG: fills, marks, values, and thick borders between groups.

The picture scales to its column (a viewBox and width 100%, never wider than 1.5 times its
natural size); values are drawn last, large, with a white halo, so crosses never hide them."""

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


def responsive(width: float, height: float, title: str) -> str:
    """An <svg> start tag that scales to its column, keeping its proportions."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="100%" '
        f'style="max-width:{round(width * 1.5)}px;height:auto;display:block" '
        f'font-family="sans-serif" role="img" aria-label="{escape(title)}">'
    )


def title_text(x: float, title: str, colour: str | None) -> str:
    """The picture's title, after a square of the player's colour when given."""
    mark = ""
    if colour:
        mark = f'<rect x="{x}" y="4" width="14" height="14" fill="{colour}" stroke="#333"/>'
        x += 20
    return f'{mark}<text x="{x}" y="16" font-size="14" font-weight="bold">{escape(title)}</text>'


def value_text(x: int, y: int, cell: int, text: str) -> str:
    """A value on the square at (`x`, `y`): large, with a white halo."""
    return (
        f'<text x="{x + cell / 2}" y="{y + cell / 2 + cell * 0.16}" '
        f'font-size="{round(cell * 0.46)}" font-weight="bold" text-anchor="middle" '
        'fill="#000" stroke="#FFF" stroke-width="3" paint-order="stroke">'
        f"{escape(text)}</text>"
    )


def draw_board(
    squares: Mapping[str, Square], title: str, cell: int = 34, colour: str | None = None
) -> str:
    """The board as an SVG document: rank 8 at the top, files A-H left to right; `colour`:
    the owner's colour, shown beside the title."""
    margin = 22
    width = margin + SIZE * cell + 6
    height = 24 + SIZE * cell + margin
    top = 24
    parts = [responsive(width, height, title), title_text(margin, title, colour)]

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
    for name in square_names():
        sq = squares.get(name, Square())
        if sq.text:
            parts.append(value_text(*xy(name), cell, sq.text))
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


def draw_board_compact(
    squares: Mapping[str, Square], title: str, cell: int = 34, colour: str | None = None
) -> str:
    """The picture `draw_board` draws, in a dozen SVG elements instead of about two hundred,
    for an image (`st.image`), which shows no tooltip: the squares of one fill one <path>, the
    grid, the crosses and the groups' borders one <path> each, the file letters and the rank
    numbers one <text> each (a position per character), a text only where a value is drawn; no
    tooltip. What a browser builds and paints on every switch to the page shrinks with it."""
    margin, top = 22, 24
    width = margin + SIZE * cell + 6
    height = top + SIZE * cell + margin
    parts = [responsive(width, height, title), title_text(margin, title, colour)]

    def xy(name: str) -> tuple[int, int]:
        col, rank = FILES.index(name[0]), int(name[1]) - 1
        return margin + col * cell, top + (SIZE - 1 - rank) * cell

    by_fill: dict[str, list[str]] = {}
    crosses: list[str] = []
    borders: list[str] = []
    pad = cell // 5
    for name in square_names():
        sq = squares.get(name, Square())
        x, y = xy(name)
        by_fill.setdefault(sq.fill, []).append(f"M{x} {y}h{cell}v{cell}h-{cell}z")
        if sq.cross:
            span = cell - 2 * pad
            crosses.append(f"M{x + pad} {y + pad}l{span} {span}m0 -{span}l-{span} {span}")
        if sq.group is None:
            continue
        col, rank = FILES.index(name[0]), int(name[1])
        neighbours = (
            (f"{name[0]}{rank + 1}" if rank < SIZE else None, f"M{x} {y}h{cell}"),
            (f"{name[0]}{rank - 1}" if rank > 1 else None, f"M{x} {y + cell}h{cell}"),
            (f"{FILES[col - 1]}{rank}" if col > 0 else None, f"M{x} {y}v{cell}"),
            (f"{FILES[col + 1]}{rank}" if col + 1 < SIZE else None, f"M{x + cell} {y}v{cell}"),
        )
        for other, line in neighbours:
            if other is None or squares.get(other, Square()).group != sq.group:
                borders.append(line)
    for fill, cells in by_fill.items():
        parts.append(f'<path fill="{fill}" d="{"".join(cells)}"/>')
    end_x, end_y = margin + SIZE * cell, top + SIZE * cell
    grid = "".join(f"M{margin + i * cell} {top}V{end_y}" for i in range(SIZE + 1)) + "".join(
        f"M{margin} {top + i * cell}H{end_x}" for i in range(SIZE + 1)
    )
    parts.append(f'<path d="{grid}" stroke="#999" stroke-width="0.5" fill="none"/>')
    if crosses:
        parts.append(
            f'<path d="{"".join(crosses)}" stroke="#222" stroke-width="3" '
            'stroke-linecap="round" fill="none"/>'
        )
    if borders:
        parts.append(f'<path d="{"".join(borders)}" stroke="#111" stroke-width="2.5"/>')
    values = [(name, sq) for name, sq in squares.items() if sq.text]
    for name, sq in sorted(values, key=lambda item: square_names().index(item[0])):
        parts.append(value_text(*xy(name), cell, sq.text))
    files_x = " ".join(str(margin + i * cell + cell // 2) for i in range(SIZE))
    ranks_x = " ".join([str(margin - 7)] * SIZE)
    ranks_y = " ".join(str(top + i * cell + cell // 2 + 4) for i in range(SIZE))
    parts.append(
        f'<text x="{files_x}" y="{end_y + 15}" font-size="11" text-anchor="middle">{FILES}</text>'
        f'<text x="{ranks_x}" y="{ranks_y}" font-size="11" text-anchor="middle">'
        f"{''.join(str(SIZE - r) for r in range(SIZE))}</text>"
    )
    parts.append("</svg>")
    return "".join(parts)
