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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

import numpy as np

from events.summoners.catalog import ROAD_TOWER, Catalog, FamiliarLevel, MapDef, TowerLevel
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


ARMIES = 1024
"""the most armies whose defence is kept (per catalog)"""
SHOPS = 4096
"""the most shops (a round, home kinds and the units owned) whose options are kept"""
UnitKey = tuple[str, str, int]
"""a unit as a player's view gives it: id, kind, level"""
ShopKey = tuple[int, tuple[str, str], tuple[UnitKey, ...], tuple[UnitKey, ...]]
"""a round, home kinds, and the towers and familiars owned"""
Cell = tuple[int, int, str]
"""where a tower stands in a defence: row and column (from 1), facing"""
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
    t_keys = tuple([(t["id"], t["kind"], t["level"]) for t in private["towers"]])
    f_keys = tuple([(f["id"], f["kind"], f["level"]) for f in private["familiars"]])
    towers = [_unit(*k) for k in t_keys]
    familiars = [_unit(*k) for k in f_keys]
    shelf = _offers(catalog).shelf((round_no, home, t_keys, f_keys), towers, familiars)
    buy_t, buy_f, upgrades = _shop(
        catalog, towers, familiars, round_no, budget, must, home, rng, shelf
    )
    bought = (tuple(buy_t), tuple(buy_f), tuple(upgrades))
    army = shelf.armies.get(bought)
    if army is None:
        army = shelf.armies[bought] = _army(catalog, towers, familiars, *bought)
    battlefield, placed, ids = army
    placements = [dict(p) for p in placed]
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


Army = tuple[MapDef, tuple[dict[str, Any], ...], tuple[str, ...]]
"""the map defended, the towers' placements and the familiars' ids in attack order"""


def _army(
    catalog: Catalog,
    towers: list[Unit],
    familiars: list[Unit],
    buy_t: tuple[str, ...],
    buy_f: tuple[str, ...],
    upgrades: tuple[str, ...],
) -> Army:
    """The defence and attack order of the units owned after these purchases and upgrades:
    towers placed for coverage (`_defence`), familiars with the most hit points first."""
    towers = _upgraded([*towers, *new_units(towers, buy_t)], list(upgrades))
    familiars = _upgraded([*familiars, *new_units(familiars, buy_f)], list(upgrades))
    battlefield, placements = _defence(catalog, towers)
    order = sorted(familiars, key=lambda u: -catalog.familiars[u.kind][u.level - 1].hp)
    return battlefield, tuple(placements), tuple(u.id for u in order)


@lru_cache(maxsize=4096)
def _unit(id: str, kind: str, level: int) -> Unit:
    """A unit the player owns (units are frozen: the same few are read every round)."""
    return Unit(id, kind, level)


def _options(
    catalog: Catalog,
    towers: list[Unit],
    familiars: list[Unit],
    round_no: int,
    home: tuple[str, str] = ("", ""),
) -> list[Option]:
    """Every purchase and upgrade on offer, by worth per coin (summoners_worth); the
    `home` kinds' worth counts double."""
    offers = _offers(catalog)
    out = list(offers.buys(round_no, home))
    for u in towers:
        option = offers.upgrade("tower", u, u.kind == home[0])
        if option is not None:
            out.append(option)
    for u in familiars:
        if round_no >= u.level + 1:
            option = offers.upgrade("familiar", u, u.kind == home[1])
            if option is not None:
                out.append(option)
    out.sort(key=_best_first)
    return out


def _best_first(o: Option) -> tuple[float, str]:
    return -o.value, o.ref


class _Shelf:
    """A shop's options (`_options`' order) with what shopping reads of each: its value and
    ref, and the positions of each side's options."""

    def __init__(self, options: Sequence[Option]) -> None:
        self.options = tuple(options)
        self.values = [o.value for o in self.options]
        self.refs = [o.ref for o in self.options]
        self.sides = {
            side: [i for i, o in enumerate(self.options) if o.side == side]
            for side in ("tower", "familiar")
        }
        self.armies: dict[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]], Army] = {}
        """purchases, familiars and upgrades of a shopping -> `_army` (the units the
        shelf's key names, with them)"""


