"""Alchemy: harvest materials, buy machines, engineer constructs, sell them at the market.

Rules: ../shared/rules/awa-festival.txt, the Alchemy part. Rulings: docs/rulings.md.
"""

from events.alchemy.engine import AlchemyEngine

__all__ = ["AlchemyEngine"]
