"""Tune a duel game's evaluation by self-play: search bots of one level, one judging with
candidate weights and one with the weights in use (the game's `events/<game>/judge.py`),
play GAMES duels, seats swapped on each seed, cut at TURNS turns and then scored by the
referee's evaluation (the weights in use, or those `--against` names). Prints the candidate's
share of the points (a draw counts half) with its 95% Wilson interval: a candidate replaces
the weights in use only if the low end is above 50%. Both bots search the level's playouts
with no time cap: a comparison of evaluations at equal playouts, the same on a busy machine
as on an idle one (a cap reached under load would cut one bot's search and make the result
depend on the clock); what an evaluation costs is measured apart (the games' speed
benchmarks print playouts per second).

Run: `python benchmarks/judge_weights.py GAME [--games N] [--turns T] [--level L]
[--workers W] [--scheduler ADDR] [--against current|NAME] [--depth D] [--children C]
NAME=VALUE ...`: a `judge.Weights` field each (e.g. `alchelemental threat=1.0 power=6`);
`--against old` plays the candidate against the judge's `OLD` weights (any upper-case
`Weights` the judge names); `--depth` and `--children` give the candidate another playout
depth or number of actions searched. `--workers 1` (the default) plays in this process, more
on a local Dask cluster of that many workers, `--scheduler ADDR` on that Dask scheduler (as
the lab and `bot_ladder.py` do).

The convention it relies on, for every duel game with a tunable evaluation: the judge module
has a frozen dataclass `Weights` and `WEIGHTS` (the weights in use), and the game instance has
an attribute `weights` that its constructor takes beside its shipped data
(`HalmaGame(board_text, weights)`, `AlchelementalGame(units=..., pit=..., battleground=...,
weights=...)`). The harness takes the registry's game and gives a copy of it other weights, so
a game whose constructor needs its data is served too."""

from __future__ import annotations

import argparse
import copy
import math
import os
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass, replace
from types import ModuleType
from typing import Any

import numpy as np

from events.duel import DuelGame
from festival.duels.games import duel_game
from festival.duels.ladder import wilson
from festival.duels.levels import Level, level_budget
from festival.duels.search import MctsBot
from festival.lab.run import dask_client

SEATS = ("North", "South")
CURRENT = "current"


@dataclass(frozen=True)
class SelfPlay:
    """One duel of the candidate's weights against the base weights."""

    game: str
    candidate: Any
    """the game's judge.Weights"""
    base: Any
    level: Level
    seed: int
    swapped: bool
    """the base weights take the first seat"""
    turns: int
    depth: int | None = None
    children: int | None = None


def weighed(game: DuelGame[Any, Any], weights: Any) -> DuelGame[Any, Any]:
    """A copy of `game` judging with `weights` (the game itself untouched)."""
    out = copy.copy(game)
    vars(out)["weights"] = weights
    return out


def judge_of(game: DuelGame[Any, Any]) -> ModuleType:
    """The judge module whose `Weights` the game uses (a game without `weights` cannot be
    tuned here: SystemExit saying so)."""
    weights = getattr(game, "weights", None)
    if weights is None or not is_dataclass(weights):
        raise SystemExit(f"{game.name} has no tunable weights (no judge.Weights in use)")
    return sys.modules[type(weights).__module__]


def named_weights(judge: ModuleType) -> dict[str, Any]:
    """The weights a judge names (`WEIGHTS` as "current", `OLD` as "old", ...)."""
    kind = judge.Weights
    named = {k.lower(): v for k, v in vars(judge).items() if k.isupper() and isinstance(v, kind)}
    named[CURRENT] = judge.WEIGHTS
    named.pop("weights", None)
    return named


def candidate(base: Any, changes: Mapping[str, str]) -> Any:
    """`base` with the named fields changed (each value read as the field's current type);
    ValueError names an unknown field."""
    names = {f.name for f in fields(base)}
    unknown = set(changes) - names
    if unknown:
        raise ValueError(f"no weight {', '.join(sorted(unknown))}: {', '.join(sorted(names))}")
    return replace(base, **{k: type(getattr(base, k))(v) for k, v in changes.items()})


