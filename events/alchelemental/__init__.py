"""Alchelemental: the hex duel of 24 units a side (rules: docs/rules/alchelemental.md;
rulings in docs/rulings.md "Alchelemental (duel)", formats in docs/formats.md)."""

from events.alchelemental.game import AlchelementalGame

__all__ = ["AlchelementalGame"]
