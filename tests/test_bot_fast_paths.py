"""The bots' fast paths against the plain computations they replace (issue 30's speed work):
every table, cache and shortcut must give exactly what the plain code gives, draws included,
or a lab run would no longer repeat the festivals it played before."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events.summoners.catalog import ROAD_TOWER
from events.summoners.catalog import Catalog as SummonersCatalog
from events.summoners.model import SLOTS, Unit
from events.summoners.rules import spending_problem
from festival.bots.summoners_value import (
    HOME_WEIGHT,
    NOISE,
    Option,
    _defence,
    _options,
    _placed,
    _shop,
    _worth_tables,
    tower_value,
)
from festival.match.catalogs import catalog_options
from festival.match.engines import load_engines


@pytest.fixture(scope="module")
def summoners() -> SummonersCatalog:
    options = catalog_options(load_engines({}, ("summoners",)), {})
    return SummonersCatalog.from_json(options["summoners"]["catalog"])


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
