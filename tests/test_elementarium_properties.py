"""Property tests: random legal Elementarium games never crash, never put two units on one
field nor a unit on an obstacle; a turn's result is the same whichever player's orders come
in first, however the orders were listed, and mirrored when the board and players are
mirrored; replay equals the played state; every game ends within `max_turns` turns (200 in
the shipped rules; a draw after that). Sized to stay quick. What every duel game keeps (JSON
and notation round trips, fuzzed input, sealed orders kept out of other views) is in
tests/test_duel_contract.py."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events.duel import Step, replay
from events.elementarium import rules
from events.elementarium.orders import Move, Orders, parse_orders
from events.elementarium.setup import Board, Cell
from events.elementarium.state import State
from tests.support.elementarium_kit import GAME

PLAYERS = ("Ash", "Birch")


def start(max_turns: int = 200) -> State:
    options = GAME.options("standard", {}).value
    assert options is not None
    options = {**options, "rules": {**options["rules"], "max_turns": max_turns}}
    return GAME.initial_state(PLAYERS, options, np.random.default_rng(0))


def assert_legal(state: State) -> None:
    fields = [c for c, _, _ in state.units]
    assert len(fields) == len(set(fields)), "two units on one field"
    assert not set(fields) & state.setup.board.obstacles, "a unit on an obstacle"
    b = state.setup.board
    for col, row in fields:
        assert 0 <= col < b.width and 0 <= row < b.height
    for owner, source in enumerate(state.sources):
        assert rules.zone(state.setup, source, owner) == "allied"


def play(seed: int, turns: int, max_turns: int = 200) -> tuple[State, list[Step[Orders]]]:
    rng = np.random.default_rng(seed)
    state = start(max_turns)
    steps: list[Step[Orders]] = []
    for _ in range(turns):
        if GAME.outcome(state) is not None:
            break
        for player in GAME.to_act(state):
            action = GAME.random_action(state, player, rng)
            assert action is not None
            assert not GAME.check(state, player, action)
            state = GAME.apply(state, player, action)
            steps.append(Step(player, action))
            assert_legal(state)
    return state, steps


@pytest.mark.slow
@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_games_stay_legal_and_replay(seed: int) -> None:
    """Random legal games never crash nor reach an illegal state; replay equals the state."""
    state, steps = play(seed, 40)
    assert replay(GAME, start(), steps)[-1] == state


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_every_game_ends_within_max_turns(seed: int) -> None:
    """The bound: a duel ends (win or draw) by turn `max_turns` at the latest."""
    state, _ = play(seed, 1000, max_turns=30)
    assert state.outcome is not None and state.turn <= 31


def mirror_cell(cell: Cell, height: int) -> Cell:
    return (cell[0], height - 1 - cell[1])


def mirror(state: State) -> State:
    """The same position with the players' roles exchanged (board turned upside down)."""
    h = state.setup.board.height
    b = state.setup.board
    board = Board(
        b.width,
        b.height,
        frozenset(mirror_cell(c, h) for c in b.obstacles),
        b.units,
        (mirror_cell(b.sources[1], h), mirror_cell(b.sources[0], h)),
    )
    return replace(
        state,
        setup=replace(state.setup, board=board),
        units=tuple(sorted((mirror_cell(c, h), 1 - o, k) for c, o, k in state.units)),
        sources=(mirror_cell(state.sources[1], h), mirror_cell(state.sources[0], h)),
    )


def mirror_orders(orders: Orders, height: int) -> Orders:
    return Orders.of(
        [Move(mirror_cell(m.src, height), mirror_cell(m.dst, height)) for m in orders.moves]
    )


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 25), st.randoms(use_true_random=False))
def test_order_never_decides(seed: int, turns: int, shuffle: object) -> None:
    """Results must not depend on listing or storage order: the orders listed in any order,
    either player's orders first, and the whole position mirrored with the players' roles
    exchanged all give the same (mirrored) result."""
    state, _ = play(seed, turns)
    if state.outcome is not None:
        return
    rng = np.random.default_rng(seed + 1)
    a = GAME.random_action(state, "Ash", rng)
    b = GAME.random_action(state, "Birch", rng)
    assert a is not None and b is not None
    first = GAME.apply(GAME.apply(state, "Ash", a), "Birch", b)
    second = GAME.apply(GAME.apply(state, "Birch", b), "Ash", a)
    assert first == second
    words = [str(m) for m in a.moves]
    shuffle.shuffle(words)  # type: ignore[attr-defined]
    listed = parse_orders(", ".join(words) or "hold").value
    assert listed == (a,)
    h = state.setup.board.height
    m = mirror(state)
    flipped = rules.resolve(m, (mirror_orders(b, h), mirror_orders(a, h)))
    assert flipped.units == mirror(first).units and flipped.sources == mirror(first).sources


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 20))
def test_every_listed_legal_action_is_legal(seed: int, turns: int) -> None:
    """What the search bot chooses from is legal (holding, single moves, combined orders)."""
    state, _ = play(seed, turns)
    for player in GAME.to_act(state):
        listed = GAME.legal_actions(state, player)
        assert listed[0] == Orders(())
        for action in listed:
            assert not GAME.check(state, player, action), GAME.format_action(action)
