"""The mark festival puts in every workbook it makes: which match, round and player it is for.

It lives in a very hidden, protected tab, "_festival" (a player never sees it in Excel or
LibreOffice, and cannot edit it by accident):

    A1 festival workbook mark (do not edit)
    A2 match   B2 <match id>
    A3 round   B3 <round>
    A4 player  B4 <player>

`resolve` compares the mark with the round it resolves and the player whose file it is, so a
workbook of an earlier round, of another player or of another match is refused, not played.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from events.tables import Grid

STAMP_TAB = "_festival"
TITLE = "festival workbook mark (do not edit)"


@dataclass(frozen=True)
class Stamp:
    match_id: str
    round_no: int
    player: str

    def rows(self) -> list[list[str | int]]:
        """The cells of the "_festival" tab, row by row."""
        return [
            [TITLE],
            ["match", self.match_id],
            ["round", self.round_no],
            ["player", self.player],
        ]


class StampError(ValueError):
    """The "_festival" tab is there but does not hold a mark festival wrote."""


def read_stamp(workbook: Mapping[str, Grid]) -> Stamp | None:
    """The workbook's mark, or None when it has none (a workbook festival did not make).

    Raises `StampError` when the tab exists but was changed.
    """
    grid = workbook.get(STAMP_TAB)
    if grid is None:
        return None
    match_id, round_text, player = grid.text(1, 1), grid.text(2, 1), grid.text(3, 1)
    if (
        grid.text(0, 0) != TITLE
        or not match_id
        or not player
        or not (round_text.isascii() and round_text.isdigit() and len(round_text) < 4)
    ):
        raise StampError(f"the {STAMP_TAB!r} tab was changed; it no longer says whose file this is")
    return Stamp(match_id, int(round_text), player)
