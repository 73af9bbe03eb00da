"""The project's one palette (the values live in `events/palette.py`, where the pure rules
layer can use them too): re-exported here for the pictures, the dashboard and the CLI."""

from __future__ import annotations

from events.palette import (
    AIR,
    BACKGROUND,
    EARTH,
    ELEMENT_INK,
    ELEMENTS,
    FIRE,
    GRID,
    INK,
    INPUT,
    MARK,
    NEUTRAL,
    OBSTACLE,
    OUTLINE,
    PAPER,
    PLAYERS,
    WATER,
    all_colours,
    player,
    sheet,
    tint,
)

__all__ = [
    "AIR",
    "BACKGROUND",
    "EARTH",
    "ELEMENTS",
    "ELEMENT_INK",
    "FIRE",
    "GRID",
    "INK",
    "INPUT",
    "MARK",
    "NEUTRAL",
    "OBSTACLE",
    "OUTLINE",
    "PAPER",
    "PLAYERS",
    "WATER",
    "all_colours",
    "player",
    "sheet",
    "tint",
]  # fmt: skip
