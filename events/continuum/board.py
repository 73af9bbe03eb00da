"""A player's board: 12 pentomino wards (3 of each element) and 4 neutral squares.

Setup rules: "(1) There are 12 pentominos on the board. ... (2) Each pentomino is colored an
element ...; each player has 3 pentominos of each element. (3) There are four squares of
neutral element (gray) divided in any way you like ... together they function as a singular
ward." "... there are four pentominos of point value 2, four pentominos of point value 4, and
four pentominos of point value 6. Neutral tiles will automatically be assigned a point value
of 1."
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache

import numpy as np

from events.continuum import masks
from events.continuum.elements import Element
from events.continuum.pentominoes import is_connected, placements_covering_first, shape_name
from events.continuum.squares import ALL_SQUARES, NAMED_BY_FILE, SIZE, Square, squares_text
from events.errors import quoted

NEUTRAL = "N"
NEUTRAL_VALUE = 1
NEUTRAL_SQUARES = 4
WARD_SIZE = 5
WARDS_PER_ELEMENT = 3
WARD_VALUES = (2, 4, 6)
WARDS_PER_VALUE = 4
BREAKDOWN_TILES = 3
"""tiles broken that make a ward break down: "When 3 or more tiles of a player's ward is
broken, the entire ward breaks down\""""

LETTERS: dict[Element, str] = {
    Element.FIRE: "F",
    Element.WATER: "W",
    Element.WIND: "A",
    Element.EARTH: "E",
}
ELEMENT_OF_LETTER: dict[str, Element] = {v: k for k, v in LETTERS.items()}
WARD_LABELS: tuple[str, ...] = tuple(
    f"{LETTERS[e]}{i}" for e in LETTERS for i in range(1, WARDS_PER_ELEMENT + 1)
)
"""F1-F3 fire, W1-W3 water, A1-A3 wind (air), E1-E3 earth"""
ALL_LABELS: tuple[str, ...] = (*WARD_LABELS, NEUTRAL)

_LABEL_WORDS = {
    "f": "F", "fire": "F", "w": "W", "water": "W", "a": "A", "air": "A", "wind": "A",
    "e": "E", "earth": "E",
}  # fmt: skip
_LABEL = re.compile(r"^([a-z]+)\s*-?\s*([0-9]+)$")


@lru_cache(maxsize=1024)
def parse_label(text: str) -> str | None:
    """'f1', ' F1 ', 'Fire 1', 'Wind2', 'Air-3', 'n', 'Neutral' -> 'F1' ... 'N'; None if not.

    Cached: a pure function of the text, and every board names the same 13 labels."""
    t = text.strip().lower()
    if t in ("n", "neutral"):
        return NEUTRAL
    m = _LABEL.match(t)
    if not m or m.group(1) not in _LABEL_WORDS:
        return None
    label = f"{_LABEL_WORDS[m.group(1)]}{int(m.group(2))}"
    return label if label in WARD_LABELS else None


def element_of(label: str) -> Element:
    return Element.NEUTRAL if label == NEUTRAL else ELEMENT_OF_LETTER[label[0]]


def ward_name(label: str) -> str:
    """'wind ward A1': labels look like squares (A1 is also a square), so say which."""
    return "the neutral ward" if label == NEUTRAL else f"{element_of(label).value} ward {label}"


@dataclass(frozen=True)
class Ward:
    label: str
    element: Element
    squares: frozenset[Square]
    value: int

    @cached_property
    def shape(self) -> str:
        """The pentomino letter, or 'neutral' for the neutral ward."""
        if self.element is Element.NEUTRAL:
            return "neutral"
        return shape_name(self.squares) or "?"

    @cached_property
    def square_names(self) -> tuple[str, ...]:
        """The names of the ward's squares, sorted as text (A1, A2 ... H8): worked out once,
        as the public view lists every ward that broke down every round."""
        return tuple(sorted(map(str, self.squares)))

    def describe(self) -> str:
        return self._description

    @cached_property
    def _description(self) -> str:
        """Written once per ward: round 1's reports describe every ward of every board twice."""
        kind = (
            "neutral ward"
            if self.element is Element.NEUTRAL
            else (f"{self.element.value} ward ({self.shape} pentomino)")
        )
        return f"{kind} worth {self.value}: {squares_text(self.squares)}"


