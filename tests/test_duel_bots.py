"""The duel bots: the random player only plays legal actions; the search finds a win."""

from __future__ import annotations

import numpy as np

from events.element.actions import Confirm
from festival.duels.bots import MctsBot, RandomBot
from tests.support.element_kit import GAME, act, state_from

TRAP = """
. . . . . . . . . . .
. . . . . . . . . . .
. . . . F F F . . . .
. . . . F 1 F . . . .
. . . . F . F . . . .
. . . . . . . . . . .
. . . . . . . . . . 2
"""


def test_the_random_bot_plays_a_legal_game_to_the_end() -> None:
    bot = RandomBot(GAME, seed=4)
    state = GAME.initial_state(("Ash", "Birch"), GAME.variants()["dm5"], np.random.default_rng(0))
    for _ in range(3000):
        if GAME.outcome(state) is not None:
            break
        player = state.player
        action = bot.choose(state, player)
        assert not GAME.check(state, player, action)
        state = GAME.apply(state, player, GAME.resolve_chance(state, player, action, bot.rng))
    assert GAME.outcome(state) is not None


def test_the_search_bot_finds_the_trapping_stone() -> None:
    """DM5 ends after the action that traps a sage: with one earth stone to place, the only
    winning placement is F5, and the search finds it within its budget."""
    state = state_from(TRAP, variant="dm5", hand="E", moves_left=0, to_move=1)
    bot = MctsBot(GAME, seed=1, iterations=600, depth=4, max_children=200)
    action = bot.choose(state, "Birch")
    after = act(state, GAME.format_action(action))
    assert after.outcome is not None and after.outcome.winner == "Birch"
    assert action != Confirm()
