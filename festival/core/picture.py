"""Board pictures of any duel from its `Picture` (events/duel.py): SVG for the dashboard and
PNG (Pillow) for Discord, in the project's palette (festival/core/palette.py).

Every picture carries its caption above the board and a legend below it: an entry for every
colour, mark, ring, number and arrow it draws (`legend_entries`). Sizes: the long side of the
board is at least ~900 px, no text is smaller than the coordinates (`Layout.coord`), a
move's arrow runs between the units' discs, never over them, and is long enough to see
(`SHORTEST`); what marks a field (a clash's cross, a power node's triangle) leaves the letter
of the unit on it whole."""

from __future__ import annotations

import io
import itertools
import math
import textwrap
from dataclasses import dataclass, replace
from html import escape
from typing import Any

from events.duel import Picture
from festival.core import palette

ELEMENT_WORDS = {"F": "Fire", "W": "Water", "E": "Earth", "A": "Air"}
CHAR = 0.6
"""a character's width at most, in font sizes (for wrapping words to the picture's width)"""
TARGET = 900
"""the board's long side, at least (a Discord attachment read on a phone)"""


@dataclass(frozen=True)
class Layout:
    """Every size of one picture, from its board's size."""

    cell: int
    margin: int
    coord: int
    """the coordinates' font size: no text is smaller"""
    label: int
    top: int
    """the caption's height above the board"""
    width: int
    board_height: int
    legend_rows: int
    legend: tuple[tuple[int, int, tuple[str, ...]], ...]
    """each legend entry's column, row and text lines"""
    caption: tuple[str, ...]

    @property
    def line(self) -> int:
        return round(self.coord * 1.5)

    @property
    def height(self) -> int:
        return self.top + self.board_height + self.legend_rows * self.line + self.margin

    @property
    def piece_radius(self) -> float:
        return self.cell * 0.36


def layout(picture: Picture) -> Layout:
    span = max(len(picture.cols) + (0.5 if picture.shape == "hex" else 0), len(picture.rows))
    cell = max(44, math.ceil((TARGET - 60) / span))
    margin = max(28, round(cell * 0.55))
    coord = max(14, round(cell * 0.26))
    extra = cell // 2 if picture.shape == "hex" else 0
    width = 2 * margin + len(picture.cols) * cell + extra
    per_line = max(20, int((width - margin) / (coord * CHAR)))
    caption = tuple(
        part for line in picture.caption.splitlines() for part in textwrap.wrap(line, per_line)
    )
    line = round(coord * 1.5)
    spots = _legend_spots([e.text for e in legend_entries(picture)], width, margin, coord)
    rows = max((row + len(lines) for _, row, lines in spots), default=0)
    return Layout(
        cell, margin, coord, max(coord, round(cell * 0.34)), margin + len(caption) * line,
        width, len(picture.rows) * cell, rows, spots, caption,
    )  # fmt: skip


def _legend_spots(
    texts: list[str], width: int, margin: int, coord: int
) -> tuple[tuple[int, int, tuple[str, ...]], ...]:
    """Where each legend entry goes (column, row) and its text's lines: one column of the
    picture's width, or (a picture at least 700 px wide) two columns of half of it, read
    down the first and then the second, whichever takes fewer rows; long texts wrapped."""
    room = width - margin - 2 * coord * 1.2  # the swatch and its gap

    def wrapped(chars: int) -> list[tuple[str, ...]]:
        return [tuple(textwrap.wrap(t, max(12, chars))) or ("",) for t in texts]

    one = wrapped(int(room / (coord * CHAR)))
    best = tuple(_stacked(one, 0))
    half = wrapped(int((room - (width - margin) / 2) / (coord * CHAR)))
    if width >= 700 and len(texts) > 1:
        splits = [(_stacked(half[:k], 0), _stacked(half[k:], 1)) for k in range(1, len(half))]
        first, second = min(splits, key=lambda s: (_rows(s[0] + s[1]), -len(s[0])))
        if _rows(first + second) < _rows(list(best)):
            best = tuple(first + second)
    return best


