"""The bots' fast paths against the plain computations they replace (issue 30's speed work):
every table, cache and shortcut must give exactly what the plain code gives, draws included,
or a lab run would no longer repeat the festivals it played before."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events.alchemy.catalog import Catalog as AlchemyCatalog
from events.alchemy.catalog import Construct, Effect
from events.alchemy.resolve import _earned, recipe_needs
from events.alchemy.resolve import _know as _know_round
from events.alchemy.rules import energy_cost, multiplier
from events.summoners.catalog import ROAD_TOWER
from events.summoners.catalog import Catalog as SummonersCatalog
from events.summoners.model import INCOME, SLOTS, Unit
from events.summoners.rules import new_units, spending_problem
from festival.bots.alchemy_planner import (
    CAUTIOUS,
    GREEDY,
    MAX_TARGETS,
    ROUNDS,
    SPECIALIST,
    Style,
    Tools,
    _focus,
    _forced,
    _Harvest,
    _know,
    _machine,
    _plain_worths,
    _reach,
    _tools,
    _use,
    _worth,
    home_set,
    plan,
)
from festival.bots.catalogs import alchemy_catalog, summoners_catalog
from festival.bots.summoners_value import (
    HOME_WEIGHT,
    NOISE,
    Option,
    _defence,
    _offers,
    _options,
    _placed,
    _shop,
    _upgraded,
    _worth_tables,
    play,
    tower_value,
)
from festival.match.catalogs import catalog_options
from festival.match.engines import load_engines


@pytest.fixture(scope="module")
def summoners_json() -> Mapping[str, Any]:
    options = catalog_options(load_engines({}, ("summoners",)), {})
    data: Mapping[str, Any] = options["summoners"]["catalog"]
    return data


@pytest.fixture(scope="module")
def summoners(summoners_json: Mapping[str, Any]) -> SummonersCatalog:
    return summoners_catalog(summoners_json)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(0, 40))
def test_one_vector_of_draws_is_the_draws_one_by_one(seed: int, n: int) -> None:
    """`rng.random(n)` gives the numbers `n` calls of `rng.random()` give, and leaves the
    generator where they leave it (the bots draw their noise so)."""
    one_by_one, at_once = np.random.default_rng(seed), np.random.default_rng(seed)
    singles = [float(one_by_one.random()) for _ in range(n)]
    assert at_once.random(n).tolist() == singles
    assert at_once.bit_generator.state == one_by_one.bit_generator.state


# --- Summoner's Dream: options, shopping and defence -----------------------------------------


def _units(catalog: SummonersCatalog, side: str, picks: Sequence[tuple[int, int]]) -> list[Unit]:
    """Units of the catalog's kinds (by index) and levels (cut to the kind's top)."""
    table = catalog.towers if side == "tower" else catalog.familiars
    kinds = sorted(table)
    counts: dict[str, int] = {}
    out = []
    for k, level in picks:
        kind = kinds[k % len(kinds)]
        counts[kind] = counts.get(kind, 0) + 1
        out.append(Unit(f"{kind}{counts[kind]}", kind, min(level, len(table[kind]))))
    return out


def _plain_options(
    catalog: SummonersCatalog,
    towers: list[Unit],
    familiars: list[Unit],
    round_no: int,
    home: tuple[str, str],
) -> list[Option]:
    """The options as the bots worked them out before the offers were kept."""
    on_sale_t, on_sale_f = catalog.sales.get(round_no, ((), ()))
    t_table, f_table = _worth_tables(catalog)

    def t_worth(kind: str, i: int) -> float:
        return t_table[kind][i] * (HOME_WEIGHT if kind == home[0] else 1)

    def f_worth(kind: str, i: int) -> float:
        return f_table[kind][i] * (HOME_WEIGHT if kind == home[1] else 1)

    out = []
    for kind in on_sale_t:
        lv = catalog.towers[kind][0]
        out.append(Option("tower", "buy", kind, lv.cost, t_worth(kind, 0) / max(1, lv.cost)))
    for kind in on_sale_f:
        fl = catalog.familiars[kind][0]
        out.append(Option("familiar", "buy", kind, fl.cost, f_worth(kind, 0) / max(1, fl.cost)))
    for u in towers:
        levels = catalog.towers[u.kind]
        if u.level < len(levels):
            gain = t_worth(u.kind, u.level) - t_worth(u.kind, u.level - 1)
            cost = levels[u.level].cost
            out.append(Option("tower", "upgrade", u.id, cost, gain / max(1, cost)))
    for u in familiars:
        f_levels = catalog.familiars[u.kind]
        if u.level < len(f_levels) and round_no >= u.level + 1:
            gain = f_worth(u.kind, u.level) - f_worth(u.kind, u.level - 1)
            cost = f_levels[u.level].cost
            out.append(Option("familiar", "upgrade", u.id, cost, gain / max(1, cost)))
    return sorted(out, key=lambda o: (-o.value, o.ref))


def _plain_shop(
    catalog: SummonersCatalog,
    towers: list[Unit],
    familiars: list[Unit],
    round_no: int,
    budget: int,
    must: str | None,
    home: tuple[str, str],
    rng: np.random.Generator,
) -> tuple[list[str], list[str], list[str]]:
    """The shopping as the bots did it before: one draw at a time, every pick searched for
    from the first option."""
    plain = _plain_options(catalog, towers, familiars, round_no, home)
    noisy = [o.value * (1 + NOISE * (float(rng.random()) - 0.5)) for o in plain]
    ranked = sorted(range(len(plain)), key=lambda i: (-noisy[i], plain[i].ref))
    options = [plain[i] for i in ranked]
    spent = {"tower": 0, "familiar": 0}
    chosen: list[Option] = []
    n_familiars = len(familiars)
    first = next((o for o in options if o.action == "buy" and o.ref == must), None)
    if first is not None and first.cost <= budget:
        chosen.append(first)
        spent[first.side] += first.cost
        n_familiars += first.side == "familiar"
    upgraded: set[str] = set()
    while True:
        side = "tower" if spent["tower"] <= spent["familiar"] else "familiar"
        pick = None
        for o in options:
            if o.side != side or sum(spent.values()) + o.cost > budget or o.ref in upgraded:
                continue
            if o.side == "familiar" and o.action == "buy" and n_familiars >= SLOTS:
                continue
            pick = o
            break
        if pick is None:
            break
        chosen.append(pick)
        spent[side] += pick.cost
        if pick.action == "upgrade":
            upgraded.add(pick.ref)
        elif side == "familiar":
            n_familiars += 1
    while chosen and spending_problem(spent["tower"], spent["familiar"], False, False):
        last = chosen.pop()
        spent[last.side] -= last.cost
    buy_t = [o.ref for o in chosen if o.side == "tower" and o.action == "buy"]
    buy_f = [o.ref for o in chosen if o.side == "familiar" and o.action == "buy"]
    upgrades = [o.ref for o in chosen if o.action == "upgrade"]
    return buy_t, buy_f, upgrades


ARMY = st.lists(st.tuples(st.integers(0, 20), st.integers(1, 3)), max_size=8)


@settings(max_examples=150, deadline=None)
@given(
    tower_picks=ARMY,
    familiar_picks=st.lists(st.tuples(st.integers(0, 20), st.integers(1, 3)), max_size=22),
    round_no=st.integers(0, 8),
    homes=st.tuples(st.integers(-1, 20), st.integers(-1, 20)),
    budget=st.integers(0, 400),
    must=st.integers(-1, 30),
    seed=st.integers(0, 2**32 - 1),
)
def test_kept_offers_and_the_shop_choose_as_the_plain_code(
    summoners: SummonersCatalog,
    tower_picks: list[tuple[int, int]],
    familiar_picks: list[tuple[int, int]],
    round_no: int,
    homes: tuple[int, int],
    budget: int,
    must: int,
    seed: int,
) -> None:
    towers = _units(summoners, "tower", tower_picks)
    familiars = _units(summoners, "familiar", familiar_picks)
    t_kinds, f_kinds = sorted(summoners.towers), sorted(summoners.familiars)
    home = (
        "" if homes[0] < 0 else t_kinds[homes[0] % len(t_kinds)],
        "" if homes[1] < 0 else f_kinds[homes[1] % len(f_kinds)],
    )
    forced = None if must < 0 else [*t_kinds, *f_kinds][must % (len(t_kinds) + len(f_kinds))]
    for _ in range(2):  # made, then kept
        assert _options(summoners, towers, familiars, round_no, home) == _plain_options(
            summoners, towers, familiars, round_no, home
        )
    fast, plain = np.random.default_rng(seed), np.random.default_rng(seed)
    args = (summoners, towers, familiars, round_no, budget, forced, home)
    assert _shop(*args, fast) == _plain_shop(*args, plain)
    assert fast.bit_generator.state == plain.bit_generator.state
    # the options kept per shop (round, home kinds, units as the view gives them)
    key = (
        round_no,
        home,
        tuple((u.id, u.kind, u.level) for u in towers),
        tuple((u.id, u.kind, u.level) for u in familiars),
    )
    offers = _offers(summoners)
    for _ in range(2):  # made, then kept
        kept = offers.shelf(key, towers, familiars)
        assert list(kept.options) == _plain_options(summoners, towers, familiars, round_no, home)
    again, plain = np.random.default_rng(seed), np.random.default_rng(seed)
    assert _shop(*args, again, kept) == _plain_shop(*args, plain)
    assert again.bit_generator.state == plain.bit_generator.state


def _plain_play(
    public: Mapping[str, Any],
    private: Mapping[str, Any],
    round_no: int,
    rng: np.random.Generator,
    keep: float,
    must: str | None,
    home: tuple[str, str],
) -> dict[str, Any]:
    """A bot's play as it was before shops and armies were kept (with the plain shop)."""
    catalog = summoners_catalog(public["catalog"])
    budget = int((int(private["coins"]) + INCOME) * (1 - keep))
    towers = [Unit(t["id"], t["kind"], t["level"]) for t in private["towers"]]
    familiars = [Unit(f["id"], f["kind"], f["level"]) for f in private["familiars"]]
    args = (catalog, towers, familiars, round_no, budget, must, home)
    buy_t, buy_f, upgrades = _plain_shop(*args, rng)
    towers = _upgraded([*towers, *new_units(towers, buy_t)], upgrades)
    familiars = _upgraded([*familiars, *new_units(familiars, buy_f)], upgrades)
    battlefield, placements = _defence(catalog, towers)
    order = sorted(familiars, key=lambda u: -catalog.familiars[u.kind][u.level - 1].hp)
    ids = [u.id for u in order]
    half = (len(ids) + 1) // 2
    attack = None
    if ids:
        attack = {
            "slots": {str(i + 1): fid for i, fid in enumerate(ids)},
            "party_a": [1, half],
            "party_b": [half + 1, len(ids)] if len(ids) > half else None,
        }
    left = list(private["targets_left"])
    return {
        "buy_towers": buy_t,
        "buy_familiars": buy_f,
        "upgrades": upgrades,
        "defence": {"map": battlefield.name, "towers": placements},
        "attack": attack,
        "target": left[int(rng.integers(len(left)))] if left else None,
    }


