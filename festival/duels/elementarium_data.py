"""Elementarium as festival hosts it: the engine with the shipped board and rules files
(fixtures/elementarium/board.txt and rules.json), which a host may edit or override per duel
(`--option board=...`, `--option rules=...`)."""

from __future__ import annotations

import json

from events.elementarium import ElementariumGame, judge
from festival.core.paths import fixture


class HostedElementarium(ElementariumGame):
    """`weights`: the search bots' evaluation (events/elementarium/judge.py); the self-play
    benchmark makes one with other weights as `type(game)(weights)`."""

    def __init__(self, weights: judge.Weights = judge.WEIGHTS) -> None:
        board = fixture("elementarium", "board.txt").read_text()
        rules = json.loads(fixture("elementarium", "rules.json").read_text())
        super().__init__(board, rules, weights)
