"""Summoner's Dream defences as PNG pictures for the host's page: the map and its towers, drawn
by the project's board picture renderer (festival/core/picture.py, the picture a player is
answered with on Discord: events/summoners/picture.py), each with its legend below it.

A PNG is an image a browser decodes at once, where an SVG through Streamlit's Markdown costs
it hundreds of elements per map on every switch to the page. Each picture is made once per
content (`defence_png` keeps the latest 64): the bytes depend only on the map, the towers and
the title given, so one audience's picture is never another's."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

Towers = tuple[tuple[str, int, int, str], ...]
"""(tower, row, column, facing) of each tower placed, row and column 1-based"""

_drawing = threading.Lock()
"""one drawing of the defences at a time: the page waits for the background's (dashboard/
prepare.py) and finds its pictures kept, rather than drawing them again beside it"""

TOWER_WORDS = "tower (^ > v <: the way it faces)"
"""the legend's tower entry for the host (the player's own picture says "your tower")"""


def towers_of(defence: Mapping[str, Any]) -> Towers:
    """A defence's towers (its JSON form, events/summoners/parse.py `defence_json`)."""
    return tuple((t["tower"], int(t["row"]), int(t["col"]), t["facing"]) for t in defence["towers"])


@lru_cache(maxsize=64)
def defence_png(name: str, kind: str, rows: tuple[str, ...], towers: Towers, title: str) -> bytes:
    """The map `name` with `towers` placed, captioned `title`, as PNG bytes."""
    from events.summoners.catalog import MapDef  # numpy and Pillow: only when a map is drawn
    from events.summoners.geometry import Facing
    from events.summoners.model import Defence, Placement
    from events.summoners.picture import map_picture
    from festival.core.picture import png

    placements = tuple(Placement(t, (r - 1, c - 1), Facing(f)) for t, r, c, f in towers)
    picture = map_picture(Defence(name, placements), MapDef(name, kind, rows), title)
    legend = {**picture.legend, "tower": TOWER_WORDS}
    return png(dataclasses.replace(picture, legend=legend))


def defence_pngs(
    maps: Mapping[str, Mapping[str, Any]], defences: Sequence[tuple[str, Mapping[str, Any]]]
) -> list[tuple[str, bytes]]:
    """(title, PNG) of each player's defence: `maps` by name (the catalog's JSON form)."""
    out = []
    with _drawing:
        for player, defence in defences:
            m = maps[defence["map"]]
            title = f"{player}: {m['name']}"
            picture = defence_png(m["name"], m["kind"], tuple(m["rows"]), towers_of(defence), title)
            out.append((title, picture))
    return out
