"""The Summoner's Dream catalog: towers, familiars, maps and the sales pool.

The original "Summoner's Dream spreadsheet" is not available, so the host edits a catalog
workbook (the default ships in fixtures/summoners/catalog.xlsx; docs/formats.md). This module
reads it from plain tables, checks it, and converts it to and from JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import Any

from events.catalog_tables import CatalogProblems, header_rows
from events.errors import SubmissionProblem, quoted
from events.summoners.geometry import Tile, neighbours, parse_range
from events.tables import Grid, Workbook

TOWERS = ("Geon", "Yi", "Tae", "Jin", "Son", "Gam", "Gan", "Gon")
"""the eight trigram towers: Heaven, Fire, Marsh, Thunder, Wind, Water, Mountain, Earth"""
FAMILIARS = ("Fox", "Monkey", "Toad", "Cat", "Carp", "Pheasant", "Crab", "Raccoon Dog")
TOWER_LEVELS = 3
"""level 1 and "2 available upgrades\""""
FAMILIAR_LEVELS = 6
"""level 1 and "5 available upgrades\""""
SINGLE_TARGET = "Geon"
ROAD_TOWER = "Gan"
BLESSED_LAND = "Blessed Land"
GROTTO_HEAVEN = "Grotto-Heaven"
MAP_KINDS = (BLESSED_LAND, GROTTO_HEAVEN)
MAPS_PER_KIND = 2
ROUNDS = range(1, 7)
"""the festival's rounds: "This Main Match will last 6 rounds\""""
SIX_PLAYER_ROUNDS = range(2, 7)
"""a 6-player Summoner's Dream "begins in Round 2\""""


class TowerEffect(Enum):
    NONE = "none"
    SLOW = "slow"
    """hit familiars move at half speed for `amount` time units"""
    STUN = "stun"
    """hit familiars do not move for `amount` time units"""
    PUSH = "push"
    """hit familiars are pushed `amount` tiles back along their track"""
    BURN = "burn"
    """hit familiars take `amount` damage at each of the next 3 time units"""
    BLOCK = "block"
    """(on a road) each walking familiar reaching the tower's tile is held there `amount` units"""


class Trait(Enum):
    NONE = "none"
    ARMOUR = "armour"
    """every hit does `amount` less damage (at least 1)"""
    REVIVE = "revive"
    """the first time it dies it comes back with `amount` hit points"""
    FLYING = "flying"
    """passes road blocks"""
    HIDDEN = "hidden"
    """single-target towers (Geon) cannot see it"""
    SWIFT = "swift"
    """slow and stun do not hold it"""
    REGEN = "regen"
    """heals `amount` hit points every time unit (up to its maximum)"""


@dataclass(frozen=True)
class TowerLevel:
    cost: int
    """level 1: the price; levels 2-3: the price of that upgrade"""
    damage: int
    interval: int
    """fires every `interval` time units"""
    reach: tuple[Tile, ...]
    """covered tiles relative to the tower, facing north"""
    effect: TowerEffect
    amount: int


@dataclass(frozen=True)
class FamiliarLevel:
    cost: int
    hp: int
    speed: int
    """tiles per time unit"""
    trait: Trait
    amount: int


@dataclass(frozen=True)
class MapDef:
    name: str
    kind: str
    rows: tuple[str, ...]
    """'G' buildable, '.' scenery, 'a'/'b'/'c' road on track A/B/both, 'A'/'B' a track's
    entrance (road), 'E' the Treasure tile"""

    def at(self, tile: Tile) -> str:
        r, c = tile
        if 0 <= r < len(self.rows) and 0 <= c < len(self.rows[r]):
            return self.rows[r][c]
        return " "

    def is_road(self, tile: Tile) -> bool:
        return self.at(tile) in "abcAB"

    def is_buildable(self, tile: Tile) -> bool:
        return self.at(tile) == "G"

    def track(self, party: str) -> tuple[Tile, ...]:
        """The track's tiles from its entrance to E (E last); () if it is not a path."""
        return self._tracks[party]

    @cached_property
    def _tracks(self) -> dict[str, tuple[Tile, ...]]:
        """Both tracks, walked once per map (every battle and every bot asks for them)."""
        return {party: _walk(self, party) or () for party in "AB"}


