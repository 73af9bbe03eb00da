"""Summoner's Dream bots that buy by value per coin, upgrade, and place towers for coverage.

What they see: the catalog, the sales pool and the maps (public); their own coins, towers,
familiars and the players they have not invaded yet (private).
- value (the "greedy" strategy): every round spends what it can on the best value per coin,
  alternating tower and familiar sides so the spending rule holds ("may not spend twice as
  much coins on Towers as they do Familiars or vice versa"), upgrades what it owns, and
  picks the map and the tiles and facings where its towers cover the most track;
- cautious: the same choices, but keeps half its coins for later rounds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, NamedTuple

import numpy as np

from events.summoners.catalog import ROAD_TOWER, Catalog, MapDef, TowerLevel
from events.summoners.geometry import Facing, Tile, rotate
from events.summoners.model import INCOME, SLOTS, Unit
from events.summoners.rules import new_units, spending_problem
from festival.bots.catalogs import summoners_catalog


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


def value_summoners(
    public: Mapping[str, Any],
    private: Mapping[str, Any],
    player: str,
    round_no: int,
    rng: np.random.Generator,
    must: str | None = None,
) -> dict[str, Any]:
    return play(public, private, round_no, rng, keep=0.0, must=must)


def cautious_summoners(
    public: Mapping[str, Any],
    private: Mapping[str, Any],
    player: str,
    round_no: int,
    rng: np.random.Generator,
    must: str | None = None,
) -> dict[str, Any]:
    return play(public, private, round_no, rng, keep=0.5, must=must)


def tower_value(level: TowerLevel) -> float:
    return level.damage * len(level.reach) / max(1, level.interval)


def play(
    public: Mapping[str, Any],
    private: Mapping[str, Any],
    round_no: int,
    rng: np.random.Generator,
    keep: float,
    must: str | None = None,
) -> dict[str, Any]:
    """`must`: a tower or familiar kind bought first if on sale (a lab's forced item)."""
    catalog = summoners_catalog(public["catalog"])
    coins = int(private["coins"]) + INCOME
    budget = int(coins * (1 - keep))
    towers = [Unit(t["id"], t["kind"], t["level"]) for t in private["towers"]]
    familiars = [Unit(f["id"], f["kind"], f["level"]) for f in private["familiars"]]
    buy_t, buy_f, upgrades = _shop(catalog, towers, familiars, round_no, budget, must)
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
    catalog: Catalog, towers: list[Unit], familiars: list[Unit], round_no: int
) -> list[Option]:
    on_sale_t, on_sale_f = catalog.sales.get(round_no, ((), ()))
    out = []
    for kind in on_sale_t:
        lv = catalog.towers[kind][0]
        out.append(Option("tower", "buy", kind, lv.cost, tower_value(lv) / max(1, lv.cost)))
    for kind in on_sale_f:
        fl = catalog.familiars[kind][0]
        out.append(Option("familiar", "buy", kind, fl.cost, fl.hp * fl.speed / max(1, fl.cost)))
    for u in towers:
        levels = catalog.towers[u.kind]
        if u.level < len(levels):
            t_next = levels[u.level]
            gain = tower_value(t_next) - tower_value(levels[u.level - 1])
            out.append(Option("tower", "upgrade", u.id, t_next.cost, gain / max(1, t_next.cost)))
    for u in familiars:
        f_levels = catalog.familiars[u.kind]
        if u.level < len(f_levels) and round_no >= u.level + 1:
            nxt, now = f_levels[u.level], f_levels[u.level - 1]
            gain = nxt.hp * nxt.speed - now.hp * now.speed
            out.append(Option("familiar", "upgrade", u.id, nxt.cost, gain / max(1, nxt.cost)))
    return sorted(out, key=lambda o: (-o.value, o.ref))


def _shop(
    catalog: Catalog,
    towers: list[Unit],
    familiars: list[Unit],
    round_no: int,
    budget: int,
    must: str | None,
) -> tuple[list[str], list[str], list[str]]:
    """Alternate sides, best value per coin first, within budget and the spending rule
    (`must` first, when it is on sale and affordable)."""
    options = _options(catalog, towers, familiars, round_no)
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
            spot = _best_spot(battlefield, covered, used, reach, on_road)
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


class Spot(NamedTuple):
    """Where a tower may stand, facing which way, and the track tiles it hits there."""

    tile: Tile
    facing: Facing
    hits: int
    """the track tiles hit, as a mask: bit i is the map's i-th track tile (in sorted order)"""
    tiles: int
    """how many track tiles it hits"""


def _best_spot(
    battlefield: MapDef,
    covered: int,
    used: set[Tile],
    reach: tuple[Tile, ...],
    on_road: bool,
) -> Spot | None:
    """The free spot hitting the most track tiles not `covered` yet, then the most in all
    (the first such spot in _spots' order)."""
    best, best_score = None, (-1, -1)  # (new tiles hit, tiles hit)
    for spot in _spots(battlefield, reach, on_road):
        tile, _, hits, tiles = spot
        if tiles <= best_score[0]:
            break  # spots come most hits first: none further can cover more new track
        if tile in used:
            continue
        score = ((hits & ~covered).bit_count(), tiles)
        if score > best_score:
            best, best_score = spot, score
    return best


@cache
def _spots(battlefield: MapDef, reach: tuple[Tile, ...], on_road: bool) -> tuple[Spot, ...]:
    """Every tile and facing where a tower of this reach may stand and hits the track, with
    the track tiles it hits, most hits first (computed once per map and reach)."""
    track = set(battlefield.track("A")) | set(battlefield.track("B"))
    bit = {tile: 1 << i for i, tile in enumerate(sorted(track))}
    turned = {f: rotate(reach, f) for f in Facing}
    out = []
    for r, line in enumerate(battlefield.rows):
        for c, ch in enumerate(line):
            if not (ch in "abc" if on_road else ch == "G"):
                continue
            for facing in Facing:
                hits = frozenset((r + dr, c + dc) for dr, dc in turned[facing]) & track
                if hits:
                    out.append(Spot((r, c), facing, sum(bit[t] for t in hits), len(hits)))
    return tuple(sorted(out, key=lambda spot: -spot.tiles))
