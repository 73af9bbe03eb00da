"""A player's own Summoner's Dream map, for their eyes only: the map they defend with and the
towers they place on it, each with the way it faces (what a hand-in is answered with, before
the round resolves). Built from the catalog's map and the player's own defence only."""

from __future__ import annotations

from events import palette
from events.duel import Picture, PictureCell
from events.summoners.catalog import MapDef
from events.summoners.model import Defence

FACING = {"N": "^", "E": ">", "S": "v", "W": "<"}
"""the way a tower faces, as its symbol ends"""
TILES = {"G": "buildable", ".": "blocked", "E": "treasure"}
"""a map's letter -> its colour key (any other letter is road)"""
COLOURS = {
    "buildable": palette.PLAYERS[8],
    "blocked": palette.OBSTACLE,
    "treasure": palette.PLAYERS[3],
    "road": palette.tint(palette.EARTH),
    "tower": palette.OUTLINE,
}
LEGEND = {
    "buildable": "buildable",
    "blocked": "blocked",
    "treasure": "E: the Treasure",
    "road": "road (A, B: where the parties enter)",
    "tower": "your tower (^ > v <: the way it faces)",
    "symbol:A": "A: where party A enters",
    "symbol:B": "B: where party B enters",
}
WAYS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def map_picture(defence: Defence, map_def: MapDef, caption: str) -> Picture:
    """The map `defence` names with its towers placed (row 1, column 1 at the top left)."""
    width = max(len(r) for r in map_def.rows)
    towers = {p.tile: p for p in defence.placements}
    cells: list[PictureCell] = []
    legend = dict(LEGEND)
    for r, line in enumerate(map_def.rows):
        for c, ch in enumerate(line):
            placed = towers.get((r, c))
            if placed is not None:
                way = placed.facing.value
                symbol = f"{placed.tower}{FACING.get(way, '')}"
                legend[f"symbol:{symbol}"] = f"{symbol}: {placed.tower}, facing {WAYS[way]}"
                cells.append(PictureCell(c, r, "tower", symbol))
            else:
                kind = TILES.get(ch, "road")
                cells.append(PictureCell(c, r, kind, ch if ch in "ABE" else ""))
    return Picture(
        "square",
        tuple(str(c + 1) for c in range(width)),
        tuple(str(r + 1) for r in range(len(map_def.rows))),
        tuple(cells),
        (),
        caption=caption,
        legend=legend,
        colours=dict(COLOURS),
    )
