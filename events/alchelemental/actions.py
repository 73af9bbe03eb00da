"""Alchelemental's actions: a catalysis begins with select or call, then mirror, spin, move
and impel; confirm (ends the turn's two catalyses) and concede are the shared ones
(events/duel.py)."""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True)
class Move:
    """One hex in one direction (a chain "L-UL" is one Move per hex, each an action)."""

    direction: int
    unit: str | None = None


@dataclass(frozen=True)
class Impel:
    """Impel into an adjacent enemy hex, named by direction, by the enemy unit, or both."""

    direction: int | None = None
    target: str | None = None
    unit: str | None = None


Action = Select | Call | Mirror | Spin | Move | Impel | Confirm | Concede

__all__ = [
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
