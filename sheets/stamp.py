"""The mark festival puts in every workbook it makes: which match and round (or which duel and
turn) and which player it is for.

It lives in a very hidden, protected tab, "_festival" (a player never sees it in Excel or
LibreOffice, and cannot edit it by accident):

    A1 festival workbook mark (do not edit)
    A2 match   B2 <match id>          (a duel's order workbook: duel  <duel id>)
    A3 round   B3 <round>             (a duel's order workbook: turn  <turn>)
    A4 player  B4 <player>

`festival resolve` and `festival duel resolve` compare the mark with the round or turn they
resolve and the player whose file it is (`mismatch`), so a workbook of an earlier round or
turn, of another player, or of another match or duel is refused, not played.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from events.tables import Grid

STAMP_TAB = "_festival"
TITLE = "festival workbook mark (do not edit)"


@dataclass(frozen=True)
class StampKind:
    """What a marked workbook belongs to: the words of its A2 and A3 labels."""

    name: str
    """the A2 label: "match" or "duel" """
    step: str
    """the A3 label: "round" or "turn" """
    title: str
    """in messages: "festival match", "duel" """


MATCH = StampKind("match", "round", "festival match")
DUEL = StampKind("duel", "turn", "duel")
KINDS = (MATCH, DUEL)


@dataclass(frozen=True)
class Stamp:
    game_id: str
    """the match's or the duel's id"""
    number: int
    """the round (a match) or the turn (a duel)"""
    player: str
    kind: StampKind = MATCH

    def rows(self) -> list[list[str | int]]:
        """The cells of the "_festival" tab, row by row."""
        return [
            [TITLE],
            [self.kind.name, self.game_id],
            [self.kind.step, self.number],
            ["player", self.player],
        ]

    def describe(self) -> str:
        """For people: "Ash, turn 2 of duel 3f9a0c1d2e4b"."""
        return f"{self.player}, {self.kind.step} {self.number} of {self.kind.name} {self.game_id}"


class StampError(ValueError):
    """The "_festival" tab is there but does not hold a mark festival wrote."""


def read_stamp(workbook: Mapping[str, Grid]) -> Stamp | None:
    """The workbook's mark, or None when it has none (a workbook festival did not make).

    Raises `StampError` when the tab exists but was changed.
    """
    grid = workbook.get(STAMP_TAB)
    if grid is None:
        return None
    game_id, number, player = grid.text(1, 1), grid.text(2, 1), grid.text(3, 1)
    kind = next((k for k in KINDS if (k.name, k.step) == (grid.text(1, 0), grid.text(2, 0))), None)
    if (
        grid.text(0, 0) != TITLE
        or kind is None
        or not game_id
        or not player
        or not (number.isascii() and number.isdigit() and len(number) < 6)
    ):
        raise StampError(f"the {STAMP_TAB!r} tab was changed; it no longer says whose file this is")
    return Stamp(game_id, int(number), player, kind)


def mismatch(found: Stamp, expected: Stamp, thing: str = "workbook") -> list[str]:
    """Why a workbook (or a Google tab: `thing` "tab") marked `found` is not the one marked
    `expected` (empty: it is), each reason a phrase that follows the file's name: "was made
    for another match"."""
    if found.kind != expected.kind:
        return [f"was made for a {found.kind.title}, not for a {expected.kind.title}"]
    kind, step = expected.kind.name, expected.kind.step
    wrong = []
    if found.game_id != expected.game_id:
        wrong.append(f"was made for another {kind}")
    if found.number != expected.number:
        wrong.append(f"is the {thing} of {step} {found.number}, not of {step} {expected.number}")
    if found.player != expected.player:
        wrong.append(f"was made for {found.player}, not for {expected.player}")
    return wrong
