"""Element's evaluation (events/element/judge.py): mobility and room, side against side."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events.element import ElementGame, judge
from events.element.board import N_SQUARES, Board, Stone
from events.element.position import parse_position
from festival.duels.levels import Level, level_budget
from festival.duels.search import MctsBot

RNG = np.random.default_rng(0)
ROOMY = judge.Weights(mobility=1.0, room=1.0, horizon=3)

OPEN = """
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . 1 . . . . .
. . . . . . . . . . .
. . . . . 2 . . . . .
"""
WALLED_IN = """
1 . F . . . . . . . .
. . F . . . . . . . .
F F F . . . . . . . .
. . . . . . . . . . .
. . . . . . . . 2 . .
"""
"""the first sage free to step but walled into 8 squares"""
TRAPPED = """
1 F . . . . . . . . .
W W . . . . . . . . .
. . . . . . . . 2 . .
"""
CORNERED_BY_RANGE = """
1 E2 . . . . . . . . .
E . . . . . . . . . .
. . . . . . . . 2 . .
"""
"""the one open square (B2) lies diagonally through a mountain range: no step, no room"""


@pytest.mark.parametrize(
    ("text", "weights", "first_is"),
    [
        (OPEN, ROOMY, "even"),
        (WALLED_IN, ROOMY, "worse"),
        (WALLED_IN, judge.Weights(mobility=0.0, room=1.0), "worse"),
        (TRAPPED, ROOMY, "worse"),
        (TRAPPED, judge.OLD, "worse"),
        (CORNERED_BY_RANGE, ROOMY, "worse"),
        (CORNERED_BY_RANGE, judge.WEIGHTS, "worse"),
    ],
)
def test_a_sage_walled_in_scores_worse(text: str, weights: judge.Weights, first_is: str) -> None:
    board, sages = parse_position(text)
    first = judge.evaluation(board, sages, 0, weights)
    second = judge.evaluation(board, sages, 1, weights)
    assert first == -second
    assert -1.0 <= first <= 1.0
    assert (first < 0) if first_is == "worse" else (first == 0)


@pytest.mark.parametrize(
    ("text", "horizon", "room"),
    [
        (OPEN, 1, 8),
        (OPEN, 2, 23),
        (WALLED_IN, 3, 3),
        (WALLED_IN, 8, 3),
        (TRAPPED, 5, 0),
        (CORNERED_BY_RANGE, 4, 0),
    ],
)
def test_room_counts_the_squares_within_reach(text: str, horizon: int, room: int) -> None:
    board, sages = parse_position(text)
    assert judge.room(board, sages, 0, horizon) == room


def test_walled_in_room_does_not_grow_with_the_horizon_and_open_room_is_capped() -> None:
    board, sages = parse_position(OPEN)
    assert judge.room(board, sages, 0, 10) == judge.ROOM_CAP


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 4), min_size=N_SQUARES, max_size=N_SQUARES),
    st.integers(0, N_SQUARES - 1),
    st.integers(0, N_SQUARES - 1),
    st.floats(0, 2),
    st.floats(0, 2),
    st.integers(1, 6),
)
def test_the_evaluation_is_symmetric_and_bounded(
    cells: list[int], a: int, b: int, mobility: float, room: float, horizon: int
) -> None:
    if a == b:
        b = (a + 1) % N_SQUARES
    stone = [0 if i in (a, b) else c for i, c in enumerate(cells)]
    height = [1 if s else 0 for s in stone]
    stack = [i + 1 if s == Stone.AIR else 0 for i, s in enumerate(stone)]
    board = Board(tuple(stone), tuple(height), tuple(stack), N_SQUARES + 1)
    weights = judge.Weights(mobility, room, horizon)
    mine = judge.evaluation(board, (a, b), 0, weights)
    assert mine == -judge.evaluation(board, (a, b), 1, weights)
    assert -1.0 <= mine <= 1.0


def _bot_game(weights: judge.Weights, seed: int, turns: int) -> list[object]:
    """The actions two easy search bots judging with `weights` play in `turns` turns, each
    checked legal before it is applied (no time cap: the playouts alone decide)."""
    game = ElementGame(weights)
    rng = np.random.default_rng(seed)
    state = game.initial_state(("A", "B"), game.variants()[game.default_variant], rng)
    budget = replace(level_budget(game, Level.EASY), seconds=1e9)
    bots = {p: MctsBot.with_budget(game, seed + k, budget) for k, p in enumerate(("A", "B"))}
    played: list[object] = []
    while game.outcome(state) is None and game.turn_number(state) <= turns:
        player = game.to_act(state)[0]
        action = bots[player].choose(game.known_to(state, player), player)
        action = game.resolve_chance(state, player, action, rng)
        assert not game.check(state, player, action)
        state = game.apply(state, player, action)
        played.append(action)
    return played


@pytest.mark.parametrize("weights", [judge.WEIGHTS, ROOMY])
def test_bots_judging_with_room_play_legal_and_repeatable_games(weights: judge.Weights) -> None:
    first = _bot_game(weights, seed=3, turns=4)
    assert first and first == _bot_game(weights, seed=3, turns=4)


def test_the_game_judges_with_its_weights() -> None:
    board, sages = parse_position(WALLED_IN)
    game = ElementGame(ROOMY)
    start = game.initial_state(("A", "B"), game.variants()[game.default_variant], RNG)
    state = replace(start, board=board, sages=sages)
    assert game.evaluation(state, "A") == judge.evaluation(board, sages, 0, ROOMY)
    assert ElementGame().evaluation(state, "A") == judge.evaluation(board, sages, 0, judge.WEIGHTS)


@pytest.mark.parametrize(
    ("squares", "target", "order"),
    [
        ([0, 60, 61, 120], 60, [1, 2, 0, 3]),  # A1 and K11 are far from F6
        ([61, 61, 61, 50], 60, [0, 3, 1, 2]),  # a square's second river after the others' first
        ([5, 4, 3], 0, [2, 1, 0]),  # nearest first
        ([4, 4], 0, [0, 1]),  # ties keep the given order
    ],
)
def test_placements_nearest_the_other_sage_come_first(
    squares: list[int], target: int, order: list[int]
) -> None:
    assert judge.placement_order(squares, target) == order


def test_the_search_considers_every_step_and_the_placements_nearest_the_other_sage() -> None:
    """A position of hundreds of placements: the bot's few are all legal, every step, ride
    and confirm among them, and no placement left out nearer the other sage than one kept."""
    from events.element.actions import Place
    from events.element.board import col_row

    game = ElementGame()
    rng = np.random.default_rng(5)
    state = game.initial_state(("A", "B"), game.variants()[game.default_variant], rng)
    seen = 0
    for _ in range(300):
        if game.outcome(state) is not None:
            break
        player = game.to_act(state)[0]
        legal = list(game.legal_actions(state, player))
        offered = list(game.search_actions(state, player))
        assert len(offered) <= judge.SEARCH_ACTIONS and all(a in legal for a in offered)
        if len(legal) > judge.SEARCH_ACTIONS:
            seen += 1
            assert [a for a in legal if not isinstance(a, Place)] == [
                a for a in offered if not isinstance(a, Place)
            ]
            target = state.sages[1 - state.to_move]

            def far(a: Place, target: int = target) -> int:
                (c, r), (tc, tr) = col_row(a.at), col_row(target)
                return max(abs(c - tc), abs(r - tr))

            kept = {a.at for a in offered if isinstance(a, Place)}
            left = [a for a in legal if isinstance(a, Place) and a.at not in kept]
            if left:
                assert max(far(a) for a in offered if isinstance(a, Place)) <= min(map(far, left))
        action = game.random_action(state, player, rng)
        assert action is not None
        state = game.apply(state, player, game.resolve_chance(state, player, action, rng))
    assert seen > 10
