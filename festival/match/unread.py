"""Text a player typed where festival reads nothing: a note beside the rows (Engineer!C4), a
label off the board (Board!K5). Such a cell changes nothing in the game, so it is never an
error; but it is never ignored without a word either: `resolve` names it, and so does the
player's report for the submission that counted (docs/rulings.md, "Typed where festival reads
nothing").

What counts: a filled cell of a tab the event's parser reads (a tab it looked at at all), that
the parser did not look at, and that does not hold what the round's template wrote there.
Tabs the parser never opens (the read-only Status, Army and Your board tabs, the README, a tab
the player added) are not inspected.
"""

from __future__ import annotations

from typing import Any

from events.engine import EventEngine
from events.errors import SubmissionProblem, quoted
from events.tables import ReadWorkbook, cell_ref, cell_text

NOT_READ = "sheet.not_read"
"""The code of the warning, stored with the raw submission like its errors (parse_errors)."""

WARNINGS = frozenset({NOT_READ})
"""Codes stored with a submission's problems that did not refuse it."""


def not_read(
    engine: EventEngine[Any, Any],
    state: Any,
    player: str,
    round_no: int,
    read: ReadWorkbook,
) -> list[SubmissionProblem]:
    """A warning per cell typed where the parser of `engine` read nothing, in tab order and
    then row by row."""
    template = engine.template(state, player, round_no)
    out: list[SubmissionProblem] = []
    for tab in template.tabs:
        if not read.was_read(tab.name):
            continue
        written = {k: cell_text(v) for k, v in tab.cells.items()}
        for (row, col), value in sorted(read.unread(tab.name).items()):
            text = cell_text(value)
            if not text or written.get((row, col)) == text:
                continue
            out.append(
                SubmissionProblem(
                    NOT_READ,
                    player,
                    f"{quoted(text)} is typed where festival reads nothing, so it was ignored",
                    engine.name,
                    tab.name,
                    cell_ref(row, col),
                )
            )
    return out
