"""How long a practice bot's turns take: each level of the search bot against itself, the time
cap lifted, so every turn spends its whole playout budget. Prints each level's mean, 95th
percentile and longest turn in CPU seconds (and the longest by the wall clock), next to its
cap, and how many choices a turn asked: the figures the levels' budgets are calibrated by
(the longest turn well inside the cap). Run: `python benchmarks/bot_turns.py GAME [--turns T]
[--games G] [--level L]`."""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

import numpy as np

from festival.duels.games import duel_game
from festival.duels.levels import Budget, Level, level_budget
from festival.duels.search import MctsBot


def turn_times(name: str, level: Level, turns: int, games: int) -> tuple[list[float], list[int]]:
    """The CPU seconds and the choices of every turn of `games` games of `turns` turns."""
    game: Any = duel_game(name)
    options = game.options(game.default_variant, {}).value
    budget = level_budget(game, level)
    budget = Budget(budget.playouts, 1e9, budget.depth, budget.max_children, budget.turn_choices)
    seconds: list[float] = []
    choices: list[int] = []
    for seed in range(games):
        rng = np.random.default_rng(seed)
        seats = ("North", "South")
        state = game.initial_state(seats, options, rng)
        bots = {p: MctsBot.with_budget(game, 2 * seed + k, budget) for k, p in enumerate(seats)}
        while game.outcome(state) is None and game.turn_number(state) <= turns:
            player = game.to_act(state)[0]
            bot, started, searches = bots[player], time.process_time(), bots[player].counts.searches
            while game.outcome(state) is None and game.to_act(state)[:1] == (player,):
                action = bot.choose(game.known_to(state, player), player)
                state = game.apply(state, player, game.resolve_chance(state, player, action, rng))
                if game.simultaneous:
                    break
            seconds.append(time.process_time() - started)
            choices.append(bot.counts.searches - searches)
    return seconds, choices


def main(
    name: str, turns: int = 12, games: int = 2, levels: tuple[Level, ...] = tuple(Level)
) -> None:
    print(
        f"bot turns, {name}: {games} games of {turns} turns a level, load {os.getloadavg()[0]:.2f}"
    )
    for level in levels:
        seconds, choices = turn_times(name, level, turns, games)
        playouts = level_budget(duel_game(name), level).playouts
        print(
            f"{level.value:6} {playouts} playouts a turn, cap {level.seconds:g} s: "
            f"{len(seconds)} turns, mean {np.mean(seconds):.3f} s, "
            f"95% {np.percentile(seconds, 95):.3f} s, longest {max(seconds):.3f} s CPU; "
            f"choices a turn {np.mean(choices):.1f} (at most {max(choices)})"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--level", choices=[level.value for level in Level])
    args = parser.parse_args()
    chosen = (Level(args.level),) if args.level else tuple(Level)
    main(args.game, args.turns, args.games, chosen)