def _stacked(lines: list[tuple[str, ...]], column: int) -> list[tuple[int, int, tuple[str, ...]]]:
    """Entries' lines one below the other in `column`."""
    out = []
    row = 0
    for text in lines:
        out.append((column, row, text))
        row += len(text)
    return out


def _rows(spots: list[tuple[int, int, tuple[str, ...]]]) -> int:
    return max((row + len(lines) for _, row, lines in spots), default=0)


def size(picture: Picture) -> tuple[int, int]:
    lay = layout(picture)
    return lay.width, lay.height


@dataclass(frozen=True)
class Entry:
    """One legend entry: what it stands for (`key`, as the board's drawings name it), how its
    swatch is drawn, its colour and letter, and its words."""

    key: str
    swatch: str
    """cell, piece, face, ring, mirrored, highlight, count, triangle, arrow, cross"""
    colour: str
    symbol: str
    text: str
    also: tuple[str, ...] = ()
    """the keys of other drawings this entry explains too (a unit's face of a hex's colour)"""

    @property
    def keys(self) -> tuple[str, ...]:
        return (self.key, *self.also)


def _word(picture: Picture, key: str, default: str) -> str:
    return picture.legend.get(key, default)


def colour_of(picture: Picture, key: str) -> str | None:
    """The colour a key is drawn in: the game's own (`Picture.colours`), else an element's
    (F, W, E, A); None if neither names it."""
    return picture.colours.get(key) or palette.ELEMENTS.get(key)


def fill_of(picture: Picture, key: str) -> str:
    """A cell's or a face's fill: its key's colour, neutral grey if the game names none."""
    return colour_of(picture, key) or palette.NEUTRAL


def ink_on(picture: Picture, key: str) -> str:
    """The colour of a letter written on `key`'s colour (black unless the game or the
    element says otherwise)."""
    return picture.inks.get(key) or palette.ELEMENT_INK.get(key, palette.INK)


def _piece_colour(picture: Picture, owner: int, colour: str) -> str:
    """A piece's own colour key if it has one, else its owner's colour."""
    return (colour_of(picture, colour) if colour else None) or palette.player(owner)


def _symbols(picture: Picture) -> dict[str, set[str]]:
    """The symbols written on the cells of each kind (one symbol: the kind's own, shown in
    its legend swatch; more: each symbol gets an entry of its own)."""
    out: dict[str, set[str]] = {}
    for cell in picture.cells:
        out.setdefault(cell.kind, set()).add(cell.symbol)
    return out


def legend_entries(picture: Picture) -> list[Entry]:
    """An entry for everything the picture draws, in drawing order. The game names each in
    its own words through `Picture.legend`, by the entry's key ("cell:F", "piece:0",
    "arrow:1", "count", "marked", "highlight", "cross", "label:S" ...) or, for colours, by the
    colour key alone ("F"); what it leaves unnamed gets a plain default."""
    out: list[Entry] = []
    seen: set[str] = set()

    def add(key: str, swatch: str, colour: str, symbol: str, text: str) -> None:
        if key not in seen:
            seen.add(key)
            out.append(Entry(key, swatch, colour, symbol, picture.legend.get(key, text)))

    symbols = _symbols(picture)
    for cell in picture.cells:
        word = _word(picture, cell.kind, ELEMENT_WORDS.get(cell.kind, cell.kind))
        symbol = cell.symbol if len(symbols[cell.kind]) == 1 else ""
        add(f"cell:{cell.kind}", "cell", fill_of(picture, cell.kind), symbol, word)
    for cell in picture.cells:
        if cell.symbol and len(symbols[cell.kind]) > 1:
            text = _word(picture, f"symbol:{cell.symbol}", f"{cell.symbol}: see the rules")
            add(f"symbol:{cell.symbol}", "cell", palette.PAPER, cell.symbol, text)
        if cell.marked:
            add("marked", "triangle", palette.INK, "", _word(picture, "marked", "marked cell"))
        if cell.count > 1:
            add("count", "count", palette.INK, "2", _word(picture, "count", "stack height"))
    for piece in picture.pieces:
        colour = _piece_colour(picture, piece.owner, piece.colour)
        default = f"player {piece.owner + 1}"
        if piece.colour:
            default = _word(picture, piece.colour, piece.colour)
        who = _word(picture, f"player:{piece.owner}", default)
        key = f"piece:{piece.colour or piece.owner}"
        add(key, "piece", colour, "", who if piece.colour else f"{who}'s piece")
        if f"label:{piece.label}" in picture.legend:
            add(f"label:{piece.label}", "piece", colour, piece.label, "")
        for kind in piece.faces:
            word = _word(picture, kind, ELEMENT_WORDS.get(kind, kind))
            add(f"face:{kind}", "face", fill_of(picture, kind), "", f"{word} face")
        if piece.marked:
            add("ring", "ring", palette.MARK, "", _word(picture, "ring", "can be captured here"))
        if piece.mirrored:
            text = _word(picture, "mirrored", "dashed ring: the unit shows its mirrored side")
            add("mirrored", "mirrored", palette.MARK, "", text)
    if picture.highlight:
        text = _word(picture, "highlight", "thick black outline: changed by the last turn")
        add("highlight", "highlight", palette.MARK, "", text)
    for *_, owner in picture.arrows:
        who = _word(picture, f"player:{owner}", f"player {owner + 1}")
        add(f"arrow:{owner}", "arrow", palette.player(owner), "", f"a move of {who}")
    if picture.marks:
        add("cross", "cross", palette.MARK, "", _word(picture, "cross", "a clash"))
    return _merged(picture, out)


