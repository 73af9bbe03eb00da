"""How fast the balance lab plays whole festivals:

- in this process: CPU seconds per festival (the figure a shared machine cannot spoil: other
  work's load changes wall time, not the CPU a festival costs), festivals per second, and
  the minutes 10,000 festivals would take on 2 cores at that CPU cost;
- on a local Dask cluster of 2 worker processes once they are warm (the speed-up), and the
  CPU seconds a festival costs there, the workers' and this process's (the client and the
  scheduler) counted: beside the serial figure, what Dask and two processes at once add;
- on a cluster of separate processes, as on several machines (a `dask scheduler` and 2
  `dask worker` processes, festival.lab.cluster): festivals per second per worker.

The load average is printed before and after; each run can be repeated and the best kept.
Every run (the warm-up, each repeat, each cluster) plays festivals of seeds of its own: the
engines keep the outcomes of battles already fought (events/summoners/resolve.py), so playing
the same seeds again would measure that memory, not the lab. A longer run repeats more
battles of its own, so its CPU per festival is a little lower (10,000 festivals: below).
Run: `python benchmarks/lab_speed.py [festivals] [repeats]`."""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from festival.bots.registry import STRONGEST
from festival.lab.cluster import separate_cluster
from festival.lab.game import GameSpec
from festival.lab.job import Job, specs
from festival.lab.run import batch_size, dask_client, run_dask, run_serial
from festival.lab.setup import option_sets

TARGET = 10_000
WORKERS = 2


def best_seconds(run: Callable[[int], object], repeats: int) -> tuple[float, float]:
    """(wall, CPU of this process) seconds of the best of `repeats` runs; run i is handed i
    (its own seeds)."""
    best = (float("inf"), float("inf"))
    for i in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        run(i)
        best = min(best, (time.perf_counter() - wall, time.process_time() - cpu))
    return best


class Seeds:
    """Fresh festivals for every run: the next `games` seeds each time."""

    def __init__(self, games: int) -> None:
        self.games, self.next = games, 1

    def job(self, games: int | None = None) -> list[GameSpec]:
        n = games or self.games
        out = specs(Job("festival", n, STRONGEST, seed=self.next))
        self.next += n
        return out


def all_cpu(client: Any) -> float:
    """CPU seconds so far of this process (the client, and a local cluster's scheduler) and
    of every worker."""
    return time.process_time() + sum(client.run(time.process_time).values())


def load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main(games: int = 40, repeats: int = 1) -> dict[str, float]:
    print(f"lab speed ({os.cpu_count()} cores, load {load()}; mix {', '.join(STRONGEST)}):")
    sets = option_sets([], [], [], [])
    seeds = Seeds(games)
    run_serial(seeds.job(1), sets)  # warm caches and imports

    serial, cpu = best_seconds(lambda _: run_serial(seeds.job(), sets), repeats)
    figures = {
        "festivals": games,
        "CPU s per festival (serial)": cpu / games,
        f"{TARGET} festivals on 2 cores at that CPU cost, minutes": TARGET * cpu / games / 2 / 60,
        "serial festivals/s per core (wall)": games / serial,
    }
    started = time.perf_counter()
    with dask_client(None, WORKERS) as client:
        figures["local cluster start s"] = time.perf_counter() - started
        started = time.perf_counter()
        run_dask(seeds.job(WORKERS), sets, client)  # each worker imports, loads engines
        figures["workers' warm-up s"] = time.perf_counter() - started
        before = all_cpu(client)
        on_dask, _ = best_seconds(lambda _: run_dask(seeds.job(), sets, client), repeats)
        figures["CPU s per festival on 2 local workers (theirs and this process's)"] = (
            all_cpu(client) - before
        ) / (games * repeats)
    figures["festivals per dask task"] = batch_size(games, WORKERS)
    figures["local dask 2 workers festivals/s (warm)"] = games / on_dask
    figures["speed-up on 2 workers (warm)"] = serial / on_dask
    figures[f"{TARGET} festivals on 2 local workers, minutes"] = TARGET / (games / on_dask) / 60
    with tempfile.TemporaryDirectory() as folder, separate_cluster(WORKERS, Path(folder)) as at:
        from distributed import Client

        with Client(at) as client:  # type: ignore[no-untyped-call]
            run_dask(seeds.job(WORKERS), sets, client)
            apart, _ = best_seconds(lambda _: run_dask(seeds.job(), sets, client), repeats)
    figures["separate scheduler + 2 worker processes: festivals/s per worker"] = (
        games / apart / WORKERS
    )
    for name, value in figures.items():
        print(f"  {name}: {value:.3f}")
    print(f"  (best of {repeats}; load after: {load()})")
    return figures


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
