"""The 12 free pentominoes: naming a ward's shape, and every placement of one on the board."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache

from events.continuum import masks
from events.continuum.squares import ALL_SQUARES, SIZE, Square

Cells = frozenset[tuple[int, int]]

_DRAWINGS = {
    "F": (".##", "##.", ".#."),
    "I": ("#####",),
    "L": ("####", "#..."),
    "N": ("##..", ".###"),
    "P": ("##", "##", "#."),
    "T": ("###", ".#.", ".#."),
    "U": ("#.#", "###"),
    "V": ("#..", "#..", "###"),
    "W": ("#..", "##.", ".##"),
    "X": (".#.", "###", ".#."),
    "Y": ("####", ".#.."),
    "Z": ("##.", ".#.", ".##"),
}


def _normalise(cells: Iterable[tuple[int, int]]) -> Cells:
    cells = list(cells)
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return frozenset((x - mx, y - my) for x, y in cells)


def _orientations(cells: Cells) -> set[Cells]:
    out: set[Cells] = set()
    current = list(cells)
    for _ in range(4):
        current = [(y, -x) for x, y in current]
        out.add(_normalise(current))
        out.add(_normalise((-x, y) for x, y in current))
    return out


def _drawing_cells(rows: tuple[str, ...]) -> Cells:
    return _normalise(
        (x, -y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "#"
    )


FIXED: dict[Cells, str] = {
    o: name for name, rows in _DRAWINGS.items() for o in _orientations(_drawing_cells(rows))
}
"""every fixed orientation (63 of them) -> the free pentomino's letter"""


def shape_name(squares: Iterable[Square]) -> str | None:
    """The pentomino letter (F, I, L, N, P, T, U, V, W, X, Y, Z) of five squares, or None."""
    return FIXED.get(_normalise((s.file, s.rank) for s in squares))


def is_connected(squares: Iterable[Square]) -> bool:
    """Whether the squares (of the board) form one orthogonally connected piece."""
    return _connected(masks.mask(squares))


@lru_cache(maxsize=4096)
def _connected(squares: int) -> bool:
    """is_connected of a mask. Cached: a pure function of one number, and the wards checked
    (every ward of every board of every lab festival) are the board's 2,308 pentomino
    placements over and over."""
    pieces = masks.regions(squares)
    return next(pieces, None) is not None and next(pieces, None) is None


@cache
def placements_covering_first(cell: Square) -> tuple[frozenset[Square], ...]:
    """Every on-board placement of any pentomino whose first square (by rank, then file) is
    `cell`: the candidates for covering the next empty square of a board being tiled."""
    out = []
    for orientation in FIXED:
        anchor = min(orientation, key=lambda c: (c[1], c[0]))
        squares = []
        for x, y in orientation:
            f, r = cell.file + x - anchor[0], cell.rank + y - anchor[1]
            if not (0 <= f < SIZE and 0 <= r < SIZE):
                break
            squares.append(Square(f, r))
        else:
            out.append(frozenset(squares))
    return tuple(sorted(out, key=lambda p: sorted(p)))


@cache
def placement_masks() -> frozenset[int]:
    """The mask (events.continuum.masks) of every on-board placement of every pentomino, 2,308
    in all: five squares are one orthogonally connected piece, a ward's shape, exactly when
    their mask is one of these."""
    return frozenset(masks.mask(p) for sq in ALL_SQUARES for p in placements_covering_first(sq))
