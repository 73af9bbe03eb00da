"""Elemental Halma: two sides, Water and Air against Earth and Fire, for two players or four
in two teams (rules: docs/rules/elemental-halma.md; rulings in docs/rulings.md,
formats in docs/formats.md)."""

from events.halma.game import HalmaGame

__all__ = ["HalmaGame"]
