"""Alchemy's numbers, each a rule sentence.

"for x number of different materials you harvest in the same location, you get an energy
reduction of (x-1) to energy costs." "Harvesting a material from a location earns you 4-x of
the materials for which x = number of other players harvesting in your location, capped at a
floor of 1". "Sales multipliers apply round by round according to the following: (1) ... only
one construct sold in its set, ... 1.5x ... (5) five or more ... 0.6x".
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from fractions import Fraction

from events.alchemy.catalog import Catalog

YIELD_BASE = 4
YIELD_FLOOR = 1
MULTIPLIERS = {1: Fraction(3, 2), 2: Fraction(5, 4), 3: Fraction(1), 4: Fraction(3, 4)}
CROWDED = Fraction(3, 5)
"""five or more constructs of a set sold in a round"""


def energy_cost(catalog: Catalog, materials: Iterable[str]) -> int:
    """The energy a harvest costs: each material's cost, less (x - 1) for each location where
    x different materials are harvested."""
    chosen = [catalog.material(m) for m in dict.fromkeys(materials)]
    locations = {m.location for m in chosen}
    # the (x - 1) of every location, summed: every material harvested, less one a location
    return sum(m.energy for m in chosen) - (len(chosen) - len(locations))


def added_energy(catalog: Catalog, locations: Collection[str], material: str) -> int:
    """What one more material adds to the `energy_cost` of a harvest that does not have it
    yet and harvests at `locations`: its own cost, less one if its location is among them
    (one more material there, no new location). Lets a planner grow a harvest without
    recounting it."""
    chosen = catalog.material(material)
    return chosen.energy - (1 if chosen.location in locations else 0)


def harvest_yield(others_at_location: int) -> int:
    """max(1, 4 - x), x = the number of OTHER players harvesting at that location."""
    return max(YIELD_FLOOR, YIELD_BASE - others_at_location)


def multiplier(sold_in_set: int) -> Fraction:
    """The sales multiplier for a set of which `sold_in_set` constructs sold this round."""
    if sold_in_set < 1:
        raise ValueError("a multiplier applies only to a set with a sale")
    return MULTIPLIERS.get(sold_in_set, CROWDED)
