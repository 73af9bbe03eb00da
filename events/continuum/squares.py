"""Squares of the 8x8 Surface in algebraic notation: files A-H left to right, ranks 1-8
bottom to top."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

SIZE = 8
FILES = "ABCDEFGH"
_SQUARE = re.compile(r"^\s*([A-Ha-h])\s*([1-8])\s*$")


@dataclass(frozen=True, order=True)
class Square:
    file: int
    """0 (A) to 7 (H)"""
    rank: int
    """0 (rank 1) to 7 (rank 8)"""

    def __str__(self) -> str:
        return f"{FILES[self.file]}{self.rank + 1}"

    def neighbours(self) -> list[Square]:
        """The orthogonally adjacent squares on the board."""
        out = []
        for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            f, r = self.file + df, self.rank + dr
            if 0 <= f < SIZE and 0 <= r < SIZE:
                out.append(Square(f, r))
        return out

    @staticmethod
    def parse(text: str) -> Square | None:
        """'c5', ' C5 ' -> Square; None if not a square of the board."""
        m = _SQUARE.match(text)
        if not m:
            return None
        return Square(FILES.index(m.group(1).upper()), int(m.group(2)) - 1)


ALL_SQUARES: tuple[Square, ...] = tuple(Square(f, r) for r in range(SIZE) for f in range(SIZE))


def squares_text(squares: Iterable[Square]) -> str:
    """'A1, A2, B2' in board order (by rank, then file)."""
    return ", ".join(str(s) for s in sorted(squares, key=lambda s: (s.rank, s.file)))
