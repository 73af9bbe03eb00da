"""Where a Summoner's Dream tower stands: the tile and facing covering the most track tiles
not covered yet (shared by the bots' defence and their reference battles)."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from events.summoners.catalog import MapDef
from events.summoners.geometry import Facing, Tile, rotate


class Spot(NamedTuple):
    """Where a tower may stand, facing which way, and the track tiles it hits there."""

    tile: Tile
    facing: Facing
    hits: int
    """the track tiles hit, as a mask: bit i is the map's i-th track tile (in sorted order)"""
    tiles: int
    """how many track tiles it hits"""


def best_spot(
    battlefield: MapDef,
    covered: int,
    used: set[Tile],
    reach: tuple[Tile, ...],
    on_road: bool,
) -> Spot | None:
    """The free spot hitting the most track tiles not `covered` yet (a mask, as Spot.hits),
    then the most in all (the first such spot in spots' order)."""
    best, best_score = None, (-1, -1)  # (new tiles hit, tiles hit)
    for spot in spots(battlefield, reach, on_road):
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
def spots(battlefield: MapDef, reach: tuple[Tile, ...], on_road: bool) -> tuple[Spot, ...]:
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