@dataclass(frozen=True)
class Board:
    """A legal board (built only from a layout that `layout_problems` accepts)."""

    wards: tuple[Ward, ...]
    _at: Mapping[Square, Ward] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        at = {sq: w for w in self.wards for sq in w.squares}
        object.__setattr__(self, "_at", at)

    def ward_at(self, square: Square) -> Ward:
        return self._at[square]

    def ward(self, label: str) -> Ward:
        return next(w for w in self.wards if w.label == label)

    @property
    def total_value(self) -> int:
        return sum(w.value for w in self.wards)

    def layout(self) -> dict[Square, str]:
        return {sq: w.label for w in self.wards for sq in w.squares}

    @cached_property
    def named_layout(self) -> tuple[tuple[str, str], ...]:
        """(square's name, ward label) of every square, by file then rank: the player's
        private view shows it every round, and a board never changes. (A board's squares are
        squares of the board: they are parsed or drawn so.)"""
        at = self._at
        return tuple(
            (name, ward.label) for sq, name in NAMED_BY_FILE if (ward := at.get(sq)) is not None
        )

    def values(self) -> dict[str, int]:
        return {w.label: w.value for w in self.wards if w.label != NEUTRAL}

    @staticmethod
    def build(layout: Mapping[Square, str], values: Mapping[str, int]) -> Board:
        groups: dict[str, set[Square]] = {}
        for sq, label in layout.items():
            groups.setdefault(label, set()).add(sq)
        return Board.of_groups(groups, values)

    @staticmethod
    def of_groups(groups: Mapping[str, set[Square]], values: Mapping[str, int]) -> Board:
        """The board of each label's squares (the sets `build` gathers from a layout)."""
        wards = tuple(
            Ward(
                label,
                element_of(label),
                frozenset(groups[label]),
                NEUTRAL_VALUE if label == NEUTRAL else values[label],
            )
            for label in ALL_LABELS
            if label in groups
        )
        return Board(wards)


@dataclass(frozen=True)
class LayoutProblem:
    """One thing wrong with a board, naming the squares (or wards) involved."""

    code: str
    message: str
    squares: tuple[Square, ...] = ()
    labels: tuple[str, ...] = ()


def layout_problems(
    layout: Mapping[Square, str | None],
    values: Mapping[str, int | None],
    unreadable: frozenset[Square] = frozenset(),
    unreadable_values: frozenset[str] = frozenset(),
) -> list[LayoutProblem]:
    """Every violation of the setup rules (not only the first).

    `unreadable` squares hold something that is not a label, and `unreadable_values` wards
    a value that is not a number: both are reported already, so they count as blank here
    without a second message.
    """
    problems: list[LayoutProblem] = []
    groups: dict[str, list[Square]] = {}
    for sq in ALL_SQUARES:
        label = layout.get(sq)
        if label is not None:
            groups.setdefault(label, []).append(sq)
        elif sq not in unreadable:
            problems.append(
                LayoutProblem("continuum.board.empty", f"square {sq} has no ward label", (sq,))
            )
    for label in WARD_LABELS:
        squares = groups.get(label, [])
        if not squares:
            problems.append(
                LayoutProblem(
                    "continuum.board.missing",
                    f"{ward_name(label)} is not on the board: each element needs 3 wards "
                    f"({label[0]}1-{label[0]}3)",
                    labels=(label,),
                )
            )
            continue
        if len(squares) != WARD_SIZE:
            problems.append(
                LayoutProblem(
                    "continuum.board.size",
                    f"{ward_name(label)} has {len(squares)} squares ({squares_text(squares)}); "
                    f"a ward is a pentomino of {WARD_SIZE}",
                    tuple(squares),
                    (label,),
                )
            )
        elif not is_connected(squares):
            problems.append(
                LayoutProblem(
                    "continuum.board.shape",
                    f"{ward_name(label)} ({squares_text(squares)}) is not one orthogonally "
                    "connected piece",
                    tuple(squares),
                    (label,),
                )
            )
    neutral = groups.get(NEUTRAL, [])
    if len(neutral) != NEUTRAL_SQUARES:
        problems.append(
            LayoutProblem(
                "continuum.board.neutral",
                f"the board has {len(neutral)} neutral squares"
                + (f" ({squares_text(neutral)})" if neutral else "")
                + f"; it needs exactly {NEUTRAL_SQUARES}",
                tuple(neutral),
                (NEUTRAL,),
            )
        )
    problems += value_problems(values, unreadable_values)
    return problems


