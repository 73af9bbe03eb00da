"""Summoner's Dream defences as pictures for the host's page: the map and its towers, drawn by
the project's board picture renderer (festival/core/picture.py, the picture a player is
answered with on Discord: events/summoners/picture.py), each with its legend below it,
written compact (dashboard/svg_compact.py: about 45 elements a map instead of 234).

Each is an SVG document the page shows as an image (`st.image`): a browser draws an image at
its shown size at once, where an SVG through Streamlit's Markdown costs it hundreds of
elements per map on every switch to the page. SVG rather than PNG: writing the six defences
costs the server about 0.015 s (PNG, 0.2 s: drawn ahead in a background thread, which then
competed with the host's next page), and a browser draws them at their column's width instead
of decoding 950 × 1,300 pixels each. Each picture is made once per content (`defence_svg`
keeps the latest 64): it depends only on the map, the towers and the title given, so one
audience's picture is never another's."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

Towers = tuple[tuple[str, int, int, str], ...]
"""(tower, row, column, facing) of each tower placed, row and column 1-based"""

TOWER_WORDS = "tower (^ > v <: the way it faces)"
"""the legend's tower entry for the host (the player's own picture says "your tower")"""


def towers_of(defence: Mapping[str, Any]) -> Towers:
    """A defence's towers (its JSON form, events/summoners/parse.py `defence_json`)."""
    return tuple((t["tower"], int(t["row"]), int(t["col"]), t["facing"]) for t in defence["towers"])


@lru_cache(maxsize=64)
def defence_svg(name: str, kind: str, rows: tuple[str, ...], towers: Towers, title: str) -> str:
    """The map `name` with `towers` placed, captioned `title`, as an SVG document."""
    from dashboard.svg_compact import compact_svg
    from events.summoners.catalog import MapDef
    from events.summoners.geometry import Facing
    from events.summoners.model import Defence, Placement
    from events.summoners.picture import map_picture

    placements = tuple(Placement(t, (r - 1, c - 1), Facing(f)) for t, r, c, f in towers)
    picture = map_picture(Defence(name, placements), MapDef(name, kind, rows), title)
    legend = {**picture.legend, "tower": TOWER_WORDS}
    return compact_svg(dataclasses.replace(picture, legend=legend))


def defence_svgs(
    maps: Mapping[str, Mapping[str, Any]], defences: Sequence[tuple[str, Mapping[str, Any]]]
) -> list[tuple[str, str]]:
    """(title, SVG) of each player's defence: `maps` by name (the catalog's JSON form)."""
    out = []
    for player, defence in defences:
        m = maps[defence["map"]]
        title = f"{player}: {m['name']}"
        picture = defence_svg(m["name"], m["kind"], tuple(m["rows"]), towers_of(defence), title)
        out.append((title, picture))
    return out
