"""Property tests: random legal Elemental Halma games, two players and four, never crash, never
break the capturability rule after turn 4, always end with the winning condition named; replay
equals the played state; the order pieces are listed in never decides. Sized to stay quick
(random games end in about a thousand moves). What every duel game keeps (JSON and notation
round trips, fuzzed input) is in tests/test_duel_contract.py."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events.duel import Step, replay
from events.halma import rules
from events.halma.actions import Confirm, Move
from events.halma.board import Colour
from events.halma.state import HalmaState
from tests.support.halma_kit import FOUR, GAME, TWO, new_state

REASONS = {"power", "eliminated", "uncapturable", "no-move", "move-limit"}


def play_random(players: tuple[str, ...], seed: int) -> tuple[HalmaState, list[Step[object]]]:
    rng = np.random.default_rng(seed)
    state = new_state(players)
    start = state
    steps: list[Step[object]] = []
    while GAME.outcome(state) is None:
        player = GAME.to_act(state)[0]
        action = GAME.random_action(state, player, rng)
        assert action is not None
        assert GAME.check(state, player, action) == ()
        state = GAME.apply(state, player, action)
        steps.append(Step(player, action))
        if isinstance(action, Confirm) and state.outcome is None and state.moves >= 4:
            assert rules.uncapturable_colours(state.board, state.cells) == ()
        assert sum(1 for p in state.cells if p) <= 36
    assert replay(GAME, start, steps)[-1] == state  # type: ignore[arg-type]
    return state, steps


@pytest.mark.slow
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), four=st.booleans())
def test_random_games_end_legally_with_the_condition_named(seed: int, four: bool) -> None:
    state, _ = play_random(FOUR if four else TWO, seed)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason in REASONS
    if outcome.winner is not None:
        assert set(outcome.team) == set(state.side_players(0)) or set(outcome.team) == set(
            state.side_players(1)
        )


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 80), four=st.booleans())
def test_positions_round_trip_and_legal_moves_do_not_depend_on_order(
    seed: int, plies: int, four: bool
) -> None:
    """Order never decides: the legal moves are the same set whatever order the pieces are
    listed in the state JSON."""
    rng = np.random.default_rng(seed)
    state = new_state(FOUR if four else TWO)
    for _ in range(plies):
        if state.outcome is not None:
            break
        action = GAME.random_action(state, state.player, rng)
        assert action is not None
        state = GAME.apply(state, state.player, action)
    data = GAME.state_to_json(state)
    shuffled = dict(data)
    shuffled["pieces"] = {
        k: list(rng.permutation(v)) for k, v in reversed(list(data["pieces"].items()))
    }
    again = GAME.state_from_json(shuffled)
    assert again == state
    if state.outcome is None:
        assert set(GAME.legal_actions(again, again.player)) == set(
            GAME.legal_actions(state, state.player)
        )
        for action in GAME.legal_actions(state, state.player):
            if isinstance(action, Move):
                after = GAME.apply(state, state.player, action)
                colour = Colour(after.cells[after.board.square(action.to) or 0])
                assert (
                    rules.colour_capturable(after.board, after.cells, colour)
                    or any(not any(p == c for p in after.cells) for c in Colour)
                    or rules.power_holder(after.board, after.cells) is not None
                )
