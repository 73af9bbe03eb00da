"""A lab festival leaves no reference cycles: the lab's local workers play with the garbage
collector off (festival/lab/worker_heap.py), so anything a festival left in a cycle would
stay in memory until the job ends. A cycle found here names the types it is made of."""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Iterator

import pytest

from festival.bots.registry import STRATEGIES, STRONGEST
from festival.core.registry import event_names
from festival.lab.game import play
from festival.lab.job import Job, specs
from festival.lab.setup import option_sets

SETS = option_sets([], [], [], [])


@pytest.fixture
def saved_garbage() -> Iterator[list[object]]:
    """The objects the collector finds unreachable, kept for the test to read."""
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        yield gc.garbage
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.collect()


@pytest.mark.parametrize(
    "job",
    [
        Job("festival", 4, STRONGEST, seed=7),
        Job("festival", 3, tuple(STRATEGIES), seed=11),
        *(Job(e, 2, STRONGEST, seed=3) for e in event_names()),
    ],
    ids=lambda j: f"{j.kind}-{len(j.mix)}",
)
def test_a_lab_game_leaves_no_reference_cycles(job: Job, saved_garbage: list[object]) -> None:
    for spec in specs(job):
        play(spec, SETS["A"])
    gc.collect()
    assert Counter(_name(x) for x in saved_garbage if _ours(x)) == Counter()


OURS = ("events", "festival", "numpy")
"""the modules a lab game runs (anything else found, such as an event loop another test's
thread let go of meanwhile, is not the game's)"""


def _ours(x: object) -> bool:
    module = getattr(x, "__module__", None) if callable(x) else type(x).__module__
    return isinstance(module, str) and module.split(".")[0] in OURS


def _name(x: object) -> str:
    return getattr(x, "__qualname__", None) or type(x).__name__
