"""Summoner's Dream: attack-and-receive tower defence with familiars and trigram towers.

Rules: ../shared/rules/awa-festival.txt, the Summoner's Dream part. Rulings: docs/rulings.md.
"""

from events.summoners.engine import SummonersEngine

__all__ = ["SummonersEngine"]
