"""Elementarium: a simultaneous duel of earth, air, fire and water units, resolved in batch
from both players' sealed orders (rules: docs/rules/elementarium.md; rulings in
docs/rulings.md, formats in docs/formats.md, board and rules data in fixtures/elementarium/)."""

from events.elementarium.game import ElementariumGame

__all__ = ["ElementariumGame"]
