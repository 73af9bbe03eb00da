"""Grids of Summoner's Dream: tower ranges drawn facing north, and tracks on a map."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

Tile = tuple[int, int]
"""(row, col), row 0 at the top of the map"""


class Facing(Enum):
    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    __hash__ = object.__hash__
    """by identity, in C (each member is its one object, equal only to itself): an Enum's own
    hash is a Python call, and the battles' tables and kept units are keyed by facing"""


def parse_range(text: str) -> tuple[Tile, ...] | None:
    """A range drawn facing north, rows split by '/': '#' covered, 'T' the tower (covered
    too), '.' not covered. '.#./#T#/.#.' -> offsets from the tower. None if not one 'T'."""
    rows = [r.strip() for r in text.split("/")]
    towers = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in "Tt"]
    if len(towers) != 1 or any(ch not in ".#Tt" for row in rows for ch in row):
        return None
    tr, tc = towers[0]
    return tuple(
        (r - tr, c - tc) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in "#Tt"
    )


def rotate(offsets: Sequence[Tile], facing: Facing) -> tuple[Tile, ...]:
    """A north-facing range turned to `facing` (clockwise: north -> east -> south -> west).

    Facing north, "ahead" is up (row - 1); facing east it is right (col + 1)."""
    out = []
    for dr, dc in offsets:
        if facing is Facing.NORTH:
            out.append((dr, dc))
        elif facing is Facing.EAST:
            out.append((dc, -dr))
        elif facing is Facing.SOUTH:
            out.append((-dr, -dc))
        else:
            out.append((-dc, dr))
    return tuple(out)


def neighbours(tile: Tile) -> list[Tile]:
    r, c = tile
    return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
