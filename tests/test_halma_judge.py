"""Elemental Halma's evaluation and move ordering for the search bots (events/halma/judge.py)."""

from __future__ import annotations

from events.halma import judge
from events.halma.actions import Move
from tests.support.halma_kit import GAME, position
from tests.test_halma_examples import EXAMPLE_1

# Example 1 with Water on J5, next to the capturable Fire on J6 (Water captures Fire)
WATER_NEXT_TO_FIRE = EXAMPLE_1 | {"J5": "W"}


def test_a_capture_in_reach_is_a_threat_for_the_hunter_only() -> None:
    state = position(WATER_NEXT_TO_FIRE, to_move=1)
    assert judge.threats(state.board, state.cells, 1) == 1  # Water/Air threatens J6
    assert judge.threats(state.board, state.cells, 0) == 0


def test_seven_points_of_power_look_good_to_their_side() -> None:
    state = position(WATER_NEXT_TO_FIRE, to_move=1)
    ash = GAME.evaluation(state, "Ash")  # Earth/Fire hold 7 of the 8 points
    assert ash > 0 and GAME.evaluation(state, "Birch") == -ash


def test_the_search_tries_the_capture_first() -> None:
    state = position(WATER_NEXT_TO_FIRE, to_move=1)
    moves = GAME.search_actions(state, "Birch")
    assert GAME.format_action(moves[0]) == "J5-J6" and isinstance(moves[0], Move)
    assert len(moves) <= judge.SEARCH_MOVES
    assert set(moves) <= set(GAME.legal_actions(state, "Birch"))


def test_after_the_move_the_search_confirms() -> None:
    state = position(WATER_NEXT_TO_FIRE, to_move=1)
    after = GAME.apply(state, "Birch", GAME.search_actions(state, "Birch")[0])
    assert list(GAME.search_actions(after, "Birch")) == list(GAME.legal_actions(after, "Birch"))
