"""Property tests: random legal Element games in every variant never crash nor reach an
illegal state; replay equals the played state; bad actions and notation never raise. Sized to
stay quick (a few short games per example). What every duel game keeps (JSON and notation
round trips, `check` against `legal_actions`, fuzzed JSON) is in tests/test_duel_contract.py."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from events.duel import Step, chance_rng, replay
from events.element.actions import Action, Concede, Confirm, Draw, Move, Place, Ride
from events.element.board import MAX_AIR, N_SQUARES, Board, Direction, Stone
from events.element.state import ElementState
from events.element.variant import VARIANTS
from tests.support.element_kit import GAME, PLAYERS

MAX_ACTIONS = 250


def assert_legal_state(state: ElementState) -> None:
    """Invariants of every reachable position."""
    board = state.board
    a, b = state.sages
    assert a != b and 0 <= a < N_SQUARES and 0 <= b < N_SQUARES
    for i in range(N_SQUARES):
        stone, height, stack = board.stone[i], board.height[i], board.stack[i]
        if not stone:
            assert height == 0 and stack == 0
            continue
        assert i not in state.sages, "a stone under a sage"
        limit = {Stone.AIR: MAX_AIR, Stone.EARTH: 2}.get(Stone(stone), 1)
        assert 1 <= height <= limit, f"stack of {height}"
        assert (stack > 0) == (stone == Stone.AIR)
    fresh = Board(board.stone, board.height, board.stack, board.next_stack)
    assert fresh.range_squares == board.range_squares, "ranges kept from move to move drifted"
    assert 0 <= state.turn.moves_left <= 5
    assert len(state.turn.hand) <= 4


def random_game(
    variant: str, seed: int
) -> tuple[ElementState, list[Step[Action]], list[ElementState]]:
    rng = np.random.default_rng(seed)
    state = GAME.initial_state(PLAYERS, VARIANTS[variant].to_json(), rng)
    start, steps, states = state, [], [state]
    for index in range(MAX_ACTIONS):
        if GAME.outcome(state) is not None:
            break
        player = state.player
        action = GAME.random_action(state, player, rng)
        assert action is not None, "a position without a legal action before the end"
        assert not GAME.check(state, player, action), action
        action = GAME.resolve_chance(state, player, action, chance_rng(seed, index))
        state = GAME.apply(state, player, action)
        assert_legal_state(state)
        steps.append(Step(player, action))
        states.append(state)
    del start
    return state, steps, states


VARIANT = st.sampled_from(sorted(VARIANTS))
SEED = st.integers(0, 2**32 - 1)


@settings(max_examples=6, deadline=None)
@given(VARIANT, SEED)
def test_random_legal_games_stay_legal_and_replay_exactly(variant: str, seed: int) -> None:
    final, steps, states = random_game(variant, seed)
    replayed = replay(GAME, states[0], steps)
    assert replayed[-1] == final and replayed == states


ANY_ACTION = st.one_of(
    st.builds(Draw, st.integers(-2, 7)),
    st.builds(Move, st.sampled_from(list(Direction)) | st.none(), st.integers(-5, 130) | st.none()),
    st.builds(Ride, st.sampled_from(list(Direction)) | st.none(), st.integers(-5, 130) | st.none()),
    st.builds(
        Place,
        st.sampled_from(list(Stone)),
        st.integers(-5, 130),
        st.sampled_from(list(Direction)) | st.none(),
        st.lists(st.sampled_from(list(Direction)), max_size=6).map(tuple) | st.none(),
    ),
    st.just(Confirm()),
    st.builds(Concede, st.sampled_from(["resign", "time"])),
)


@settings(max_examples=150, deadline=None)
@given(SEED, st.lists(ANY_ACTION, min_size=1, max_size=8))
def test_check_never_raises_on_any_action(seed: int, actions: list[Action]) -> None:
    """Bad input never crashes: `check` answers for anything, and applying what it accepts
    keeps the position legal."""
    rng = np.random.default_rng(seed)
    state = GAME.initial_state(PLAYERS, VARIANTS["summary"].to_json(), rng)
    state = GAME.apply(state, "Ash", GAME.resolve_chance(state, "Ash", Draw(2), rng))
    for action in actions:
        for player in ("Ash", "Birch", "nobody"):
            problems = GAME.check(state, player, action)
            assert all(p.message for p in problems)
        if not GAME.check(state, state.player, action):
            action = GAME.resolve_chance(state, state.player, action, rng)
            state = GAME.apply(state, state.player, action)
            assert_legal_state(state)


@settings(max_examples=200, deadline=None)
@given(
    st.text(max_size=40)
    | st.lists(
        st.sampled_from(
            [
                "take",
                "2",
                "FW",
                "F",
                "B3",
                "W",
                "C2",
                "river",
                "L",
                "path",
                "DRD",
                "ride",
                "UR",
                "confirm",
                "x",
                "E",
                "move",
                "A",
                "K12",
                "/take",
                "resign",
                ",",
            ]
        ),
        max_size=10,
    ).map(" ".join)
)
def test_notation_never_raises(text: str) -> None:  # fmt: skip
    parsed = GAME.parse_actions(text)
    assert parsed.ok or all(e.message for e in parsed.errors)
