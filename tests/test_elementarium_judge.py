"""Elementarium's evaluation for the search bots (events/elementarium/judge.py): material,
Source threats, spawn chances and nearness, side against side, from what a player may know."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from events.elementarium import ElementariumGame, judge
from events.elementarium.state import State
from festival.duels.bots import MctsBot
from festival.duels.levels import Level, level_budget
from tests.support.elementarium_kit import GAME, hosted, orders, position

FEATURES = judge.Weights(threat=0.3, spawn=0.2)
"""every feature weighted (in use: OLD's material and nearness alone, see the judge)"""


def value(pieces: dict[str, str], weights: judge.Weights = FEATURES) -> float:
    """Ash's value of `pieces` (with the spare pairs)."""
    return judge.evaluation(position(pieces), 0, weights)


# (better for Ash, worse for Ash, why): the same units, one position closer to a win
BETTER = [
    ({"e8": "W"}, {"e5": "W"}, "a unit near the enemy Source"),
    ({"e9": "W", "g9": "W"}, {"b8": "W", "c8": "W"}, "two of a spawn pattern on the Source"),
    ({"e9": "W", "g9": "W", "f7": "W"}, {"e9": "W", "g9": "W", "k7": "W"}, "the third in reach"),
    ({"e9": "W", "g9": "W", "f7": "W"}, {"e9": "W", "g9": "W", "f7": "W", "f8": "e"}, "unguarded"),
    ({"a7": "W", "c7": "W"}, {"a7": "W", "i7": "W"}, "a spawn one unit short"),
    ({"e8": "W", "c3": "A"}, {"e8": "W", "c3": "a"}, "a unit more"),
]


@pytest.mark.parametrize(("better", "worse", "why"), BETTER)
def test_a_position_closer_to_a_win_scores_better(
    better: dict[str, str], worse: dict[str, str], why: str
) -> None:
    assert value(better) > value(worse), why


def test_source_threat_counts_held_and_reachable_pattern_fields() -> None:
    state = position({"e9": "W", "g9": "W", "f7": "W"})  # f8 one move away for f7's W
    at = state.at()
    assert judge.source_threat(state, at, 0, 0.5) == pytest.approx(2.5 / 3)
    assert judge.source_threat(state, at, 1, 0.5) == 0.0
    guarded = position({"e9": "W", "g9": "W", "f7": "W", "f8": "e"})
    assert judge.source_threat(guarded, guarded.at(), 0, 0.5) == pytest.approx(2.5 / 6)


def test_spawn_chances_count_fields_one_unit_short_and_unguarded() -> None:
    # c8 lacks one A (b8, d8 and c9 or c7), and h8 likewise (g8, i8)
    state = position({"b8": "A", "d8": "A", "g8": "A", "i8": "A"})
    assert judge.spawn_chances(state, state.at(), 0) == pytest.approx(2 / judge.CHANCES)
    guarded = position({"b8": "A", "d8": "A", "g8": "A", "i8": "A", "h7": "e"})  # h8 guarded
    assert judge.spawn_chances(guarded, guarded.at(), 0) == pytest.approx(1 / judge.CHANCES)
    far = position({"b8": "A", "d8": "A", "c6": "e"})  # c6 is two fields from c8: out of range
    assert judge.spawn_chances(far, far.at(), 0) == pytest.approx(1 / judge.CHANCES)


def test_old_weights_are_material_and_nearness() -> None:
    # Ash: 2 E spares + W on e8; Birch: 2 e spares. Material (3 - 2) / 5; nearness: Ash's
    # W one row from f9's row, Birch's spares on row 8, seven rows from f1's.
    expected = 0.7 * (1 / 5) + 0.3 * ((1 - 1 / 9) - (1 - 7 / 9))
    assert value({"e8": "W"}, judge.OLD) == pytest.approx(expected)


def _positions(seed: int, turns: int) -> list[State]:
    """The positions of a random game, each with the first side's orders sealed."""
    rng = np.random.default_rng(seed)
    options = GAME.options("standard", {}).value
    assert options is not None
    state = GAME.initial_state(("Ash", "Birch"), options, rng)
    out = []
    while state.outcome is None and state.turn <= turns:
        ash = GAME.random_action(state, "Ash", rng)
        assert ash is not None
        sealed = GAME.apply(state, "Ash", ash)
        out.append(sealed)
        birch = GAME.random_action(sealed, "Birch", rng)
        assert birch is not None
        state = GAME.apply(sealed, "Birch", birch)
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_symmetric_bounded_and_blind_to_sealed_orders(seed: int) -> None:
    for state in _positions(seed, 60):
        ash, birch = judge.evaluation(state, 0, FEATURES), judge.evaluation(state, 1, FEATURES)
        assert -1.0 <= ash <= 1.0 and ash == -birch
        # Birch's view drops Ash's sealed orders: the same value
        assert judge.evaluation(GAME.known_to(state, "Birch"), 1, FEATURES) == birch
        assert GAME.evaluation(state, "Ash") == -GAME.evaluation(state, "Birch")


def test_the_game_keeps_its_weights() -> None:
    assert hosted().weights == judge.WEIGHTS
    other = replace(judge.WEIGHTS, threat=0.9)
    game = hosted(other)
    assert game.weights == other
    state = position({"e9": "W", "g9": "W"})
    assert game.evaluation(state, "Ash") != GAME.evaluation(state, "Ash")


def _bot_game(game: ElementariumGame, seed: int, turns: int) -> list[str]:
    """An easy bot on each side for `turns` turns, each from its player's view: the orders
    (no time cap: the same seed, the same game however busy the machine)."""
    options = game.options("standard", {}).value
    assert options is not None
    state = game.initial_state(("Ash", "Birch"), options, np.random.default_rng(seed))
    budget = replace(level_budget(game, Level.EASY), seconds=1e9)
    bots = {p: MctsBot.with_budget(game, seed + i, budget) for i, p in enumerate(state.players)}
    played = []
    while state.outcome is None and state.turn <= turns:
        for player in GAME.to_act(state):
            action = bots[player].choose(game.known_to(state, player), player)
            assert not game.check(state, player, action)
            played.append(game.format_action(action))
            state = game.apply(state, player, action)
    return played


@pytest.mark.parametrize("weights", [judge.WEIGHTS, FEATURES])
def test_bots_judging_so_play_legal_orders_and_the_same_seed_the_same_game(
    weights: judge.Weights,
) -> None:
    first = _bot_game(hosted(weights), 4, 4)
    assert len(first) == 8 and first == _bot_game(hosted(weights), 4, 4)
    assert orders(first[0]) is not None
