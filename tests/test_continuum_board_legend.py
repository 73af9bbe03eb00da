"""The public Elemental Continuum boards' legend says what the board draws: the "not known"
swatch has the fill of an unbroken hidden tile, the "broken tile" swatch the fill of a broken
one (issue 26: the two were swapped), and every colour comes from the project's palette."""

from __future__ import annotations

import re

from dashboard.continuum_boards import LEGEND_ITEMS, public_board_svg
from festival.core import palette


def _fills(svg: str) -> dict[str, str]:
    """Each square's fill, by the order drawn (A1..H8 by rank)."""
    rects = re.findall(r'<rect x="[\d.]+" y="[\d.]+" width="34" height="34" fill="(#\w+)"', svg)
    names = [f"{f}{r}" for r in range(1, 9) for f in "ABCDEFGH"]
    return dict(zip(names, rects, strict=True))


def test_the_legend_swatches_match_the_tiles_they_name() -> None:
    board = {"broken_down": [], "broken": ["C3"]}
    fills = _fills(public_board_svg("Ann", board))
    legend = {label: colour for colour, label in LEGEND_ITEMS}
    assert fills["D4"] == legend["not known"]
    assert fills["C3"] == legend["✕ broken tile"]
    assert legend["not known"] != legend["✕ broken tile"]


def test_the_boards_use_the_palette_only() -> None:
    board = {
        "broken_down": [
            {"element": "fire", "squares": ["A1", "A2"], "value": 3, "shape": "I"},
        ],
        "broken": ["A1", "A2", "C3"],
    }
    svg = public_board_svg("Ann", board, colour=palette.player(0))
    used = {c.upper() for c in re.findall(r'fill="(#[0-9A-Fa-f]{6})"', svg)}
    assert used <= palette.all_colours(), used - palette.all_colours()
    assert {c.upper() for c, _ in LEGEND_ITEMS} <= palette.all_colours()
