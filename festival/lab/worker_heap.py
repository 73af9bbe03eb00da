"""How the lab's own local Dask workers keep their heap: no garbage collector while they
play, and a quick exit.

- **No collector.** A lab festival leaves no reference cycles behind
  (tests/test_lab_garbage.py), so everything it makes is freed by reference counting and
  the collector finds nothing; yet its passes walked each festival's survivors (a worker's
  memory of battles grows to some hundred thousand objects) again and again, a few ms of a
  festival's 30. A local cluster's workers live for one job; a worker of a cluster the host
  started (`--scheduler`) is left as its owner set it.
- **A quick exit.** When a worker process ends, Python's last collections walk its whole
  heap: closing a 2-worker cluster after 600 festivals took 2.5 s, and after a freeze
  (frozen objects are not walked) 0.3 s. Nothing is played after a worker's teardown.
"""

from __future__ import annotations

import gc
from typing import Any

from distributed import WorkerPlugin


class WorkerHeap(WorkerPlugin):
    """The collector off when a worker starts; its heap frozen when it closes."""

    name = "festival-lab-worker-heap"

    def setup(self, worker: Any) -> None:
        gc.disable()

    def teardown(self, worker: Any) -> None:
        gc.freeze()
