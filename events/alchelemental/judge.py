"""How good an Alchelemental position looks to a side (the search bots' evaluation). Pure
functions of a position.

The position is read as the rules decide a duel: a side wins by eliminating both enemy power
units or by holding both enemy power nodes. So the evaluation counts, side against side, the
power units kept, the other units on the board (material), the enemy power nodes held, and
the enemy units that one impel could eliminate now (threatened: the side to act strikes
first, so its threats count in full and the other side's at `Weights.waiting`). The weights
were chosen by self-play (`benchmarks/judge_weights.py alchelemental`), not guessed.
"""

from __future__ import annotations

from dataclasses import dataclass

from events.alchelemental.elements import Elem
from events.alchelemental.rules import reaction
from events.alchelemental.state import AlchState, Piece


@dataclass(frozen=True)
class Weights:
    """What each feature is worth, in units of one unit on the board (material)."""

    power: float = 4.0
    """a power unit kept"""
    unit: float = 1.0
    """any other unit on the board"""
    node: float = 3.0
    """an enemy power node held"""
    threat: float = 0.0
    """an enemy unit one impel could eliminate (a power unit counts `power` times this)"""
    waiting: float = 0.5
    """the share of its threats that count for the side not acting"""
    scale: float = 40.0
    """the score divided by this, then kept in [-1, 1]"""


OLD = Weights()
"""material only: the evaluation before issue 29's second pass"""
WEIGHTS = Weights(threat=0.5)
"""the evaluation the search bots use"""


def _matches(occupied: dict[int, Piece], state: AlchState, piece: Piece, d: int) -> bool:
    """RULE_MATCH for an impel of `piece` toward `d` (events/alchelemental/rules.has_match,
    with the board's occupants looked up once per evaluation)."""
    board = state.board
    for k in (-1, 0, 1):
        direction = (d + k) % 6
        h = board.neighbour(piece.hex, direction)
        if h is None:
            continue
        face: Elem = piece.face(direction)
        if board.elements[h] == face:
            return True
        other = occupied.get(h)
        if other is not None and other.face((direction + 3) % 6) == face:
            return True
    return False


def threatened(state: AlchState, side: int, weights: Weights = WEIGHTS) -> float:
    """The enemy units `side` could eliminate with one impel now (a power unit weighs
    `weights.power`, any other unit 1), each counted once."""
    occupied = {p.hex: p for p in state.pieces}
    board = state.board
    hit: dict[int, float] = {}
    for piece in state.pieces:
        if piece.owner != side or piece.kind.is_power:  # power units cannot impel
            continue
        for d in range(6):
            h = board.neighbour(piece.hex, d)
            target = None if h is None else occupied.get(h)
            if target is None or target.owner == side or target.hex in hit:
                continue
            if not _matches(occupied, state, piece, d):
                continue
            if reaction(state, piece, target, d).result == "eliminated":
                hit[target.hex] = weights.power if target.kind.is_power else 1.0
    return sum(hit.values())


def evaluation(state: AlchState, me: int, weights: Weights = WEIGHTS) -> float:
    """The position for side `me`, in [-1, 1]."""
    w = weights
    score = 0.0
    for p in state.pieces:
        value = w.power if p.kind.is_power else w.unit
        score += value if p.owner == me else -value
    for side in (0, 1):
        held = sum(
            1
            for h in state.board.nodes[1 - side]
            if (q := state.at(h)) is not None and q.owner == side
        )
        score += w.node * held if side == me else -w.node * held
    if w.threat:
        for side in (0, 1):
            share = 1.0 if side == state.to_move else w.waiting
            value = w.threat * share * threatened(state, side, w)
            score += value if side == me else -value
    return max(-1.0, min(1.0, score / w.scale))
