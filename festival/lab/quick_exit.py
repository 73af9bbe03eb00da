"""A Dask worker plugin that lets the lab's local workers exit quickly.

A worker that played thousands of festivals holds a large heap (the engines' memories of
battles already fought, some hundred thousand objects); when its process ends, Python's
last garbage collections walk all of it, and closing a 2-worker cluster after 600
festivals took 2.5 s. Frozen objects are not walked: a heap of a million objects closed in
2.1 s, and in 0.3 s frozen. Nothing is played after a worker's teardown, so freezing then
changes no result.
"""

from __future__ import annotations

import gc
from typing import Any

from distributed import WorkerPlugin


class QuickExit(WorkerPlugin):
    """At a worker's teardown (it is closing), its heap is frozen out of the collector."""

    name = "festival-lab-quick-exit"

    def teardown(self, worker: Any) -> None:
        gc.freeze()