def _merged(picture: Picture, entries: list[Entry]) -> list[Entry]:
    """One entry for a cell kind and the unit face of the same colour when the game names
    them together (`Picture.legend["cell+face:F"]`): one colour, one line."""
    keys = {e.key for e in entries}
    out: list[Entry] = []
    for entry in entries:
        kind = entry.key.partition(":")[2]
        both = picture.legend.get(f"cell+face:{kind}")
        if both is None or {f"cell:{kind}", f"face:{kind}"} - keys:
            out.append(entry)
        elif entry.key.startswith("cell:"):
            out.append(replace(entry, text=both, also=(f"face:{kind}",)))
    return out


def _origin(lay: Layout, picture: Picture, col: int, row: int) -> tuple[float, float]:
    shift = lay.cell / 2 if picture.shape == "hex" and row % 2 else 0
    return lay.margin + col * lay.cell + shift, lay.top + row * lay.cell


def _centre(lay: Layout, picture: Picture, col: int, row: int) -> tuple[float, float]:
    x, y = _origin(lay, picture, col, row)
    return x + lay.cell / 2, y + lay.cell / 2


def hexagon(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """The corners of a pointy-topped hexagon of `radius` around (cx, cy)."""
    return [
        (round(cx + radius * math.cos(math.radians(60 * k - 30)), 2),
         round(cy + radius * math.sin(math.radians(60 * k - 30)), 2))
        for k in range(6)
    ]  # fmt: skip


def face_wedges(cx: float, cy: float, radius: float) -> list[list[tuple[float, float]]]:
    """The six triangles of a unit's hexagon around (cx, cy), by direction R, DR, DL, L, UL,
    UR (a pointy-topped hexagon: each face's edge is perpendicular to its direction)."""

    def corner(deg: float) -> tuple[float, float]:
        a = math.radians(deg)
        return (round(cx + radius * math.cos(a), 2), round(cy + radius * math.sin(a), 2))

    return [[(cx, cy), corner(60 * d - 30), corner(60 * d + 30)] for d in range(6)]


@dataclass(frozen=True)
class ArrowPath:
    """One move's arrow as drawn: its line (two points if straight, three if bent round a
    unit), its head (a triangle whose first corner is the tip) and whose move it is."""

    line: tuple[tuple[float, float], ...]
    head: tuple[tuple[float, float], ...]
    owner: int


def arrow_width(lay: Layout) -> float:
    """The width of an arrow's line."""
    return max(4.0, lay.cell * 0.07)


BENDS = (0.0, 0.35, -0.35, 0.6, -0.6, 0.9, -0.9, 1.3, -1.3)
"""how far an arrow's middle may bow out sideways, in cells, tried in this order"""
SHORTEST = 0.45
"""an arrow's least length, tail to tip, in cells: a one-square move's arrow must be seen"""


def arrow_paths(picture: Picture) -> list[ArrowPath]:
    """Each move's arrow, from the mover's old field (the edge of the disc there, if a unit
    stands on it now; else its middle) to the edge of its new disc, drawn so that neither
    its line nor its head covers a unit's disc: straight when nothing is in the way and it
    is at least `SHORTEST` long, else bent (the least bend, `BENDS`, that clears every disc
    and is long enough; then the least that clears; the straight arrow if none does)."""
    lay = layout(picture)
    discs = [_centre(lay, picture, p.col, p.row) for p in picture.pieces]
    taken = {(p.col, p.row) for p in picture.pieces}
    out = []
    for c0, r0, c1, r1, owner in picture.arrows:
        start, end = _centre(lay, picture, c0, r0), _centre(lay, picture, c1, r1)
        routes = [
            r for r in (_route(lay, start, end, bend, owner, (c0, r0) in taken) for bend in BENDS)
            if r
        ]  # fmt: skip
        clear = [r for r in routes if _clears(lay, r, discs)]
        long = [r for r in clear if arrow_length(r) >= SHORTEST * lay.cell]
        if routes:
            out.append((long or clear or routes)[0])
    return out


def arrow_length(arrow: ArrowPath) -> float:
    """How long an arrow is drawn, from its tail along its line to its head's tip."""
    points = (*arrow.line, arrow.head[0])
    return sum(math.dist(a, b) for a, b in itertools.pairwise(points))


def _route(
    lay: Layout,
    start: tuple[float, float],
    end: tuple[float, float],
    bend: float,
    owner: int,
    from_disc: bool = True,
) -> ArrowPath | None:
    """The arrow from disc to disc (from the middle of `start` when no disc is there) through
    the point `bend` cells beside the middle (None if too short to draw)."""
    gap = lay.piece_radius + arrow_width(lay) / 2 + 2
    tail = gap if from_disc else 0.0
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length <= tail + gap:
        return None
    nx, ny = -(y1 - y0) / length, (x1 - x0) / length
    middle = ((x0 + x1) / 2 + nx * bend * lay.cell, (y0 + y1) / 2 + ny * bend * lay.cell)
    points = [start, end] if bend == 0 else [start, middle, end]
    first, last = _towards(points[0], points[1], tail), _towards(points[-1], points[-2], gap)
    line = [first, *points[1:-1], last]
    leg = math.dist(line[-2], last)
    head = min(lay.cell * 0.2, leg * 0.6)
    if leg <= head:
        return None
    base = _towards(last, line[-2], head)
    ux, uy = (last[0] - base[0]) / head, (last[1] - base[1]) / head
    half = head * 0.6
    tri = (
        last,
        (base[0] - uy * half, base[1] + ux * half),
        (base[0] + uy * half, base[1] - ux * half),
    )
    return ArrowPath((*line[:-1], base), tri, owner)


def _towards(a: tuple[float, float], b: tuple[float, float], d: float) -> tuple[float, float]:
    """The point `d` from `a` on the way to `b`."""
    length = math.dist(a, b)
    return (a[0] + (b[0] - a[0]) * d / length, a[1] + (b[1] - a[1]) * d / length)


def _clears(lay: Layout, arrow: ArrowPath, discs: list[tuple[float, float]]) -> bool:
    """Neither the arrow's line (its width included) nor its head touches any disc."""
    reach = lay.piece_radius + arrow_width(lay) / 2
    for disc in discs:
        if any(
            segment_distance(disc, a, b) < reach
            for a, b in zip(arrow.line, arrow.line[1:], strict=False)
        ):
            return False
        if triangle_distance(disc, arrow.head) < lay.piece_radius:
            return False
    return True


def segment_distance(
    point: tuple[float, float], a: tuple[float, float], b: tuple[float, float]
) -> float:
    """From a point to the segment a-b."""
    (px, py), (x0, y0), (x1, y1) = point, a, b
    dx, dy = x1 - x0, y1 - y0
    span = dx * dx + dy * dy
    t = 0.0 if span == 0 else max(0.0, min(1.0, ((px - x0) * dx + (py - y0) * dy) / span))
    return math.hypot(px - x0 - t * dx, py - y0 - t * dy)


def triangle_distance(point: tuple[float, float], tri: tuple[tuple[float, float], ...]) -> float:
    """From a point to a triangle (0 inside it)."""
    (px, py), (a, b, c) = point, tri

    def side(p: tuple[float, float], q: tuple[float, float]) -> float:
        return (q[0] - p[0]) * (py - p[1]) - (q[1] - p[1]) * (px - p[0])

    signs = (side(a, b), side(b, c), side(c, a))
    if all(v >= 0 for v in signs) or all(v <= 0 for v in signs):
        return 0.0
    return min(segment_distance(point, p, q) for p, q in ((a, b), (b, c), (c, a)))


# --- drawing: one list of shapes, written as SVG or painted with Pillow ---------------------


@dataclass(frozen=True)
class Shape:
    kind: str
    """polygon, circle, line (two points or more), text"""
    points: tuple[tuple[float, float], ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 0
    dashed: bool = False
    text: str = ""
    size: int = 0
    anchor: str = "mm"
    key: str = ""
    """what the shape shows, as legend entries name it ("" for the grid and the words)"""
    radius: float = 0


def _box(x: float, y: float, w: float, h: float) -> tuple[tuple[float, float], ...]:
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def shapes(picture: Picture) -> list[Shape]:
    """Everything the picture draws, in order."""
    lay = layout(picture)
    s = lay.cell
    out: list[Shape] = []
    hexes = picture.shape == "hex"
    symbols = _symbols(picture)

    def outline(x: float, y: float, inset: float) -> tuple[tuple[float, float], ...]:
        if hexes:
            return tuple(hexagon(x + s / 2, y + s / 2, s / 2 - inset))
        return _box(x + inset, y + inset, s - 2 * inset, s - 2 * inset)

    for r in range(len(picture.rows)):
        for c in range(len(picture.cols)):
            x, y = _origin(lay, picture, c, r)
            out.append(Shape("polygon", outline(x, y, 0), palette.PAPER, palette.GRID, 1))
    for i, lab in enumerate(picture.cols):
        x, _ = _origin(lay, picture, i, 0)
        point = ((x + s / 2, lay.top - lay.coord * 0.8),)
        out.append(Shape("text", point, palette.INK, text=lab, size=lay.coord, key="coord"))
    for i, lab in enumerate(picture.rows):
        _, y = _origin(lay, picture, 0, i)
        point = ((lay.margin / 2, y + s / 2),)
        out.append(Shape("text", point, palette.INK, text=lab, size=lay.coord, key="coord"))
    for cell in picture.cells:
        x, y = _origin(lay, picture, cell.col, cell.row)
        fill = fill_of(picture, cell.kind)
        ink = ink_on(picture, cell.kind)
        out.append(Shape("polygon", outline(x, y, 3), fill, key=f"cell:{cell.kind}"))
        if cell.marked and not hexes:
            tri = (
                (x + s / 2, y + s * 0.12),
                (x + s * 0.86, y + s * 0.86),
                (x + s * 0.14, y + s * 0.86),
            )
            out.append(Shape("polygon", tri, None, ink, 3, key="marked"))
        if cell.symbol:
            own = len(symbols[cell.kind]) == 1
            key = f"cell:{cell.kind}" if own else f"symbol:{cell.symbol}"
            point = ((x + s / 2, y + s / 2),)
            out.append(Shape("text", point, ink, text=cell.symbol, size=lay.label, key=key))
        if cell.count > 1:
            point = ((x + s * 0.8, y + s * 0.2),)
            out.append(Shape("text", point, ink, text=str(cell.count), size=lay.label, key="count"))
    out.extend(_crosses(picture, lay))
    for piece in picture.pieces:
        cx, cy = _centre(lay, picture, piece.col, piece.row)
        colour = _piece_colour(picture, piece.owner, piece.colour)
        pkey = f"piece:{piece.colour or piece.owner}"
        if len(piece.faces) == 6:
            for kind, wedge in zip(piece.faces, face_wedges(cx, cy, s / 2 - 2), strict=True):
                fill = fill_of(picture, kind)
                out.append(
                    Shape("polygon", tuple(wedge), fill, palette.OUTLINE, 1, key=f"face:{kind}")
                )
            out.append(Shape("circle", ((cx, cy),), colour, palette.MARK, 3, key=pkey,
                             radius=s * 0.2))  # fmt: skip
            if piece.mirrored:
                out.append(Shape("circle", ((cx, cy),), None, palette.MARK, 3, True,
                                 key="mirrored", radius=s * 0.2))  # fmt: skip
            out.append(Shape("text", ((cx, cy),), palette.INK, text=piece.label[:2], size=lay.coord,
                             key=pkey))  # fmt: skip
        else:
            out.append(Shape("circle", ((cx, cy),), colour, palette.OUTLINE, 2, key=pkey,
                             radius=lay.piece_radius))  # fmt: skip
            ink = ink_on(picture, piece.colour)
            out.append(Shape("text", ((cx, cy),), ink, text=piece.label[:2], size=lay.label,
                             key=pkey))  # fmt: skip
        if piece.marked:
            out.append(Shape("circle", ((cx, cy),), None, palette.MARK, 3, True, key="ring",
                             radius=s / 2 - 3))  # fmt: skip
    if hexes:
        out.extend(_node_triangles(picture, lay))
    for col, row in sorted(picture.highlight):
        x, y = _origin(lay, picture, col, row)
        out.append(Shape("polygon", outline(x, y, 2), None, palette.MARK, 5, key="highlight"))
    for arrow in arrow_paths(picture):
        out.extend(_arrow_shapes(arrow, palette.player(arrow.owner), lay, f"arrow:{arrow.owner}"))
    for i, line in enumerate(lay.caption):
        point = ((lay.margin / 2, lay.margin / 2 + i * lay.line),)
        out.append(Shape("text", point, palette.INK, text=line, size=lay.coord, anchor="lm"))
    out.extend(_legend(picture, lay))
    return out


def _crosses(picture: Picture, lay: Layout) -> list[Shape]:
    """Each clash's cross, corner to corner of its field and drawn before the units: the unit
    that kept the field covers its middle, never the other way round (its letter stays
    whole), and the four arms stand out of its disc."""
    out = []
    s = lay.cell
    for col, row in sorted(picture.marks):
        x, y = _origin(lay, picture, col, row)
        a, b = s * 0.07, s * 0.93
        strokes = (((x + a, y + a), (x + b, y + b)), ((x + b, y + a), (x + a, y + b)))
        for n, (p, q) in enumerate(strokes):
            out.append(Shape("line", (p, q), None, palette.PAPER, 11))
            out.append(Shape("line", (p, q), None, palette.MARK, 6, key=f"cross:{n}"))
    return out


def node_triangle(
    lay: Layout, picture: Picture, col: int, row: int
) -> tuple[tuple[float, float], ...]:
    """A marked hex's triangle: its hexagon's top, lower-right and lower-left corners, so
    that it runs round a unit's disc (its inner circle, half the hexagon's radius, is wider
    than the disc) and across the unit's faces, which show on either side of it."""
    cx, cy = _centre(lay, picture, col, row)
    corners = hexagon(cx, cy, lay.cell / 2)
    return (corners[5], corners[1], corners[3])


def _node_triangles(picture: Picture, lay: Layout) -> list[Shape]:
    """The marked hexes' triangles, drawn after the units (so a unit never hides one):
    black on a white border, to read on every face's colour."""
    out = []
    for cell in picture.cells:
        if cell.marked:
            tri = node_triangle(lay, picture, cell.col, cell.row)
            out.append(Shape("polygon", tri, None, palette.PAPER, 6))
            out.append(Shape("polygon", tri, None, palette.MARK, 3, key="marked"))
    return out


def _arrow_shapes(arrow: ArrowPath, colour: str, lay: Layout, key: str) -> list[Shape]:
    return [
        Shape("line", arrow.line, None, colour, arrow_width(lay), key=key),
        Shape("polygon", arrow.head, colour, palette.OUTLINE, 1, key=key),
    ]


def _legend(picture: Picture, lay: Layout) -> list[Shape]:
    out: list[Shape] = []
    column = (lay.width - lay.margin) / 2
    box = lay.coord * 1.2
    entries = legend_entries(picture)
    for entry, (col, row, lines) in zip(entries, lay.legend, strict=True):
        x = lay.margin / 2 + col * column
        y = lay.top + lay.board_height + lay.margin / 2 + row * lay.line
        mid = (x + box / 2, y + box / 2)
        key = "legend:" + "|".join(entry.keys)
        if entry.swatch in ("cell", "highlight"):
            fill = entry.colour if entry.swatch == "cell" else palette.PAPER
            stroke, width = (palette.GRID, 1) if entry.swatch == "cell" else (palette.MARK, 4)
            out.append(Shape("polygon", _box(x, y, box, box), fill, stroke, width, key=key))
            if entry.symbol:
                ink = ink_on(picture, entry.key.removeprefix("cell:"))
                out.append(Shape("text", (mid,), ink, text=entry.symbol, size=lay.coord, key=key))
        elif entry.swatch in ("piece", "ring", "mirrored"):
            disc: str | None = entry.colour if entry.swatch == "piece" else None
            dashed = entry.swatch != "piece"
            out.append(Shape("circle", (mid,), disc, palette.OUTLINE if disc else entry.colour,
                             3, dashed, key=key, radius=box / 2))  # fmt: skip
            if entry.symbol:
                out.append(Shape("text", (mid,), palette.INK, text=entry.symbol,
                                 size=lay.coord, key=key))  # fmt: skip
        elif entry.swatch == "face":
            tri = ((x, y + box), (x + box / 2, y), (x + box, y + box))
            out.append(Shape("polygon", tri, entry.colour, palette.OUTLINE, 1, key=key))
        elif entry.swatch == "triangle":
            tri = ((x, y + box), (x + box / 2, y), (x + box, y + box))
            out.append(Shape("polygon", tri, None, palette.INK, 3, key=key))
        elif entry.swatch == "count":
            out.append(Shape("text", (mid,), palette.INK, text="2", size=lay.coord, key=key))
        elif entry.swatch == "arrow":
            head = min(lay.cell * 0.2, box)
            line = ((x, y + box / 2), (x + box * 1.6 - head, y + box / 2))
            tri = ((x + box * 1.6, y + box / 2), (line[1][0], y + box / 2 - head * 0.6),
                   (line[1][0], y + box / 2 + head * 0.6))  # fmt: skip
            out.extend(_arrow_shapes(ArrowPath(line, tri, 0), entry.colour, lay, key))
        elif entry.swatch == "cross":
            out.append(Shape("line", ((x, y), (x + box, y + box)), None, entry.colour, 4, key=key))
            out.append(Shape("line", ((x + box, y), (x, y + box)), None, entry.colour, 4, key=key))
        for n, text in enumerate(lines):
            point = ((x + box * 2, y + box / 2 + n * lay.line),)
            out.append(Shape("text", point, palette.INK, text=text, size=lay.coord, anchor="lm"))
    return out


# --- writing ---------------------------------------------------------------------------------


CLASSES = {"face": "face", "arrow": "move", "cross": "clash", "highlight": "last-turn",
           "ring": "capturable", "mirrored": "mirrored"}  # fmt: skip
"""the SVG class of each kind of drawing (the dashboard's and the tests' hooks)"""


def _classes(shape: Shape) -> str:
    """class and data-kind attributes for a board drawing (not its legend swatch)."""
    group, _, kind = shape.key.partition(":")
    out = ""
    if (
        group in CLASSES
        and shape.kind != "text"
        and not (group == "arrow" and shape.kind != "line")
        and shape.key != "cross:1"
    ):
        out += f' class="{CLASSES[group]}"'
    if group in ("cell", "face") and shape.kind == "polygon":
        out += f' data-kind="{escape(kind)}"'
    return out


def svg_start(w: int, h: int) -> list[str]:
    """An SVG document's start tag (scaling to its column, `w` wide at most) and background."""
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="100%" '
        f'style="max-width:{w}px;height:auto;display:block" font-family="sans-serif">',
        f'<rect width="{w}" height="{h}" fill="{palette.BACKGROUND}"/>',
    ]


def svg(picture: Picture) -> str:
    """The picture as an SVG document (scaling to its column on the dashboard)."""
    lay = layout(picture)
    out = svg_start(lay.width, lay.height)
    for shape in shapes(picture):
        paint = f'fill="{shape.fill or "none"}"'
        if shape.stroke:
            paint += f' stroke="{shape.stroke}" stroke-width="{round(shape.width, 2)}"'
        if shape.dashed:
            paint += ' stroke-dasharray="6 4"'
        key = f' data-key="{escape(shape.key)}"' if shape.key else ""
        key += _classes(shape)
        if shape.kind == "polygon":
            points = " ".join(f"{round(x, 2)},{round(y, 2)}" for x, y in shape.points)
            out.append(f'<polygon points="{points}" {paint}{key}/>')
        elif shape.kind == "circle":
            (cx, cy), r = shape.points[0], round(shape.radius, 2)
            out.append(f'<circle cx="{round(cx, 2)}" cy="{round(cy, 2)}" r="{r}" {paint}{key}/>')
        elif shape.kind == "line" and len(shape.points) > 2:
            points = " ".join(f"{round(x, 2)},{round(y, 2)}" for x, y in shape.points)
            out.append(
                f'<polyline points="{points}" {paint} stroke-linecap="round" '
                f'stroke-linejoin="round"{key}/>'
            )
        elif shape.kind == "line":
            (x0, y0), (x1, y1) = shape.points
            out.append(
                f'<line x1="{round(x0, 2)}" y1="{round(y0, 2)}" x2="{round(x1, 2)}" '
                f'y2="{round(y1, 2)}" {paint} stroke-linecap="round"{key}/>'
            )
        else:
            (x, y) = shape.points[0]
            anchor = "middle" if shape.anchor == "mm" else "start"
            out.append(
                f'<text x="{round(x, 2)}" y="{round(y, 2)}" text-anchor="{anchor}" '
                f'dominant-baseline="central" font-size="{shape.size}" '
                f'fill="{shape.fill}"{key}>{escape(shape.text)}</text>'
            )
    out.append("</svg>")
    return "\n".join(out)


PNG_COMPRESS_LEVEL = 1
"""zlib's fastest level: the same pixels, encoded in about a third less time than Pillow's
default (level 6) for about a fifth more bytes (a board: ~0.02 s and ~115 KB instead of ~0.03 s
and ~95 KB). A board is encoded after every turn the bot posts; a palette image would be smaller
still but cannot hold the antialiased text's colours (over 256) unchanged."""


def png(picture: Picture) -> bytes:
    """The picture as PNG bytes (Pillow, drawn directly: no SVG renderer needed)."""
    from PIL import Image, ImageDraw, ImageFont

    lay = layout(picture)
    image = Image.new("RGB", (lay.width, lay.height), palette.BACKGROUND)
    draw = ImageDraw.Draw(image)
    fonts: dict[int, Any] = {}
    for shape in shapes(picture):
        width = max(1, round(shape.width))
        if shape.kind == "polygon":
            draw.polygon(list(shape.points), fill=shape.fill, outline=shape.stroke, width=width)
        elif shape.kind == "circle":
            (cx, cy), r = shape.points[0], shape.radius
            box = (cx - r, cy - r, cx + r, cy + r)
            if shape.dashed and shape.stroke:
                if shape.fill:
                    draw.ellipse(box, fill=shape.fill)
                for k in range(0, 360, 30):  # a dashed ring: twelve arcs
                    draw.arc(box, k, k + 18, fill=shape.stroke, width=width)
            else:
                draw.ellipse(box, fill=shape.fill, outline=shape.stroke, width=width)
        elif shape.kind == "line":
            draw.line(shape.points, fill=shape.stroke, width=width, joint="curve")
        else:
            if shape.size not in fonts:
                fonts[shape.size] = ImageFont.load_default(size=shape.size)
            draw.text(shape.points[0], shape.text, fill=shape.fill, font=fonts[shape.size],
                      anchor=shape.anchor)  # fmt: skip
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()
