"""The practice bots' strength ladder in one duel game: easy, medium and hard each against
the random player, and each level against the one below, seats alternated, GAMES games per
pairing (40 by default), with win rates and their 95% (Wilson) intervals, the mean game
length, the playouts per second and the longest turn. The machine's load average is printed
before and after (on a shared machine the time figures are only as good as the cores free).
Run: `python benchmarks/bot_ladder.py GAME [--games N] [--max-turns T] [--seed S]
[--workers W] [--scheduler ADDR] [--minutes M] [--pairings P]`: the games on a local Dask
cluster of W
workers, or on the scheduler at ADDR (`--workers 0`: in this process); `--minutes M` stops
after M minutes with the games finished (they go in rounds of every pairing); `--pairings
medium-easy,hard-medium` plays only those."""

from __future__ import annotations

import argparse
import math
import os
import sys
import time

from festival.duels.ladder import (
    MAX_TURNS,
    PAIRINGS,
    LadderGame,
    LadderResult,
    ladder_games,
    markdown_table,
    pairing_rows,
    parse_pairings,
    play_ladder_game,
)
from festival.lab.run import dask_client


def load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def play_all(
    specs: list[LadderGame], workers: int, scheduler: str | None, minutes: float | None
) -> list[LadderResult]:
    """The games' results; with `minutes`, those finished by then (the rest cancelled)."""
    stop = time.perf_counter() + 60 * minutes if minutes else math.inf
    out: list[LadderResult] = []
    if workers == 0 and scheduler is None:
        for spec in specs:
            if time.perf_counter() > stop:
                break
            out.append(done(play_ladder_game(spec), len(out), len(specs)))
        return out
    from distributed import as_completed

    with dask_client(scheduler, workers or None) as client:
        futures = client.map(play_ladder_game, specs, pure=False)
        # no limit is None: Dask reads a timeout as a duration and refuses an infinite one
        left = None if not minutes else max(1.0, stop - time.perf_counter())
        try:
            for future in as_completed(futures, timeout=left):  # type: ignore[no-untyped-call]
                out.append(done(future.result(), len(out), len(specs)))
        except TimeoutError:
            print(f"stopped after {minutes} minutes", file=sys.stderr)
        client.cancel(futures)
    return out


def done(result: LadderResult, k: int, total: int) -> LadderResult:
    """The result, its line written to standard error as it comes (a long ladder's progress)."""
    spec = result.spec
    print(
        f"{k + 1}/{total} {spec.pairing[0]} vs {spec.pairing[1]} seed {spec.seed}"
        f"{' swapped' if spec.swapped else ''}: {result.score} in {result.turns} turns",
        file=sys.stderr,
        flush=True,
    )
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=40, help="games per pairing (40)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--max-turns", type=int, default=MAX_TURNS, help=f"then scored by evaluation ({MAX_TURNS})"
    )
    parser.add_argument("--workers", type=int, default=2, help="local Dask workers (2; 0: none)")
    parser.add_argument("--scheduler", help="the address of a Dask scheduler to play on")
    parser.add_argument(
        "--minutes", type=float, help="stop then, with the games finished (rounds of pairings)"
    )
    parser.add_argument("--pairings", help="only these, e.g. medium-easy,hard-random")
    args = parser.parse_args()
    pairings = parse_pairings(args.pairings) if args.pairings else PAIRINGS
    if pairings is None:
        parser.error(f"--pairings: {', '.join(f'{a}-{b}' for a, b in PAIRINGS)}")
    print(f"bot ladder, {args.game}: {args.games} games a pairing, at most {args.max_turns} "
          f"turns ({os.cpu_count()} cores, load {load()})")  # fmt: skip
    started = time.perf_counter()
    specs = ladder_games(args.game, args.games, args.seed, args.max_turns, pairings)
    results = play_all(specs, args.workers, args.scheduler, args.minutes)
    for line in markdown_table(pairing_rows(results)):
        print(line)
    print(f"{time.perf_counter() - started:.0f} s, load {load()}")


if __name__ == "__main__":
    main()
