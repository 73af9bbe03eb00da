"""Pebbles' rules: Take-away's, on heaps its shipped data file names (fixtures/pebbles/
heaps.json: board name -> pile sizes), `grab N [PILE]` in its notation, piles drawn in a
colour of its own."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from events import palette
from events.duel import DuelProblem, Parsed, Picture
from tests.support.pebbles.offers import OFFERS
from tests.support.toy_duel import LETTERS, Action, Take, TakeAway, TakeState

PILE_COLOUR = palette.tint(palette.PLAYERS[1])
_GRAB = re.compile(r"^\s*grab\s+(\d)(?:\s+([a-f]))?\s*$", re.IGNORECASE)


class Pebbles(TakeAway):
    name = "pebbles"
    title = "Pebbles"
    default_variant = "small"

    def __init__(self, heaps: Mapping[str, list[int]]) -> None:
        self.heaps = dict(heaps)

    def variants(self) -> Mapping[str, Mapping[str, Any]]:
        boards = OFFERS.boards
        assert boards is not None
        return {name: {"piles": self.heaps[name], "most": 3} for name in boards.names}

    def parse_actions(self, text: str) -> Parsed[tuple[Action, ...], DuelProblem]:
        grab = _GRAB.match(text)
        if grab is None:
            return super().parse_actions(text)
        pile = LETTERS.index(grab.group(2).upper()) if grab.group(2) else 0
        return Parsed((Take(pile, int(grab.group(1))),))

    def picture(self, state: TakeState, highlight: Iterable[tuple[int, int]] = ()) -> Picture:
        return replace(super().picture(state, highlight), colours={"pile": PILE_COLOUR})