def value_problems(
    values: Mapping[str, int | None], reported: frozenset[str] = frozenset()
) -> list[LayoutProblem]:
    """Problems with the wards' point values (`reported`: labels whose value is already
    known to be unreadable, so only the 4/4/4 count is left to check)."""
    problems: list[LayoutProblem] = []
    for label in WARD_LABELS:
        v = values.get(label)
        if label in reported:
            continue
        if v not in WARD_VALUES:
            problems.append(
                LayoutProblem(
                    "continuum.wards.value",
                    f"{ward_name(label)} has no point value; give it 2, 4 or 6"
                    if v is None
                    else f"{ward_name(label)} is worth {quoted(v)}; a ward is worth 2, 4 or 6",
                    labels=(label,),
                )
            )
    counts = Counter(values.get(label) for label in WARD_LABELS)
    complete = not reported and all(values.get(label) in WARD_VALUES for label in WARD_LABELS)
    for v in WARD_VALUES:
        if counts[v] > WARDS_PER_VALUE or (complete and counts[v] != WARDS_PER_VALUE):
            having = [label for label in WARD_LABELS if values.get(label) == v]
            problems.append(
                LayoutProblem(
                    "continuum.wards.count",
                    f"{counts[v]} wards are worth {v} ({', '.join(having) or 'none'}); "
                    f"exactly {WARDS_PER_VALUE} must be",
                    labels=tuple(having),
                )
            )
    return problems


def random_board(rng: np.random.Generator) -> Board:
    """A random legal board: a random tiling by 12 pentominoes and 4 neutral squares, with
    elements and point values dealt at random."""
    return Board.of_groups(*random_wards(rng))


def random_wards(rng: np.random.Generator) -> tuple[dict[str, set[Square]], dict[str, int]]:
    """The squares of each label and the wards' values of `random_board(rng)` (the same
    draws), for a program that sends the board as JSON without building it."""
    pieces, neutral, labels, values = random_deal(rng)
    groups = {NEUTRAL: set(neutral)}
    for label, piece in zip(labels, pieces, strict=True):
        groups[label] = {sq for sq in piece}  # one by one, in the order build would add them
    return groups, values