@settings(max_examples=100, deadline=None)
@given(
    tower_picks=ARMY,
    familiar_picks=st.lists(st.tuples(st.integers(0, 20), st.integers(1, 3)), max_size=12),
    round_no=st.integers(0, 8),
    coins=st.integers(0, 300),
    keep=st.sampled_from([0.0, 0.5]),
    must=st.integers(-1, 30),
    seeds=st.lists(st.integers(0, 2**32 - 1), min_size=1, max_size=4),
)
def test_a_play_from_kept_shops_and_armies_is_the_plain_play(
    summoners_json: Mapping[str, Any],
    tower_picks: list[tuple[int, int]],
    familiar_picks: list[tuple[int, int]],
    round_no: int,
    coins: int,
    keep: float,
    must: int,
    seeds: list[int],
) -> None:
    """`play` (each shop's options and each shopping's army kept) buys, defends, attacks
    and draws as the plain play: each seed twice, the second time from what was kept."""
    catalog = summoners_catalog(summoners_json)
    t_kinds, f_kinds = sorted(catalog.towers), sorted(catalog.familiars)
    private = {
        "coins": coins,
        "towers": [
            {"id": u.id, "kind": u.kind, "level": u.level}
            for u in _units(catalog, "tower", tower_picks)
        ],
        "familiars": [
            {"id": u.id, "kind": u.kind, "level": u.level}
            for u in _units(catalog, "familiar", familiar_picks)
        ],
        "targets_left": ["bo", "cy"],
    }
    public = {"catalog": summoners_json}
    forced = None if must < 0 else [*t_kinds, *f_kinds][must % (len(t_kinds) + len(f_kinds))]
    home = (t_kinds[must % len(t_kinds)], "") if must % 3 == 0 else ("", "")
    for seed in [*seeds, *seeds]:
        fast, plain = np.random.default_rng(seed), np.random.default_rng(seed)
        got = play(public, private, round_no, fast, keep, forced, home)
        assert got == _plain_play(public, private, round_no, plain, keep, forced, home)
        assert fast.bit_generator.state == plain.bit_generator.state


