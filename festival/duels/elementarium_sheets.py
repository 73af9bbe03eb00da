"""Elementarium order workbooks: each turn, a tab "Orders" listing the player's units and
Source with each one's legal targets as a dropdown, the workbook marked with the duel, turn and
player; read back into the orders notation, every problem named by player, tab and cell."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from events.duel import DuelProblem
from events.elementarium import rules
from events.elementarium.setup import TYPE_NAMES, cell_name, parse_cell
from events.elementarium.state import State
from events.tables import CellValue, Grid, cell_ref
from events.template import Dropdown, Template, TemplateTab
from sheets.stamp import Stamp, StampError, mismatch, read_stamp
from sheets.xlsx_writer import write_templates

TAB = "Orders"
STAY = "stay"
HEADER = ("Piece", "Field", "Target")
MARK_CODE = "duel.mark"
"""the error refusing a workbook made for another duel, turn or player"""


def order_template(state: State, player: str) -> Template:
    """The player's order tab for the turn: one row per unit (and the Source), the target
    column a dropdown of that piece's legal targets ("stay" keeps it still)."""
    owner = state.players.index(player)
    pieces = [(c, k) for c, o, k in state.units if o == owner]
    pieces.append((state.sources[owner], "S"))
    cells: dict[tuple[int, int], CellValue] = {(0, i): h for i, h in enumerate(HEADER)}
    dropdowns = []
    blocked = rules.blocked_sources(state)
    for r, (cell, kind) in enumerate(sorted(pieces), start=1):
        cells[(r, 0)] = TYPE_NAMES[kind]
        cells[(r, 1)] = cell_name(cell)
        options = (STAY, *sorted(cell_name(d) for d in rules.targets(state, cell, blocked)))
        dropdowns.append(Dropdown(cell_ref(r, 2), options, "a target field, or stay"))
    note = (
        f"Turn {state.turn}: choose a target for up to "
        f"{state.setup.rules.moves_per_turn} pieces; leave the rest empty (or stay)."
    )
    tab = TemplateTab(
        TAB,
        cells,
        f"A1:C{len(pieces) + 1}",
        tuple(dropdowns),
        bold=frozenset((0, i) for i in range(3)),
        column_widths={0: 12, 1: 8, 2: 10},
        note=note,
    )
    return Template("Elementarium", player, state.turn, (tab,))


def write_order_workbook(state: State, player: str, path: Path, stamp: Stamp) -> None:
    """The player's order workbook, marked (sheets/stamp.py) with the duel, turn and player."""
    title = f"Elementarium orders: {player}"
    write_templates(path, [order_template(state, player)], title, stamp)


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
            f"{player}: {name} carries no festival mark (it was not made by `festival duel "
            f"sheets`); it was read as {player}'s turn {turn} orders"
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


@dataclass(frozen=True)
class WorkbookOrders:
    """The orders read from a workbook as notation, with the cell of each move."""

    text: str
    cells: tuple[tuple[str, str, str], ...]
    """(field, target, "player, tab Orders, cell C4") of each move"""
    errors: tuple[DuelProblem, ...]

    def where(self, square: str | None, player: str) -> str:
        """The cell of the move an error names by its field (the player if none does)."""
        for src, dst, ref in self.cells:
            if square is not None and square.lower() in (src.lower(), dst.lower()):
                return ref
        return player


def read_orders(
    workbook: Mapping[str, Grid], player: str, name: str, width: int, height: int, tab: str = TAB
) -> WorkbookOrders:
    """The moves written in the Orders tab (column B the field, column C the target); `tab`
    is that tab's title (a Google spreadsheet's "R2 Orders"), `name` the file or
    spreadsheet it is in."""
    grid = workbook.get(TAB)
    if grid is None:
        message = f"{player}: {name} has no tab {tab!r}"
        return WorkbookOrders("", (), (DuelProblem("elementarium.workbook", message),))
    moves: list[str] = []
    refs: list[tuple[str, str, str]] = []
    errors: list[DuelProblem] = []
    for r in range(1, grid.height):
        target = grid.at(r, 2)
        if target is None or str(target).strip().lower() in ("", STAY):
            continue
        ref = f"{player}, tab {tab}, cell {cell_ref(r, 2)}"
        src, dst = str(grid.at(r, 1) or "").strip(), str(target).strip()
        if parse_cell(src, width, height) is None or parse_cell(dst, width, height) is None:
            errors.append(
                DuelProblem(
                    "elementarium.workbook",
                    f"{ref}: expected a field such as d4 in B and C, found {src!r}, {dst!r}",
                    dst or None,
                )
            )
            continue
        moves.append(f"{src}-{dst}")
        refs.append((src, dst, ref))
    return WorkbookOrders(", ".join(moves) or "hold", tuple(refs), tuple(errors))
