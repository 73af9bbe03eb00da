"""Order workbooks of a simultaneous duel: the game's order template (its `order_template`)
written as a workbook marked with the duel, turn and player; a workbook's cells kept as received;
and its mark checked against the workbook expected."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from events.duel import DuelProblem
from events.tables import Grid
from events.template import Template
from festival.core.errors import DuelHostError
from festival.duels.host import Duel
from sheets.stamp import Stamp, StampError, mismatch, read_stamp

MARK_CODE = "duel.mark"
"""the error refusing a workbook made for another duel, turn or player"""


def order_template(duel: Duel, state: Any, player: str) -> Template:
    """The game's order tab of `player` for the turn (refused for a game without one)."""
    template = duel.game.order_template(state, player)
    if template is None:
        raise DuelHostError(f"{duel.game.title} has no order template")
    return template


def write_order_workbook(template: Template, path: Path, stamp: Stamp) -> None:
    """The player's order workbook, marked (sheets/stamp.py) with the duel, turn and player;
    its README asks for it back under the name it is written with."""
    from sheets.xlsx_writer import write_templates  # the spreadsheet library, to write

    title = f"{template.event} orders: {template.player}"
    write_templates(path, [template], title, stamp, send_as=path.name)


def workbook_content(name: str, workbook: Mapping[str, Grid]) -> str:
    """What a workbook holds, as stored before it is read: every tab's cells, row by row."""
    tabs = {title: [list(row) for row in grid.rows] for title, grid in workbook.items()}
    return json.dumps({"file": name, "tabs": tabs})


def check_mark(
    workbook: Mapping[str, Grid], expected: Stamp, name: str
) -> tuple[DuelProblem | None, str | None]:
    """The workbook's mark against the order workbook expected: the one error refusing a
    workbook of another duel, turn or player (or whose mark was changed), else None and a
    note when the workbook carries no mark (it is read all the same)."""
    player, turn = expected.player, expected.number
    try:
        found = read_stamp(workbook)
    except StampError as exc:
        return DuelProblem(MARK_CODE, f"{player}: {name}: {exc}"), None
    if found is None:
        note = (
            f"{player}: {name} carries no festival mark (it was not made from festival's "
            f"order sheets); it was read as {player}'s turn {turn} orders"
        )
        return None, note
    wrong = mismatch(found, expected)
    if not wrong:
        return None, None
    message = (
        f"{player}: {name} {' and '.join(wrong)} (made for {found.describe()}; expected "
        f"{expected.describe()}): send {player}'s turn {turn} order workbook"
    )
    return DuelProblem(MARK_CODE, message), None
