"""One Alchemy round, in the rules' order: "(1) Materials are harvested. (2) Machine effects
are applied. (3) Constructs are engineered. (4) Constructs are sold." """

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from math import lcm

import numpy as np

from events.alchemy.catalog import Catalog, Effect
from events.alchemy.model import AlchemyState, AlchemySubmission, PlayerBook, RoundLog
from events.alchemy.rules import harvest_yield, multiplier


@dataclass
class _Desk:
    """One player's holdings while the round is worked out (mutable, local to this module)."""

    coins: int
    stock: Counter[str]
    machines: list[str]
    harvested: dict[str, int]
    bought: dict[str, int]
    machine: str | None = None
    machine_failed: str | None = None
    bonuses: Counter[str] | None = None
    converted: Counter[str] | None = None
    engineered: list[str] | None = None
    failed: list[str] | None = None
    short: list[tuple[tuple[str, int, int], ...]] | None = None


def resolve_round(
    state: AlchemyState,
    submissions: Mapping[str, AlchemySubmission],
    rng: np.random.Generator,
) -> AlchemyState:
    catalog = state.catalog
    known = _know(catalog)
    where = known.location
    round_no = state.round_no + 1
    desks = {
        p: _Desk(
            coins=state.books[p].coins,
            stock=Counter(state.books[p].stock),
            machines=list(state.books[p].machines),
            harvested={},
            bought={},
        )
        for p in state.players
    }

    # (1) Harvest, and buying materials with coins.
    harvesters: dict[str, set[str]] = {}
    for p in state.players:
        for material in submissions[p].harvest:
            harvesters.setdefault(where[material], set()).add(p)
    yield_at = {place: harvest_yield(len(there) - 1) for place, there in harvesters.items()}
    for p in state.players:
        desk, sub = desks[p], submissions[p]
        stock, harvested = desk.stock, desk.harvested
        for material in sub.harvest:
            got = harvested[material] = yield_at[where[material]]
            stock[material] = stock.get(material, 0) + got
        for material, qty in sub.buy:
            price = catalog.material(material).price
            if price is None or price * qty > desk.coins:
                raise ValueError(f"{p} cannot buy {qty} {material} (validate first)")
            desk.coins -= price * qty
            desk.bought[material] = desk.bought.get(material, 0) + qty
            desk.stock[material] += qty

    # (2) Machines: the round's purchase, then every owned machine's effect.
    for p in state.players:
        _buy_machine(catalog, desks[p], submissions[p].machine)
        _apply_machines(catalog, desks[p], submissions[p])

    # (3) Engineering, in the player's order, or a seeded draw when they gave none.
    for p in state.players:
        sub, desk = submissions[p], desks[p]
        order = list(sub.engineer)
        if not sub.prioritized and len(order) > 1:  # drawn from the attempts, not the listing
            order = sorted(order)
            order = [order[int(i)] for i in rng.permutation(len(order))]
        desk.engineered, desk.failed, desk.short = [], [], []
        stock = desk.stock
        saving = not known.savers.isdisjoint(desk.machines)
        for name in order:
            if saving:
                need = tuple(recipe_needs(catalog, name, desk.machines).items())
            else:
                need = known.needs[name]
            for m, q in need:  # every material in stock, or the attempt fails
                if stock.get(m, 0) < q:
                    desk.failed.append(name)
                    desk.short.append(tuple((m, q, stock.get(m, 0)) for m, q in need
                                            if stock.get(m, 0) < q))  # fmt: skip
                    break
            else:
                for m, q in need:
                    stock[m] -= q
                desk.engineered.append(name)

    # (4) Market: every construct engineered this round is sold this round.
    set_of = known.set_of
    sold = Counter(set_of[c] for d in desks.values() for c in d.engineered or ())
    books: dict[str, PlayerBook] = {}
    logs: dict[str, RoundLog] = {}
    for p in state.players:
        desk, book = desks[p], state.books[p]
        earned = _earned(catalog, desk.machines, desk.engineered or (), sold)
        books[p] = PlayerBook(
            coins=desk.coins,
            gems=book.gems + earned if earned else book.gems,
            stock=_stock(p, desk.stock),
            machines=tuple(desk.machines),
            sold=_sold(book.sold, desk.engineered or ()),
        )
        logs[p] = RoundLog(
            harvested=desk.harvested,
            bought=desk.bought,
            machine=desk.machine,
            machine_failed=desk.machine_failed,
            bonuses=dict(desk.bonuses or {}),
            converted=dict(desk.converted or {}),
            engineered=tuple(desk.engineered or ()),
            failed=tuple(desk.failed or ()),
            short=tuple(desk.short or ()),
            earned=earned,
            locations=tuple(sorted({where[m] for m in desk.harvested})),
        )
    return replace(
        state,
        round_no=round_no,
        books=books,
        logs={**state.logs, round_no: logs},
        market={**state.market, round_no: dict(sorted(sold.items()))},
    )


class _Known:
    """What a round reads of its catalog again and again, worked out once per catalog:
    each material's location, each construct's set, the recipe-saving machines and each
    construct's needs (`recipe_needs`) for a player who owns none of them."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.location = {m.name: m.location for m in catalog.materials}
        self.set_of = {c.name: c.set for c in catalog.constructs}
        self.savers = frozenset(
            m.name for m in catalog.machines if m.effect is Effect.RECIPE_SAVING
        )
        self.needs = {
            c.name: tuple(recipe_needs(catalog, c.name, ()).items()) for c in catalog.constructs
        }


_known: list[_Known] = []
"""the last catalog's (a match or a lab job plays one catalog)"""


