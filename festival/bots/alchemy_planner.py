"""Alchemy bots that plan: they pick constructs by value per energy spent, each from a
different set (a set sold alone earns the 1.5x multiplier), harvest the missing materials
while energy lasts, buy what a harvest will not bring, and name an engineering priority.

They see only their player's views: the catalog (public) and their own stock, coins,
energy and machines (private). Crowding is not visible, so each strategy assumes a yield
per harvest: the greedy bot expects a fair share (2), the cautious one only the floor (1).
Coins come once (the start) and score nothing at the end, so no strategy keeps any back
for good; they differ in how they play:
- greedy (risk, timing: early): expects a fair yield, spends freely from the first round,
  and buys the machine that raises the yield of its best construct's materials first;
- cautious (risk, timing: steady): assumes the floor yield, buys no machine, and spreads its
  coins evenly over the rounds left, spending the last of them in the last round;
- specialist (specialisation): favours one set all match (chosen from the player's name)
  and buys the machines that serve that set's recipes, its set's bonus first; like the
  others it sells one construct a set a round, since a set sold alone earns the best
  multiplier.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import Any

import numpy as np

from events.alchemy.catalog import Catalog, Construct, Effect, Machine
from events.alchemy.resolve import recipe_needs
from events.alchemy.rules import added_energy
from festival.bots.catalogs import alchemy_catalog
from festival.match.config import DEFAULT_ROUNDS

USEFUL_MACHINES = (Effect.ENERGY, Effect.LOCATION_YIELD, Effect.MATERIAL_YIELD, Effect.SET_BONUS)
YIELD_FIRST = (Effect.MATERIAL_YIELD, Effect.LOCATION_YIELD, Effect.SET_BONUS, Effect.ENERGY)
"""the greedy bot's order: more of its best construct's materials first"""
SET_FIRST = (
    Effect.SET_BONUS, Effect.RECIPE_SAVING, Effect.MATERIAL_YIELD, Effect.LOCATION_YIELD,
    Effect.CONVERT, Effect.ENERGY,
)  # fmt: skip
"""the specialist's order: what makes its set worth more first"""
EARLY_SHARE = 0.6
"""the greedy bot spends up to this share of its coins left a round (the rest in the last)"""
ROUNDS = DEFAULT_ROUNDS
"""the rounds a festival plays (Alchemy's are numbered from 0): a steady spender spreads its
coins over those left"""
MAX_TARGETS = 5
HOME_WEIGHT = 2.0
"""how much more the specialist values a construct of its own set"""


@dataclass(frozen=True)
class Style:
    expected_yield: int
    reserve: int
    """coins kept back each round"""
    buys_machines: bool
    specialist: bool = False
    steady: bool = False
    """spend at most an even share of the coins left each round"""
    share: float = 1.0
    """else spend at most this share of the coins left each round"""
    machine_order: tuple[Effect, ...] = USEFUL_MACHINES
    focused: bool = False
    """buy only machines serving the best construct of the round"""


GREEDY = Style(
    expected_yield=2,
    reserve=0,
    buys_machines=True,
    share=EARLY_SHARE,
    machine_order=YIELD_FIRST,
    focused=True,
)
CAUTIOUS = Style(expected_yield=1, reserve=0, buys_machines=False, steady=True)
SPECIALIST = Style(
    expected_yield=2, reserve=0, buys_machines=True, specialist=True, machine_order=SET_FIRST
)


