"""Three fixed-seed festivals' results, pinned (issue 30): work on the lab's speed must
give the same results for the same seeds, game by game. When a change to the bots or the
rules changes them on purpose, the new digest is pinned with the change that made it."""

from __future__ import annotations

import hashlib

from festival.bots.registry import STRONGEST
from festival.lab.job import Job, specs
from festival.lab.run import run_serial
from festival.lab.setup import option_sets

PINNED = "48b912673b576c6cca79fcc2481a86e31fedc563079aaf9756868c3d1f261d38"


def test_three_festivals_give_the_pinned_results() -> None:
    results = run_serial(specs(Job("festival", 3, STRONGEST, seed=1)), option_sets([], [], [], []))
    first = results["festival|A|-|1"]
    assert sorted(first.festival_rank.items())[:3] == [("P01", 7), ("P02", 2), ("P03", 10)]
    assert len(results["festival|A|-|2"].purchases) == 231
    played = [
        (key, r.events, sorted(r.festival_rank.items()), r.purchases)
        for key, r in sorted(results.items())
    ]
    assert hashlib.sha256(repr(played).encode()).hexdigest() == PINNED
