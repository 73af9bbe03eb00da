"""Random full Elementarium games per second on one core (both players' random orders each
turn, every order checked as the host checks it, until the duel ends: within `max_turns`,
200), the search bots' playouts per CPU second judging with the weights in use and with the
Source threats and spawn chances weighted (events/elementarium/judge.py: WEIGHTS, FEATURES),
and how the search bot fares against random orders.
Run: `python benchmarks/elementarium_speed.py [SECONDS]`."""

from __future__ import annotations

import sys
import time
from dataclasses import replace

import numpy as np

from events.elementarium import judge
from festival.core import registry
from festival.duels.bots import MctsBot
from festival.duels.games import hosted_game
from festival.duels.levels import Level, level_budget

SECONDS = 2.0
FEATURES = replace(judge.WEIGHTS, threat=0.2, spawn=0.2)
"""every feature of the judge weighted: what the Source threats and spawn chances cost"""


def random_games(seconds: float) -> tuple[float, float, int]:
    """(games/s, turns/s, games) of random games for `seconds`."""
    game = hosted_game(registry.duel("elementarium"))
    options = game.options("standard", {}).value
    assert options is not None
    rng = np.random.default_rng(2026)
    games = turns = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.initial_state(("A", "B"), options, rng)
        while state.outcome is None:
            for player in game.to_act(state):
                action = game.random_action(state, player, rng)
                assert action is not None and not game.check(state, player, action)
                state = game.apply(state, player, action)
        games += 1
        turns += state.turn - 1
    elapsed = time.perf_counter() - start
    return games / elapsed, turns / elapsed, games


def playouts_per_second(weights: judge.Weights, turns: int, level: Level = Level.MEDIUM) -> float:
    """Playouts per CPU second of two search bots of `level` judging with `weights`, each
    ordering from its own view, for `turns` turns from the start (seed 1)."""
    game = hosted_game(registry.duel("elementarium"), weights=weights)
    options = game.options("standard", {}).value
    assert options is not None
    state = game.initial_state(("A", "B"), options, np.random.default_rng(1))
    budget = level_budget(game, level)
    bots = {p: MctsBot.with_budget(game, 7 + i, budget) for i, p in enumerate(("A", "B"))}
    start = time.process_time()
    while state.outcome is None and state.turn <= turns:
        for player in game.to_act(state):
            state = game.apply(
                state, player, bots[player].choose(game.known_to(state, player), player)
            )
    elapsed = max(time.process_time() - start, 1e-9)
    return sum(bot.counts.playouts for bot in bots.values()) / elapsed


def search_against_random(games: int, iterations: int) -> tuple[int, int, int]:
    """(search wins, draws, random wins), the search bot playing A in every game."""
    game = hosted_game(registry.duel("elementarium"))
    options = game.options("standard", {}).value
    assert options is not None
    tally = [0, 0, 0]
    for n in range(games):
        rng = np.random.default_rng(n)
        bot = MctsBot(game, seed=n, iterations=iterations, depth=6, max_children=30)
        state = game.initial_state(("A", "B"), options, rng)
        while state.outcome is None:
            for player in game.to_act(state):
                if player == "A":
                    action = bot.choose(game.known_to(state, "A"), "A")
                else:
                    action = game.random_action(state, player, rng)
                state = game.apply(state, player, action)
        winner = state.outcome.winner
        tally[0 if winner == "A" else 2 if winner == "B" else 1] += 1
    return tally[0], tally[1], tally[2]


def main(
    seconds: float = SECONDS, bot_games: int = 0, bot_turns: int = 12, level: Level = Level.MEDIUM
) -> None:
    per_s, turns_s, games = random_games(seconds)
    print(f"elementarium random: {per_s:6.2f} games/s, {turns_s:7.0f} turns/s ({games} games)")
    for name, weights in (("current", judge.WEIGHTS), ("threat+spawn", FEATURES)):
        rate = playouts_per_second(weights, bot_turns)
        print(
            f"elementarium medium bots, {name} weights: {rate:5.0f} playouts/s ({bot_turns} turns)"
        )
    if bot_games:
        won, drawn, lost = search_against_random(bot_games, 60)
        print(f"elementarium mcts (60 iterations/turn) vs random: {won}-{drawn}-{lost} (w-d-l)")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else SECONDS, bot_games=4)
