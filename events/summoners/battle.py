"""One invasion: a deterministic simulation in time units.

Within a time unit, in this order (docs/rulings.md, "The battle"):
1. familiars on the map move (speed tiles; half when slowed; not while stunned or held by a
   road block); one that reaches E steals a Treasure and leaves the map;
2. familiars whose turn has come enter at their track's first tile (one slot per time unit;
   an empty slot is a gap);
3. regeneration and burns tick;
4. every tower whose interval has come round fires, all together: each aims at the
   familiars where they stand when the step begins (Geon at one familiar, the one furthest
   along, on a tie the lowest slot; every other tower at all familiars in its range), then
   all hits land; pushes add up and move a familiar back once, after every tower has fired.
   So the order in which towers (or familiars) are listed never changes a battle;
5. familiars at 0 hit points or less die (or revive once); each death is a kill for the
   defender.
The battle ends when no familiar is left to enter or on the map (or after MAX_UNITS).

Cost: the coverage of each tower is looked up once per placement (only track tiles count),
and each familiar's stats are read into its walker once as it enters. Each unit then costs
the familiars (moving, ticking, finding their tile) plus, for each tower that fires, the hits
it lands: time units x (familiars + towers), plus one step per hit (familiars x towers at
worst, when every familiar stands in every tower's range, and a battle lasts at most
MAX_UNITS units).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from events.summoners.catalog import (
    SINGLE_TARGET,
    FamiliarLevel,
    MapDef,
    TowerEffect,
    TowerLevel,
    Trait,
)
from events.summoners.geometry import Facing, Tile, rotate

MAX_UNITS = 200
"""a battle ends after this many time units; a familiar still on the map then steals nothing
(pushed back and healed as fast as it walks, it could otherwise walk for ever)"""
BURN_UNITS = 3
HALF = 2
"""progress is counted in half tiles, so a slowed familiar moves half its speed exactly"""
PARTIES = ("A", "B")


@dataclass(frozen=True)
class BattleTower:
    id: str
    kind: str
    stats: TowerLevel
    tile: Tile
    facing: Facing = Facing.NORTH


@dataclass(frozen=True)
class BattleFamiliar:
    slot: int
    party: str
    """"A" or "B\""""
    entry: int
    """the time unit it enters (its slot's place in its party)"""
    id: str
    stats: FamiliarLevel


@dataclass(frozen=True)
class BattleResult:
    stolen: int
    kills: int
    sent: int
    units: int
    replay: tuple[dict[str, object], ...] = ()


@dataclass(frozen=True, slots=True)
class _Gun:
    """What a tower's hit does, read from its stats once a battle."""

    damage: int
    effect: TowerEffect
    amount: int
    pusher: int
    """the first tower with this tower's id (by position): each id pushes a familiar once"""
    plain: bool
    """damage alone (no effect)"""


def _gun(stats: TowerLevel, pusher: int) -> _Gun:
    return _Gun(stats.damage, stats.effect, stats.amount, pusher, stats.effect is TowerEffect.NONE)


@dataclass(slots=True)
class _Walker:
    """A familiar on the map: its stats as its walk reads them, and where it stands."""

    slot: int
    party: str
    track: tuple[Tile, ...]
    last: int
    """the place of E along its track"""
    end: int
    """its progress on E"""
    covering: list[tuple[int, ...]]
    """for each place along its track, the towers (by position) whose range covers it"""
    blocks: Mapping[int, int]
    """the road blocks along its track, place -> units held (none for a flyer)"""
    hp: int
    max_hp: int
    speed: int
    trait: Trait
    revive_hp: int
    """its hit points when it revives (a REVIVE familiar)"""
    swift: bool
    armour: int = 0
    """what its armour takes off every hit (0: none)"""
    regen: int = 0
    """hit points it heals every time unit (0: none)"""
    index: int = 0
    """the tile it stands on, as a place along its track (progress // HALF)"""
    progress: int = 0
    slowed_until: int = -1
    stunned_until: int = -1
    held_until: int = -1
    burns: list[tuple[int, int]] = field(default_factory=list)
    revived: bool = False
    held_at: set[int] = field(default_factory=set)
    pushed_by: set[int] = field(default_factory=set)
    """the towers (their `_Gun.pusher`) that pushed it already: each pushes it back once"""
    pushed_back: int = 0
    """tiles the towers firing in this time unit push it back, applied once all have fired"""

    @property
    def tile(self) -> Tile:
        return self.track[self.index]

    def go_to(self, progress: int) -> None:
        """The one way progress changes, so `index` always follows it."""
        self.progress = progress
        self.index = progress // HALF


