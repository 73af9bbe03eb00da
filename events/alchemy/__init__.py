"""Alchemy: harvest materials, buy machines, engineer constructs, sell them at the market.

Rules: docs/rules/alchemy.md. Rulings: docs/rulings.md.
"""

from events.alchemy.engine import AlchemyEngine

__all__ = ["AlchemyEngine"]
