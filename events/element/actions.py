"""Element's actions: draw, move, ride a whirlwind, place a stone; confirm and concede are the
shared ones (events/duel.py)."""

from __future__ import annotations

from dataclasses import dataclass

from events.duel import Concede, Confirm
from events.element.board import Direction, Stone


@dataclass(frozen=True)
class Draw:
    """Declare how many stones to draw (0-4); `stones` is the draw once made (by the duel's
    generator, or entered by the host from a dice bot)."""

    count: int
    stones: tuple[Stone, ...] | None = None

    def __post_init__(self) -> None:
        if self.count == 0 and self.stones is None:  # nothing to draw: the draw is made
            object.__setattr__(self, "stones", ())


@dataclass(frozen=True)
class Move:
    """Move the sage one square: by direction, or to a named neighbouring square."""

    direction: Direction | None = None
    to: int | None = None


@dataclass(frozen=True)
class Ride:
    """Ride a whirlwind: by direction, or by naming a square of the whirlwind."""

    direction: Direction | None = None
    via: int | None = None


@dataclass(frozen=True)
class Place:
    """Place a stone from the hand. For water that forms a river: which line (`river`, the
    direction from the placed stone) and the path the river follows (U/D/L/R steps)."""

    stone: Stone
    at: int
    river: Direction | None = None
    path: tuple[Direction, ...] | None = None


Action = Draw | Move | Ride | Place | Confirm | Concede

__all__ = ["Action", "Concede", "Confirm", "Draw", "Move", "Place", "Ride"]
