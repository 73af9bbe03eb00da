"""How good an Elemental Halma position looks to a side, and which moves a search tries first
(the search bots' evaluation and move ordering). Pure functions of the board and the pieces.

The position is read as the rules decide a duel: the points of power held (all eight win),
the elementals kept (a colour wiped out loses), the captures each side threatens next move
(a colour left with nothing capturable loses), and how near each side stands to the points
of power it does not hold yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from events.halma.board import PREY, Board, Colour
from events.halma.rules import capturable, side_pieces


@dataclass(frozen=True)
class Weights:
    """What each feature (side against side, each in [-1, 1]) adds to the evaluation."""

    power: float = 0.35
    """the points of power held"""
    kept: float = 0.3
    """the elementals kept"""
    threat: float = 0.2
    """the captures threatened next move"""
    near: float = 0.15
    """the nearness to the points of power not held yet"""


WEIGHTS = Weights()
"""the evaluation the search bots use (benchmarks/judge_weights.py tries others)"""
SEARCH_MOVES = 40
"""moves a search tries in a position (captures and steps onto power first)"""


def threats(board: Board, cells: Sequence[int], side: int) -> int:
    """Enemy elementals that an elemental of `side` could capture with its next move."""
    out = 0
    for square, piece in enumerate(cells):
        if not piece or Colour(piece).side == side or not capturable(board, cells, square):
            continue
        hunter = _hunter(Colour(piece))
        if any(cells[n] == hunter for n in board.neighbours[square]):
            out += 1
    return out


def _hunter(prey: Colour) -> Colour:
    return next(c for c, p in PREY.items() if p == prey)


def _distance(board: Board, a: int, b: int) -> int:
    (ac, ar), (bc, br) = board.centre(a), board.centre(b)
    return max(abs(ac - bc), abs(ar - br))


def nearness(board: Board, cells: Sequence[int], side: int) -> float:
    """How near `side` stands to the points of power it does not hold: 1 on each, 0 far."""
    mine = [i for i, p in enumerate(cells) if p and Colour(p).side == side]
    if not mine:
        return 0.0
    span = max(board.width, board.height)
    total = 0.0
    for point in board.power_squares():
        piece = cells[point]
        if piece and Colour(piece).side == side:
            total += 1.0
            continue
        total += 1.0 - min(_distance(board, i, point) for i in mine) / span
    return total / max(1, len(board.power_squares()))


def evaluation(board: Board, cells: Sequence[int], side: int, weights: Weights = WEIGHTS) -> float:
    """The position for `side`, in [-1, 1]."""
    power = [Colour(cells[i]).side for i in board.power_squares() if cells[i]]
    held = (power.count(side) - power.count(1 - side)) / max(1, len(board.power_squares()))
    kept = (side_pieces(cells, side) - side_pieces(cells, 1 - side)) / 18
    threat = (threats(board, cells, side) - threats(board, cells, 1 - side)) / 3
    threat = max(-1.0, min(1.0, threat))
    near = nearness(board, cells, side) - nearness(board, cells, 1 - side)
    w = weights
    score = w.power * held + w.kept * kept + w.threat * threat + w.near * near
    return max(-1.0, min(1.0, score))


def move_order(board: Board, cells: Sequence[int], moves: Sequence[tuple[int, int]]) -> list[int]:
    """The indices of `moves` ((from, to) squares) best first: captures, steps onto a point
    of power, steps nearer a point of power; a step off a point of power last. Ties keep
    the moves' order."""
    points = board.power_squares()

    def near(square: int) -> int:
        return min((_distance(board, square, p) for p in points), default=0)

    def score(k: int) -> float:
        frm, to = moves[k]
        value = 3.0 if cells[to] else 0.0
        value += 2.0 * board.power[to] - 2.0 * board.power[frm]
        return value + 0.25 * (near(frm) - near(to))

    return sorted(range(len(moves)), key=lambda k: -score(k))
