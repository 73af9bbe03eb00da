"""Breaking tiles, and who contributed.

"To break a ward tile, (1) one bolt of the element that defeats it must be fired at it.
(Advantage Break) or (2) two bolts of the ward's element must be fired at it. (Singularity
Break)" "The singular tetramino of neutral element takes 3 bolts of any element to break.
(Neutral Break)" "If tiles break simultaneously from both Advantage Break and Singularity
Break, then both count towards the percentage of contribution."
"""

from __future__ import annotations

from collections.abc import Sequence

from events.continuum.elements import DEFEATED_BY, Element
from events.continuum.model import Hit

NEUTRAL_BREAK_BOLTS = 3
SINGULARITY_BOLTS = 2
ADVANTAGE_BOLTS = 1


def counts(tile: Element, bolt: Element) -> bool:
    """Whether a bolt of this element can ever matter to the tile: a bolt that neither
    defeats nor matches an elemental tile does nothing to it. Every bolt counts on a neutral
    tile."""
    return tile is Element.NEUTRAL or bolt is tile or bolt is DEFEATED_BY[tile]


def evaluate(tile: Element, hits: Sequence[Hit]) -> tuple[tuple[str, ...], tuple[Hit, ...]]:
    """Whether the hits break the tile: (the breaks that happened, the contributing hits).

    No break: ((), ()). The advantage bolts contribute when an Advantage Break happened, the
    same-element bolts when a Singularity Break happened (both when both did), and every
    bolt for a Neutral Break.
    """
    if tile is Element.NEUTRAL:
        if len(hits) >= NEUTRAL_BREAK_BOLTS:
            return ("neutral",), tuple(hits)
        return (), ()
    advantage = tuple(h for h in hits if h.element is DEFEATED_BY[tile])
    same = tuple(h for h in hits if h.element is tile)
    breaks: list[str] = []
    contributors: list[Hit] = []
    if len(advantage) >= ADVANTAGE_BOLTS:
        breaks.append("advantage")
        contributors += advantage
    if len(same) >= SINGULARITY_BOLTS:
        breaks.append("singularity")
        contributors += same
    return tuple(breaks), tuple(sorted(contributors, key=lambda h: (h.round_no, h.shooter, h.bolt)))