def _walker(
    f: BattleFamiliar,
    track: tuple[Tile, ...],
    covering: list[tuple[int, ...]],
    blocks: Mapping[int, int],
) -> _Walker:
    """A familiar entering the map: full hit points at its track's first tile."""
    stats = f.stats
    trait = stats.trait
    return _Walker(
        f.slot,
        f.party,
        track,
        len(track) - 1,
        (len(track) - 1) * HALF,
        covering,
        {} if trait is Trait.FLYING else blocks,
        stats.hp,
        stats.hp,
        stats.speed,
        trait,
        max(1, stats.amount),
        trait is Trait.SWIFT,
        stats.amount if trait is Trait.ARMOUR else 0,
        stats.amount if trait is Trait.REGEN else 0,
    )


def simulate(
    battlefield: MapDef,
    towers: Sequence[BattleTower],
    familiars: Sequence[BattleFamiliar],
    record: bool = False,
) -> BattleResult:
    tracks = {party: battlefield.track(party) for party in PARTIES}
    covering = _covering(battlefield, towers)
    blocks = _blocks(battlefield, towers)
    first: dict[str, int] = {}
    for k, tower in enumerate(towers):
        first.setdefault(tower.id, k)
    guns = [_gun(tower.stats, first[tower.id]) for tower in towers]
    single = [tower.kind == SINGLE_TARGET for tower in towers]
    listed = [s or record for s in single]
    """towers whose targets are listed before they hit (Geon's one target, the replay's)"""
    volley_at = _volleys([tower.stats.interval for tower in towers])
    waiting = sorted(familiars, key=lambda f: (f.entry, f.slot))
    walking: list[_Walker] = []
    stolen = kills = 0
    replay: list[dict[str, object]] = []
    t = 0
    while (waiting or walking) and t < MAX_UNITS:
        # 1. move, and 3. regeneration and burns for those still on the map: each familiar's
        # own, so they may come before 2 (a familiar enters at full hit points, unburnt)
        still: list[_Walker] = []
        for w in walking:
            _move(w, t)
            if w.index >= w.last:
                stolen += 1  # reached E: steals a Treasure, takes no damage there
                continue
            still.append(w)
            if w.regen:
                w.hp = min(w.hp + w.regen, w.max_hp)
            if w.burns:
                w.hp -= sum(a for until, a in w.burns if until >= t)
                w.burns = [(until, a) for until, a in w.burns if until > t]
        walking = still
        # 2. enter
        while waiting and waiting[0].entry <= t:
            f = waiting.pop(0)
            walking.append(_walker(f, tracks[f.party], covering[f.party], blocks[f.party]))
        # 4. towers fire: each aims at the familiars where they stand now (a hit moves no
        # one: pushes wait until every tower has fired), so aiming and hitting can go
        # familiar by familiar; Geon picks its one target among all it sees, afterwards
        firing = volley_at[t % len(volley_at)]
        aimed: dict[int, list[_Walker]] = {}
        for w in walking:
            for k in w.covering[w.index]:
                if not firing[k]:
                    continue
                if listed[k]:
                    aimed.setdefault(k, []).append(w)
                else:
                    gun = guns[k]
                    if gun.plain and not w.armour:  # the commonest hit, without a call
                        w.hp -= gun.damage
                    else:
                        _hit(w, gun, t)
        volleys: list[tuple[BattleTower, list[_Walker]]] = []
        for k, seen in sorted(aimed.items()):
            targets = _single_target(seen) if single[k] else seen
            if targets:
                volleys.append((towers[k], targets))
                for w in targets:
                    _hit(w, guns[k], t)
        # the pushes of all towers together, once every tower has aimed; 5. deaths
        alive: list[_Walker] = []
        for w in walking:
            if w.pushed_back:  # pushed off a road block, it is no longer held there
                w.go_to(max(0, w.progress - w.pushed_back * HALF))
                w.pushed_back, w.held_until = 0, min(w.held_until, t)
            if w.hp > 0:
                alive.append(w)
            elif w.trait is Trait.REVIVE and not w.revived:
                w.revived, w.hp = True, w.revive_hp
                alive.append(w)
            else:
                kills += 1
        walking = alive
        if record:
            replay.append(_frame(t, walking, volleys))
        t += 1
    return BattleResult(stolen, kills, len(familiars), t, tuple(replay))


def _volleys(intervals: list[int]) -> list[list[bool]]:
    """Which towers fire at time unit t, at place t % len(out): the towers' intervals
    repeat every lcm(intervals) units (and a battle lasts at most MAX_UNITS)."""
    period = min(math.lcm(1, *intervals), MAX_UNITS)
    return [[not t % interval for interval in intervals] for t in range(period)]


