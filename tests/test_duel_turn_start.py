"""Where the last turn began (`words.last_turn_start`): the one notion every front end uses
(the bot's turn words, the posted turn, the turn's marked cells). Over every sample duel, at
every position, it is the first position of the turn the last step was made in, as the game
counts turns: a player's several actions and sealed orders coming in one by one are one
turn."""

from __future__ import annotations

import pytest

from festival.core import registry
from festival.duels import samples
from festival.duels.words import last_turn_start

ENTRIES = [e for e in registry.duels() if e.sample is not None]


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_the_last_turn_starts_where_the_game_says_the_turn_began(
    entry: registry.DuelEntry,
) -> None:
    game, states, _ = samples.replayed(entry.name)
    for end in range(2, len(states) + 1):
        seen = list(states[:end])
        number = game.turn_number(seen[-2])  # the turn the last step was made in
        first = end - 2
        while first > 0 and game.turn_number(seen[first - 1]) == number:
            first -= 1
        assert last_turn_start(game, seen) == first, f"after step {end - 1}"
