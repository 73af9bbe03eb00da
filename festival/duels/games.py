"""The duel games festival can host: made from their entries in festival.core.registry."""

from __future__ import annotations

from typing import Any

from events.duel import DuelGame
from festival.core import registry


def duel_game(name: str) -> DuelGame[Any, Any]:
    """The hosted game people mean by `name` (its name, title or an alias; DuelHostError names
    the games festival hosts)."""
    from festival.core.errors import DuelHostError

    entry = registry.find_duel(name)
    if entry is None:
        hosted = ", ".join(sorted(d.name for d in registry.duels()))
        raise DuelHostError(f"no duel game {name!r}; festival hosts: {hosted}")
    game: DuelGame[Any, Any] = registry.load(entry.game)()
    return game
