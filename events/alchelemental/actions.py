"""Alchelemental's actions: a catalysis begins with select or call, then mirror, spin, move
and impel; confirm (ends the turn's two catalyses) and concede are the shared ones
(events/duel.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from events.alchelemental.elements import Elem
from events.duel import Concede, Confirm

Facing = tuple[Elem, tuple[int, ...]]
"""an element and the directions (indexes into board.DIRECTIONS) its faces point"""


@dataclass(frozen=True)
class Select:
    unit: str


@dataclass(frozen=True)
class Call:
    """Call an off-board unit: its facings (enough to fix spin and mirror) and the hex, named
    as the notation does ("R4", "R16C")."""

    unit: str
    facings: tuple[Facing, ...]
    at: str


@dataclass(frozen=True)
class Mirror:
    unit: str | None = None


@dataclass(frozen=True)
class Spin:
    clockwise: bool
    faces: int
    unit: str | None = None


UP, DOWN = 6, 7
"""Move directions beyond board.DIRECTIONS: the notation's "U" ("afrit move L-UL-U") is the
one of UL and UR the unit can move to, "D" the one of DL and DR; a move is recorded as that
direction."""
EITHER = {UP: (4, 5), DOWN: (2, 1)}
"""UP and DOWN -> the two directions (indexes into board.DIRECTIONS) each may be"""


@dataclass(frozen=True)
class Move:
    """One hex in one direction (0-5 as board.DIRECTIONS, or UP, DOWN). A chain "L-UL-U" is
    one Move per hex, each an action; `path` (the chain's directions) and `step` (this Move's
    place in it, from 0) are kept for messages only: not compared, not recorded."""

    direction: int
    unit: str | None = None
    path: tuple[int, ...] = field(default=(), compare=False, repr=False)
    step: int = field(default=0, compare=False, repr=False)


@dataclass(frozen=True)
class Impel:
    """Impel into an adjacent enemy hex, named by direction, by the enemy unit, or both."""

    direction: int | None = None
    target: str | None = None
    unit: str | None = None


Action = Select | Call | Mirror | Spin | Move | Impel | Confirm | Concede

__all__ = [
    "DOWN",
    "EITHER",
    "UP",
    "Action",
    "Call",
    "Concede",
    "Confirm",
    "Facing",
    "Impel",
    "Mirror",
    "Move",
    "Select",
    "Spin",
]
