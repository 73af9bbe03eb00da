"""Where a Summoner's Dream tower stands: the tile and facing covering the most track tiles
not covered yet (shared by the bots' defence and their reference battles)."""

from __future__ import annotations

from functools import cache

from events.summoners.catalog import MapDef
from events.summoners.geometry import Facing, Tile, rotate


def best_spot(
    battlefield: MapDef,
    covered: set[Tile],
    used: set[Tile],
    reach: tuple[Tile, ...],
    on_road: bool,
) -> tuple[Tile, Facing, frozenset[Tile]] | None:
    best: tuple[int, int, Tile, Facing, frozenset[Tile]] | None = None
    for tile, facing, hits in spots(battlefield, reach, on_road):
        if best is not None and len(hits) <= best[0]:
            break  # spots come most hits first: none further can cover more new track
        if tile in used:
            continue
        score = (len(hits - covered), len(hits))
        if best is None or score > best[:2]:
            best = (score[0], score[1], tile, facing, hits)
    return None if best is None else (best[2], best[3], best[4])


@cache
def spots(
    battlefield: MapDef, reach: tuple[Tile, ...], on_road: bool
) -> tuple[tuple[Tile, Facing, frozenset[Tile]], ...]:
    """Every tile and facing where a tower of this reach may stand and hits the track, with
    the track tiles it hits, most hits first (computed once per map and reach)."""
    track = set(battlefield.track("A")) | set(battlefield.track("B"))
    turned = {f: rotate(reach, f) for f in Facing}
    out = []
    for r, line in enumerate(battlefield.rows):
        for c, ch in enumerate(line):
            if not (ch in "abc" if on_road else ch == "G"):
                continue
            for facing in Facing:
                hits = frozenset((r + dr, c + dc) for dr, dc in turned[facing]) & track
                if hits:
                    out.append(((r, c), facing, frozenset(hits)))
    return tuple(sorted(out, key=lambda spot: -len(spot[2])))
