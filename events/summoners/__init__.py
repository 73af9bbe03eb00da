"""Summoner's Dream: attack-and-receive tower defence with familiars and trigram towers.

Rules: docs/rules/summoners-dream.md. Rulings: docs/rulings.md.
"""

from events.summoners.engine import SummonersEngine

__all__ = ["SummonersEngine"]