def _frame(
    t: int, walking: list[_Walker], volleys: list[tuple[BattleTower, list[_Walker]]]
) -> dict[str, object]:
    """The replay's frame of time unit `t`: where the familiars stand once it is over, and
    which tower shot at which familiars."""
    return {
        "t": t,
        "familiars": [
            {"slot": w.slot, "party": w.party, "tile": list(w.tile), "hp": w.hp} for w in walking
        ],
        "shots": sorted(
            ({"tower": tw.id, "targets": sorted(w.slot for w in ts)} for tw, ts in volleys),
            key=lambda shot: str(shot["tower"]),
        ),
    }


def _covering(
    battlefield: MapDef, towers: Sequence[BattleTower]
) -> dict[str, list[tuple[int, ...]]]:
    """For each track, for each place along it: the towers (by position in `towers`) whose
    range covers that tile. Worked out once a battle, so a time unit only looks up where
    each familiar stands (the tile E, where no familiar stays, is covered by none)."""
    none: tuple[int, ...] = ()
    out = {party: [none] * len(battlefield.track(party)) for party in PARTIES}
    for k, tower in enumerate(towers):
        for party, i in _covered(battlefield, tower.tile, tower.facing, tower.stats.reach):
            places = out[party]
            places[i] = (*places[i], k)
    return out


@lru_cache(maxsize=4096)
def _covered(
    battlefield: MapDef, tile: Tile, facing: Facing, reach: tuple[Tile, ...]
) -> tuple[tuple[str, int], ...]:
    """The places (party, place along its track; E excluded) a tower at `tile` facing
    `facing` covers, each track's in order: a pure function of its arguments, and the same
    towers stand in the same places battle after battle."""
    tiles = {(tile[0] + dr, tile[1] + dc) for dr, dc in rotate(reach, facing)}
    return tuple(
        (party, i)
        for party in PARTIES
        for i, t in enumerate(battlefield.track(party)[:-1])
        if t in tiles
    )


def _blocks(battlefield: MapDef, towers: Sequence[BattleTower]) -> dict[str, dict[int, int]]:
    """For each track, its road blocks: place along it (E excluded) -> units a familiar is
    held there."""
    out: dict[str, dict[int, int]] = {party: {} for party in PARTIES}
    for tower in towers:
        if tower.stats.effect is TowerEffect.BLOCK:
            for party in PARTIES:
                for i, tile in enumerate(battlefield.track(party)[:-1]):
                    if tile == tower.tile:
                        out[party][i] = tower.stats.amount
    return out


def _single_target(candidates: list[_Walker]) -> list[_Walker]:
    """Geon's one target: the tile of the visible familiar nearest to E (tracks can differ in
    length, so nearness is tiles left to walk), and on that tile the lowest slot number ("If
    multiple Familiars occupy the same tile, Geon (Heaven) Towers target the Familiar with the
    lower Slot number first")."""
    seen = [w for w in candidates if w.trait is not Trait.HIDDEN]
    if not seen:
        return []
    lead = min(seen, key=lambda w: (w.last - w.index, w.slot)).tile
    return [min((w for w in seen if w.tile == lead), key=lambda w: w.slot)]


def _move(w: _Walker, t: int) -> None:
    swift = w.swift
    if t <= w.held_until or (t <= w.stunned_until and not swift):
        return
    target = w.progress + (w.speed if (t <= w.slowed_until and not swift) else w.speed * HALF)
    if w.blocks:
        blocks, held_at = w.blocks, w.held_at
        for i in range(w.index + 1, target // HALF + 1):
            if i in blocks and i not in held_at:
                held_at.add(i)
                w.held_until = t + blocks[i]
                target = i * HALF
                break
    w.go_to(target if target < w.end else w.end)


def _hit(w: _Walker, gun: _Gun, t: int) -> None:
    """One tower's hit on one familiar. Every effect adds up whatever the order of the
    towers; a push is only counted here (every tower aims at the positions from the start of
    the step, and the familiar moves back once all have fired: docs/rulings.md, "Towers fire
    together")."""
    damage = gun.damage
    if w.armour and damage:
        damage = max(1, damage - w.armour)
    w.hp -= damage
    effect = gun.effect
    if effect is TowerEffect.NONE:
        return
    if effect is TowerEffect.SLOW:
        w.slowed_until = max(w.slowed_until, t + gun.amount)
    elif effect is TowerEffect.STUN:
        w.stunned_until = max(w.stunned_until, t + gun.amount)
    elif effect is TowerEffect.PUSH and gun.pusher not in w.pushed_by and w.progress > 0:
        w.pushed_by.add(gun.pusher)  # once per tower, or a Son could hold a familiar for ever
        w.pushed_back += gun.amount
    elif effect is TowerEffect.BURN:
        w.burns.append((t + BURN_UNITS, gun.amount))
