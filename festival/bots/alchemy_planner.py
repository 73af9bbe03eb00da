"""Alchemy bots that plan: they pick constructs by value per energy spent, each from a
different set (a set sold alone earns the 1.5x multiplier), harvest the missing materials
while energy lasts, buy what a harvest will not bring, and name an engineering priority.

They see only their player's views: the catalog (public) and their own stock, coins,
energy and machines (private). Crowding is not visible, so each strategy assumes a yield
per harvest: the greedy bot expects a fair share (2), the cautious one only the floor (1).
- greedy: several targets a round, machines that raise yields or energy, coins spent freely;
- cautious: assumes the floor yield, buys no machine, keeps a reserve of coins;
- specialist: favours one set all match (chosen from the player's name) and buys the
  machines that serve that set's recipes; like the others it sells one construct a set a
  round, since a set sold alone earns the best multiplier.
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property, partial
from typing import Any

import numpy as np

from events.alchemy.catalog import Catalog, Construct, Effect, Machine
from events.alchemy.resolve import recipe_needs
from events.alchemy.rules import energy_cost
from festival.bots.catalogs import alchemy_catalog

USEFUL_MACHINES = (Effect.ENERGY, Effect.LOCATION_YIELD, Effect.MATERIAL_YIELD, Effect.SET_BONUS)
MAX_TARGETS = 5
HOME_WEIGHT = 2.0
"""how much more the specialist values a construct of its own set"""


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


@dataclass(frozen=True)
class Tools:
    """What the player's machines (owned, or bought this round) do for the plan: extra
    yield of a harvest, cheaper recipes, a set's sale bonus, conversions. Each is worked
    out once per plan (a plan asks thousands of times)."""

    catalog: Catalog
    machines: tuple[str, ...]

    def bonus(self, material: str) -> int:
        """The extra units a harvest of `material` brings (yield machines)."""
        return self._bonuses.get(material, 0)

    def recipe(self, c: Construct) -> tuple[tuple[str, int], ...]:
        """`c`'s recipe after the player's recipe-saving machines (a machine's price in
        materials, passed as a construct of its own name, as it is)."""
        return self._recipes[c.name] if c.set else c.recipe

    def value(self, c: Construct) -> float:
        """`c`'s market value with the player's set bonus."""
        return c.value * (1 + self._set_bonus.get(c.set, 0.0))

    def converters(self) -> list[Machine]:
        return [m for m in self._owned if m.effect is Effect.CONVERT]

    @cached_property
    def _owned(self) -> tuple[Machine, ...]:
        return tuple(self.catalog.machine(n) for n in self.machines)

    @cached_property
    def _bonuses(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for mat in self.catalog.materials:
            for m in self._owned:
                if (m.effect is Effect.MATERIAL_YIELD and m.target == mat.name) or (
                    m.effect is Effect.LOCATION_YIELD and m.target == mat.location
                ):
                    out[mat.name] = out.get(mat.name, 0) + m.amount
        return out

    @cached_property
    def _recipes(self) -> dict[str, tuple[tuple[str, int], ...]]:
        return {
            c.name: tuple(sorted(recipe_needs(self.catalog, c.name, self.machines).items()))
            for c in self.catalog.constructs
        }

    @cached_property
    def _set_bonus(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for m in self._owned:
            if m.effect is Effect.SET_BONUS:
                out[m.target] = out.get(m.target, 0.0) + float(m.bonus)
        return out


def _bot(
    style: Style,
    public: Mapping[str, Any],
    private: Mapping[str, Any],
    player: str,
    round_no: int,
    rng: np.random.Generator,
    must: str | None = None,
) -> dict[str, Any]:
    """The bot signature (festival/bots/registry.py) around `plan`."""
    return plan(style, public, private, player, rng, must)


greedy_alchemy = partial(_bot, GREEDY)
cautious_alchemy = partial(_bot, CAUTIOUS)
specialist_alchemy = partial(_bot, SPECIALIST)


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
        bare = Tools(catalog, tuple(sorted(owned)))
        got_h, got_b, got_e, spent, _ = _reach(
            need, bare, expected, harvest, energy, budget, Counter()
        )
        if got_h is None:
            budget += machine.cost
            machine = None
        else:
            harvest, budget, buy = got_h, budget - spent, dict(got_b)
            expected = got_e - Counter(dict(machine.materials))
    tools = Tools(catalog, tuple(sorted(owned | ({machine.name} if machine else set()))))

    candidates = list(catalog.constructs)
    home = home_set(catalog, player) if style.specialist else None
    # small noise so equal bots do not all crowd the same places
    noise = {c.name: float(rng.random()) * 0.1 for c in candidates}
    candidates.sort(
        key=lambda c: (
            -(
                _worth(c, tools, expected, style) * (HOME_WEIGHT if c.set == home else 1)
                + noise[c.name]
            )
        )
    )

    targets: list[Construct] = []
    sets_used: set[str] = set()
    converted: Counter[str] = Counter()
    for c in candidates:
        if len(targets) >= MAX_TARGETS:
            break
        if c.set in sets_used:
            continue
        trial_h, trial_b, trial_e, spent, trial_c = _reach(
            c, tools, expected, harvest, energy, budget, converted
        )
        if trial_h is None:
            continue
        harvest, expected, budget, converted = trial_h, trial_e, budget - spent, trial_c
        for m, q in trial_b.items():
            buy[m] = buy.get(m, 0) + q
        expected -= Counter(dict(tools.recipe(c)))
        targets.append(c)
        sets_used.add(c.set)
    # cheap extras: what the player's converters take first, then materials at places
    # already visited (one energy less per extra material there)
    fuel = [m for conv in tools.converters() for m, _ in conv.conversion[0]]
    places = {catalog.material(m).location for m in harvest}
    extras = [catalog.material(m) for m in fuel] + [
        mat for mat in catalog.materials if mat.location in places
    ]
    for mat in extras:
        if mat.name not in harvest and energy_cost(catalog, [*harvest, mat.name]) <= energy:
            harvest.append(mat.name)

    convert = {name: times for name, times in sorted(converted.items()) if times}
    return {
        "harvest": harvest,
        "buy": buy,
        "machine": machine.name if machine else None,
        "convert": convert,
        "engineer": [c.name for c in targets],
        "priority": True,
    }


def _worth(c: Construct, tools: Tools, stock: Counter[str], style: Style) -> float:
    """Gems per unit of effort: value over the energy of the materials still missing."""
    effort = 1.0
    for m, q in tools.recipe(c):
        short = max(0, q - stock[m])
        if short:
            mat = tools.catalog.material(m)
            per_harvest = style.expected_yield + tools.bonus(m)
            rounds_of_harvest = -(-short // per_harvest)
            effort += mat.energy * rounds_of_harvest if mat.price is None else short * 0.5
    return tools.value(c) / effort


def _reach(
    c: Construct,
    tools: Tools,
    expected: Counter[str],
    harvest: list[str],
    energy: int,
    budget: int,
    converted: Counter[str],
) -> tuple[list[str] | None, dict[str, int], Counter[str], int, Counter[str]]:
    """Harvest, conversions (machine -> times) and purchases that should cover `c` this
    round, or None if they cannot."""
    catalog = tools.catalog
    h = list(harvest)
    e = Counter(expected)
    done = Counter(converted)
    buy: dict[str, int] = {}
    spent = 0
    for m, q in tools.recipe(c):
        _convert_into(m, q, tools, e, done)  # converting stock costs no energy
        if e[m] >= q:
            continue
        if m not in h and energy_cost(catalog, [*h, m]) <= energy:
            h.append(m)
            e[m] += 1 + tools.bonus(m)  # at least the floor; more is a bonus
        short = q - e[m]
        if short <= 0:
            continue
        price = catalog.material(m).price
        if price is None or spent + price * short > budget:
            return None, {}, expected, 0, converted
        buy[m] = short
        spent += price * short
        e[m] += short
    return h, buy, e, spent, done


def _convert_into(m: str, q: int, tools: Tools, e: Counter[str], done: Counter[str]) -> None:
    """Count on the player's converters for `m` from materials expected in stock (each
    converter at most its times a round; `done` counts the times already planned)."""
    for conv in tools.converters():
        given, made = conv.conversion
        out = dict(made).get(m, 0)
        while out and done[conv.name] < conv.amount:
            if e[m] >= q or any(e[g] < gq for g, gq in given):
                break
            for g, gq in given:
                e[g] -= gq
            e[m] += out
            done[conv.name] += 1


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
    home = home_set(catalog, player) if style.specialist else None
    options = [
        m
        for m in catalog.machines
        if m.name not in owned
        and (m.effect in USEFUL_MACHINES if home is None else _serves(m, catalog, home))
        and m.cost <= budget // 2
        and all(stock[x] >= q for x, q in m.materials)
    ]
    if not options:
        return None
    rank = {e: i for i, e in enumerate(USEFUL_MACHINES)}
    return min(options, key=lambda m: (rank.get(m.effect, len(rank)), m.cost, m.name))


def _serves(m: Machine, catalog: Catalog, home: str) -> bool:
    """Whether machine `m` helps make the constructs of set `home` (the specialist's)."""
    own = [c for c in catalog.constructs if c.set == home]
    used = {x for c in own for x, _ in c.recipe}
    if m.effect is Effect.SET_BONUS:
        return m.target == home
    if m.effect is Effect.MATERIAL_YIELD:
        return m.target in used
    if m.effect is Effect.LOCATION_YIELD:
        return any(catalog.material(x).location == m.target for x in used)
    if m.effect is Effect.RECIPE_SAVING:
        return m.saving[0] in {c.name for c in own}
    if m.effect is Effect.CONVERT:
        return any(x in used for x, _ in m.conversion[1])
    return m.effect is Effect.ENERGY