@settings(max_examples=60, deadline=None)
@given(tower_picks=ARMY)
def test_a_kept_defence_is_the_plain_placing(
    summoners: SummonersCatalog, tower_picks: list[tuple[int, int]]
) -> None:
    towers = _units(summoners, "tower", tower_picks)
    ordered = sorted(towers, key=lambda u: -tower_value(summoners.towers[u.kind][u.level - 1]))
    reaches = tuple(
        (summoners.towers[u.kind][u.level - 1].reach, u.kind == ROAD_TOWER) for u in ordered
    )
    battlefield, spots = _placed(summoners.maps, reaches)
    plain = [
        {
            "tower": unit.id,
            "row": spot.tile[0] + 1,
            "col": spot.tile[1] + 1,
            "facing": spot.facing.value,
        }
        for unit, spot in zip(ordered, spots, strict=True)
        if spot is not None
    ]
    for _ in range(2):  # worked out, then kept
        assert _defence(summoners, towers) == (battlefield, plain)


# --- Alchemy: the planner's worths and trials ------------------------------------------------


@pytest.fixture(scope="module")
def alchemy_json() -> Mapping[str, Any]:
    options = catalog_options(load_engines({}, ("alchemy",)), {})
    data: Mapping[str, Any] = options["alchemy"]["catalog"]
    return data