@dataclass(frozen=True)
class Tools:
    """What the player's machines (owned, or bought this round) do for the plan: extra
    yield of a harvest, cheaper recipes, a set's sale bonus, conversions. Each is worked
    out once per set of machines (a plan asks thousands of times; `_tools` keeps them)."""

    catalog: Catalog
    machines: tuple[str, ...]

    def bonus(self, material: str) -> int:
        """The extra units a harvest of `material` brings (yield machines)."""
        return self._bonuses.get(material, 0)

    def recipe(self, c: Construct) -> tuple[tuple[str, int], ...]:
        """`c`'s recipe after the player's recipe-saving machines."""
        return self._recipes[c.name] if c.set else c.recipe

    def value(self, c: Construct) -> float:
        """`c`'s market value with the player's set bonus."""
        return c.value * (1 + self._set_bonus.get(c.set, 0.0))

    def converters(self) -> list[Machine]:
        return [m for m in self._owned if m.effect is Effect.CONVERT]

    @cached_property
    def conversions(self) -> tuple[_Conversion, ...]:
        """The converters, each parsed once (`Machine.conversion` parses its text)."""
        return tuple(
            _Conversion(m.name, m.conversion[0], dict(m.conversion[1]), m.amount)
            for m in self.converters()
        )

    @cached_property
    def worths(self) -> tuple[_Worth, ...]:
        """What `_worth` needs of each construct of the catalog, in catalog order."""
        out = []
        for c in self.catalog.constructs:
            terms = []
            for m, q in self.recipe(c):
                mat = self.catalog.material(m)
                terms.append((m, q, mat.energy, mat.price is not None, self.bonus(m)))
            out.append(_Worth(c, self.value(c), tuple(terms)))
        return tuple(out)

    @cached_property
    def materials(self) -> dict[str, tuple[int, str, int | None, int]]:
        """material -> (energy, location, price, `bonus`): what a trial (`_reach`) reads of
        each material, looked up once."""
        return {
            m.name: (m.energy, m.location, m.price, self.bonus(m.name))
            for m in self.catalog.materials
        }

    def worth_values(self, stock: Mapping[str, int], expected_yield: int) -> list[float]:
        """`_worth` of each of `worths` with `stock`, exactly: from each construct's effort
        with nothing in stock, changed only for the materials in stock (a plan's stock is
        mostly empty). Every part of an effort is a whole or half number, so the sums are
        exact in any order and the efforts, and worths, are those `_worth` works out."""
        base, uses = self._efforts(expected_yield)
        effort = list(base)
        for m, have in stock.items():
            if have:
                for i, q, energy, for_sale, per_harvest in uses.get(m, ()):
                    short = _effort(q - have, energy, for_sale, per_harvest)
                    effort[i] += short - _effort(q, energy, for_sale, per_harvest)
        return [w.value / e for w, e in zip(self.worths, effort, strict=True)]

    def _efforts(
        self, expected_yield: int
    ) -> tuple[list[float], dict[str, list[tuple[int, int, int, bool, int]]]]:
        """Each construct's effort with nothing in stock, and for each material the terms
        that use it: (construct's position, quantity, energy, for sale, yield a harvest)."""
        kept = self._effort_tables.get(expected_yield)
        if kept is None:
            base = [_effortless(w, expected_yield) for w in self.worths]
            uses: dict[str, list[tuple[int, int, int, bool, int]]] = {}
            for i, w in enumerate(self.worths):
                for m, q, energy, for_sale, bonus in w.terms:
                    uses.setdefault(m, []).append((i, q, energy, for_sale, expected_yield + bonus))
            kept = self._effort_tables[expected_yield] = (base, uses)
        return kept

    @cached_property
    def _effort_tables(
        self,
    ) -> dict[int, tuple[list[float], dict[str, list[tuple[int, int, int, bool, int]]]]]:
        return {}

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


@dataclass
class _Harvest:
    """The materials a plan harvests, with their energy cost (`energy_cost` of `names`) and
    locations kept as it grows: asking whether one more fits is asked thousands of times a
    round, and recounting the whole harvest each time was a good part of a plan's cost."""

    catalog: Catalog
    names: list[str] = field(default_factory=list)
    cost: int = 0
    places: set[str] = field(default_factory=set)

    def copy(self) -> _Harvest:
        return _Harvest(self.catalog, list(self.names), self.cost, set(self.places))

    def add_if_fits(self, material: str, energy: int) -> bool:
        """Add `material` (not in the harvest yet) if the harvest then costs at most
        `energy`."""
        cost = self.cost + added_energy(self.catalog, self.places, material)
        if cost > energy:
            return False
        self.names.append(material)
        self.cost = cost
        self.places.add(self.catalog.material(material).location)
        return True


@dataclass(frozen=True)
class _Conversion:
    name: str
    given: tuple[tuple[str, int], ...]
    made: dict[str, int]
    times: int
    """at most this many a round"""


@dataclass(frozen=True)
class _Worth:
    construct: Construct
    value: float
    """with the player's set bonus"""
    terms: tuple[tuple[str, int, int, bool, int], ...]
    """(material, quantity, energy, for sale, harvest bonus) of the recipe after savings"""


