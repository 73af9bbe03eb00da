"""The four elements and the neutral one, and which element defeats which.

"Fire defeats wind, wind defeats earth, earth defeats water, and water defeats fire."
"""

from __future__ import annotations

from enum import Enum


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
    Element.FIRE: "E06666",
    Element.WATER: "6FA8DC",
    Element.WIND: "93C47D",
    Element.EARTH: "FFD966",
    Element.NEUTRAL: "B7B7B7",
}
"""fill colours, as the rules colour the wards: fire red, water blue, wind green,
earth yellow, neutral grey"""

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
