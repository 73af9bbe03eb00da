"""The four elements and the neutral one, and which element defeats which.

"Fire defeats wind, wind defeats earth, earth defeats water, and water defeats fire."
"""

from __future__ import annotations

from enum import Enum

from events import palette


class Element(Enum):
    FIRE = "fire"
    WATER = "water"
    WIND = "wind"
    EARTH = "earth"
    NEUTRAL = "neutral"

    @property
    def title(self) -> str:
        return self.value.capitalize()


BOLT_ELEMENTS: tuple[Element, ...] = (Element.FIRE, Element.WATER, Element.WIND, Element.EARTH)

DEFEATS: dict[Element, Element] = {
    Element.FIRE: Element.WIND,
    Element.WIND: Element.EARTH,
    Element.EARTH: Element.WATER,
    Element.WATER: Element.FIRE,
}
"""attacker -> the element it defeats"""

DEFEATED_BY: dict[Element, Element] = {v: k for k, v in DEFEATS.items()}
"""tile element -> the element that defeats it"""

COLOURS: dict[Element, str] = {
    Element.FIRE: palette.sheet(palette.FIRE),
    Element.WATER: palette.sheet(palette.WATER),
    Element.WIND: palette.sheet(palette.AIR),
    Element.EARTH: palette.sheet(palette.EARTH),
    Element.NEUTRAL: palette.sheet(palette.NEUTRAL),
}
"""the wards' fill colours in the workbooks, from the project's one palette (events/palette.py):
the same colours as every duel board and the dashboard's Continuum boards"""
BROKEN = palette.sheet(palette.BACKGROUND)
"""the fill of a ward that broke down (as the dashboard draws a broken tile)"""

_BOLT_NAMES = {
    "fire": Element.FIRE,
    "f": Element.FIRE,
    "water": Element.WATER,
    "wind": Element.WIND,
    "air": Element.WIND,
    "a": Element.WIND,
    "earth": Element.EARTH,
    "e": Element.EARTH,
}


def parse_bolt_element(text: str) -> Element | None:
    """'Fire', ' water ', 'Air', 'wind', 'E' ... -> the element; None if not one.

    A lone 'W' is refused: it could be water or wind.
    """
    return _BOLT_NAMES.get(text.strip().lower())