class _Known:
    """What the planner works out from a catalog alone, and the `Tools` of each set of
    machines seen with it. Everything here is a function of the catalog (frozen) and of the
    machine names, so it holds for every plan made with that catalog."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.tools: dict[tuple[str, ...], Tools] = {}
        self.sets = sorted(catalog.sets)
        self.machine_names = frozenset(m.name for m in catalog.machines)
        self._shopping: dict[tuple[str | None, tuple[Effect, ...]], tuple[Machine, ...]] = {}
        self._weights: dict[str | None, list[float]] = {}
        self.starts: dict[View, _Start] = {}

    def weights(self, home: str | None) -> list[float]:
        """How much each construct's worth counts (catalog order): HOME_WEIGHT times for
        those of the specialist's set `home`, once for the others."""
        kept = self._weights.get(home)
        if kept is None:
            kept = self._weights[home] = [
                HOME_WEIGHT if c.set == home else 1.0 for c in self.catalog.constructs
            ]
        return kept

    def shopping(self, home: str | None, order: tuple[Effect, ...]) -> tuple[Machine, ...]:
        """The machines worth buying (for the specialist of set `home`, or anyone when None),
        best first in `order`: `_machine` takes the first one the player can have."""
        key = (home, order)
        if key not in self._shopping:
            rank = {e: i for i, e in enumerate(order)}
            useful = [
                m
                for m in self.catalog.machines
                if (m.effect in order if home is None else _serves(m, self.catalog, home))
            ]
            # a stable sort: equal keys keep catalog order, the order min() broke ties in
            useful.sort(key=lambda m: (rank.get(m.effect, len(rank)), m.cost, m.name))
            self._shopping[key] = tuple(useful)
        return self._shopping[key]


KNOWN_CATALOGS = 16
_known: dict[int, _Known] = {}
"""id(catalog) -> what is known of it; each entry holds its catalog, so while it is kept
that id cannot be reused by another object"""


def _know(catalog: Catalog) -> _Known:
    """The bots' catalogs come from festival/bots/catalogs.py's cache, so the same object
    serves every plan with that catalog content: looked up by identity (hashing a catalog
    costs more than a lookup)."""
    known = _known.get(id(catalog))
    if known is None:
        if len(_known) >= KNOWN_CATALOGS:
            _known.clear()
        known = _known[id(catalog)] = _Known(catalog)
    return known


def _tools(known: _Known, machines: tuple[str, ...]) -> Tools:
    """The `Tools` of `machines` (sorted names) with the known catalog, made once."""
    tools = known.tools.get(machines)
    if tools is None:
        tools = known.tools[machines] = Tools(known.catalog, machines)
    return tools


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
    sets = _know(catalog).sets
    return sets[zlib.crc32(player.encode()) % len(sets)]


def plan(
    style: Style,
    public: Mapping[str, Any],
    private: Mapping[str, Any],
    player: str,
    rng: np.random.Generator,
    must: str | None = None,
) -> dict[str, Any]:
    """`must`: a machine bought this round if the player can (a lab's forced item).

    Everything but the noise on the worths is a function of what the bot sees, so it is
    worked out once per view (`_Start`, kept by `_Known.starts`: players at a lab's tables
    meet the same view again and again) and each trial once per plan state (`_Step`)."""
    catalog = alchemy_catalog(public["catalog"])
    known = _know(catalog)
    round_no = int(public.get("round", 0))
    home = home_set(catalog, player) if style.specialist else None
    stock = tuple(private["stock"].items())
    coins, energy = int(private["coins"]), int(private["energy"])
    key = (style, round_no, home, must, stock, coins, energy, tuple(sorted(private["machines"])))
    start = known.starts.get(key)
    if start is None:
        if len(known.starts) >= KNOWN_VIEWS:
            known.starts.clear()
        start = known.starts[key] = _start(style, known, key)
    tools = start.tools
    worths = tools.worths
    # small noise so equal bots do not all crowd the same places (one draw a construct, in
    # catalog order: the same numbers as drawing them one by one), a tenth of each draw
    draws = rng.random(len(worths)).tolist()
    keys = [
        -(v * weight + x * 0.1)
        for v, weight, x in zip(start.values, known.weights(home), draws, strict=True)
    ]
    # sorting positions is stable like sorting the constructs: ties keep catalog order
    ranked = sorted(range(len(worths)), key=keys.__getitem__)

    step = start.first
    targets: list[Construct] = []
    sets_used: set[str] = set()
    buy = dict(start.buy)
    for i in ranked:
        if len(targets) >= MAX_TARGETS:
            break
        c = worths[i].construct
        if c.set in sets_used:
            continue
        after = step.after(i, tools)
        if after is None:
            continue
        for m, q in after.bought.items():
            buy[m] = buy.get(m, 0) + q
        step = after
        targets.append(c)
        sets_used.add(c.set)
    return {
        "harvest": list(step.harvested(tools)),
        "buy": buy,
        "machine": start.machine.name if start.machine else None,
        "convert": {name: times for name, times in sorted(step.converted.items()) if times},
        "engineer": [c.name for c in targets],
        "priority": True,
    }


