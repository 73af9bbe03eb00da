"""The Elemental Halma board, read from a board file a host can edit (fixtures/halma/board.txt),
the four elements and who captures whom.

A board file is a grid of letters, the rule text's labels: A-D the elemental planes of Water,
Fire, Earth and Air, E the void, F a point of power, G the material plane (one large square
drawn over a solid rectangle of cells), "-" no square. Squares are named like a spreadsheet:
columns A, B, C... left to right, rows 1, 2, 3... top to bottom; the material plane is "M".
Inside the engine a square is an index; the material plane is one index for all its cells.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache

from events.duel import DuelProblem, Parsed

PLANE_SIZE = 3
POINTS_OF_POWER = 8
MATERIAL_NAME = "M"
LETTERS = "ABCDEFG-"
Spot = tuple[int, int]
"""a cell as (column, row), 0-based; MATERIAL for the material plane as a whole"""
MATERIAL: Spot = (-1, -1)


class Colour(IntEnum):
    """The four elements; the value is the piece code on a board (0: empty)."""

    WATER = 1
    FIRE = 2
    EARTH = 3
    AIR = 4

    @property
    def letter(self) -> str:
        return "WFEA"[self - 1]

    @property
    def word(self) -> str:
        return ("Water", "Fire", "Earth", "Air")[self - 1]

    @property
    def plane_letter(self) -> str:
        """the rule text's label of this element's plane (A Water, B Fire, C Earth, D Air)"""
        return "ABCD"[self - 1]

    @property
    def prey(self) -> Colour:
        """Water captures Fire, Fire captures Air, Air captures Earth, Earth captures Water."""
        return PREY[self]

    @property
    def side(self) -> int:
        """0: Earth and Fire; 1: Water and Air."""
        return 0 if self in (Colour.FIRE, Colour.EARTH) else 1

    @staticmethod
    def from_letter(text: str) -> Colour | None:
        words = {c.letter: c for c in Colour} | {c.word.upper(): c for c in Colour}
        return words.get(text.strip().upper())


PREY: dict[Colour, Colour] = {
    Colour.WATER: Colour.FIRE,
    Colour.FIRE: Colour.AIR,
    Colour.AIR: Colour.EARTH,
    Colour.EARTH: Colour.WATER,
}
SIDES = ("Earth/Fire", "Water/Air")
SIDE_COLOURS = ((Colour.FIRE, Colour.EARTH), (Colour.WATER, Colour.AIR))

DIRECTIONS: dict[str, tuple[int, int]] = {
    "U": (0, -1),
    "D": (0, 1),
    "L": (-1, 0),
    "R": (1, 0),
    "UL": (-1, -1),
    "UR": (1, -1),
    "DL": (-1, 1),
    "DR": (1, 1),
}
"""U is toward row 1 (the top of the board file)"""


def column_name(col: int) -> str:
    name = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def spot_name(spot: Spot) -> str:
    if spot == MATERIAL:
        return MATERIAL_NAME
    return f"{column_name(spot[0])}{spot[1] + 1}"


_SPOT = re.compile(r"^([A-Za-z]{1,2})([1-9][0-9]?)$")


def parse_spot(text: str) -> Spot | None:
    """'c4', 'C4' -> (2, 3); 'M' (or 'MP', 'G') -> MATERIAL; None if it is no square name."""
    word = text.strip().upper()
    if word in (MATERIAL_NAME, "MP", "G"):
        return MATERIAL
    m = _SPOT.match(word)
    if not m:
        return None
    col = 0
    for ch in m.group(1):
        col = col * 26 + ord(ch) - ord("A") + 1
    return col - 1, int(m.group(2)) - 1


@dataclass(frozen=True)
class Board:
    """A validated board. Square indices: every non-material cell in reading order, then the
    material plane last."""

    rows: tuple[str, ...]
    """the board file's grid, as read (what a state JSON stores)"""
    spots: tuple[Spot, ...]
    """square -> its cell (MATERIAL for the material plane)"""
    plane: tuple[int, ...]
    """square -> the Colour whose plane it is, 0 if none"""
    power: tuple[bool, ...]
    neighbours: tuple[tuple[int, ...], ...]
    material: int
    """the material plane's square"""
    material_cells: tuple[Spot, ...]

    @property
    def n_squares(self) -> int:
        return len(self.spots)

    @property
    def width(self) -> int:
        return max(len(r) for r in self.rows)

    @property
    def height(self) -> int:
        return len(self.rows)

    def square(self, spot: Spot) -> int | None:
        """The square of a cell (any cell of the material plane is the material plane)."""
        return _square_index(self)[0].get(spot)

    def name(self, square: int) -> str:
        return spot_name(self.spots[square])

    def reading(self, square: int) -> tuple[int, int]:
        """A sort key: squares in the order a player reads the board, row by row, the
        material plane last."""
        col, row = self.spots[square]
        return (self.height, 0) if square == self.material else (row, col)

    def power_squares(self) -> tuple[int, ...]:
        return tuple(i for i, p in enumerate(self.power) if p)

    def plane_squares(self, colour: Colour) -> tuple[int, ...]:
        return tuple(i for i, p in enumerate(self.plane) if p == colour)

    def cells_of(self, square: int) -> tuple[Spot, ...]:
        return self.material_cells if square == self.material else (self.spots[square],)

    def centre(self, square: int) -> Spot:
        """Where a piece on the square is drawn (the material plane: its middle cell)."""
        cells = self.cells_of(square)
        return cells[len(cells) // 2]


@lru_cache(maxsize=16)
def _square_index(board: Board) -> tuple[dict[Spot, int]]:
    index = {spot: i for i, spot in enumerate(board.spots)}
    for cell in board.material_cells:
        index[cell] = board.material
    return (index,)


def _error(code: str, message: str, where: str | None = None) -> DuelProblem:
    return DuelProblem(code, message, where, "Assemble the board as shown")


def board_rows(text: str) -> list[tuple[int, str]]:
    """The grid lines of a board file with their line numbers (comments and blanks dropped)."""
    out = []
    for n, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            out.append((n, stripped))
    return out


def read_board(text: str) -> Parsed[Board, DuelProblem]:
    """A board from a board file's text, or every problem found (each naming line and column)."""
    return parse_rows(tuple(line for _, line in board_rows(text)), board_rows(text))


def parse_rows(
    rows: Sequence[str], numbered: Sequence[tuple[int, str]] | None = None
) -> Parsed[Board, DuelProblem]:
    """A board from its grid rows (a state JSON's "board"), or every problem found."""
    lines = [n for n, _ in numbered] if numbered else list(range(1, len(rows) + 1))
    grid = [str(r).strip().upper() for r in rows]
    errors: list[DuelProblem] = []
    if not grid:
        return Parsed(None, (_error("halma.board.empty", "the board file has no grid lines"),))
    width = len(grid[0])
    cells: dict[Spot, str] = {}
    for r, line in enumerate(grid):
        where = f"line {lines[r]}"
        if len(line) != width:
            errors.append(
                _error(
                    "halma.board.ragged",
                    f"row {r + 1} has {len(line)} squares, the first row {width}",
                    where,
                )
            )
        for c, ch in enumerate(line):
            if ch not in LETTERS:
                errors.append(
                    _error(
                        "halma.board.letter",
                        f"{ch!r} at {spot_name((c, r))} is not a board letter (A-G or -)",
                        f"{where}, column {c + 1}",
                    )
                )
            elif ch != "-":
                cells[(c, r)] = ch
    for colour in Colour:
        block = sorted(s for s, ch in cells.items() if ch == colour.plane_letter)
        if not _is_block(block, PLANE_SIZE, PLANE_SIZE):
            errors.append(
                _error(
                    "halma.board.plane",
                    f"{colour.word}'s elemental plane ({colour.plane_letter}) must be one 3x3 "
                    f"block of 9 squares, not {len(block)} square(s)"
                    + (f" from {spot_name(block[0])}" if block else ""),
                )
            )
    points = [s for s, ch in cells.items() if ch == "F"]
    if len(points) != POINTS_OF_POWER:
        errors.append(
            _error("halma.board.power", f"there must be 8 points of power (F), not {len(points)}")
        )
    material = sorted(s for s, ch in cells.items() if ch == "G")
    if not material or not _is_rectangle(material):
        errors.append(
            _error(
                "halma.board.material",
                "the material plane (G) must be one solid rectangle of cells, "
                f"not {len(material)} scattered cell(s)",
            )
        )
    void = sum(1 for ch in cells.values() if ch == "E")
    if void == 0:
        errors.append(_error("halma.board.void", "the board has no void (E)"))
    if errors:
        return Parsed(None, tuple(errors))
    board = _build(tuple(grid), cells, material)
    unreachable = _unreachable(board)
    if unreachable:
        names = ", ".join(board.name(s) for s in unreachable[:5])
        return Parsed(
            None,
            (
                _error(
                    "halma.board.connected",
                    f"every square must be reachable from every other; cut off: {names}",
                ),
            ),
        )
    return Parsed(board, ())


def _is_rectangle(cells: Sequence[Spot]) -> bool:
    cols = [c for c, _ in cells]
    rows = [r for _, r in cells]
    w, h = max(cols) - min(cols) + 1, max(rows) - min(rows) + 1
    return w * h == len(set(cells))


def _is_block(cells: Sequence[Spot], w: int, h: int) -> bool:
    if len(cells) != w * h:
        return False
    cols = [c for c, _ in cells]
    rows = [r for _, r in cells]
    return max(cols) - min(cols) + 1 == w and max(rows) - min(rows) + 1 == h


def _build(grid: tuple[str, ...], cells: dict[Spot, str], material: list[Spot]) -> Board:
    ordinary = sorted((s for s, ch in cells.items() if ch != "G"), key=lambda s: (s[1], s[0]))
    spots: list[Spot] = [*ordinary, MATERIAL]
    mat = len(ordinary)
    index = {s: i for i, s in enumerate(ordinary)} | {s: mat for s in material}
    plane = []
    for s in spots:
        ch = cells.get(s, "G")
        plane.append("ABCD".index(ch) + 1 if ch in "ABCD" else 0)
    power = tuple(cells.get(s) == "F" for s in spots)
    neighbours: list[set[int]] = [set() for _ in spots]
    for (c, r), i in index.items():
        for dc, dr in DIRECTIONS.values():
            j = index.get((c + dc, r + dr))
            if j is not None and j != i:
                neighbours[i].add(j)
    return Board(
        grid,
        tuple(spots),
        tuple(plane),
        power,
        tuple(tuple(sorted(n)) for n in neighbours),
        mat,
        tuple(material),
    )


def _unreachable(board: Board) -> list[int]:
    seen = {0}
    todo = [0]
    while todo:
        for j in board.neighbours[todo.pop()]:
            if j not in seen:
                seen.add(j)
                todo.append(j)
    return [i for i in range(board.n_squares) if i not in seen]


@lru_cache(maxsize=16)
def board_of(rows: tuple[str, ...]) -> Board:
    """The board of validated grid rows (cached: states share it)."""
    parsed = parse_rows(rows)
    if parsed.value is None:
        raise ValueError("; ".join(str(e) for e in parsed.errors))
    return parsed.value
