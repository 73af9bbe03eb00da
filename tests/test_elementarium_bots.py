"""Elementarium's bots: random legal orders for a whole game, and the search bot ordering
for a player from what that player may know, through `festival duel play --bot`."""

from __future__ import annotations

import numpy as np
import pytest

from events.elementarium.orders import Orders
from festival.cli.main import main
from festival.duels.bots import MctsBot, RandomBot
from festival.duels.host import Duel
from tests.support.elementarium_kit import GAME, position, turn


def test_random_bot_plays_a_whole_legal_game() -> None:
    bot = RandomBot(GAME, seed=5)
    options = GAME.options("standard", {}).value
    assert options is not None
    state = GAME.initial_state(("Ash", "Birch"), options, np.random.default_rng(0))
    while GAME.outcome(state) is None:
        for player in GAME.to_act(state):
            action = bot.choose(state, player)
            assert isinstance(action, Orders) and not GAME.check(state, player, action)
            state = GAME.apply(state, player, action)
    assert state.turn <= 201


@pytest.mark.slow
def test_search_bot_takes_the_last_enemy_unit() -> None:
    """Ash's W can take Birch's last unit, a fire on d5 (water dominates fire): the search
    finds the winning order."""
    state = position({"d3": "W", "a2": "W", "d5": "f"}, spares=False)
    bot = MctsBot(GAME, seed=2, iterations=300, depth=2, max_children=200)
    action = bot.choose(state, "Ash")
    done = turn(state, GAME.format_action(action))
    assert done.outcome is not None and done.outcome.winner == "Ash", action


def test_play_with_a_bot_for_each_player(tmp_path: object) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path)) / "bots"
    args = ["duel", "new", str(folder), "--game", "elementarium", "--players", "Ash,Birch"]
    assert main([*args, "--seed", "1"]) == 0
    play = ["duel", "play", str(folder), "--bot-kind"]
    assert main([*play, "random", "--bot", "Ash"]) == 0
    assert main([*play, "mcts", "--seconds", "0.1", "--bot", "Birch"]) == 0
    d = Duel.open(folder)
    try:
        assert d.state().turn == 2 and len(d.positions()[1]) == 2
    finally:
        d.close()