class _Offers:
    """The options of one catalog, each made once: its kinds' worths (`_worth_tables`), the
    purchases of each round (for each pair of home kinds) and the upgrade of each unit (by
    id, kind, level and whether its kind is a home kind). Options are frozen, so every bot
    of every seat shares them; a bot plays dozens a round, and making them afresh (with
    their worths looked up and divided again) was a good part of its time."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.towers, self.familiars = _worth_tables(catalog)
        self.strength = {
            k: [tower_value(lv) for lv in levels] for k, levels in catalog.towers.items()
        }
        """kind -> each level's `tower_value`: the order towers are placed in"""
        self._buys: dict[tuple[int, tuple[str, str]], tuple[Option, ...]] = {}
        self._upgrades: dict[tuple[str, str, str, int, bool], Option | None] = {}
        self._placed: dict[tuple[tuple[str, int], ...], tuple[MapDef, tuple[Cell | None, ...]]] = {}
        self._by_reach: dict[
            tuple[tuple[tuple[Tile, ...], bool], ...], tuple[MapDef, tuple[Cell | None, ...]]
        ] = {}
        self._shelves: dict[ShopKey, _Shelf] = {}

    def shelf(self, key: ShopKey, towers: list[Unit], familiars: list[Unit]) -> _Shelf:
        """`_options` of the round, home kinds and units of `key` (the units `towers` and
        `familiars` are), worked out once per key: players at a lab's tables meet the same
        round with the same army again and again (five shops in six in a long run)."""
        kept = self._shelves.get(key)
        if kept is None:
            if len(self._shelves) >= SHOPS:
                self._shelves.clear()
            round_no, home = key[0], key[1]
            options = _options(self.catalog, towers, familiars, round_no, home)
            kept = self._shelves[key] = _Shelf(options)
        return kept

    def worth(self, side: str, kind: str, i: int, home: bool) -> float:
        """(kind, level index) -> worth, HOME_WEIGHT times for a home kind."""
        table = self.towers if side == "tower" else self.familiars
        return table[kind][i] * (HOME_WEIGHT if home else 1)

    def buys(self, round_no: int, home: tuple[str, str]) -> tuple[Option, ...]:
        """The round's purchases: the towers on sale, then the familiars."""
        key = (round_no, home)
        kept = self._buys.get(key)
        if kept is None:
            on_sale_t, on_sale_f = self.catalog.sales.get(round_no, ((), ()))
            out = []
            for kind in on_sale_t:
                cost = self.catalog.towers[kind][0].cost
                worth = self.worth("tower", kind, 0, kind == home[0])
                out.append(Option("tower", "buy", kind, cost, worth / max(1, cost)))
            for kind in on_sale_f:
                cost = self.catalog.familiars[kind][0].cost
                worth = self.worth("familiar", kind, 0, kind == home[1])
                out.append(Option("familiar", "buy", kind, cost, worth / max(1, cost)))
            kept = self._buys[key] = tuple(out)
        return kept

    def placed(self, army: tuple[tuple[str, int], ...]) -> tuple[MapDef, tuple[Cell | None, ...]]:
        """`_placed` for towers given by kind and level, best first, with each spot as the
        row, column (from 1) and facing a defence names. Worked out once per army: bots at
        a lab's tables own the same few armies again and again. Kept by kinds and levels
        (quick to look up) and by reaches (kinds of one reach share their placing)."""
        kept = self._placed.get(army)
        if kept is None:
            if len(self._placed) >= ARMIES:
                self._placed.clear()
                self._by_reach.clear()
            towers = self.catalog.towers
            reaches = tuple((towers[k][level - 1].reach, k == ROAD_TOWER) for k, level in army)
            kept = self._by_reach.get(reaches)
            if kept is None:
                battlefield, spots = _placed(self.catalog.maps, reaches)
                cells = tuple(
                    None if s is None else (s.tile[0] + 1, s.tile[1] + 1, s.facing.value)
                    for s in spots
                )
                kept = self._by_reach[reaches] = (battlefield, cells)
            self._placed[army] = kept
        return kept

    def upgrade(self, side: str, u: Unit, home: bool) -> Option | None:
        """The upgrade of unit `u` by one level, or None at its kind's top level."""
        key = (side, u.id, u.kind, u.level, home)
        if key in self._upgrades:
            return self._upgrades[key]
        levels: Sequence[TowerLevel | FamiliarLevel] = (
            self.catalog.towers[u.kind] if side == "tower" else self.catalog.familiars[u.kind]
        )
        option = None
        if u.level < len(levels):
            gain = self.worth(side, u.kind, u.level, home) - self.worth(
                side, u.kind, u.level - 1, home
            )
            cost = levels[u.level].cost
            option = Option(side, "upgrade", u.id, cost, gain / max(1, cost))
        self._upgrades[key] = option
        return option