KNOWN_VIEWS = 4096
"""the most views (`_Start`) kept per catalog"""
View = tuple[
    Style, int, str | None, str | None, tuple[tuple[str, Any], ...], int, int, tuple[str, ...]
]
"""what a plan depends on but the draws: style, round, home set, forced machine, the stock
(as the view lists it), coins, energy and the machines owned (sorted)"""


class _Step:
    """A plan's state after the targets chosen so far: harvest, expected stock, coins left,
    conversions (never changed once made), and the purchases of the last target. The next
    state after trying construct i (None: the trial fails) is worked out once."""

    def __init__(
        self,
        harvest: _Harvest,
        expected: dict[str, int],
        budget: int,
        converted: dict[str, int],
        bought: dict[str, int],
        energy: int,
    ) -> None:
        self.harvest, self.expected, self.budget = harvest, expected, budget
        self.converted, self.bought, self.energy = converted, bought, energy
        self._after: dict[int, _Step | None] = {}
        self._harvested: tuple[str, ...] | None = None

    def after(self, i: int, tools: Tools) -> _Step | None:
        """The state once construct i (`tools.worths`' order) is a target too."""
        if i in self._after:
            return self._after[i]
        recipe = tools.recipe(tools.worths[i].construct)
        trial = _reach(
            recipe, tools, self.expected, self.harvest, self.energy, self.budget, self.converted
        )
        step = None
        if trial is not None:
            harvest, bought, expected, spent, converted = trial
            expected = _use(expected, recipe)
            step = _Step(harvest, expected, self.budget - spent, converted, bought, self.energy)
        self._after[i] = step
        return step

    def harvested(self, tools: Tools) -> tuple[str, ...]:
        """The harvest with cheap extras: what the player's converters take first, then
        materials at places already visited (one energy less per extra material there)."""
        if self._harvested is None:
            harvest = self.harvest.copy()
            catalog = tools.catalog
            fuel = [m for conv in tools.conversions for m, _ in conv.given]
            extras = [catalog.material(m) for m in fuel] + [
                mat for mat in catalog.materials if mat.location in harvest.places
            ]
            for mat in extras:
                if mat.name not in harvest.names:
                    harvest.add_if_fits(mat.name, self.energy)
            self._harvested = tuple(harvest.names)
        return self._harvested


@dataclass(frozen=True)
class _Start:
    """What a plan works out before its draws: the machine it buys and what that costs,
    the tools it plans with, each construct's worth, and the state its targets start from."""

    machine: Machine | None
    buy: dict[str, int]
    tools: Tools
    values: list[float]
    first: _Step


def _start(style: Style, known: _Known, view: View) -> _Start:
    """Expected stock is a plain dict read with .get(m, 0) (a Counter's missing key costs a
    method call); it never goes below 0, as `_use` keeps it."""
    _, round_no, home, must, items, coins, energy, machines = view
    stock = {k: int(v) for k, v in items}
    owned = set(machines)
    budget = max(0, coins - style.reserve)
    if style.steady:
        budget = budget // max(1, ROUNDS - round_no)
    elif round_no < ROUNDS - 1:
        budget = int(budget * style.share)

    bare = _tools(known, tuple(sorted(owned)))
    plain = _plain_worths(style, bare, stock)
    machine = _forced(known, must, owned, coins) or _machine(
        style, known, owned, stock, budget, home, _focus(bare, plain)
    )
    harvest = _Harvest(known.catalog)
    expected = dict(stock)
    buy: dict[str, int] = {}
    if machine is not None:
        budget = max(0, budget - machine.cost)
        # the materials a machine costs: from stock, this round's harvest or the shop
        got = _reach(machine.materials, bare, expected, harvest, energy, budget, {})
        if got is None:
            budget += machine.cost
            machine = None
        else:
            harvest, got_b, got_e, spent, _ = got
            budget, buy = budget - spent, dict(got_b)
            expected = _use(got_e, machine.materials)
    tools = _tools(known, tuple(sorted(owned | ({machine.name} if machine else set()))))
    if machine is None and plain is not None:
        values = plain  # the focus's worths: the same machines and stock
    else:
        values = tools.worth_values(expected, style.expected_yield)
    first = _Step(harvest, expected, budget, {}, {}, energy)
    return _Start(machine, buy, tools, values, first)