def _know(catalog: Catalog) -> _Known:
    if not _known or _known[0].catalog is not catalog:
        _known[:] = [_Known(catalog)]
    return _known[0]


def _stock(player: str, stock: Counter[str]) -> dict[str, int]:
    """What a player holds, without the materials at 0; below 0 would be a bug."""
    if stock and min(stock.values()) < 0:
        short = {m: q for m, q in stock.items() if q < 0}
        raise AssertionError(f"{player} would hold negative materials: {short}")
    return {m: q for m, q in sorted(stock.items()) if q > 0}


@lru_cache(maxsize=256)
def _sale_price(value: int, sold_in_set: int) -> Fraction:
    """A construct's price before set bonuses: a pure function of two small whole numbers,
    so kept (Fraction arithmetic is a good part of a round's cost)."""
    return value * multiplier(sold_in_set)


def _sold(before: Mapping[str, int], engineered: Sequence[str]) -> dict[str, int]:
    """Sales over the game after this round's: what `Counter(before) + Counter(engineered)`
    gives (same counts, same order, only counts above 0), without building two Counters."""
    out = dict(before)
    for name in engineered:
        out[name] = out.get(name, 0) + 1
    return {name: n for name, n in out.items() if n > 0}


def _earned(
    catalog: Catalog, machines: list[str], engineered: Sequence[str], sold: Mapping[str, int]
) -> Fraction:
    """What a player's sales earn: each construct's price, with its set's bonus, summed
    exactly (`_exact_sum`; one sale: its price), and 0 without sales."""
    if not engineered:
        return NOTHING
    bonuses = set_bonuses(catalog, machines)
    prices = []
    for name in engineered:
        construct = catalog.construct(name)
        prices.append(_price(construct.value, sold[construct.set], bonuses.get(construct.set)))
    return prices[0] if len(prices) == 1 else _exact_sum(prices)


@lru_cache(maxsize=1024)
def _price(value: int, sold_in_set: int, bonus: Fraction | None) -> Fraction:
    """A construct's price with its set's bonus (None: no bonus): a pure function of small
    numbers that repeat from sale to sale, so kept."""
    worth = _sale_price(value, sold_in_set)
    return worth * (1 + bonus) if bonus else worth


def _exact_sum(fractions: list[Fraction]) -> Fraction:
    """The sum of the Fractions, worked out in whole numbers over their least common
    denominator, one Fraction at the end: the same exact value as adding them one by one,
    without the gcds of every addition."""
    common = lcm(*(f.denominator for f in fractions))
    return Fraction(sum(f.numerator * (common // f.denominator) for f in fractions), common)


NOTHING = Fraction(0)


def set_bonuses(catalog: Catalog, machines: list[str]) -> dict[str, Fraction]:
    """set -> the sale bonus the player's set-bonus machines give it (sets without one are
    left out: their constructs sell at the market price, and skipping the multiplication
    by 1 spares two Fraction operations a sale)."""
    out: dict[str, Fraction] = {}
    for name in machines:
        machine = catalog.machine(name)
        if machine.effect is Effect.SET_BONUS:
            out[machine.target] = out.get(machine.target, Fraction(0)) + machine.bonus
    return out


def _buy_machine(catalog: Catalog, desk: _Desk, name: str | None) -> None:
    """Pay for the round's machine; materials come from what is in stock after harvesting,
    and if they are short the purchase fails and nothing is paid."""
    if name is None:
        return
    machine = catalog.machine(name)
    short = [m for m, q in machine.materials if desk.stock[m] < q]
    if machine.cost > desk.coins:
        desk.machine_failed = f"{name} costs {machine.cost} coins; you had {desk.coins}"
    elif short:
        desk.machine_failed = f"{name} needs {', '.join(short)} you did not have after harvesting"
    else:
        desk.coins -= machine.cost
        for m, q in machine.materials:
            desk.stock[m] -= q
        desk.machines.append(name)
        desk.machine = name


def _apply_machines(catalog: Catalog, desk: _Desk, sub: AlchemySubmission) -> None:
    """Yield bonuses on this round's harvest, then the conversions the player asked for."""
    desk.bonuses, desk.converted = Counter(), Counter()
    for name in desk.machines:
        machine = catalog.machine(name)
        if machine.effect is Effect.MATERIAL_YIELD and machine.target in desk.harvested:
            desk.bonuses[machine.target] += machine.amount
        elif machine.effect is Effect.LOCATION_YIELD:
            for material in desk.harvested:
                if catalog.material(material).location == machine.target:
                    desk.bonuses[material] += machine.amount
    desk.stock.update(desk.bonuses)
    for name, times in sub.convert:
        if name not in desk.machines:
            continue
        given, made = catalog.machine(name).conversion
        for _ in range(min(times, catalog.machine(name).amount)):
            if any(desk.stock[m] < q for m, q in given):
                break
            for m, q in given:
                desk.stock[m] -= q
            for m, q in made:
                desk.stock[m] += q
            desk.converted[name] += 1


def recipe_needs(
    catalog: Catalog, construct: str, machines: list[str] | tuple[str, ...]
) -> dict[str, int]:
    """What one attempt at `construct` uses, after the player's recipe-saving machines."""
    need = dict(catalog.construct(construct).recipe)
    for name in machines:
        machine = catalog.machine(name)
        if machine.effect is Effect.RECIPE_SAVING:
            target, material = machine.saving
            if target == construct and material in need:
                need[material] = max(0, need[material] - machine.amount)
    return {m: q for m, q in need.items() if q > 0}
