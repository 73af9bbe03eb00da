"""Elemental Continuum: pentomino wards on an 8x8 board, broken by elemental bolts.

Rules: docs/rules/elemental-continuum.md. Rulings: docs/rulings.md.
"""

from events.continuum.engine import ContinuumEngine

__all__ = ["ContinuumEngine"]
