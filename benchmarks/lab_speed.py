"""How fast the balance lab plays whole festivals: in this process (festivals per second per
core) and on a local Dask cluster of 2 worker processes once they are warm (the speed-up),
with the time 10,000 festivals would take at that rate. The machine's load average is
printed too: on a shared machine the figures are only as good as the cores left free.
Run: `python benchmarks/lab_speed.py [festivals]`."""

from __future__ import annotations

import os
import sys
import time

from festival.bots.registry import STRONGEST
from festival.lab.job import Job, specs
from festival.lab.run import dask_client, run_dask, run_serial
from festival.lab.setup import option_sets

TARGET = 10_000


def main(games: int = 40) -> dict[str, float]:
    sets = option_sets([], [], [], [])
    job = specs(Job("festival", games, STRONGEST, seed=1))
    run_serial(job[:1], sets)  # warm caches and imports

    started = time.perf_counter()
    run_serial(job, sets)
    serial = time.perf_counter() - started
    per_core = games / serial

    started = time.perf_counter()
    with dask_client(None, 2) as client:
        up = time.perf_counter() - started
        started = time.perf_counter()
        run_dask(job[:2], sets, client)  # each worker imports, loads engines, fills caches
        warm_up = time.perf_counter() - started
        started = time.perf_counter()
        run_dask(job, sets, client)
        on_dask = time.perf_counter() - started
    rate = games / on_dask
    figures = {
        "festivals": games,
        "serial festivals/s per core": per_core,
        "cluster start s": up,
        "workers' warm-up s": warm_up,
        "dask 2 workers festivals/s (warm)": rate,
        "speed-up on 2 workers (warm)": serial / on_dask,
        f"{TARGET} festivals on 2 workers, minutes": TARGET / rate / 60,
    }
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"lab speed ({os.cpu_count()} cores, load {load}; mix {', '.join(STRONGEST)}):")
    for name, value in figures.items():
        print(f"  {name}: {value:.2f}")
    return figures


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
