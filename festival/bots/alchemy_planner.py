"""Alchemy bots that plan: they pick constructs by value per energy spent, each from a
different set (a set sold alone earns the 1.5x multiplier), harvest the missing materials
while energy lasts, buy what a harvest will not bring, and name an engineering priority.

They see only their player's views: the catalog (public) and their own stock, coins,
energy and machines (private). Crowding is not visible, so each strategy assumes a yield
per harvest: the greedy bot expects a fair share (2), the cautious one only the floor (1).
- greedy: several targets a round, machines that raise yields or energy, coins spent freely;
- cautious: assumes the floor yield, buys no machine, keeps a reserve of coins;
- specialist: works one set all match (chosen from the player's name), machines for it.
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from events.alchemy.catalog import Catalog, Construct, Effect, Machine
from events.alchemy.rules import energy_cost
from festival.bots.catalogs import alchemy_catalog

USEFUL_MACHINES = (Effect.ENERGY, Effect.LOCATION_YIELD, Effect.MATERIAL_YIELD, Effect.SET_BONUS)
MAX_TARGETS = 3


@dataclass(frozen=True)
class Style:
    expected_yield: int
    reserve: int
    """coins never spent"""
    buys_machines: bool
    specialist: bool = False


GREEDY = Style(expected_yield=2, reserve=60, buys_machines=True)
CAUTIOUS = Style(expected_yield=1, reserve=250, buys_machines=False)
SPECIALIST = Style(expected_yield=2, reserve=100, buys_machines=True, specialist=True)


def greedy_alchemy(
    public: Mapping[str, Any],
    private: Mapping[str, Any],
    player: str,
    round_no: int,
    rng: np.random.Generator,
    must: str | None = None,
) -> dict[str, Any]:
    return plan(GREEDY, public, private, player, rng, must)


def cautious_alchemy(
    public: Mapping[str, Any],
    private: Mapping[str, Any],
    player: str,
    round_no: int,
    rng: np.random.Generator,
    must: str | None = None,
) -> dict[str, Any]:
    return plan(CAUTIOUS, public, private, player, rng, must)


def specialist_alchemy(
    public: Mapping[str, Any],
    private: Mapping[str, Any],
    player: str,
    round_no: int,
    rng: np.random.Generator,
    must: str | None = None,
) -> dict[str, Any]:
    return plan(SPECIALIST, public, private, player, rng, must)


def home_set(catalog: Catalog, player: str) -> str:
    """The specialist's set: fixed by the player's name, so it holds all match long."""
    sets = sorted(catalog.sets)
    return sets[zlib.crc32(player.encode()) % len(sets)]


def plan(
    style: Style,
    public: Mapping[str, Any],
    private: Mapping[str, Any],
    player: str,
    rng: np.random.Generator,
    must: str | None = None,
) -> dict[str, Any]:
    """`must`: a machine bought this round if the player can (a lab's forced item)."""
    catalog = alchemy_catalog(public["catalog"])
    stock: Counter[str] = Counter({k: int(v) for k, v in private["stock"].items()})
    coins, energy = int(private["coins"]), int(private["energy"])
    owned = set(private["machines"])
    budget = max(0, coins - style.reserve)

    machine = _forced(catalog, must, owned, coins) or _machine(
        style, catalog, owned, stock, budget, player
    )
    harvest: list[str] = []
    expected = Counter(stock)
    buy: dict[str, int] = {}
    if machine is not None:
        budget = max(0, budget - machine.cost)
        # the materials a machine costs: from stock, this round's harvest or the shop
        need = Construct(machine.name, "", 0, machine.materials)
        got_h, got_b, got_e, spent = _reach(need, catalog, expected, harvest, energy, budget)
        if got_h is None:
            budget += machine.cost
            machine = None
        else:
            harvest, budget, buy = got_h, budget - spent, dict(got_b)
            expected = got_e - Counter(dict(machine.materials))

    candidates = list(catalog.constructs)
    if style.specialist:
        home = home_set(catalog, player)
        candidates = [c for c in candidates if c.set == home] or candidates
    # small noise so equal bots do not all crowd the same places
    noise = {c.name: float(rng.random()) * 0.1 for c in candidates}
    candidates.sort(key=lambda c: -(_worth(c, catalog, expected, style) + noise[c.name]))

    targets: list[Construct] = []
    sets_used: set[str] = set()
    for c in candidates:
        if len(targets) >= MAX_TARGETS:
            break
        if c.set in sets_used and not style.specialist:
            continue
        trial_h, trial_b, trial_e, spent = _reach(c, catalog, expected, harvest, energy, budget)
        if trial_h is None:
            continue
        harvest, expected, budget = trial_h, trial_e, budget - spent
        for m, q in trial_b.items():
            buy[m] = buy.get(m, 0) + q
        expected -= Counter(dict(c.recipe))
        targets.append(c)
        sets_used.add(c.set)
    # cheap extras at places already visited (one energy less per extra material there)
    places = {catalog.material(m).location for m in harvest}
    for mat in catalog.materials:
        if (
            mat.location in places
            and mat.name not in harvest
            and energy_cost(catalog, [*harvest, mat.name]) <= energy
        ):
            harvest.append(mat.name)

    convert = {
        m.name: m.amount for m in catalog.machines if m.name in owned and m.effect is Effect.CONVERT
    }
    return {
        "harvest": harvest,
        "buy": buy,
        "machine": machine.name if machine else None,
        "convert": convert,
        "engineer": [c.name for c in targets],
        "priority": True,
    }


def _worth(c: Construct, catalog: Catalog, stock: Counter[str], style: Style) -> float:
    """Gems per unit of effort: value over the energy of the materials still missing."""
    effort = 1.0
    for m, q in c.recipe:
        short = max(0, q - stock[m])
        if short:
            mat = catalog.material(m)
            rounds_of_harvest = -(-short // style.expected_yield)
            effort += mat.energy * rounds_of_harvest if mat.price is None else short * 0.5
    return c.value / effort


def _reach(
    c: Construct,
    catalog: Catalog,
    expected: Counter[str],
    harvest: list[str],
    energy: int,
    budget: int,
) -> tuple[list[str] | None, dict[str, int], Counter[str], int]:
    """Harvest and purchases that should cover `c` this round, or None if they cannot."""
    h = list(harvest)
    e = Counter(expected)
    buy: dict[str, int] = {}
    spent = 0
    for m, q in c.recipe:
        if e[m] >= q:
            continue
        if m not in h and energy_cost(catalog, [*h, m]) <= energy:
            h.append(m)
            e[m] += 1  # at least the floor; more is a bonus
        short = q - e[m]
        if short <= 0:
            continue
        price = catalog.material(m).price
        if price is None or spent + price * short > budget:
            return None, {}, expected, 0
        buy[m] = short
        spent += price * short
        e[m] += short
    return h, buy, e, spent


def _forced(catalog: Catalog, must: str | None, owned: set[str], coins: int) -> Machine | None:
    """The forced machine when it is for sale to this player and affordable in coins (the
    materials it costs may come from this round's harvest: the engine says if they do)."""
    if must is None or must in owned or must not in {m.name for m in catalog.machines}:
        return None
    machine = catalog.machine(must)
    return machine if machine.cost <= coins else None


def _machine(
    style: Style,
    catalog: Catalog,
    owned: set[str],
    stock: Counter[str],
    budget: int,
    player: str,
) -> Machine | None:
    if not style.buys_machines:
        return None
    options = [
        m
        for m in catalog.machines
        if m.name not in owned
        and m.effect in USEFUL_MACHINES
        and m.cost <= budget // 2
        and all(stock[x] >= q for x, q in m.materials)
    ]
    if style.specialist:
        home = home_set(catalog, player)
        options = [m for m in options if m.effect is not Effect.SET_BONUS or m.target == home]
    if not options:
        return None
    rank = {e: i for i, e in enumerate(USEFUL_MACHINES)}
    return min(options, key=lambda m: (rank[m.effect], m.cost, m.name))
