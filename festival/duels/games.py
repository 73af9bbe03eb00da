"""The duel games festival can host: made from their entries in festival.core.registry."""

from __future__ import annotations

from typing import Any

from events.duel import DuelGame
from festival.core import registry


def duel_game(name: str) -> DuelGame[Any, Any]:
    """The hosted game people mean by `name` (its name, title or an alias; MatchError names
    the games festival hosts)."""
    from festival.match.match import MatchError

    entry = registry.find_duel(name)
    if entry is None:
        hosted = ", ".join(sorted(d.name for d in registry.duels()))
        raise MatchError(f"no duel game {name!r}; festival hosts: {hosted}")
    game: DuelGame[Any, Any] = registry.load(entry.game)()
    return game