def random_deal(
    rng: np.random.Generator,
) -> tuple[list[frozenset[Square]], list[Square], list[str], dict[str, int]]:
    """The draws of `random_board(rng)`: the tiling's pieces (each one of the placements the
    search keeps, the same frozenset object whenever drawn) and neutral squares, the label
    dealt to each piece, in order, and the wards' values."""
    while True:
        tiling = _random_tiling(rng)
        if tiling is not None:
            break
    pieces, neutral = tiling
    labels = [WARD_LABELS[int(i)] for i in rng.permutation(len(WARD_LABELS))]
    deal = [WARD_VALUES[i // WARDS_PER_VALUE] for i in range(len(WARD_LABELS))]
    values = {
        label: deal[int(i)]
        for label, i in zip(WARD_LABELS, rng.permutation(len(deal)), strict=True)
    }
    return pieces, neutral, labels, values


def _random_tiling(
    rng: np.random.Generator, budget: int = 20_000
) -> tuple[list[frozenset[Square]], list[Square]] | None:
    """Backtracking over the first empty square: cover it with a pentomino, or leave it
    neutral while fewer than 4 are. None when the search budget runs out (try again)."""
    search = _TilingSearch(rng, budget)
    return (search.pieces, search.neutral) if search.solve() else None


class _TilingSearch:
    """One backtracking search of `_random_tiling`. The squares covered so far are a mask
    (events.continuum.masks): the search tries thousands of partial boards, and masks make
    each test a few integer operations. (A search object, not a function calling itself
    through its closure: that is a reference cycle, holding `rng`, which only the garbage
    collector frees, and the lab's workers play with the collector off.)"""

    def __init__(self, rng: np.random.Generator, budget: int) -> None:
        self.rng, self.budget = rng, budget
        self.filled = 0
        self.pieces: list[frozenset[Square]] = []
        self.neutral: list[Square] = []
        self.steps = 0

    def solve(self) -> bool:
        self.steps += 1
        if self.steps > self.budget:
            return False
        filled, neutral = self.filled, self.neutral
        free = ~filled & masks.FULL
        if not free:
            return len(neutral) == NEUTRAL_SQUARES
        todo = (free & -free).bit_length() - 1  # masks.first_clear, asked at every step
        spare = NEUTRAL_SQUARES - len(neutral)
        if _leftover(filled, spare) > spare:
            return False
        options: list[tuple[int, frozenset[Square]] | None] = [
            p for p in _placements_clear_near(todo, filled >> todo & _NEAR) if not p[0] & filled
        ]
        if spare:
            options.append(None)
        # the drawn order as plain ints (tolist): cheaper to walk than numpy's integers
        for i in self.rng.permutation(len(options)).tolist():
            choice = options[i]
            if choice is None:
                neutral.append(ALL_SQUARES[todo])
                self.filled |= 1 << todo
                if self.solve():
                    return True
                neutral.pop()
                self.filled &= ~(1 << todo)
            else:
                covered, piece = choice
                self.pieces.append(piece)
                self.filled |= covered
                if self.solve():
                    return True
                self.pieces.pop()
                self.filled &= ~covered
        return False


@cache
def _placements(first: int) -> tuple[tuple[int, frozenset[Square]], ...]:
    """placements_covering_first of the square of bit `first`, each with its mask."""
    return tuple((masks.mask(p), p) for p in placements_covering_first(ALL_SQUARES[first]))


_NEAR = sum(1 << d for d in (1, 2, SIZE, SIZE + 1, 2 * SIZE))
"""bits just after a square (east, two east, north, north-east, two north), where most of
the placements covering it first lie: a placement covering it first holds the square east
or the square north of it, as its other squares come later in board order"""


@cache
def _placements_clear_near(first: int, near: int) -> tuple[tuple[int, frozenset[Square]], ...]:
    """_placements(first) (in its order) that hold none of the squares of `near` (bits of
    _NEAR, counted from `first`): the search's candidates, found from fewer placements."""
    taken = near << first
    return tuple(p for p in _placements(first) if not p[0] & taken)


def _leftover(filled: int, enough: int = SIZE * SIZE) -> int:
    """Squares that no pentomino can cover: each empty region's size modulo 5, summed (those
    must all be neutral, so a partial tiling with more than the neutrals left is dead). The
    count stops once it is above `enough` (the search asks only whether it is)."""
    left = ~filled & masks.FULL
    total = 0
    # The empty ranks above the board filled so far are one piece, a seed that grows into
    # its region in a few steps (the search fills the board rank by rank, so that region is
    # the largest); then masks.regions without its generator: the search asks at every step.
    above = masks.ranks_above(filled)
    while left and total <= enough:
        region = masks.grown(above, left) if above else masks.first_region(left)
        above = 0
        total += masks.size(region) % WARD_SIZE
        left ^= region
    return total
