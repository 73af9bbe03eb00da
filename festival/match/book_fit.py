"""What a player did to a workbook that festival can still read as they meant it, and says so.

- A tab renamed only in its case or spaces ("harvest", "Harvest ") is read as the template's
  tab ("Harvest"): the host is told (a note), the entry is not refused for it. Two tabs that
  both match are left as they are (the parser names the missing tab).
- A formula that a program saved without its value (a file written by a script, never opened
  in Excel) refuses nothing by itself: the cell reads as empty. Where the event's parser read
  that cell, the entry is invalid, with what to do; where festival reads nothing, the formula
  is named like text typed there, and ignored (docs/rulings.md, "Formulas without a saved
  value"). A formula whose value was saved is read as that value, as everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from events.errors import SubmissionProblem
from events.tables import ReadWorkbook, Workbook, parse_cell_ref
from events.template import Template
from festival.match.unread import NOT_READ
from sheets.errors import CellProblem

TAB_NAME = "sheet.tab_name"
"""The code of the note that a tab was read under the template's name."""

FORMULA = "sheet.formula"

FORMULA_READ = (
    "a formula with no saved value (the program that saved the file does not calculate "
    "formulas), where festival reads a value: type the value into the cell, or open the file "
    "in Excel or Google Sheets and save it there, then send it again"
)
FORMULA_NOT_READ = "a formula is typed where festival reads nothing, so it was ignored"


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def fit_tabs(
    workbook: Workbook, template: Template, player: str, event: str
) -> tuple[Workbook, dict[str, str], list[SubmissionProblem]]:
    """`workbook` with every template tab it holds only under another case or spacing renamed
    to the template's name; the renames (the workbook's name -> the template's); a note for
    each."""
    renames: dict[str, str] = {}
    for tab in template.tabs:
        if tab.name in workbook:
            continue
        found = [name for name in workbook if _key(name) == _key(tab.name)]
        if len(found) == 1 and found[0] not in renames:
            renames[found[0]] = tab.name
    if not renames:
        return workbook, renames, []
    book = {renames.get(name, name): grid for name, grid in workbook.items()}
    notes = [
        SubmissionProblem(
            TAB_NAME,
            player,
            f"the tab {found!r} was read as the {wanted!r} tab (its name differs only in case "
            "or spaces)",
            event,
            wanted,
        )
        for found, wanted in renames.items()
    ]
    return book, renames, notes


def formula_problems(
    read: ReadWorkbook,
    template: Template,
    formulas: Sequence[CellProblem],
    renames: Mapping[str, str],
    player: str,
    event: str,
    read_to_the_end: bool,
) -> tuple[list[SubmissionProblem], list[SubmissionProblem]]:
    """The errors (formulas without a value in cells the parser read) and the warnings (in
    cells of a tab it reads where it read nothing; only once it read to the end) of the
    formulas in the event's tabs."""
    tabs = {tab.name for tab in template.tabs}
    errors: list[SubmissionProblem] = []
    warnings: list[SubmissionProblem] = []
    for formula in formulas:
        tab = renames.get(formula.tab, formula.tab)
        if tab not in tabs or formula.cell is None or not read.was_read(tab):
            continue
        cells = read.cells[tab]
        if cells.all_read or parse_cell_ref(formula.cell) in cells.looked_at:
            errors.append(
                SubmissionProblem(FORMULA, player, FORMULA_READ, event, tab, formula.cell)
            )
        elif read_to_the_end:
            warnings.append(
                SubmissionProblem(NOT_READ, player, FORMULA_NOT_READ, event, tab, formula.cell)
            )
    return errors, warnings