def _use(expected: dict[str, int], recipe: tuple[tuple[str, int], ...]) -> dict[str, int]:
    """`expected` less what `recipe` uses, never below 0 (as a Counter's subtraction: a
    conversion planned for a later material may have eaten into an earlier one)."""
    for m, q in dict(recipe).items():
        expected[m] = max(0, expected.get(m, 0) - q)
    return expected


def _worth(w: _Worth, stock: Mapping[str, int], expected_yield: int) -> float:
    """Gems per unit of effort: value over the energy of the materials still missing
    (`Tools.worth_values` works it out for every construct at once)."""
    effort = 1.0
    for m, q, energy, for_sale, bonus in w.terms:
        effort += _effort(q - stock.get(m, 0), energy, for_sale, expected_yield + bonus)
    return w.value / effort


def _effortless(w: _Worth, expected_yield: int) -> float:
    """The effort `_worth` divides by with nothing in stock."""
    effort = 1.0
    for _, q, energy, for_sale, bonus in w.terms:
        effort += _effort(q, energy, for_sale, expected_yield + bonus)
    return effort


def _effort(short: int, energy: int, for_sale: bool, per_harvest: int) -> float:
    """What `short` units of a material cost: half a unit of effort each when it is for
    sale, else the energy of the harvests that bring them (`per_harvest` units each)."""
    if short <= 0:
        return 0.0
    return short * 0.5 if for_sale else energy * -(-short // per_harvest)


def _reach(
    recipe: tuple[tuple[str, int], ...],
    tools: Tools,
    expected: Mapping[str, int],
    harvest: _Harvest,
    energy: int,
    budget: int,
    converted: Mapping[str, int],
) -> tuple[_Harvest, dict[str, int], dict[str, int], int, dict[str, int]] | None:
    """Harvest, purchases, expected stock, coins spent and conversions (machine -> times)
    that should cover `recipe` this round, or None if they cannot. The inputs are left as
    they are.

    Most trials fail (a plan tries a dozen constructs for its few targets), so without
    converters the trial keeps what it changes aside and copies the harvest and the stock
    only when it succeeds; `_reach_converting` is the same trial with converters."""
    if tools.conversions:
        return _reach_converting(recipe, tools, expected, harvest, energy, budget, converted)
    catalog, materials = tools.catalog, tools.materials
    got: dict[str, int] = {}  # the expected stock of the materials the trial changed
    added: list[str] = []  # harvested for this recipe
    cost, places = harvest.cost, harvest.places  # places: copied before it grows
    buy: dict[str, int] = {}
    spent = 0
    for m, q in recipe:
        have = got.get(m, expected.get(m, 0))
        if have >= q:
            continue
        m_energy, location, price, bonus = materials[m]
        if m not in harvest.names and m not in added:
            more = m_energy - (1 if location in places else 0)  # as rules.added_energy
            if cost + more <= energy:
                cost += more
                added.append(m)
                if places is harvest.places:
                    places = set(places)
                places.add(location)
                have += 1 + bonus  # at least the floor; more is a bonus
        short = q - have
        if short > 0:
            if price is None or spent + price * short > budget:
                return None
            buy[m] = short
            spent += price * short
            have += short
        got[m] = have
    h = harvest
    if added:
        h = _Harvest(catalog, [*harvest.names, *added], cost, places)
    return h, buy, {**expected, **got}, spent, dict(converted)


def _reach_converting(
    recipe: tuple[tuple[str, int], ...],
    tools: Tools,
    expected: Mapping[str, int],
    harvest: _Harvest,
    energy: int,
    budget: int,
    converted: Mapping[str, int],
) -> tuple[_Harvest, dict[str, int], dict[str, int], int, dict[str, int]] | None:
    """`_reach` with the player's converters counted on."""
    catalog = tools.catalog
    h = harvest  # copied before it grows
    e = dict(expected)
    done = dict(converted)
    buy: dict[str, int] = {}
    spent = 0
    for m, q in recipe:
        _convert_into(m, q, tools, e, done)  # converting stock costs no energy
        if e.get(m, 0) >= q:
            continue
        if m not in h.names:
            if h is harvest:
                h = harvest.copy()
            if h.add_if_fits(m, energy):
                e[m] = e.get(m, 0) + 1 + tools.bonus(m)  # at least the floor; more is a bonus
        short = q - e.get(m, 0)
        if short <= 0:
            continue
        price = catalog.material(m).price
        if price is None or spent + price * short > budget:
            return None
        buy[m] = short
        spent += price * short
        e[m] = e.get(m, 0) + short
    return h, buy, e, spent, done


def _convert_into(m: str, q: int, tools: Tools, e: dict[str, int], done: dict[str, int]) -> None:
    """Count on the player's converters for `m` from materials expected in stock (each
    converter at most its times a round; `done` counts the times already planned)."""
    for conv in tools.conversions:
        out = conv.made.get(m, 0)
        while out and done.get(conv.name, 0) < conv.times:
            if e.get(m, 0) >= q or any(e.get(g, 0) < gq for g, gq in conv.given):
                break
            for g, gq in conv.given:
                e[g] = e.get(g, 0) - gq
            e[m] = e.get(m, 0) + out
            done[conv.name] = done.get(conv.name, 0) + 1


def _forced(known: _Known, must: str | None, owned: set[str], coins: int) -> Machine | None:
    """The forced machine when it is for sale to this player and affordable in coins (the
    materials it costs may come from this round's harvest: the engine says if they do)."""
    if must is None or must in owned or must not in known.machine_names:
        return None
    machine = known.catalog.machine(must)
    return machine if machine.cost <= coins else None


def _plain_worths(style: Style, bare: Tools, stock: Mapping[str, int]) -> list[float] | None:
    """The worth of each construct (`bare.worths`' order) with the machines the player owns
    and its stock, for the focused bot (None for the others): its focus, and its ranking
    when it buys no machine this round."""
    if not style.focused or not style.buys_machines:
        return None
    return bare.worth_values(stock, style.expected_yield)


def _focus(bare: Tools, plain: list[float] | None) -> Construct | None:
    """The focused bot's best construct by worth with the machines it owns (no noise, so no
    draw; ties: the first in catalog order): the machine it buys must serve it."""
    if not plain:
        return None
    return bare.worths[max(range(len(plain)), key=plain.__getitem__)].construct


def _machine(
    style: Style,
    known: _Known,
    owned: set[str],
    stock: Mapping[str, int],
    budget: int,
    home: str | None,
    focus: Construct | None = None,
) -> Machine | None:
    """The best machine (`_Known.shopping`) the player does not own, can pay with half its
    budget and with materials in stock (serving `focus`, when given)."""
    if not style.buys_machines:
        return None
    for m in known.shopping(home, style.machine_order):
        if (
            m.name not in owned
            and m.cost <= budget // 2
            and all(stock.get(x, 0) >= q for x, q in m.materials)
            and (focus is None or _serves_construct(m, known.catalog, focus))
        ):
            return m
    return None


def _serves_construct(m: Machine, catalog: Catalog, c: Construct) -> bool:
    """Whether machine `m` helps make construct `c` (its materials, its set, its recipe)."""
    used = {x for x, _ in c.recipe}
    if m.effect is Effect.SET_BONUS:
        return m.target == c.set
    if m.effect is Effect.MATERIAL_YIELD:
        return m.target in used
    if m.effect is Effect.LOCATION_YIELD:
        return any(catalog.material(x).location == m.target for x in used)
    if m.effect is Effect.RECIPE_SAVING:
        return m.saving[0] == c.name
    if m.effect is Effect.CONVERT:
        return any(x in used for x, _ in m.conversion[1])
    return m.effect is Effect.ENERGY


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
