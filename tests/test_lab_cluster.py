"""The lab on a real multi-process Dask cluster (issue 30): a `dask scheduler` and two
`dask worker` processes started apart from festival, as on several machines, and
`festival simulate --scheduler ADDRESS` giving exactly the results of `--serial`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

from festival.cli.main import main
from festival.lab.cluster import separate_cluster
from tests.support.patience import PATIENCE

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of a scheduler with two single-threaded workers, each its own process."""
    with separate_cluster(2, tmp_path_factory.mktemp("cluster"), PATIENCE) as address:
        yield address


def test_a_cluster_of_separate_processes_gives_the_serial_results(
    scheduler: str, tmp_path: Path
) -> None:
    run = ["simulate", "--event", "alchemy", "--games", "6", "--seed", "50", "--quiet",
           "--force", "alchemy:Moon Press"]  # fmt: skip
    assert main([*run, "--scheduler", scheduler, "--out", str(tmp_path / "cluster")]) == 0
    assert main([*run, "--serial", "--out", str(tmp_path / "serial")]) == 0
    for name in ("players.parquet", "items.parquet", "sold.parquet"):
        pd.testing.assert_frame_equal(
            pd.read_parquet(tmp_path / "cluster" / name),
            pd.read_parquet(tmp_path / "serial" / name),
        )
