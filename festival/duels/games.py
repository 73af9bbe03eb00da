"""The duel games festival can host, by machine name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from events.alchelemental import AlchelementalGame
from events.duel import DuelGame
from events.element import ElementGame
from festival.duels.elementarium_data import HostedElementarium
from festival.duels.halma_board import halma_game

GAMES: dict[str, Callable[[], DuelGame[Any, Any]]] = {
    "element": ElementGame,
    "alchelemental": AlchelementalGame,
    "elementarium": HostedElementarium,
}
GAMES["halma"] = halma_game


def duel_game(name: str) -> DuelGame[Any, Any]:
    from festival.match.match import MatchError

    if name not in GAMES:
        raise MatchError(f"no duel game {name!r}; festival hosts: {', '.join(sorted(GAMES))}")
    return GAMES[name]()
