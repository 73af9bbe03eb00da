"""An Alchemy bot: picks a construct it can afford to aim for, harvests its recipe where it
can (and cheaply more at the same places), buys what it cannot harvest, sometimes buys a
machine, and tries to engineer what its stock should allow."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import numpy as np

from events.alchemy.catalog import Effect
from events.alchemy.rules import energy_cost
from festival.bots.catalogs import alchemy_catalog

MACHINE_CHANCE = 0.35
NO_PRIORITY_CHANCE = 0.2


def alchemy_bot(
    public: Mapping[str, Any],
    private: Mapping[str, Any],
    player: str,
    round_no: int,
    rng: np.random.Generator,
) -> dict[str, Any]:
    catalog = alchemy_catalog(public["catalog"])
    stock: Counter[str] = Counter(private["stock"])
    coins, energy = int(private["coins"]), int(private["energy"])
    owned = set(private["machines"])

    values = np.array([c.value for c in catalog.constructs], dtype=float)
    target = catalog.constructs[int(rng.choice(len(values), p=values / values.sum()))]
    harvest: list[str] = []
    for material, _ in target.recipe:
        if energy_cost(catalog, [*harvest, material]) <= energy:
            harvest.append(material)
    places = {catalog.material(m).location for m in harvest}
    for m in catalog.materials:  # extra materials at the same places are cheap
        if (
            m.location in places
            and m.name not in harvest
            and energy_cost(catalog, [*harvest, m.name]) <= energy
        ):
            harvest.append(m.name)
    expected = stock + Counter({m: 1 for m in harvest})

    buy: dict[str, int] = {}
    for material, qty in target.recipe:
        short = qty - expected[material]
        price = catalog.material(material).price
        if short > 0 and price is not None and price * short <= coins:
            buy[material] = short
            coins -= price * short
            expected[material] += short

    machine = None
    if rng.random() < MACHINE_CHANCE:
        options = [m for m in catalog.machines if m.name not in owned and m.cost <= coins - 100]
        if options:
            machine = options[int(rng.integers(len(options)))].name

    engineer = [c.name for c in catalog.constructs if _can_make(c.recipe, expected)]
    rng.shuffle(engineer)
    engineer = [target.name, *engineer[:3]]
    convert = {
        m.name: m.amount for m in catalog.machines if m.name in owned and m.effect is Effect.CONVERT
    }
    return {
        "harvest": harvest,
        "buy": buy,
        "machine": machine,
        "convert": convert,
        "engineer": engineer,
        "priority": bool(rng.random() >= NO_PRIORITY_CHANCE),
    }


def _can_make(recipe: tuple[tuple[str, int], ...], stock: Counter[str]) -> bool:
    return all(stock[m] >= q for m, q in recipe)
