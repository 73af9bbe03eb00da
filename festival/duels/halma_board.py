"""Elemental Halma as festival hosts it: the engine on the shipped board file
(fixtures/halma/board.txt, which a host may edit or replace with the original board)."""

from __future__ import annotations

from events.halma import HalmaGame
from festival.core.errors import DuelHostError
from festival.core.paths import fixture

BOARD = ("halma", "board.txt")


def halma_game() -> HalmaGame:
    """The game on the board file; a broken board file is named with every problem found."""
    path = fixture(*BOARD)
    try:
        return HalmaGame(path.read_text())
    except ValueError as exc:
        raise DuelHostError(f"{path}: {exc}") from exc
