"""Elemental Halma: two sides, Water and Air against Earth and Fire, for two players or four
in two teams (rule text: ../shared/rules/elemental-halma.txt; rulings in docs/rulings.md,
formats in docs/formats.md)."""

from events.halma.game import HalmaGame

__all__ = ["HalmaGame"]
