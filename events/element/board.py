"""The 11x11 Element board: squares, directions, stones and what stands where.

Squares are named as in a spreadsheet (the texts' "excel sheet format"): columns A-K left
to right, rows 1-11 top to bottom; U is toward row 1 (docs/rulings.md, "Element: the board").
A square is an index 0..120 (row * 11 + column) inside the engine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum, IntEnum
from functools import cached_property

SIZE = 11
COLS = "ABCDEFGHIJK"
N_SQUARES = SIZE * SIZE
MAX_AIR = 4
"""an air stack holds at most 4 stones"""


class Stone(IntEnum):
    FIRE = 1
    WATER = 2
    EARTH = 3
    AIR = 4

    @property
    def letter(self) -> str:
        return "FWEA"[self - 1]

    @property
    def word(self) -> str:
        return ("Fire", "Water", "Earth", "Air")[self - 1]

    @staticmethod
    def from_letter(letter: str) -> Stone | None:
        i = "FWEA".find(letter.upper())
        return Stone(i + 1) if i >= 0 and len(letter) == 1 else None


REPLACES: dict[Stone, Stone] = {
    Stone.FIRE: Stone.AIR,
    Stone.AIR: Stone.EARTH,
    Stone.EARTH: Stone.WATER,
    Stone.WATER: Stone.FIRE,
}
"""placed stone -> the stone it may replace ("Fire -> Water -> Earth -> Air -> Fire")"""


class Direction(Enum):
    idx: int
    """the direction's place in DIRECTIONS (set below, for fast table look-ups)"""
    diagonal: bool

    U = (0, -1)
    D = (0, 1)
    L = (-1, 0)
    R = (1, 0)
    UL = (-1, -1)
    UR = (1, -1)
    DL = (-1, 1)
    DR = (1, 1)

    @property
    def dx(self) -> int:
        return int(self.value[0])

    @property
    def dy(self) -> int:
        return int(self.value[1])


ORTHOGONAL = (Direction.U, Direction.D, Direction.L, Direction.R)
DIRECTIONS = tuple(Direction)
for _i, _d in enumerate(DIRECTIONS):
    _d.idx = _i
    _d.diagonal = _d.value[0] != 0 and _d.value[1] != 0


def index(col: int, row: int) -> int:
    return row * SIZE + col


def col_row(square: int) -> tuple[int, int]:
    return square % SIZE, square // SIZE


def name(square: int) -> str:
    col, row = col_row(square)
    return f"{COLS[col]}{row + 1}"


_SQUARE = re.compile(r"^([a-kA-K])(1[01]|[1-9])$")


def parse_square(text: str) -> int | None:
    """'f5', 'F5' -> its index; None if it is not a square of the board."""
    m = _SQUARE.match(text.strip())
    if not m:
        return None
    return index(COLS.index(m.group(1).upper()), int(m.group(2)) - 1)


def _neighbour_table() -> tuple[tuple[int, ...], ...]:
    table = []
    for square in range(N_SQUARES):
        col, row = col_row(square)
        out = []
        for d in DIRECTIONS:
            c, r = col + d.dx, row + d.dy
            out.append(index(c, r) if 0 <= c < SIZE and 0 <= r < SIZE else -1)
        table.append(tuple(out))
    return tuple(table)


NEIGHBOUR = _neighbour_table()
"""NEIGHBOUR[square][direction's place in DIRECTIONS] -> square, or -1 off the board"""
DIR_INDEX = {d: i for i, d in enumerate(DIRECTIONS)}


def step(square: int, d: Direction) -> int:
    """The next square in direction d, or -1 off the board."""
    return NEIGHBOUR[square][d.idx]


def direction_between(a: int, b: int) -> tuple[Direction, int] | None:
    """The direction and distance from a to b when b lies on a straight (orthogonal or
    diagonal) line from a; None otherwise."""
    ac, ar = col_row(a)
    bc, br = col_row(b)
    dc, dr = bc - ac, br - ar
    if (dc, dr) == (0, 0) or (dc and dr and abs(dc) != abs(dr)):
        return None
    n = max(abs(dc), abs(dr))
    unit = (dc // n, dr // n)
    return Direction(unit), n


@dataclass(frozen=True)
class Board:
    """What lies on every square. `stone[i]` is 0 (empty) or a Stone value; `height[i]` the
    number of stones there (air stacks up to 4, a mountain is 2 earth); `stack[i]` the
    identity of an air stack (a new one each time air lands on a square without air)."""

    stone: tuple[int, ...]
    height: tuple[int, ...]
    stack: tuple[int, ...]
    next_stack: int = 1

    @staticmethod
    def empty() -> Board:
        zeros = (0,) * N_SQUARES
        return Board(zeros, zeros, zeros, 1)

    @cached_property
    def range_squares(self) -> frozenset[int]:
        """Every earth stone in a mountain range: a mountain (2 earth) and every earth stone
        connected to one through earth stones, orthogonally or diagonally."""
        stone, height = self.stone, self.height
        if 2 not in height:
            return frozenset()
        seen = {i for i, (s, h) in enumerate(zip(stone, height, strict=True)) if s == 3 and h == 2}
        todo = list(seen)
        while todo:
            for n in NEIGHBOUR[todo.pop()]:
                if n >= 0 and n not in seen and stone[n] == Stone.EARTH:
                    seen.add(n)
                    todo.append(n)
        return frozenset(seen)

    def with_squares(
        self, changes: dict[int, tuple[int, int, int]], next_stack: int | None = None
    ) -> Board:
        """A board with some squares set to (stone, height, stack)."""
        stone, height, stack = list(self.stone), list(self.height), list(self.stack)
        earth_touched = False
        for i, (s, h, k) in changes.items():
            earth_touched = earth_touched or s == Stone.EARTH or stone[i] == Stone.EARTH
            stone[i], height[i], stack[i] = s, h, k
        board = Board(
            tuple(stone),
            tuple(height),
            tuple(stack),
            self.next_stack if next_stack is None else next_stack,
        )
        known: frozenset[int] | None = self.__dict__.get("range_squares")
        if known is not None:  # ranges change only with earth, and only grow
            if earth_touched:
                known = _grown_ranges(known, changes, board)
            if known is not None:
                board.__dict__["range_squares"] = known
        return board


def _grown_ranges(
    known: frozenset[int], changes: dict[int, tuple[int, int, int]], board: Board
) -> frozenset[int] | None:
    """The ranges after earth was placed, from the ranges before (None: recompute them)."""
    grown = set(known)
    for i, (s, h, _) in changes.items():
        if i in known and s != Stone.EARTH:
            return None  # a range stone left: cannot happen by the rules; recompute
        if s != Stone.EARTH or i in grown:
            continue
        if h < 2 and not any(n in grown for n in NEIGHBOUR[i] if n >= 0):
            continue
        todo = [i]
        grown.add(i)
        while todo:
            for n in NEIGHBOUR[todo.pop()]:
                if n >= 0 and n not in grown and board.stone[n] == Stone.EARTH:
                    grown.add(n)
                    todo.append(n)
    return frozenset(grown)
