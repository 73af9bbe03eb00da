"""What a tower or a familiar is worth, measured in reference battles rather than guessed
from its numbers.

A bot sees the catalog and the maps (public), not the other players' armies, so it measures
each level against a reference built from the catalog alone:
- a tower level: alone at its best spot on each map, against a reference party (one of each
  familiar kind at level 1 on each track): the hit points it takes off them, with kills
  counted whole;
- a familiar level: alone on each track of each map against a reference defence (one of each
  tower kind at level 1, placed for coverage): how far along the track it gets (a fraction),
  plus one and its hit points left (a fraction) when it reaches E.
Both are averaged over the maps. The battles are the engine's own (events/summoners/battle),
so a trait or an effect counts as the rules make it count: Geon aims at one familiar and
cannot see a hidden one, armour takes off every hit, a slowed familiar stays longer in range.
Computed once per catalog content.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from events.summoners.battle import BattleFamiliar, BattleTower, simulate
from events.summoners.catalog import ROAD_TOWER, FamiliarLevel, MapDef, TowerLevel
from events.summoners.geometry import Tile
from festival.bots.summoners_placing import best_spot

TRACKS = ("A", "B")


@cache
def tower_worth(
    kind: str,
    level: TowerLevel,
    maps: tuple[MapDef, ...],
    party: tuple[FamiliarLevel, ...],
) -> float:
    """Hit points `level` takes off the reference `party`, averaged over `maps`."""
    total = 0.0
    for battlefield in maps:
        spot = best_spot(battlefield, 0, set(), level.reach, kind == ROAD_TOWER)
        if spot is None:
            continue
        tower = BattleTower("t", kind, level, spot.tile, spot.facing)
        walkers = [
            BattleFamiliar(i + 1, track, i, f"f{i}", stats)
            for track in TRACKS
            for i, stats in enumerate(party)
        ]
        result = simulate(battlefield, [tower], walkers, record=True)
        hp = {(w.party, w.slot): w.stats.hp for w in walkers}
        total += _damage(result.replay, hp, result.stolen, battlefield)
    return total / max(1, len(maps))


@cache
def familiar_worth(
    level: FamiliarLevel,
    maps: tuple[MapDef, ...],
    defence: tuple[tuple[str, TowerLevel], ...],
) -> float:
    """How far `level` gets alone against the reference `defence`: the fraction of the
    track it walks, plus one and the fraction of its hit points left when it reaches E,
    averaged over the tracks of `maps`."""
    total, runs = 0.0, 0
    for battlefield in maps:
        towers = _placed(battlefield, defence)
        for track in TRACKS:
            tiles = battlefield.track(track)
            if not tiles:
                continue
            walker = BattleFamiliar(1, track, 0, "f", level)
            result = simulate(battlefield, towers, [walker], record=True)
            runs += 1
            seen = [f for frame in _frames(result.replay) for f in frame]
            if result.stolen:
                total += 1 + (seen[-1].hp if seen else level.hp) / level.hp
                continue
            total += max((tiles.index(f.tile) for f in seen), default=0) / len(tiles)
    return total / max(1, runs)


@dataclass(frozen=True)
class _Seen:
    party: str
    slot: int
    tile: Tile
    hp: int


def _frames(replay: tuple[dict[str, object], ...]) -> list[list[_Seen]]:
    """The familiars on the map at each time unit of a recorded battle."""
    out = []
    for frame in replay:
        rows = cast(list[dict[str, Any]], frame["familiars"])
        out.append(
            [
                _Seen(str(f["party"]), int(f["slot"]), (f["tile"][0], f["tile"][1]), int(f["hp"]))
                for f in rows
            ]
        )
    return out


def _placed(battlefield: MapDef, defence: tuple[tuple[str, TowerLevel], ...]) -> list[BattleTower]:
    """The reference towers where each covers the most track not covered yet."""
    covered = 0  # track tiles covered so far, as a mask (summoners_placing.Spot.hits)
    used: set[Tile] = set()
    out = []
    for i, (kind, level) in enumerate(defence):
        spot = best_spot(battlefield, covered, used, level.reach, kind == ROAD_TOWER)
        if spot is None:
            continue
        used.add(spot.tile)
        covered |= spot.hits
        out.append(BattleTower(f"t{i}", kind, level, spot.tile, spot.facing))
    return out


def _damage(
    replay: tuple[dict[str, object], ...],
    hp: dict[tuple[str, int], int],
    stolen: int,
    battlefield: MapDef,
) -> float:
    """Hit points taken off the familiars: a survivor's loss at its lowest, a killed one's
    whole hit points. The replay shows who is on the map, not who left how: of those who
    left, the `stolen` that were furthest along reached E; the rest were killed."""
    lowest = dict(hp)
    tracks = {p: battlefield.track(p) for p in TRACKS}
    last: dict[tuple[str, int], int] = {}
    for frame in _frames(replay):
        for f in frame:
            key = (f.party, f.slot)
            lowest[key] = min(lowest[key], max(0, f.hp))
            last[key] = tracks[f.party].index(f.tile)
    gone = sorted(last, key=lambda k: last[k], reverse=True)
    killed = set(gone[stolen:]) | (set(hp) - set(last))
    return float(sum(hp[k] if k in killed else hp[k] - lowest[k] for k in hp))
