"""The lab on Dask distributed: a local cluster of 2 worker processes.

"The same seed gives the same results serially and on Dask; a killed worker's games are
rerun, not lost or counted twice." (issue 18)
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from festival.lab import tables
from festival.lab.game import GameResult, GameSpec
from festival.lab.job import Job, specs
from festival.lab.run import (
    Options,
    batch_size,
    collector_paused,
    dask_client,
    frozen_heap,
    play_one,
    run_dask,
    run_serial,
)
from festival.lab.setup import option_sets
from tests.support.patience import PATIENCE

pytestmark = pytest.mark.slow

SETS = option_sets([], [], [], [])
JOB = Job("festival", 4, ("greedy", "cautious", "random"), seed=21)


WORKERS = 2


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    with dask_client(None, WORKERS) as c:
        yield c


@pytest.fixture
def client(cluster: Any) -> Any:
    """The module's cluster with both its workers joined, each with the lab's worker plugin
    set up (a worker killed by an earlier test is restarted by its nanny, and joins again
    in its own time)."""
    from festival.lab.worker_heap import WorkerHeap

    cluster.wait_for_workers(WORKERS, timeout=PATIENCE)
    deadline = time.monotonic() + PATIENCE

    def ready() -> bool:
        found = cluster.run(
            lambda dask_worker: WorkerHeap.name in dask_worker.plugins, on_error="return"
        )
        return len(found) == WORKERS and all(x is True for x in found.values())

    while not ready():  # a worker that joined sets its plugins up just after
        assert time.monotonic() < deadline, f"the {WORKERS} workers never all joined"
        time.sleep(0.05)  # between two looks; the bound above is what fails the test
        cluster.wait_for_workers(WORKERS, timeout=PATIENCE)
    return cluster


@pytest.fixture(scope="module")
def serial() -> pd.DataFrame:
    return tables.frames(run_serial(specs(JOB), SETS))[0]


def test_same_seed_same_results_serially_and_on_dask(client: Any, serial: pd.DataFrame) -> None:
    on_dask = tables.frames(run_dask(specs(JOB), SETS, client))[0]
    pd.testing.assert_frame_equal(serial, on_dask)
    assert len(client.scheduler_info()["workers"]) == 2


def crash_once(marker: str, victim: str, spec: GameSpec, options: Options) -> GameResult:
    """The worker playing `victim` dies the first time (as a machine would: no cleanup)."""
    if spec.key == victim and not os.path.exists(marker):
        Path(marker).touch()
        os._exit(1)
    return play_one(spec, options)


def test_a_killed_workers_games_are_rerun_not_lost_nor_counted_twice(
    client: Any, serial: pd.DataFrame, tmp_path: Path
) -> None:
    games = specs(JOB)
    marker = tmp_path / "killed"
    player = partial(crash_once, str(marker), games[1].key)
    on_dask = tables.frames(run_dask(games, SETS, client, player=player))[0]
    assert marker.exists(), "a worker was killed"
    pd.testing.assert_frame_equal(serial, on_dask)
    assert on_dask.groupby("game").size().eq(10).all()


def test_batched_games_same_results_and_a_killed_batch_is_rerun_once(
    client: Any, serial: pd.DataFrame, tmp_path: Path
) -> None:
    """Several games a task: the same rows as one game a task, and a worker killed in the
    middle of a batch (after its first game) has the whole batch rerun, every game once."""
    games = specs(JOB)
    marker = tmp_path / "killed"
    player = partial(crash_once, str(marker), games[3].key)
    on_dask = tables.frames(run_dask(games, SETS, client, player=player, batch=2))[0]
    assert marker.exists(), "a worker was killed"
    pd.testing.assert_frame_equal(serial, on_dask)
    assert on_dask.groupby("game").size().eq(10).all()
    assert on_dask["game"].nunique() == len(games)


@pytest.mark.parametrize(
    ("games", "workers", "expected"),
    [
        (4, 2, 1),  # a small job: one game a task, so both workers get some
        (1_000, 2, 40),  # plenty: the largest batch
        (160, 2, 10),
        (48, 2, 3),  # every worker still gets TASKS_PER_WORKER tasks
        (10_000, 0, 40),  # no worker yet: as if one
    ],
)
def test_batch_size_keeps_every_worker_busy(games: int, workers: int, expected: int) -> None:
    assert batch_size(games, workers) == expected


def test_the_lab_cluster_runs_without_the_workers_profiler(client: Any) -> None:
    """QUIET_CLUSTER reaches the workers (they are started in processes of their own)."""
    import dask

    def profiling() -> Any:
        return dask.config.get("distributed.worker.profile.enabled")

    assert set(client.run(profiling).values()) == {False}


def test_the_heap_is_frozen_while_tables_are_made_then_as_before() -> None:
    import gc

    before = gc.get_freeze_count()
    with frozen_heap():
        assert gc.get_freeze_count() > before
    assert gc.get_freeze_count() == before


def test_the_lab_workers_play_without_the_collector_and_freeze_their_heap_at_close(
    client: Any,
) -> None:
    """WorkerHeap is registered on the local cluster's workers: the collector is off in
    them, and its teardown freezes the heap."""
    import gc

    from festival.lab.worker_heap import WorkerHeap

    names = client.run(lambda dask_worker: sorted(dask_worker.plugins))
    assert [WorkerHeap.name in found for found in names.values()] == [True, True]
    assert set(client.run(gc.isenabled).values()) == {False}
    before = gc.get_freeze_count()
    try:
        WorkerHeap().teardown(None)
        assert gc.get_freeze_count() > before
    finally:
        gc.unfreeze()


def test_the_collector_is_paused_while_results_are_collected_then_as_before() -> None:
    import gc

    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()  # left off when it was off
    finally:
        gc.enable()
