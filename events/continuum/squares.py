"""Squares of the 8x8 Surface in algebraic notation: files A-H left to right, ranks 1-8
bottom to top."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

SIZE = 8
FILES = "ABCDEFGH"
_SQUARE = re.compile(r"^\s*([A-Ha-h])\s*([1-8])\s*$")


class Square(NamedTuple):
    """A square of the board. A named tuple: its hash, equality and order are the tuple's,
    (file, rank), worked out in C; squares key the boards' and the states' dicts, looked up
    and sorted tens of thousands of times a game (the hash is the value hash((file, rank))
    the earlier dataclass computed, so every set of squares keeps the same order)."""

    file: int
    """0 (A) to 7 (H)"""
    rank: int
    """0 (rank 1) to 7 (rank 8)"""

    def __str__(self) -> str:
        name = _NAMES.get(self)  # a square of the board: its name is looked up, not written
        return f"{FILES[self.file]}{self.rank + 1}" if name is None else name

    def neighbours(self) -> list[Square]:
        """The orthogonally adjacent squares on the board."""
        if 0 <= self.file < SIZE and 0 <= self.rank < SIZE:
            return list(_NEIGHBOURS[self.rank * SIZE + self.file])
        return _neighbours(self)

    @staticmethod
    def parse(text: str) -> Square | None:
        """'c5', ' C5 ' -> Square; None if not a square of the board."""
        known = _BY_NAME.get(text)  # the usual spelling, "C5": no need to match it
        if known is not None:
            return known
        m = _SQUARE.match(text)
        if not m:
            return None
        return Square(FILES.index(m.group(1).upper()), int(m.group(2)) - 1)


def _neighbours(square: Square) -> list[Square]:
    out = []
    for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        f, r = square.file + df, square.rank + dr
        if 0 <= f < SIZE and 0 <= r < SIZE:
            out.append(Square(f, r))
    return out


ALL_SQUARES: tuple[Square, ...] = tuple(Square(f, r) for r in range(SIZE) for f in range(SIZE))
_NAMES: dict[Square, str] = {sq: f"{FILES[sq.file]}{sq.rank + 1}" for sq in ALL_SQUARES}
_BY_NAME = {name: sq for sq, name in _NAMES.items()}
_NEIGHBOURS = tuple(
    tuple(ALL_SQUARES[n.rank * SIZE + n.file] for n in _neighbours(sq)) for sq in ALL_SQUARES
)
"""each square's neighbours, by its place in ALL_SQUARES (asked for thousands of times a
round by the board checks and the bots)"""


def squares_text(squares: Iterable[Square]) -> str:
    """'A1, A2, B2' in board order (by rank, then file)."""
    return ", ".join(str(s) for s in sorted(squares, key=lambda s: (s.rank, s.file)))


NAMED_BY_FILE: tuple[tuple[Square, str], ...] = tuple(
    (sq, str(sq)) for sq in sorted(ALL_SQUARES, key=lambda s: (s.file, s.rank))
)
"""every square of the board with its name, by file then rank (sorted(ALL_SQUARES)): a
player's private view lists their board in this order every round"""
