"""Elemental Continuum's typed submissions and state."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from events.continuum.board import Board
from events.continuum.elements import Element
from events.continuum.squares import Square

BOLTS_PER_ROUND = 2


@dataclass(frozen=True)
class Bolt:
    element: Element
    target: Square

    def __str__(self) -> str:
        return f"{self.element.title} at {self.target}"


@dataclass(frozen=True)
class SetupSubmission:
    """Round 1: the player's board. `board` None means "none given": a random legal board is
    drawn for the player with the round's seeded generator (docs/rulings.md)."""

    board: Board | None


@dataclass(frozen=True)
class BoltsSubmission:
    """Rounds 2-6: two bolts (none: the default for a player who sent nothing)."""

    bolts: tuple[Bolt, ...]


ContinuumSubmission = SetupSubmission | BoltsSubmission


@dataclass(frozen=True)
class Hit:
    """One bolt striking one tile of one board."""

    shooter: str
    element: Element
    round_no: int
    bolt: int
    """1 or 2: which of the shooter's bolts"""


@dataclass(frozen=True)
class BrokenTile:
    round_no: int
    breaks: tuple[str, ...]
    """"advantage", "singularity", "neutral" (both of the first two when both happened)"""
    contributors: tuple[Hit, ...]
    """the bolts that contributed to the break"""


@dataclass(frozen=True)
class ContinuumState:
    players: tuple[str, ...]
    round_no: int
    carry_hits: bool
    boards: Mapping[str, Board]
    """empty until round 1 is resolved"""
    hits: Mapping[tuple[str, Square], tuple[Hit, ...]]
    """(board owner, square) -> bolts that struck the still-unbroken tile and still count"""
    broken: Mapping[tuple[str, Square], BrokenTile]
    broken_down: Mapping[tuple[str, str], int]
    """(board owner, ward label) -> the round the ward broke down"""
    bolts: Mapping[int, Mapping[str, tuple[Bolt, ...]]]
    """round -> shooter -> the bolts they fired"""
