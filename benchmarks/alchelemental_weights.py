"""Tune Alchelemental's evaluation by self-play: search bots of one level, one judging with
candidate weights and one with the weights in use (events/alchelemental/judge.py), play
GAMES duels, seats swapped on each seed, cut at TURNS turns and then scored by the referee's
evaluation (the weights in use). Prints the candidate's share of the points (a draw counts
half) with its 95% Wilson interval: a candidate replaces the weights in use only if the low
end is above 50%. Run: `python benchmarks/alchelemental_weights.py [--games N] [--turns T]
[--level L] [--workers W] [--against old|current] [--depth D] [--children C] NAME=VALUE ...`
(a `judge.Weights` field each, e.g. `threat=1.0 power=6`; `--depth` and `--children` give the
candidate another playout depth or number of actions searched, the weights unchanged)."""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import fields, replace

import numpy as np

from events.alchelemental import AlchelementalGame, judge
from festival.duels.ladder import wilson
from festival.duels.levels import Level, level_budget
from festival.duels.search import MctsBot

SEATS = ("North", "South")


def play(candidate: judge.Weights, base: judge.Weights, level: Level, seed: int, swapped: bool,
         turns: int, depth: int | None = None, children: int | None = None) -> float:  # fmt: skip
    """The candidate's score in one duel: 1 a win, 0.5 a draw, 0 a loss."""
    referee = AlchelementalGame(base)
    games = (AlchelementalGame(candidate), AlchelementalGame(base))
    if swapped:
        games = games[::-1]
    rng = np.random.default_rng(seed)
    state = referee.initial_state(SEATS, referee.variants()["pit"], rng)
    budget = level_budget(referee, level)
    tuned = replace(
        budget, depth=depth or budget.depth, max_children=children or budget.max_children
    )
    budgets = (budget, tuned) if swapped else (tuned, budget)
    bots = {
        seat: MctsBot.with_budget(g, seed * 4 + k, b)
        for k, (seat, g, b) in enumerate(zip(SEATS, games, budgets, strict=True))
    }
    while referee.outcome(state) is None and referee.turn_number(state) <= turns:
        player = referee.to_act(state)[0]
        state = referee.apply(state, player, bots[player].choose(state, player))
    mine = SEATS[1] if swapped else SEATS[0]
    outcome = referee.outcome(state)
    if outcome is not None:
        return 0.5 if outcome.winner is None else float(outcome.won_by(mine))
    value = referee.evaluation(state, mine)
    return 0.5 if value == 0 else float(value > 0)


def main(candidate: judge.Weights, base: judge.Weights, games: int = 40, turns: int = 40,
         level: Level = Level.EASY, workers: int = 1, depth: int | None = None,
         children: int | None = None) -> float:  # fmt: skip
    started = time.perf_counter()
    jobs = [(candidate, base, level, 1 + i // 2, i % 2 == 1, turns, depth, children)
            for i in range(games)]  # fmt: skip
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            scores = list(pool.map(play, *zip(*jobs, strict=True)))
    else:
        scores = [play(*job) for job in jobs]
    points = sum(scores)
    low, high = wilson(points, games)
    print(
        f"alchelemental weights {candidate} (depth {depth or 'as in use'}, children "
        f"{children or 'as in use'}) against {base}, {level.value}, {games} games of at "
        f"most {turns} turns: {points / games:.0%} ({low:.0%}-{high:.0%}), "
        f"{sum(s == 0.5 for s in scores)} draws, {time.perf_counter() - started:.0f} s, "
        f"load {os.getloadavg()[0]:.1f}"
    )
    return points / games


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("weights", nargs="*", help="NAME=VALUE: a judge.Weights field")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--turns", type=int, default=40)
    parser.add_argument("--level", choices=[level.value for level in Level], default="easy")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--against", choices=("old", "current"), default="current")
    parser.add_argument("--depth", type=int, help="the candidate's playout depth")
    parser.add_argument("--children", type=int, help="actions the candidate searches")
    args = parser.parse_args()
    names = {f.name for f in fields(judge.Weights)}
    changes = dict(w.split("=", 1) for w in args.weights)
    unknown = set(changes) - names
    if unknown:
        parser.error(f"no weight {', '.join(sorted(unknown))}: {', '.join(sorted(names))}")
    base = judge.OLD if args.against == "old" else judge.WEIGHTS
    cand = replace(judge.WEIGHTS, **{k: float(v) for k, v in changes.items()})
    main(cand, base, args.games, args.turns, Level(args.level), args.workers, args.depth,
         args.children)  # fmt: skip
