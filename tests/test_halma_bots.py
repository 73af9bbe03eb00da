"""The duel bots play Elemental Halma: the search bot finds a winning capture, for a team."""

from __future__ import annotations

from events.halma.actions import Confirm, Move
from festival.duels.bots import MctsBot, RandomBot
from tests.support.halma_kit import FOUR, GAME, act, position
from tests.test_halma_examples import EXAMPLE_1


def test_the_search_bot_wins_example_1_by_capturing_the_fire() -> None:
    """Example 1: Water on J5 captures the last capturable Fire (J6) and wins by condition (3);
    any other move lets Fire take the last point of power. The search finds the capture."""
    state = position(EXAMPLE_1 | {"J5": "W"}, to_move=1)
    bot = MctsBot(GAME, seed=2, iterations=300, depth=6, max_children=60)
    action = bot.choose(state, "Birch")
    assert GAME.format_action(action) == "J5-J6"
    after = act(state, "J5-J6, confirm")
    assert after.outcome is not None and after.outcome.winner == "Birch"


def test_the_search_bot_plays_for_its_team_in_four_players() -> None:
    """Four players: Dune (Water) makes the capture that wins for Birch and Dune."""
    state = position(EXAMPLE_1 | {"J5": "W"}, players=FOUR, to_move=3)
    bot = MctsBot(GAME, seed=3, iterations=300, depth=8, max_children=60)
    assert GAME.format_action(bot.choose(state, "Dune")) == "J5-J6"
    assert GAME.allies(state, "Dune") == ("Birch", "Dune")


def test_the_random_bot_moves_then_confirms() -> None:
    state = position(EXAMPLE_1 | {"J5": "W"}, to_move=1)
    bot = RandomBot(GAME, seed=1)
    move = bot.choose(state, "Birch")
    assert isinstance(move, Move) and not GAME.check(state, "Birch", move)
    after = GAME.apply(state, "Birch", move)
    assert bot.choose(after, "Birch") == Confirm()