def _offers(catalog: Catalog) -> _Offers:
    """The options of `catalog`, worked out once (the bots of a table share one catalog
    object a round; a lab job or a match plays one catalog, so one is kept at a time)."""
    kept = _OFFERS.get(id(catalog))
    if kept is None or kept.catalog is not catalog:
        kept = _Offers(catalog)
        _OFFERS.clear()
        _OFFERS[id(catalog)] = kept
    return kept


_OFFERS: dict[int, _Offers] = {}


def _worth_tables(catalog: Catalog) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """kind -> each level's worth, for towers and for familiars, against the army other
    players are likely to field: first every kind at level 1 is measured against every kind
    of the other side; the LIKELY kinds best per coin then make the reference party (two of
    each) and defence that the final worths are measured against."""
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
    kept: _Shelf | None = None,
) -> tuple[list[str], list[str], list[str]]:
    """Alternate sides, best value per coin first, within budget and the spending rule
    (`must` first, when it is on sale and affordable). Values carry a little noise, so
    bots of one strategy do not all buy the same army. `kept`: the `_options` of these
    arguments, when known."""
    shelf = _Shelf(_options(catalog, towers, familiars, round_no, home)) if kept is None else kept
    plain = shelf.options
    # one draw an option, in order: rng.random(n) gives the numbers n calls would
    draws = rng.random(len(plain)).tolist()
    keys = [
        (-(v * (1 + NOISE * (x - 0.5))), ref)
        for v, ref, x in zip(shelf.values, shelf.refs, draws, strict=True)
    ]
    spent = {"tower": 0, "familiar": 0}
    chosen: list[Option] = []
    n_familiars = len(familiars)
    first = None
    if must is not None:
        # the first in the noisy order (a stable sort: ties keep `plain`'s order)
        bought = [i for i, o in enumerate(plain) if o.action == "buy" and o.ref == must]
        if bought:
            first = plain[min(bought, key=lambda i: (keys[i], i))]
    if first is not None and first.cost <= budget:
        chosen.append(first)
        spent[first.side] += first.cost
        n_familiars += first.side == "familiar"
    upgraded: set[str] = set()
    # each side's options in the noisy order (sorting a side's alone keeps the order the
    # sort of all gives it), from the first one still possible: an option passed over
    # stays impossible (the coins left only fall, upgraded units and familiars only grow),
    # so the search for the next pick starts where the last one stopped
    queues = {
        side: [plain[i] for i in sorted(positions, key=keys.__getitem__)]
        for side, positions in shelf.sides.items()
    }
    start = dict.fromkeys(spent, 0)
    while True:
        side = "tower" if spent["tower"] <= spent["familiar"] else "familiar"
        left = budget - spent["tower"] - spent["familiar"]
        queue, i = queues[side], start[side]
        while i < len(queue) and not _possible(queue[i], left, upgraded, n_familiars):
            i += 1
        start[side] = i
        if i == len(queue):
            break
        pick = queue[i]
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


def _possible(o: Option, left: int, upgraded: set[str], n_familiars: int) -> bool:
    """Whether `o` can be picked with `left` coins, units `upgraded` already this round
    and `n_familiars` familiars."""
    if o.cost > left or o.ref in upgraded:
        return False
    return not (o.side == "familiar" and o.action == "buy" and n_familiars >= SLOTS)


def _upgraded(units: list[Unit], upgrades: list[str]) -> list[Unit]:
    if not upgrades:
        return units
    return [Unit(u.id, u.kind, u.level + 1) if u.id in upgrades else u for u in units]


def _defence(catalog: Catalog, towers: list[Unit]) -> tuple[MapDef, list[dict[str, Any]]]:
    """The map where the towers, placed one by one where they cover the most track tiles
    not covered yet, cover the most in all."""
    offers = _offers(catalog)
    strength = offers.strength
    ordered = sorted(towers, key=lambda u: -strength[u.kind][u.level - 1])
    battlefield, cells = offers.placed(tuple((u.kind, u.level) for u in ordered))
    placements = [
        {"tower": unit.id, "row": cell[0], "col": cell[1], "facing": cell[2]}
        for unit, cell in zip(ordered, cells, strict=True)
        if cell is not None
    ]
    return battlefield, placements


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
