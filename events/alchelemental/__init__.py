"""Alchelemental: the hex duel of 24 units a side (rule text: ../shared/rules/alchelemental.txt;
rulings in docs/rulings.md "Alchelemental (duel)", formats in docs/formats.md)."""

from events.alchelemental.game import AlchelementalGame

__all__ = ["AlchelementalGame"]
