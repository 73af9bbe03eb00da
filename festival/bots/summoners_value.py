"""Summoner's Dream bots that buy by value per coin, upgrade, and place towers for coverage.

What they see: the catalog, the sales pool and the maps (public); their own coins, towers,
familiars and the players they have not invaded yet (private).
- value (the "greedy" strategy): every round spends what it can on the best value per coin,
  alternating tower and familiar sides so the spending rule holds ("may not spend twice as
  much coins on Towers as they do Familiars or vice versa"), upgrades what it owns, and
  picks the map and the tiles and facings where its towers cover the most track;
- cautious (timing: late): the same choices, but keeps half its coins in the first half of
  the match and spends everything from then on, so nothing is left unspent at the end;
- specialist: favours one tower kind and one familiar kind all match: the kinds it owns
  most of, or, before it owns any, kinds on sale chosen from the player's name. Their worth
  counts HOME_WEIGHT times, so it buys and upgrades them whenever they are on sale and fills
  in with the best of the rest.
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

import numpy as np

from events.summoners.catalog import ROAD_TOWER, Catalog, MapDef, TowerLevel
from events.summoners.geometry import Tile
from events.summoners.model import INCOME, SLOTS, Unit
from events.summoners.rules import new_units, spending_problem
from festival.bots.catalogs import summoners_catalog
from festival.bots.summoners_placing import Spot, best_spot
from festival.bots.summoners_worth import familiar_worth, tower_worth
from festival.match.config import DEFAULT_ROUNDS

LIKELY = 4
"""how many kinds of each side make the army a bot expects to meet"""
NOISE = 0.3
"""the spread of the noise on a bot's values (+-15%)"""
HOME_WEIGHT = 3.0
"""how much more the specialist values its own tower and familiar kinds"""


@dataclass(frozen=True)
class Option:
    side: str
    """"tower" or "familiar\""""
    action: str
    """"buy" or "upgrade\""""
    ref: str
    """the kind bought, or the unit id upgraded"""
    cost: int
    value: float


@dataclass(frozen=True)
class Style:
    keep: float
    """the share of its coins kept for later rounds, in the first half of the match"""
    specialist: bool = False


SAVING_ROUNDS = DEFAULT_ROUNDS // 2
"""the rounds in which a saver keeps part of its coins (the first half of the match)"""


def _bot(
    style: Style,
    public: Mapping[str, Any],
    private: Mapping[str, Any],
    player: str,
    round_no: int,
    rng: np.random.Generator,
    must: str | None = None,
) -> dict[str, Any]:
    """The bot signature (festival/bots/registry.py) around `play`; the specialist's home
    kinds come from the player's name."""
    home = ("", "")
    if style.specialist:
        catalog = summoners_catalog(public["catalog"])
        on_sale_t, on_sale_f = catalog.sales.get(round_no, ((), ()))
        home = (
            _home(private["towers"], on_sale_t or sorted(catalog.towers), player),
            _home(private["familiars"], on_sale_f or sorted(catalog.familiars), player),
        )
    keep = style.keep if round_no <= SAVING_ROUNDS else 0.0
    return play(public, private, round_no, rng, keep=keep, must=must, home=home)


value_summoners = partial(_bot, Style(keep=0.0))
cautious_summoners = partial(_bot, Style(keep=0.5))
specialist_summoners = partial(_bot, Style(keep=0.0, specialist=True))


def _home(owned: Sequence[Mapping[str, Any]], kinds: Sequence[str], player: str) -> str:
    """The specialist's kind: the kind it owns most of (ties: the first by name), so it
    holds all match long once chosen; before it owns any, one of `kinds` (those on sale)
    chosen from the player's name."""
    counts = Counter(str(u["kind"]) for u in owned)
    if counts:
        return min(counts, key=lambda k: (-counts[k], k))
    ordered = sorted(kinds)
    return ordered[zlib.crc32(player.encode()) % len(ordered)]


def tower_value(level: TowerLevel) -> float:
    return level.damage * len(level.reach) / max(1, level.interval)


def play(
    public: Mapping[str, Any],
    private: Mapping[str, Any],
    round_no: int,
    rng: np.random.Generator,
    keep: float,
    must: str | None = None,
    home: tuple[str, str] = ("", ""),
) -> dict[str, Any]:
    """`must`: a tower or familiar kind bought first if on sale (a lab's forced item);
    `home`: the tower and familiar kinds whose worth counts double (the specialist's)."""
    catalog = summoners_catalog(public["catalog"])
    coins = int(private["coins"]) + INCOME
    budget = int(coins * (1 - keep))
    towers = [Unit(t["id"], t["kind"], t["level"]) for t in private["towers"]]
    familiars = [Unit(f["id"], f["kind"], f["level"]) for f in private["familiars"]]
    buy_t, buy_f, upgrades = _shop(catalog, towers, familiars, round_no, budget, must, home, rng)
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


def _options(
    catalog: Catalog,
    towers: list[Unit],
    familiars: list[Unit],
    round_no: int,
    home: tuple[str, str] = ("", ""),
) -> list[Option]:
    """Every purchase and upgrade on offer, by worth per coin (summoners_worth); the
    `home` kinds' worth counts double."""
    on_sale_t, on_sale_f = catalog.sales.get(round_no, ((), ()))
    plain_t, plain_f = _worths(catalog)

    def t_worth(kind: str, i: int) -> float:
        return plain_t(kind, i) * (HOME_WEIGHT if kind == home[0] else 1)

    def f_worth(kind: str, i: int) -> float:
        return plain_f(kind, i) * (HOME_WEIGHT if kind == home[1] else 1)

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


