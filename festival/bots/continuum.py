"""An Elemental Continuum bot: a random legal board, then bolts that follow up public breaks.

Wards are pentominoes, so a square next to a broken tile is likely part of the same ward:
the bot aims there most of the time, with a random element, and otherwise fires at random.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from events.continuum.layout import BOLT_ELEMENT_NAMES
from events.continuum.parse import random_setup_json
from events.continuum.squares import ALL_SQUARES, Square

FOLLOW_UP = 0.7


def continuum_bot(
    public: Mapping[str, Any],
    private: Mapping[str, Any],
    player: str,
    round_no: int,
    rng: np.random.Generator,
) -> dict[str, Any]:
    """The bot's canonical JSON submission for `round_no`."""
    if round_no == 1:
        return random_setup_json(rng)
    leads = _leads(public, player)
    bolts = []
    for _ in range(2):
        if leads and rng.random() < FOLLOW_UP:
            target = leads[int(rng.integers(len(leads)))]
        else:
            target = ALL_SQUARES[int(rng.integers(len(ALL_SQUARES)))]
        element = BOLT_ELEMENT_NAMES[int(rng.integers(len(BOLT_ELEMENT_NAMES)))]
        bolts.append({"element": element.lower(), "target": str(target)})
    return {"bolts": bolts}


def _leads(public: Mapping[str, Any], player: str) -> list[Square]:
    """Unbroken squares next to a broken tile on another player's board."""
    out: set[Square] = set()
    for owner, board in public.get("boards", {}).items():
        if owner == player:
            continue
        broken = {Square.parse(s) for s in board["broken"]}
        down = {Square.parse(s) for w in board["broken_down"] for s in w["squares"]}
        for sq in broken:
            if sq is None:
                continue
            for n in sq.neighbours():
                if n not in broken and n not in down:
                    out.add(n)
    return sorted(out)