@pytest.fixture(scope="module")
def alchemy(alchemy_json: Mapping[str, Any]) -> AlchemyCatalog:
    return alchemy_catalog(alchemy_json)


def _machines(catalog: AlchemyCatalog, picks: Sequence[int]) -> tuple[str, ...]:
    return tuple(sorted({catalog.machines[i % len(catalog.machines)].name for i in picks}))


def _stock(catalog: AlchemyCatalog, amounts: Sequence[tuple[int, int]]) -> dict[str, int]:
    return {catalog.materials[i % len(catalog.materials)].name: q for i, q in amounts}


STOCK = st.lists(st.tuples(st.integers(0, 40), st.integers(-2, 9)), max_size=10)


@settings(max_examples=80, deadline=None)
@given(
    machines=st.lists(st.integers(0, 60), max_size=5),
    amounts=STOCK,
    expected_yield=st.integers(1, 3),
)
def test_every_worth_at_once_is_each_worth_alone(
    alchemy: AlchemyCatalog,
    machines: list[int],
    amounts: list[tuple[int, int]],
    expected_yield: int,
) -> None:
    """`Tools.worth_values` (efforts with nothing in stock, changed for what is) gives
    exactly what `_worth` gives, construct by construct; and the focus is the first best."""
    tools = _tools(_know(alchemy), _machines(alchemy, machines))
    stock = _stock(alchemy, amounts)
    for _ in range(2):  # tables made, then kept
        values = tools.worth_values(stock, expected_yield)
        assert values == [_worth(w, stock, expected_yield) for w in tools.worths]
    best = max(tools.worths, key=lambda w: _worth(w, stock, expected_yield))
    assert _focus(tools, values) == best.construct


def _plain_reach(
    recipe: tuple[tuple[str, int], ...],
    tools: Tools,
    expected: Mapping[str, int],
    harvest: _Harvest,
    energy: int,
    budget: int,
    converted: Mapping[str, int],
) -> tuple[_Harvest, dict[str, int], dict[str, int], int, dict[str, int]] | None:
    """A trial as the planner made it before it kept its changes aside (no converters)."""
    catalog = tools.catalog
    h = harvest
    e = dict(expected)
    done = dict(converted)
    buy: dict[str, int] = {}
    spent = 0
    for m, q in recipe:
        if e.get(m, 0) >= q:
            continue
        if m not in h.names:
            if h is harvest:
                h = harvest.copy()
            if h.add_if_fits(m, energy):
                e[m] = e.get(m, 0) + 1 + tools.bonus(m)
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