def _worths(
    catalog: Catalog,
) -> tuple[Callable[[str, int], float], Callable[[str, int], float]]:
    """(kind, level index) -> worth, for towers and for familiars, against the army other
    players are likely to field: first every kind at level 1 is measured against every kind
    of the other side; the LIKELY kinds best per coin then make the reference party (two of
    each) and defence that the final worths are measured against. Worked out once per
    catalog (the bots of a table share one catalog object a round)."""
    kept = _WORTHS.get(id(catalog))
    if kept is None or kept[0] is not catalog:
        kept = (catalog, *_worth_tables(catalog))
        _WORTHS.clear()  # one catalog at a time: a lab job or a match plays one
        _WORTHS[id(catalog)] = kept
    _, t_table, f_table = kept
    return (lambda kind, i: t_table[kind][i]), (lambda kind, i: f_table[kind][i])


_WORTHS: dict[int, tuple[Catalog, dict[str, list[float]], dict[str, list[float]]]] = {}


def _worth_tables(catalog: Catalog) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    every_party = tuple(catalog.familiars[k][0] for k in sorted(catalog.familiars))
    every_defence = tuple((k, catalog.towers[k][0]) for k in sorted(catalog.towers))

    def per_coin_t(k: str) -> float:
        lv = catalog.towers[k][0]
        return tower_worth(k, lv, catalog.maps, every_party) / max(1, lv.cost)

    def per_coin_f(k: str) -> float:
        lv = catalog.familiars[k][0]
        return familiar_worth(lv, catalog.maps, every_defence) / max(1, lv.cost)

    likely_t = sorted(catalog.towers, key=lambda k: (-per_coin_t(k), k))[:LIKELY]
    likely_f = sorted(catalog.familiars, key=lambda k: (-per_coin_f(k), k))[:LIKELY]
    party = tuple(catalog.familiars[k][0] for k in sorted(likely_f) for _ in range(2))
    defence = tuple((k, catalog.towers[k][0]) for k in sorted(likely_t))
    towers = {
        k: [tower_worth(k, lv, catalog.maps, party) for lv in levels]
        for k, levels in catalog.towers.items()
    }
    familiars = {
        k: [familiar_worth(lv, catalog.maps, defence) for lv in levels]
        for k, levels in catalog.familiars.items()
    }
    return towers, familiars


def _shop(
    catalog: Catalog,
    towers: list[Unit],
    familiars: list[Unit],
    round_no: int,
    budget: int,
    must: str | None,
    home: tuple[str, str],
    rng: np.random.Generator,
) -> tuple[list[str], list[str], list[str]]:
    """Alternate sides, best value per coin first, within budget and the spending rule
    (`must` first, when it is on sale and affordable). Values carry a little noise, so
    bots of one strategy do not all buy the same army."""
    plain = _options(catalog, towers, familiars, round_no, home)
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


def _upgraded(units: list[Unit], upgrades: list[str]) -> list[Unit]:
    return [Unit(u.id, u.kind, u.level + 1) if u.id in upgrades else u for u in units]


def _defence(catalog: Catalog, towers: list[Unit]) -> tuple[MapDef, list[dict[str, Any]]]:
    """The map where the towers, placed one by one where they cover the most track tiles
    not covered yet, cover the most in all."""
    ordered = sorted(towers, key=lambda u: -tower_value(catalog.towers[u.kind][u.level - 1]))
    reaches = tuple(
        (catalog.towers[u.kind][u.level - 1].reach, u.kind == ROAD_TOWER) for u in ordered
    )
    battlefield, spots = _placed(catalog.maps, reaches)
    placements = [
        {
            "tower": unit.id,
            "row": spot.tile[0] + 1,
            "col": spot.tile[1] + 1,
            "facing": spot.facing.value,
        }
        for unit, spot in zip(ordered, spots, strict=True)
        if spot is not None
    ]
    return battlefield, placements


@lru_cache(maxsize=1024)
def _placed(
    maps: tuple[MapDef, ...], towers: tuple[tuple[tuple[Tile, ...], bool], ...]
) -> tuple[MapDef, tuple[Spot | None, ...]]:
    """The best map and each tower's spot on it (None: nowhere), for towers given by reach
    and whether they stand on the road, best first. Worked out once per army: bots at a
    lab's tables own the same few armies again and again."""
    best: tuple[int, MapDef, tuple[Spot | None, ...]] | None = None
    for battlefield in maps:
        covered = 0  # track tiles covered so far, as a mask (see _spots)
        used: set[Tile] = set()
        spots: list[Spot | None] = []
        total = 0
        for reach, on_road in towers:
            spot = best_spot(battlefield, covered, used, reach, on_road)
            spots.append(spot)
            if spot is None:
                continue
            used.add(spot.tile)
            covered |= spot.hits
            total += spot.tiles
        if best is None or total > best[0]:
            best = (total, battlefield, tuple(spots))
    assert best is not None, "a catalog always has maps"
    return best[1], best[2]
