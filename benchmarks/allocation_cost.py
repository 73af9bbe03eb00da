"""What the literal claim order costs: over random 10-player preference profiles (random
ordered pairs of events, 0-5 garnets, a seeded lottery), how often `allocate` in claim order
leaves more players without a listed event than necessary, and by how many, against
- the fewest possible over every valid allocation, and
- the fewest possible with no justified complaint (the `fewest unmet` option).
Figures for docs/rulings.md ("Event allocation"). Run: `python benchmarks/allocation_cost.py
[profiles]`."""

from __future__ import annotations

import sys
from collections import Counter
from itertools import combinations, permutations

import numpy as np

from festival.core.registry import event_names
from festival.match.allocation import (
    FEWEST_UNMET,
    Preference,
    allocate,
    allocations_with_unmet,
    draw_lottery,
    unmet_choices,
)

EVENTS = event_names()
PLAYERS = tuple(f"p{i}" for i in range(10))
CAPACITY, PER_PLAYER = 7, 2


def fewest_possible(preferences: list[Preference]) -> int:
    """The fewest unmet choices of any valid allocation, complaints or not."""
    listed = {x.player: {x.first, x.second} for x in preferences}
    options = {p: [frozenset(c) for c in combinations(EVENTS, PER_PLAYER)] for p in PLAYERS}
    return next(
        k
        for k in range(2 * len(PLAYERS) + 1)
        if next(allocations_with_unmet(PLAYERS, options, listed, EVENTS, CAPACITY, k), None)
        is not None
    )


def main(profiles: int = 1000) -> None:
    rng = np.random.default_rng(2026)
    pairs = list(permutations(EVENTS, 2))
    vs_any, vs_fair = Counter[int](), Counter[int]()
    for _ in range(profiles):
        prefs = [
            Preference(p, *pairs[int(rng.integers(len(pairs)))], int(rng.integers(6)))
            for p in PLAYERS
        ]
        lottery = draw_lottery(PLAYERS, rng)
        literal = unmet_choices(
            allocate(prefs, EVENTS, CAPACITY, PER_PLAYER, lottery).members, prefs
        )
        fair = allocate(prefs, EVENTS, CAPACITY, PER_PLAYER, lottery, FEWEST_UNMET)
        vs_fair[literal - unmet_choices(fair.members, prefs)] += 1
        vs_any[literal - fewest_possible(prefs)] += 1
    for name, counts in (("any valid allocation", vs_any), ("no justified complaint", vs_fair)):
        worse = profiles - counts[0]
        spread = ", ".join(f"{n} more: {counts[n]}" for n in sorted(counts) if n)
        print(
            f"claim order vs the fewest with {name}: worse in {worse} of {profiles} profiles "
            f"({100 * worse / profiles:.1f}%; {spread or 'never'})"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
