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

Cost: the coverage of each tower is worked out once (only track tiles count). Each unit then
costs the familiars (moving, ticking, finding their tile) plus, for each tower that fires,
its covered tiles and the hits it lands: time units x (familiars + towers) plus the coverage,
plus one step per hit (familiars x towers at worst, when every familiar stands in every
tower's range, and a battle lasts at most MAX_UNITS units).
"""

from __future__ import annotations

from collections.abc import Sequence
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


@dataclass(slots=True)
class _Walker:
    f: BattleFamiliar
    track: tuple[Tile, ...]
    blocks: dict[int, int]
    hp: int
    armour: int = 0
    """what its armour takes off every hit (0: none)"""
    index: int = 0
    """the tile it stands on, as a place along its track (progress // HALF)"""
    progress: int = 0
    slowed_until: int = -1
    stunned_until: int = -1
    held_until: int = -1
    burns: list[tuple[int, int]] = field(default_factory=list)
    revived: bool = False
    held_at: set[int] = field(default_factory=set)
    pushed_by: set[str] = field(default_factory=set)
    """the towers that pushed it already: each pushes a familiar back once"""
    pushed_back: int = 0
    """tiles the towers firing in this time unit push it back, applied once all have fired"""

    @property
    def tile(self) -> Tile:
        return self.track[self.index]

    def go_to(self, progress: int) -> None:
        """The one way progress changes, so `index` always follows it."""
        self.progress = progress
        self.index = progress // HALF


def simulate(
    battlefield: MapDef,
    towers: Sequence[BattleTower],
    familiars: Sequence[BattleFamiliar],
    record: bool = False,
) -> BattleResult:
    tracks = {"A": battlefield.track("A"), "B": battlefield.track("B")}
    covering = _covering(tracks, towers)
    blocks = {
        party: {
            i: t.stats.amount
            for t in towers
            if t.stats.effect is TowerEffect.BLOCK
            for i, tile in enumerate(track[:-1])
            if tile == t.tile
        }
        for party, track in tracks.items()
    }
    single = [tower.kind == SINGLE_TARGET for tower in towers]
    waiting = sorted(familiars, key=lambda f: (f.entry, f.slot))
    walking: list[_Walker] = []
    stolen = kills = 0
    replay: list[dict[str, object]] = []
    t = 0
    while (waiting or walking) and t < MAX_UNITS:
        # 1. move
        still: list[_Walker] = []
        for w in walking:
            _move(w, t)
            if w.index >= len(w.track) - 1:
                stolen += 1  # reached E: steals a Treasure, takes no damage there
            else:
                still.append(w)
        walking = still
        # 2. enter
        while waiting and waiting[0].entry <= t:
            f = waiting.pop(0)
            armour = f.stats.amount if f.stats.trait is Trait.ARMOUR else 0
            walking.append(_Walker(f, tracks[f.party], blocks[f.party], f.stats.hp, armour))
        # 3. regeneration and burns
        for w in walking:
            if w.f.stats.trait is Trait.REGEN:
                w.hp = min(w.hp + w.f.stats.amount, _max_hp(w))
            if w.burns:
                w.hp -= sum(a for until, a in w.burns if until >= t)
                w.burns = [(until, a) for until, a in w.burns if until > t]
        # 4. towers fire: each aims at the familiars where they stand now (a hit moves no
        # one: pushes wait until every tower has fired), so aiming and hitting can go
        # familiar by familiar; Geon picks its one target among all it sees, afterwards
        firing = [not t % tower.stats.interval for tower in towers]
        aimed: dict[int, list[_Walker]] = {}
        for w in walking:
            for k in covering[w.f.party][w.index]:
                if not firing[k]:
                    continue
                if single[k] or record:  # its targets are listed (Geon's, the replay's)
                    aimed.setdefault(k, []).append(w)
                else:
                    _hit(w, towers[k], t)
        volleys: list[tuple[BattleTower, list[_Walker]]] = []
        for k, seen in sorted(aimed.items()):
            targets = _single_target(seen) if single[k] else seen
            if targets:
                volleys.append((towers[k], targets))
                for w in targets:
                    _hit(w, towers[k], t)
        for w in walking:  # the pushes of all towers together, once every tower has aimed
            if w.pushed_back:  # pushed off a road block, it is no longer held there
                w.go_to(max(0, w.progress - w.pushed_back * HALF))
                w.pushed_back, w.held_until = 0, min(w.held_until, t)
        # 5. deaths
        alive: list[_Walker] = []
        for w in walking:
            if w.hp > 0:
                alive.append(w)
            elif w.f.stats.trait is Trait.REVIVE and not w.revived:
                w.revived, w.hp = True, max(1, w.f.stats.amount)
                alive.append(w)
            else:
                kills += 1
        walking = alive
        if record:
            replay.append(
                {
                    "t": t,
                    "familiars": [
                        {"slot": w.f.slot, "party": w.f.party, "tile": list(w.tile), "hp": w.hp}
                        for w in walking
                    ],
                    "shots": sorted(
                        (
                            {"tower": tw.id, "targets": sorted(w.f.slot for w in ts)}
                            for tw, ts in volleys
                        ),
                        key=lambda shot: str(shot["tower"]),
                    ),
                }
            )
        t += 1
    return BattleResult(stolen, kills, len(familiars), t, tuple(replay))


def _covering(
    tracks: dict[str, tuple[Tile, ...]], towers: Sequence[BattleTower]
) -> dict[str, list[tuple[int, ...]]]:
    """For each track, for each place along it: the towers (by position in `towers`) whose
    range covers that tile. Worked out once a battle, so a time unit only looks up where
    each familiar stands (the tile E, where no familiar stays, is covered by none)."""
    out: dict[str, list[tuple[int, ...]]] = {}
    for party, track in tracks.items():
        places: list[tuple[int, ...]] = [()] * len(track)
        for k, tower in enumerate(towers):
            for i in _covered(track, tower.tile, tower.facing, tower.stats.reach):
                places[i] = (*places[i], k)
        out[party] = places
    return out


@lru_cache(maxsize=4096)
def _covered(
    track: tuple[Tile, ...], tile: Tile, facing: Facing, reach: tuple[Tile, ...]
) -> tuple[int, ...]:
    """The places along `track` (E excluded) a tower at `tile` facing `facing` covers: a pure
    function of its arguments, and the same towers stand in the same places battle after
    battle."""
    tiles = {(tile[0] + dr, tile[1] + dc) for dr, dc in rotate(reach, facing)}
    return tuple(i for i, t in enumerate(track[:-1]) if t in tiles)


def _single_target(candidates: list[_Walker]) -> list[_Walker]:
    """Geon's one target: the tile of the visible familiar nearest to E (tracks can differ in
    length, so nearness is tiles left to walk), and on that tile the lowest slot number ("If
    multiple Familiars occupy the same tile, Geon (Heaven) Towers target the Familiar with the
    lower Slot number first")."""
    seen = [w for w in candidates if w.f.stats.trait is not Trait.HIDDEN]
    if not seen:
        return []
    lead = min(seen, key=lambda w: (len(w.track) - 1 - w.index, w.f.slot)).tile
    return [min((w for w in seen if w.tile == lead), key=lambda w: w.f.slot)]


def _max_hp(w: _Walker) -> int:
    return w.f.stats.hp


def _move(w: _Walker, t: int) -> None:
    stats = w.f.stats
    swift = stats.trait is Trait.SWIFT
    if t <= w.held_until or (t <= w.stunned_until and not swift):
        return
    step = stats.speed * (1 if (t <= w.slowed_until and not swift) else HALF)
    target = w.progress + step
    if w.blocks and stats.trait is not Trait.FLYING:
        for i in range(w.index + 1, target // HALF + 1):
            if i in w.blocks and i not in w.held_at:
                w.held_at.add(i)
                w.held_until = t + w.blocks[i]
                target = i * HALF
                break
    w.go_to(min(target, (len(w.track) - 1) * HALF))


def _hit(w: _Walker, tower: BattleTower, t: int) -> None:
    """One tower's hit on one familiar. Every effect adds up whatever the order of the
    towers; a push is only counted here (every tower aims at the positions from the start of
    the step, and the familiar moves back once all have fired: docs/rulings.md, "Towers fire
    together")."""
    stats = tower.stats
    damage = stats.damage
    if w.armour and damage:
        damage = max(1, damage - w.armour)
    w.hp -= damage
    if stats.effect is TowerEffect.NONE:
        return
    if stats.effect is TowerEffect.SLOW:
        w.slowed_until = max(w.slowed_until, t + stats.amount)
    elif stats.effect is TowerEffect.STUN:
        w.stunned_until = max(w.stunned_until, t + stats.amount)
    elif stats.effect is TowerEffect.PUSH and tower.id not in w.pushed_by and w.progress > 0:
        w.pushed_by.add(tower.id)  # once per tower, or a Son could hold a familiar for ever
        w.pushed_back += stats.amount
    elif stats.effect is TowerEffect.BURN:
        w.burns.append((t + BURN_UNITS, stats.amount))
