"""What a hosted duel says to people beyond the game's own words (`progress`, `turn_lines`):
the words of each recorded step (sealed orders kept secret) and the cells the last turn
changed. Every front end (the command line, the dashboard) shows these; none writes its own."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from events.duel import DuelGame, Step

if TYPE_CHECKING:
    from festival.duels.host import Duel

SEALED = "orders in (sealed until the turn resolves)"


def step_words(game: DuelGame[Any, Any], states: list[Any], steps: list[Step[Any]]) -> list[str]:
    """What each step may say publicly: its notation, or SEALED for the orders of the turn
    still open (the steps after the last position in which no orders were sealed)."""
    words = [game.format_action(step.action) for step in steps]
    n = len(steps)
    while n > 0 and game.sealed(states[n]):
        words[n - 1] = SEALED
        n -= 1
    return words


def last_turn_start(duel: Duel, states: list[Any]) -> int:
    """The position the last turn began from (the turn under way, or the last one): the
    steps after it are that turn's."""
    acting = duel.game.to_act
    start = max(0, len(states) - 2)
    while start > 0 and acting(states[start - 1]) == acting(states[start]):
        start -= 1
    return start


def last_turn_cells(duel: Duel, states: list[Any]) -> frozenset[tuple[int, int]]:
    """The cells changed since the last turn began (the turn under way, or the last one)."""
    if len(states) < 2:
        return frozenset()
    return duel.game.changed_cells(states[last_turn_start(duel, states)], states[-1])