@settings(max_examples=150, deadline=None)
@given(
    machines=st.lists(st.integers(0, 60), max_size=4),
    target=st.integers(0, 80),
    extra=st.lists(st.tuples(st.integers(0, 40), st.integers(1, 4)), max_size=3),
    amounts=STOCK,
    harvested=st.lists(st.integers(0, 40), max_size=5),
    energy=st.integers(0, 25),
    budget=st.integers(0, 300),
)
def test_a_trial_kept_aside_is_the_plain_trial(
    alchemy: AlchemyCatalog,
    machines: list[int],
    target: int,
    extra: list[tuple[int, int]],
    amounts: list[tuple[int, int]],
    harvested: list[int],
    energy: int,
    budget: int,
) -> None:
    """`_reach` without converters (it copies only when a trial succeeds, and reads each
    material's energy, place and price from `Tools.materials`) covers a recipe exactly as
    the plain trial did, and leaves its inputs as they were. Recipes are a construct's, a
    machine's, or materials drawn at random (a material may come twice)."""
    tools = _tools(_know(alchemy), _machines(alchemy, machines))
    if tools.conversions:
        return  # converters take `_reach_converting`, the plain trial itself
    things = [
        *(tools.recipe(c) for c in alchemy.constructs),
        *(m.materials for m in alchemy.machines),
    ]
    drawn = tuple((alchemy.materials[i % len(alchemy.materials)].name, q) for i, q in extra)
    recipe = things[target % len(things)] + drawn
    expected = _stock(alchemy, amounts)
    harvest = _Harvest(alchemy)
    for i in harvested:
        name = alchemy.materials[i % len(alchemy.materials)].name
        if name not in harvest.names:
            harvest.add_if_fits(name, energy)
    before = (dict(expected), harvest.copy())
    fast = _reach(recipe, tools, expected, harvest, energy, budget, {})
    assert fast == _plain_reach(recipe, tools, expected, harvest, energy, budget, {})
    assert (expected, harvest) == before
    if fast is not None:
        assert energy_cost(alchemy, fast[0].names) == fast[0].cost


def _plain_plan(
    style: Style,
    public: Mapping[str, Any],
    private: Mapping[str, Any],
    player: str,
    rng: np.random.Generator,
    must: str | None = None,
) -> dict[str, Any]:
    """A plan as the planner made it before it kept its views and steps."""
    catalog = alchemy_catalog(public["catalog"])
    known = _know(catalog)
    stock = {k: int(v) for k, v in private["stock"].items()}
    coins, energy = int(private["coins"]), int(private["energy"])
    owned = set(private["machines"])
    budget = max(0, coins - style.reserve)
    if style.steady:
        budget = budget // max(1, ROUNDS - int(public.get("round", 0)))
    elif int(public.get("round", 0)) < ROUNDS - 1:
        budget = int(budget * style.share)
    home = home_set(catalog, player) if style.specialist else None
    bare = _tools(known, tuple(sorted(owned)))
    plain = _plain_worths(style, bare, stock)
    machine = _forced(known, must, owned, coins) or _machine(
        style, known, owned, stock, budget, home, _focus(bare, plain)
    )
    harvest = _Harvest(catalog)
    expected = dict(stock)
    buy: dict[str, int] = {}
    if machine is not None:
        budget = max(0, budget - machine.cost)
        got = _reach(machine.materials, bare, expected, harvest, energy, budget, {})
        if got is None:
            budget += machine.cost
            machine = None
        else:
            harvest, got_b, got_e, spent, _ = got
            budget, buy = budget - spent, dict(got_b)
            expected = _use(got_e, machine.materials)
    tools = _tools(known, tuple(sorted(owned | ({machine.name} if machine else set()))))
    worths = tools.worths
    if machine is None and plain is not None:
        values = plain
    else:
        values = tools.worth_values(expected, style.expected_yield)
    draws = [float(rng.random()) for _ in worths]
    keys = [-(v * w + x * 0.1) for v, w, x in zip(values, known.weights(home), draws, strict=True)]
    ranked = sorted(range(len(worths)), key=keys.__getitem__)
    targets: list[Construct] = []
    sets_used: set[str] = set()
    converted: dict[str, int] = {}
    for i in ranked:
        if len(targets) >= MAX_TARGETS:
            break
        c = worths[i].construct
        if c.set in sets_used:
            continue
        recipe = tools.recipe(c)
        trial = _reach(recipe, tools, expected, harvest, energy, budget, converted)
        if trial is None:
            continue
        harvest, trial_b, trial_e, spent, converted = trial
        budget -= spent
        for m, q in trial_b.items():
            buy[m] = buy.get(m, 0) + q
        expected = _use(trial_e, recipe)
        targets.append(c)
        sets_used.add(c.set)
    fuel = [m for conv in tools.conversions for m, _ in conv.given]
    extras = [catalog.material(m) for m in fuel] + [
        mat for mat in catalog.materials if mat.location in harvest.places
    ]
    for mat in extras:
        if mat.name not in harvest.names:
            harvest.add_if_fits(mat.name, energy)
    return {
        "harvest": harvest.names,
        "buy": buy,
        "machine": machine.name if machine else None,
        "convert": {name: times for name, times in sorted(converted.items()) if times},
        "engineer": [c.name for c in targets],
        "priority": True,
    }


