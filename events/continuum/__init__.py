"""Elemental Continuum: pentomino wards on an 8x8 board, broken by elemental bolts.

Rules: ../shared/rules/awa-festival.txt, the Elemental Continuum part. Rulings: docs/rulings.md.
"""

from events.continuum.engine import ContinuumEngine

__all__ = ["ContinuumEngine"]
