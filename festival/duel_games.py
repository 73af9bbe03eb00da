"""The duel games festival can host, by machine name."""

from __future__ import annotations

from typing import Any

from events.duel import DuelGame
from events.element import ElementGame
from festival.elementarium_data import HostedElementarium

GAMES: dict[str, type[DuelGame[Any, Any]]] = {
    "element": ElementGame,
    "elementarium": HostedElementarium,
}


def duel_game(name: str) -> DuelGame[Any, Any]:
    from festival.match import MatchError

    if name not in GAMES:
        raise MatchError(f"no duel game {name!r}; festival hosts: {', '.join(sorted(GAMES))}")
    return GAMES[name]()