@settings(max_examples=150, deadline=None)
@given(
    style=st.sampled_from([GREEDY, CAUTIOUS, SPECIALIST]),
    round_no=st.integers(0, ROUNDS - 1),
    machines=st.lists(st.integers(0, 60), max_size=4),
    amounts=STOCK.map(lambda a: [(i, max(0, q)) for i, q in a]),
    coins=st.integers(0, 300),
    energy=st.integers(0, 25),
    must=st.integers(-1, 60),
    player=st.sampled_from(["ann", "bo", "cy", "dee"]),
    seeds=st.lists(st.integers(0, 2**32 - 1), min_size=1, max_size=4),
)
def test_a_plan_from_kept_views_and_steps_is_the_plain_plan(
    alchemy_json: Mapping[str, Any],
    style: Style,
    round_no: int,
    machines: list[int],
    amounts: list[tuple[int, int]],
    coins: int,
    energy: int,
    must: int,
    player: str,
    seeds: list[int],
) -> None:
    """`plan` (its view's start and each step's trials kept, so a view met again walks
    steps already made, along whatever path its draws rank) chooses and draws as the
    plain plan: each seed twice, the second time from what the first kept."""
    catalog = alchemy_catalog(alchemy_json)
    public = {"catalog": alchemy_json, "round": round_no}
    owned = list(_machines(catalog, machines))
    private = {
        "stock": _stock(catalog, amounts),
        "coins": coins,
        "energy": energy,
        "machines": [*owned, *owned[:1]],  # a name twice counts once
    }
    forced = None if must < 0 else catalog.machines[must % len(catalog.machines)].name
    for seed in [*seeds, *seeds]:
        fast, plain = np.random.default_rng(seed), np.random.default_rng(seed)
        got = plan(style, public, private, player, fast, forced)
        assert got == _plain_plan(style, public, private, player, plain, forced)
        assert fast.bit_generator.state == plain.bit_generator.state


# --- Alchemy's round: what it keeps of its catalog -----------------------------------------


@settings(max_examples=60, deadline=None)
@given(machines=st.lists(st.integers(0, 60), max_size=5))
def test_a_rounds_kept_tables_are_the_catalogs_own(
    alchemy: AlchemyCatalog, machines: list[int]
) -> None:
    """Each construct's needs for a player without recipe-saving machines are
    `recipe_needs`'; locations, sets and savers are the catalog's."""
    known = _know_round(alchemy)
    owned = list(_machines(alchemy, machines))
    savers = {m.name for m in alchemy.machines if m.effect is Effect.RECIPE_SAVING}
    assert known.savers == savers
    for c in alchemy.constructs:
        assert known.set_of[c.name] == c.set
        if not savers & set(owned):
            assert known.needs[c.name] == tuple(recipe_needs(alchemy, c.name, owned).items())
    for m in alchemy.materials:
        assert known.location[m.name] == alchemy.material(m.name).location


@settings(max_examples=60, deadline=None)
@given(
    machines=st.lists(st.integers(0, 60), max_size=5),
    picks=st.lists(st.integers(0, 40), max_size=7),
    sold=st.lists(st.integers(1, 9), min_size=7, max_size=7),
)
def test_earnings_summed_over_one_denominator_are_the_plain_sum(
    alchemy: AlchemyCatalog, machines: list[int], picks: list[int], sold: list[int]
) -> None:
    owned = list(_machines(alchemy, machines))
    engineered = [alchemy.constructs[i % len(alchemy.constructs)].name for i in picks]
    counts = dict(zip(alchemy.sets, sold, strict=False))
    plain = Fraction(0)
    for name in engineered:
        construct = alchemy.construct(name)
        worth = construct.value * multiplier(counts[construct.set])
        bonus = sum(
            (
                m.bonus
                for m in map(alchemy.machine, owned)
                if m.effect is Effect.SET_BONUS and m.target == construct.set
            ),
            Fraction(0),
        )
        plain += worth * (1 + bonus)
    earned = _earned(alchemy, owned, engineered, counts)
    assert earned == plain and type(earned) is Fraction
