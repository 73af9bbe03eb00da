"""A Dask cluster of separate processes, started as on several machines: one `dask
scheduler` and `dask worker` processes (one thread each) that find it through a scheduler
file. The lab's test and benchmark of a real cluster use it; on real machines the same
commands are typed by hand (docs/lab-guide.md, "A cluster of machines")."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

STARTUP_SECONDS = 60


class ClusterError(RuntimeError):
    """The scheduler or its workers did not come up, in words."""


def dask_command() -> str:
    """The `dask` command of this Python (the one festival is installed in)."""
    return str(Path(sys.executable).parent / "dask")


@contextmanager
def separate_cluster(workers: int, folder: Path, startup: float = STARTUP_SECONDS) -> Iterator[str]:
    """The address of a new scheduler with `workers` worker processes, every one of them
    stopped (by its process id) on leaving; refused when they are not all up within
    `startup` seconds."""
    where = folder / "scheduler.json"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    started = [
        subprocess.Popen(
            [dask_command(), "scheduler", "--host", "127.0.0.1", "--port", "0",
             "--no-dashboard", "--scheduler-file", str(where)],
            **quiet,  # type: ignore[call-overload]
        )
    ]  # fmt: skip
    try:
        deadline = time.monotonic() + startup
        while not where.is_file():
            if time.monotonic() > deadline:
                raise ClusterError(f"no Dask scheduler came up in {startup:.0f} s")
            time.sleep(0.2)
        for _ in range(workers):
            started.append(
                subprocess.Popen(
                    [dask_command(), "worker", "--scheduler-file", str(where), "--nworkers", "1",
                     "--nthreads", "1", "--no-dashboard", "--local-directory", str(folder)],
                    **quiet,  # type: ignore[call-overload]
                )
            )  # fmt: skip
        address = str(json.loads(where.read_text())["address"])
        from distributed import Client

        with Client(address) as client:  # type: ignore[no-untyped-call]
            client.wait_for_workers(workers, timeout=startup)
        yield address
    finally:
        for p in reversed(started):
            p.terminate()
        for p in started:
            p.wait(timeout=30)
