"""The duel games festival can host: made from their entries in festival.core.registry."""

from __future__ import annotations

from typing import Any

from events.duel import DuelGame
from festival.core import registry


def duel_game(name: str) -> DuelGame[Any, Any]:
    """The hosted game registered under `name` (MatchError names the games festival hosts)."""
    from festival.match.match import MatchError

    try:
        entry = registry.duel(name)
    except registry.RegistryError as exc:
        raise MatchError(str(exc)) from None
    game: DuelGame[Any, Any] = registry.load(entry.game)()
    return game
