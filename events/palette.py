"""The one palette of every picture festival draws: the four elements, neutral, obstacles and
each player's colour, for the duel boards (festival/core/picture.py), the dashboard's charts
and boards, and the workbooks the events describe (Elemental Continuum's wards). Pure values,
so the rules layer can use them; `festival.core.palette` re-exports them.

Chosen for colour-blind players from Okabe and Ito's set (and Paul Tol's "muted" set for the
ten players of a festival): no two colours that mean different things differ only as red and
green do, and every picture also letters what it colours (F, W, E, A; a player's initial).
Fire is vermilion, Water deep blue, Earth yellow, Air pale grey, neutral mid grey."""

from __future__ import annotations

FIRE = "#D55E00"
WATER = "#0072B2"
EARTH = "#F0E442"
AIR = "#DDDDDD"
NEUTRAL = "#999999"
OBSTACLE = "#555555"

ELEMENTS = {"F": FIRE, "W": WATER, "E": EARTH, "A": AIR}
"""an element's letter -> its colour"""
ELEMENT_INK = {"F": "#FFFFFF", "W": "#FFFFFF", "E": "#000000", "A": "#000000"}
"""the colour of a letter written on an element's colour"""

PLAYERS = (
    "#CC79A7", "#009E73", "#E69F00", "#56B4E9", "#332288",
    "#882255", "#44AA99", "#999933", "#117733", "#AA4499",
)  # fmt: skip
"""each player's colour by seat (a duel's players, a festival's roster): Okabe-Ito's reddish
purple, bluish green, orange and sky blue first (unlike any element's colour), then Tol's
muted colours"""

INK = "#000000"
PAPER = "#FFFFFF"
BACKGROUND = "#F7F5EF"
GRID = "#999999"
OUTLINE = "#222222"
MARK = "#000000"
"""the last turn's outlines, rings and crosses: black, thick, so they read on every colour"""
INPUT = "#FFF2CC"
"""a workbook cell a player fills in (pale yellow, the spreadsheets' convention)"""


def tint(colour: str, amount: float = 0.7) -> str:
    """`colour` mixed with white (`amount` of white): a pale version for backgrounds."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#{:02X}{:02X}{:02X}".format(*(round(v + (255 - v) * amount) for v in (r, g, b)))


def player(seat: int) -> str:
    return PLAYERS[seat % len(PLAYERS)]


def sheet(colour: str) -> str:
    """`colour` as a workbook writes it ("RRGGBB", no "#")."""
    return colour.removeprefix("#").upper()


def all_colours() -> frozenset[str]:
    """Every colour a picture may use (upper case), tints of the elements included."""
    base = {FIRE, WATER, EARTH, AIR, NEUTRAL, OBSTACLE, INK, PAPER, BACKGROUND, GRID, OUTLINE}
    base |= {MARK, *PLAYERS, *ELEMENT_INK.values()}
    base |= {tint(c) for c in (*ELEMENTS.values(), NEUTRAL, PLAYERS[0])}
    return frozenset(c.upper() for c in base)
