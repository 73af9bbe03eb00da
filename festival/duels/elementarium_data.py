"""Elementarium as festival hosts it: the engine with the shipped board and rules files
(fixtures/elementarium/board.txt and rules.json), which a host may edit or override per duel
(`--option board=...`, `--option rules=...`)."""

from __future__ import annotations

import json

from events.elementarium import ElementariumGame
from festival.core.paths import fixture


class HostedElementarium(ElementariumGame):
    def __init__(self) -> None:
        board = fixture("elementarium", "board.txt").read_text()
        rules = json.loads(fixture("elementarium", "rules.json").read_text())
        super().__init__(board, rules)
