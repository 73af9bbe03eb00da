"""Elemental Continuum boards as pictures, from the engine's public and host views, and what
each tile's tooltip says as table rows (the dashboard draws the boards as images, which show
no tooltip: the same facts are a table away)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dashboard.colours import legend_svg
from dashboard.svg_board import Square, draw_board
from events.continuum.elements import Element
from festival.core import palette

UNKNOWN = palette.PAPER
"""a tile nobody has broken: what lies under it is not known"""
BROKEN = palette.BACKGROUND
"""a broken tile whose ward has not broken down (drawn with a cross)"""
COLOURS = {
    Element.FIRE: palette.FIRE,
    Element.WATER: palette.WATER,
    Element.WIND: palette.AIR,
    Element.EARTH: palette.EARTH,
    Element.NEUTRAL: palette.NEUTRAL,
}
"""the project's element colours (festival/core/palette.py), Wind as Air"""
LETTER_ELEMENT = {"F": Element.FIRE, "W": Element.WATER, "A": Element.WIND, "E": Element.EARTH}
LEGEND_ITEMS = [(COLOURS[e], f"{e.value} ward") for e in Element] + [
    (UNKNOWN, "not known"),
    (BROKEN, "✕ broken tile"),
]
LEGEND = legend_svg(LEGEND_ITEMS)
"""the colours of every board picture"""


def _colour(element: Element, faded: bool = False) -> str:
    return palette.tint(COLOURS[element], 0.75) if faded else COLOURS[element]


def _element_of_label(label: str) -> Element:
    return Element.NEUTRAL if label == "N" else LETTER_ELEMENT[label[0]]


def public_squares(board: Mapping[str, Any]) -> dict[str, Square]:
    """What everyone knows of a board: broken tiles, and wards that broke down revealed."""
    squares: dict[str, Square] = {}
    for i, ward in enumerate(board["broken_down"]):
        element = Element(ward["element"])
        top_left = min(ward["squares"], key=lambda s: (-int(s[1]), s[0]))
        for name in ward["squares"]:
            squares[name] = Square(
                fill=_colour(element),
                group=f"down{i}",
                text=str(ward["value"]) if name == top_left else "",
                tooltip=(
                    f"neutral ward, worth {ward['value']}"
                    if element is Element.NEUTRAL
                    else f"{element.value} ward, {ward['shape']} pentomino, worth {ward['value']}"
                ),
            )
    for name in board["broken"]:
        old = squares.get(name, Square(fill=BROKEN))
        squares[name] = Square(old.fill, old.group, True, old.text, old.tooltip or "broken")
    return squares


def public_board_svg(owner: str, board: Mapping[str, Any], colour: str | None = None) -> str:
    """What everyone knows of a board, as a picture."""
    return draw_board(public_squares(board), f"{owner}'s board", colour=colour)


def host_squares(owner: str, host: Mapping[str, Any]) -> dict[str, Square]:
    """A whole board for the host: every ward, broken tiles, and the bolts still on each tile."""
    layout: Mapping[str, str] = host["boards"][owner]["board"]
    values: Mapping[str, int] = host["boards"][owner]["values"]
    broken: Mapping[str, Any] = host["broken"][owner]
    hits: Mapping[str, list[Any]] = host["hits"][owner]
    down = set(host["broken_down"][owner])
    squares: dict[str, Square] = {}
    for name, label in layout.items():
        element = _element_of_label(label)
        value = 1 if label == "N" else values.get(label, 0)
        tip = f"{label} ({element.value}, {value})"
        if name in broken:
            b = broken[name]
            how = " + ".join(b["breaks"])
            tip += f"; broken in round {b['round']} ({how}) by {', '.join(b['by'])}"
        pending = hits.get(name, [])
        if pending:
            tip += "; hits so far: " + ", ".join(f"{h['shooter']} {h['element']}" for h in pending)
        squares[name] = Square(
            fill=_colour(element, faded=label in down),
            group=label,
            cross=name in broken,
            text=str(len(pending)) if pending else "",
            tooltip=tip,
        )
    return squares


def host_board_svg(owner: str, host: Mapping[str, Any], colour: str | None = None) -> str:
    """A whole board for the host, as a picture."""
    return draw_board(host_squares(owner, host), f"{owner}'s board", colour=colour)


def tile_rows(squares: Mapping[str, Square]) -> list[dict[str, str]]:
    """What each tile's tooltip says (tiles without one left out), rank 8 first, A to H."""
    order = sorted(squares, key=lambda name: (-int(name[1:]), name[0]))
    return [{"tile": n, "what": squares[n].tooltip} for n in order if squares[n].tooltip]
