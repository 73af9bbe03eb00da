"""How strong a practice bot plays: easy, medium or hard.

A level is a fixed search budget (playouts per turn, from the game: `search_playouts`,
shared among the turn's choices, calibrated per game by `benchmarks/bot_ladder.py`), so the
same seed plays the same game on any machine, and a time cap per turn that the search never
passes (0.2 s, 1 s, 4 s): on a
machine too slow for the budget the cap cuts the search short and the bot says so in its
counts (`SearchCounts.deadline_stops`), and only then may a game depend on the clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from events.duel import DuelGame


class Level(Enum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"

    @property
    def rank(self) -> int:
        """0 for easy, 1 for medium, 2 for hard (the place in a game's `search_playouts`)."""
        return list(Level).index(self)

    @property
    def seconds(self) -> float:
        """The time cap of one turn at this level, in seconds of one core."""
        return TURN_SECONDS[self]


TURN_SECONDS = {Level.EASY: 0.2, Level.MEDIUM: 1.0, Level.HARD: 4.0}
LEVEL_NAMES = tuple(level.value for level in Level)
DEFAULT_LEVEL = Level.MEDIUM


def parse_level(text: str) -> Level | None:
    """The level a player names ("easy", "Medium", " hard "); None for anything else."""
    return next((level for level in Level if level.value == text.strip().lower()), None)


@dataclass(frozen=True)
class Budget:
    """What a search bot may spend: playouts per turn shared among the turn's usual number
    of choices, a time cap per turn, the playout depth and how many of a position's actions
    the search considers (the rest never)."""

    playouts: int | None
    """per turn; None: search until the time cap (a host's `--seconds`)"""
    seconds: float
    depth: int
    max_children: int = 40
    turn_choices: int = 1

    def share(self, spent: int, choices_made: int) -> int | None:
        """The playouts of the next choice of a turn that has spent `spent` playouts on
        `choices_made` choices: what is left shared among the choices still expected, and
        never less than a floor (a quarter of an even share), so a turn of more choices than
        usual still searches each one. Counted, never timed: the same seed, the same game."""
        if self.playouts is None:
            return None
        choices = max(1, self.turn_choices)
        floor = max(1, self.playouts // (4 * choices))
        left = self.playouts - spent
        return max(floor, left // max(1, choices - choices_made))


def level_budget(game: DuelGame[Any, Any], level: Level) -> Budget:
    """The budget of `level` in `game` (its calibrated playouts, the level's time cap)."""
    playouts = game.search_playouts[level.rank]
    return Budget(playouts, level.seconds, game.search_depth, turn_choices=game.search_turn_choices)
