"""How fast the balance lab plays whole festivals: in this process (festivals per second per
core) and on a local Dask cluster of 2 worker processes once they are warm (the speed-up),
with the time 10,000 festivals would take at that rate. The machine's load average is
printed too, before and after: on a shared machine the figures are only as good as the cores
left free, so each run can be repeated and the best kept.
Run: `python benchmarks/lab_speed.py [festivals] [repeats]`."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable

from festival.bots.registry import STRONGEST
from festival.lab.job import Job, specs
from festival.lab.run import batch_size, dask_client, run_dask, run_serial
from festival.lab.setup import option_sets

TARGET = 10_000
WORKERS = 2


def best_seconds(run: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return min(times)


def load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main(games: int = 40, repeats: int = 1) -> dict[str, float]:
    print(f"lab speed ({os.cpu_count()} cores, load {load()}; mix {', '.join(STRONGEST)}):")
    sets = option_sets([], [], [], [])
    job = specs(Job("festival", games, STRONGEST, seed=1))
    run_serial(job[:1], sets)  # warm caches and imports

    serial = best_seconds(lambda: run_serial(job, sets), repeats)
    per_core = games / serial

    started = time.perf_counter()
    with dask_client(None, WORKERS) as client:
        up = time.perf_counter() - started
        started = time.perf_counter()
        run_dask(job[:WORKERS], sets, client)  # each worker imports, loads engines, fills caches
        warm_up = time.perf_counter() - started
        on_dask = best_seconds(lambda: run_dask(job, sets, client), repeats)
    rate = games / on_dask
    figures = {
        "festivals": games,
        "serial festivals/s per core": per_core,
        "serial ms per festival per core": 1000 * serial / games,
        "cluster start s": up,
        "workers' warm-up s": warm_up,
        "festivals per dask task": batch_size(games, WORKERS),
        "dask 2 workers festivals/s (warm)": rate,
        "speed-up on 2 workers (warm)": serial / on_dask,
        f"{TARGET} festivals on 2 workers, minutes": TARGET / rate / 60,
    }
    for name, value in figures.items():
        print(f"  {name}: {value:.2f}")
    print(f"  (best of {repeats}; load after: {load()})")
    return figures


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