def _walk(m: MapDef, party: str) -> tuple[Tile, ...] | None:
    mine = {"A": "aAc", "B": "bBc"}[party]
    starts = [(r, c) for r, row in enumerate(m.rows) for c, ch in enumerate(row) if ch == party]
    if len(starts) != 1:
        return None
    path = [starts[0]]
    seen = {starts[0]}
    while m.at(path[-1]) != "E":
        nxt = [
            n for n in neighbours(path[-1]) if n not in seen and (m.at(n) in mine or m.at(n) == "E")
        ]
        if not nxt:
            return None
        goal = [n for n in nxt if m.at(n) == "E"]
        step = goal[0] if goal else (nxt[0] if len(nxt) == 1 else None)
        if step is None:
            return None
        path.append(step)
        seen.add(step)
    return tuple(path)


@dataclass(frozen=True)
class Catalog:
    towers: Mapping[str, tuple[TowerLevel, ...]]
    familiars: Mapping[str, tuple[FamiliarLevel, ...]]
    maps: tuple[MapDef, ...]
    sales: Mapping[int, tuple[tuple[str, ...], tuple[str, ...]]]
    """round -> (towers on sale, familiars on sale)"""

    def map(self, name: str) -> MapDef:
        return next(m for m in self.maps if m.name == name)

    def to_json(self) -> dict[str, Any]:
        return {
            "towers": {
                name: [
                    {
                        "cost": lv.cost,
                        "damage": lv.damage,
                        "interval": lv.interval,
                        "reach": [list(t) for t in lv.reach],
                        "effect": lv.effect.value,
                        "amount": lv.amount,
                    }
                    for lv in levels
                ]
                for name, levels in self.towers.items()
            },
            "familiars": {
                name: [
                    {
                        "cost": lv.cost,
                        "hp": lv.hp,
                        "speed": lv.speed,
                        "trait": lv.trait.value,
                        "amount": lv.amount,
                    }
                    for lv in levels
                ]
                for name, levels in self.familiars.items()
            },
            "maps": [{"name": m.name, "kind": m.kind, "rows": list(m.rows)} for m in self.maps],
            "sales": {str(r): [list(t), list(f)] for r, (t, f) in sorted(self.sales.items())},
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Catalog:
        return Catalog(
            towers={
                name: tuple(
                    TowerLevel(
                        lv["cost"],
                        lv["damage"],
                        lv["interval"],
                        tuple((int(a), int(b)) for a, b in lv["reach"]),
                        TowerEffect(lv["effect"]),
                        lv["amount"],
                    )
                    for lv in levels
                )
                for name, levels in data["towers"].items()
            },
            familiars={
                name: tuple(
                    FamiliarLevel(
                        lv["cost"], lv["hp"], lv["speed"], Trait(lv["trait"]), lv["amount"]
                    )
                    for lv in levels
                )
                for name, levels in data["familiars"].items()
            },
            maps=tuple(MapDef(m["name"], m["kind"], tuple(m["rows"])) for m in data["maps"]),
            sales={int(r): (tuple(t), tuple(f)) for r, (t, f) in data["sales"].items()},
        )


# --- reading and checking a catalog workbook ----------------------------------------------


def _number(
    text: str, tab: str, r: int, col: int, what: str, problems: CatalogProblems, least: int = 0
) -> int:
    """A whole number, or a problem and `least` (so loading goes on to find the others)."""
    found = problems.whole(text, tab, r, col, what, least)
    return least if found is None else found


def load_catalog(workbook: Workbook) -> tuple[Catalog | None, list[SubmissionProblem]]:
    problems = CatalogProblems("summoners")
    for name in ("Towers", "Familiars", "Maps", "Sales"):
        if name not in workbook:
            problems.add(name, None, None, f"the catalog has no {name!r} tab")
    if problems.items:
        return None, problems.items
    towers = _towers(workbook["Towers"], problems)
    familiars = _familiars(workbook["Familiars"], problems)
    maps = _maps(workbook["Maps"], problems)
    sales = _sales(workbook["Sales"], problems)
    if problems.items:
        return None, problems.items
    return Catalog(towers, familiars, maps, sales), []


def _levels(
    grid: Grid,
    names: tuple[str, ...],
    columns: tuple[str, ...],
    levels: int,
    problems: CatalogProblems,
) -> dict[str, dict[int, tuple[int, dict[str, str]]]]:
    found: dict[str, dict[int, tuple[int, dict[str, str]]]] = {}
    for r, row in header_rows(grid, columns, problems):
        name = next((n for n in names if n.lower() == row["name"].strip().lower()), None)
        if name is None:
            problems.add(grid.tab, r, 0, f"{quoted(row['name'])} is not one of {', '.join(names)}")
            continue
        level = _number(row["level"], grid.tab, r, 1, f"{name}: level", problems, 1)
        if level > levels:
            problems.add(grid.tab, r, 1, f"{name}: levels go from 1 to {levels}")
            continue
        if level in found.setdefault(name, {}):
            problems.add(grid.tab, r, 1, f"{name} level {level} is given twice")
        found[name][level] = (r, row)
    for name in names:
        missing = [str(lv) for lv in range(1, levels + 1) if lv not in found.get(name, {})]
        if missing:
            problems.add(
                grid.tab,
                None,
                None,
                f"{name} needs levels 1-{levels}; missing {', '.join(missing)}",
            )
    return found


def _towers(grid: Grid, problems: CatalogProblems) -> dict[str, tuple[TowerLevel, ...]]:
    cols = ("name", "level", "cost", "damage", "interval", "range", "effect", "amount")
    found = _levels(grid, TOWERS, cols, TOWER_LEVELS, problems)
    out: dict[str, tuple[TowerLevel, ...]] = {}
    for name, by_level in found.items():
        levels = []
        for level in sorted(by_level):
            r, row = by_level[level]
            reach = parse_range(row["range"])
            if reach is None:
                problems.add(
                    grid.tab,
                    r,
                    5,
                    f"{name}: {quoted(row['range'])} is not a range like '.#./#T#' (one T)",
                )
                reach = ((0, 0),)
            try:
                effect = TowerEffect(row["effect"].strip().lower() or "none")
            except ValueError:
                kinds = ", ".join(e.value for e in TowerEffect)
                problems.add(
                    grid.tab, r, 6, f"{name}: {quoted(row['effect'])} is not an effect ({kinds})"
                )
                effect = TowerEffect.NONE
            if effect is TowerEffect.BLOCK and name != ROAD_TOWER:
                problems.add(grid.tab, r, 6, f"{name}: only {ROAD_TOWER} (on the road) can block")
            levels.append(
                TowerLevel(
                    _number(row["cost"], grid.tab, r, 2, f"{name}: cost", problems),
                    _number(row["damage"], grid.tab, r, 3, f"{name}: damage", problems),
                    _number(row["interval"], grid.tab, r, 4, f"{name}: interval", problems, 1),
                    reach,
                    effect,
                    _number(row["amount"] or "0", grid.tab, r, 7, f"{name}: amount", problems),
                )
            )
        out[name] = tuple(levels)
    return {n: out[n] for n in TOWERS if n in out}


def _familiars(grid: Grid, problems: CatalogProblems) -> dict[str, tuple[FamiliarLevel, ...]]:
    cols = ("name", "level", "cost", "hp", "speed", "trait", "amount")
    found = _levels(grid, FAMILIARS, cols, FAMILIAR_LEVELS, problems)
    out: dict[str, tuple[FamiliarLevel, ...]] = {}
    for name, by_level in found.items():
        levels = []
        for level in sorted(by_level):
            r, row = by_level[level]
            try:
                trait = Trait(row["trait"].strip().lower() or "none")
            except ValueError:
                kinds = ", ".join(t.value for t in Trait)
                problems.add(
                    grid.tab, r, 5, f"{name}: {quoted(row['trait'])} is not a trait ({kinds})"
                )
                trait = Trait.NONE
            levels.append(
                FamiliarLevel(
                    _number(row["cost"], grid.tab, r, 2, f"{name}: cost", problems),
                    _number(row["hp"], grid.tab, r, 3, f"{name}: hp", problems, 1),
                    _number(row["speed"], grid.tab, r, 4, f"{name}: speed", problems, 1),
                    trait,
                    _number(row["amount"] or "0", grid.tab, r, 6, f"{name}: amount", problems),
                )
            )
        base = levels[0].cost if levels else 0
        for level, lv in enumerate(levels[1:], 2):
            if lv.cost != base:
                r, _ = by_level[level]
                problems.add(
                    grid.tab,
                    r,
                    2,
                    f"{name} level {level} costs {lv.cost}; a familiar's upgrades cost its base "
                    f"cost ({base})",
                )
        out[name] = tuple(levels)
    return {n: out[n] for n in FAMILIARS if n in out}


def _maps(grid: Grid, problems: CatalogProblems) -> tuple[MapDef, ...]:
    rows: dict[str, list[str]] = {}
    kinds: dict[str, str] = {}
    first_row: dict[str, int] = {}
    for r, row in header_rows(grid, ("map", "kind", "row"), problems):
        name = row["map"]
        first_row.setdefault(name, r)
        if row["kind"]:
            kinds[name] = row["kind"]
        rows.setdefault(name, []).append(row["row"].replace(" ", ""))
    out = []
    for name, lines in rows.items():
        r = first_row[name]
        kind = next((k for k in MAP_KINDS if k.lower() == kinds.get(name, "").lower()), None)
        if kind is None:
            problems.add(
                grid.tab, r, 1, f"map {quoted(name)}: kind must be {' or '.join(MAP_KINDS)}"
            )
            continue
        m = MapDef(name, kind, tuple(lines))
        bad = sorted({ch for line in lines for ch in line if ch not in "G.abcABE"})
        if bad:
            problems.add(
                grid.tab,
                r,
                2,
                f"map {quoted(name)}: unknown tiles {''.join(bad)} (use G . a b c A B E)",
            )
        if sum(line.count("E") for line in lines) != 1:
            problems.add(grid.tab, r, 2, f"map {quoted(name)} needs exactly one Treasure tile E")
        for party in "AB":
            if not m.track(party):
                problems.add(
                    grid.tab,
                    r,
                    2,
                    f"map {quoted(name)}: Track {party} is not one connected path of road "
                    f"tiles from its entrance {party} to E",
                )
        out.append(m)
    for kind in MAP_KINDS:
        n = sum(m.kind == kind for m in out)
        if n != MAPS_PER_KIND:
            problems.add(
                grid.tab, None, None, f"the catalog needs {MAPS_PER_KIND} {kind} maps, not {n}"
            )
    return tuple(out)


def _sales(
    grid: Grid, problems: CatalogProblems
) -> dict[int, tuple[tuple[str, ...], tuple[str, ...]]]:
    out: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    for r, row in header_rows(grid, ("round", "towers", "familiars"), problems):
        round_no = problems.whole(row["round"], grid.tab, r, 0, "round", ROUNDS.start)
        if round_no is not None and round_no not in ROUNDS:
            problems.add(
                grid.tab,
                r,
                0,
                f"round {round_no} does not exist: the festival has rounds "
                f"{ROUNDS.start}-{ROUNDS.stop - 1}",
            )
            round_no = None
        if round_no is not None and round_no in out:
            problems.add(grid.tab, r, 0, f"round {round_no} is given twice; give one row a round")
            round_no = None
        picked = []
        for col, (key, names) in enumerate((("towers", TOWERS), ("familiars", FAMILIARS)), 1):
            items = []
            for item in (x.strip() for x in row[key].split(",") if x.strip()):
                name = next((n for n in names if n.lower() == item.lower()), None)
                if name is None:
                    problems.add(grid.tab, r, col, f"{quoted(item)} is not one of the {key}")
                else:
                    items.append(name)
            picked.append(tuple(items))
        if round_no is not None:
            out[round_no] = (picked[0], picked[1])
    # "Each Tower and Familiar will be represented at least once in the sales pool", also in a
    # 6-player game, which begins in round 2 (docs/rulings.md, "Catalog, maps and sales")
    late = [s for r, s in out.items() if r in SIX_PLAYER_ROUNDS]
    for names, i, what in ((TOWERS, 0, "tower"), (FAMILIARS, 1, "familiar")):
        never = [n for n in names if not any(n in s[i] for s in late)]
        if never:
            problems.add(
                grid.tab,
                None,
                None,
                f"every {what} must be on sale at least once in rounds "
                f"{SIX_PLAYER_ROUNDS.start}-{SIX_PLAYER_ROUNDS.stop - 1} (a 6-player game "
                f"begins in round 2); never: {', '.join(never)}",
            )
    return out