def play(spec: SelfPlay) -> float:
    """The candidate's score in one duel: 1 a win, 0.5 a draw, 0 a loss."""
    referee = weighed(duel_game(spec.game), spec.base)
    games = (weighed(referee, spec.candidate), referee)
    if spec.swapped:
        games = games[::-1]
    options = referee.options(referee.default_variant, {}).value
    assert options is not None
    rng = np.random.default_rng(spec.seed)
    state = referee.initial_state(SEATS, options, rng)
    budget = replace(level_budget(referee, spec.level), seconds=math.inf)  # no time cap
    tuned = replace(
        budget,
        depth=spec.depth or budget.depth,
        max_children=spec.children or budget.max_children,
    )
    budgets = (budget, tuned) if spec.swapped else (tuned, budget)
    bots = {
        seat: MctsBot.with_budget(g, spec.seed * 4 + k, b)
        for k, (seat, g, b) in enumerate(zip(SEATS, games, budgets, strict=True))
    }
    while referee.outcome(state) is None and referee.turn_number(state) <= spec.turns:
        player = referee.to_act(state)[0]
        action = bots[player].choose(referee.known_to(state, player), player)
        action = referee.resolve_chance(state, player, action, rng)
        state = referee.apply(state, player, action)
    mine = SEATS[1] if spec.swapped else SEATS[0]
    outcome = referee.outcome(state)
    if outcome is not None:
        return 0.5 if outcome.winner is None else float(outcome.won_by(mine))
    value = referee.evaluation(state, mine)
    return 0.5 if value == 0 else float(value > 0)


def self_plays(
    game: str,
    cand: Any,
    base: Any,
    games: int = 40,
    turns: int = 40,
    level: Level = Level.EASY,
    depth: int | None = None,
    children: int | None = None,
) -> list[SelfPlay]:
    """`games` duels: pairs on one seed (1, 1, 2, 2, ...), the candidate's seat swapped."""
    return [
        SelfPlay(game, cand, base, level, 1 + i // 2, i % 2 == 1, turns, depth, children)
        for i in range(games)
    ]


def play_all(specs: Sequence[SelfPlay], workers: int, scheduler: str | None) -> list[float]:
    """The duels' scores, in order: here, or on Dask (a local cluster of `workers`, or the
    scheduler at `scheduler`)."""
    if workers <= 1 and scheduler is None:
        return [play(spec) for spec in specs]
    with dask_client(scheduler, workers) as client:
        futures = client.map(play, list(specs), pure=False)
        scores: list[float] = client.gather(futures)
    return scores


def main(
    game: str,
    cand: Any,
    base: Any,
    games: int = 40,
    turns: int = 40,
    level: Level = Level.EASY,
    workers: int = 1,
    depth: int | None = None,
    children: int | None = None,
    scheduler: str | None = None,
) -> float:
    """Play the duels and print the candidate's share; returns it."""
    started = time.perf_counter()
    specs = self_plays(game, cand, base, games, turns, level, depth, children)
    scores = play_all(specs, workers, scheduler)
    points = sum(scores)
    low, high = wilson(points, games)
    print(
        f"{game} weights {cand} (depth {depth or 'as in use'}, children "
        f"{children or 'as in use'}) against {base}, {level.value}, {games} games of at "
        f"most {turns} turns: {points / games:.0%} ({low:.0%}-{high:.0%}), "
        f"{sum(s == 0.5 for s in scores)} draws, {time.perf_counter() - started:.0f} s, "
        f"load {os.getloadavg()[0]:.1f}"
    )
    return points / games


def cli(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("game", help="a duel game festival hosts (its name or an alias)")
    parser.add_argument("weights", nargs="*", help="NAME=VALUE: a judge.Weights field")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--turns", type=int, default=40)
    parser.add_argument("--level", choices=[level.value for level in Level], default="easy")
    parser.add_argument("--workers", type=int, default=1, help="1: here; more: local Dask")
    parser.add_argument("--scheduler", help="the address of a Dask scheduler to play on")
    parser.add_argument("--against", default=CURRENT, help="current (WEIGHTS), or OLD's old...")
    parser.add_argument("--depth", type=int, help="the candidate's playout depth")
    parser.add_argument("--children", type=int, help="actions the candidate searches")
    args = parser.parse_intermixed_args(argv)
    the_game = duel_game(args.game)
    judge = judge_of(the_game)
    named = named_weights(judge)
    base = named.get(args.against.lower())
    if base is None:
        parser.error(f"--against: {', '.join(sorted(named))}")
    bad = [w for w in args.weights if "=" not in w]
    if bad:
        parser.error(f"NAME=VALUE, not {bad[0]!r}")
    try:
        cand = candidate(judge.WEIGHTS, dict(w.split("=", 1) for w in args.weights))
    except ValueError as exc:
        parser.error(str(exc))
    main(the_game.name, cand, base, args.games, args.turns, Level(args.level), args.workers,
         args.depth, args.children, args.scheduler)  # fmt: skip


if __name__ == "__main__":
    cli()
