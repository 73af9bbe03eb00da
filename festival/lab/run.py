"""Play a job's games: serially in this process, or on a Dask cluster (a local one on this
machine's cores by default, or the scheduler at an address).

Dask does the scheduling, the retries and the rerun of a lost worker's tasks; each task is
a batch of consecutive games named by its first game's key, and each game by its own key, so
a game that runs twice (a worker died after finishing it) is still one entry in the results
(festival.lab.tables.collect).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from tqdm import tqdm

from festival.lab.game import GameResult, GameSpec, play
from festival.lab.tables import collect

Options = Mapping[str, Mapping[str, Mapping[str, Any]]]
"""catalog set label -> event -> the event's options"""
Player = Callable[[GameSpec, Options], GameResult]
RETRIES = 2
MAX_BATCH = 40
"""a task's games at most: beyond its games a task costs some 7 ms of CPU (scheduling,
sending, collecting) and each festival's result 1 ms, against some 30 ms to play one; 40 a
task takes the lab's own cost from 1.8 to 1.1 ms a festival (docs/lab-guide.md, "How
fast"), and a task is still only a second or two of work"""
TASKS_PER_WORKER = 8


GAME_GC_THRESHOLD = 10_000
"""allocations between the garbage collector's youngest-generation passes during a game
(Python's default is 700): a game makes many short-lived objects and almost no cycles, so
frequent passes cost a few percent and find little"""


def play_one(spec: GameSpec, options: Options) -> GameResult:
    """One game with its catalog set's options (the task a worker runs)."""
    with fewer_collections():
        return play(spec, options[spec.catalog])


@contextmanager
def fewer_collections() -> Iterator[None]:
    """The garbage collector's youngest generation collected less often, then as before."""
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], GAME_GC_THRESHOLD), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


@contextmanager
def collector_paused() -> Iterator[None]:
    """The garbage collector off, then as before (cycles made meanwhile are collected then)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


@contextmanager
def frozen_heap() -> Iterator[None]:
    """Every object made so far (a job's results: 10,000 festivals are millions of objects)
    left out of the garbage collector's passes, then as before: building the tables and the
    report of 10,000 festivals took half as long again with the collector walking them."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def progress(total: int, show: bool) -> tqdm[Any]:
    """A progress bar with the rate and the time left (on standard error)."""
    return tqdm(total=total, unit="game", disable=not show, smoothing=0.1, dynamic_ncols=True)


def run_serial(
    specs: Sequence[GameSpec],
    options: Options,
    show_progress: bool = False,
    player: Player = play_one,
) -> dict[str, GameResult]:
    def each() -> Iterator[GameResult]:
        with progress(len(specs), show_progress) as bar:
            for spec in specs:
                yield player(spec, options)
                bar.update()

    return collect(each())


def run_dask(
    specs: Sequence[GameSpec],
    options: Options,
    client: Any,
    show_progress: bool = False,
    player: Player = play_one,
    batch: int | None = None,
) -> dict[str, GameResult]:
    """The games as tasks on `client` (a distributed.Client), `batch` consecutive games a
    task (default: batch_size); each task's key names its games."""
    from dask.base import tokenize
    from distributed import as_completed

    token = tokenize(dict(options))  # a task's name says which catalogs it plays with
    # the options as a task of their own under a fresh key (pure=False): each worker fetches
    # them once, and when the worker holding them dies they are made again (scattered data
    # would be lost, failing the job); a fresh key never meets an earlier job's release
    shared = client.submit(dict, dict(options), pure=False)
    size = batch or batch_size(len(specs), len(client.scheduler_info()["workers"]))
    batches = [tuple(specs[i : i + size]) for i in range(0, len(specs), size)]
    futures = client.map(
        play_batch,
        batches,
        options=shared,
        player=player,
        key=[f"festival-lab-{token}-{b[0].key}-{len(b)}" for b in batches],
        retries=RETRIES,
    )

    def each() -> Iterable[GameResult]:
        with progress(len(specs), show_progress) as bar:
            for future in as_completed(futures):  # type: ignore[no-untyped-call]
                played = future.result()
                yield from played
                bar.update(len(played))

    with collector_paused():  # results pile up (10,000 festivals: millions of objects, no
        return collect(each())  # cycles): unpickling 10,000 took 2.1 s with the collector
    # collecting less often (fewer_collections), 0.8 s with it paused


def play_batch(
    specs: Sequence[GameSpec], options: Options, player: Player = play_one
) -> list[GameResult]:
    """The games of one task, one after the other."""
    return [player(spec, options) for spec in specs]


def batch_size(games: int, workers: int) -> int:
    """Games a task: enough that a task's own cost (scheduling, sending its result) is small
    beside its games, few enough that every worker still gets TASKS_PER_WORKER tasks (so
    none waits idle at the end while another finishes a long batch)."""
    return max(1, min(MAX_BATCH, games // (max(1, workers) * TASKS_PER_WORKER)))


QUIET_CLUSTER = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.admin.system-monitor.gil.enabled": False,
    "distributed.worker.memory.monitor-interval": "1s",
}
"""Dask settings of the local cluster the lab starts: no sampling profiler in the workers
(it walks the stack of the playing thread 100 times a second, for a dashboard the lab does
not open) and its monitors polled less often (an idle 2-worker cluster cost 0.097 of a
core with Dask's defaults, 0.074 with these)"""


@contextmanager
def dask_client(scheduler: str | None, workers: int | None) -> Iterator[Any]:
    """A client of the scheduler at `scheduler`, else of a new local cluster of `workers`
    processes (one thread each; default: one per core), closed afterwards. A cluster of no
    worker would wait for ever: fewer than one is refused."""
    if not scheduler and workers is not None and workers < 1:
        raise ValueError(f"a local cluster needs at least one worker, not {workers}")
    from distributed import Client, LocalCluster

    if scheduler:
        with Client(scheduler) as client:  # type: ignore[no-untyped-call]
            yield client
        return
    import dask

    with (
        dask.config.set(QUIET_CLUSTER),
        LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
        ) as cluster,
        Client(cluster) as client,  # type: ignore[no-untyped-call]
    ):
        from festival.lab.worker_heap import WorkerHeap

        client.register_plugin(WorkerHeap())
        yield client
