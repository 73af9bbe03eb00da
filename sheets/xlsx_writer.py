"""Render `Template`s to .xlsx submission workbooks, and write plain results workbooks.

Layout of a rendered submission workbook:

* a first "README" tab naming the workbook title, the player(s), round(s) and events, one
  short paragraph on how to fill it in, and each tab's note;
* one tab per `TemplateTab`, in template order, named `tab.name`, with its cells, bold
  header cells, solid fills, column widths and list dropdowns. A tab's `note` is also put
  in a cell comment on A1 of that tab (a comment, not an extra row, so no cell moves and
  `input_range` stays true);
* a very hidden, protected "_festival" tab with the workbook's mark (match, round, player;
  see `sheets.stamp`), when a stamp is given;
* a hidden "_lists" tab, only when some dropdown's options do not fit in an inline list
  (more than 255 characters joined, or an option containing ',' or '"'): each such option
  list is one column there, and the dropdown refers to that range.

Cell values are written literally: text starting with "=" stays text, never a formula, so
what the template says is what `read_workbook` reads back.
"""

from __future__ import annotations

import errno
import math
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import cast

import openpyxl
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell
from openpyxl.comments import Comment
from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from events.tables import CellValue, cell_text, column_letter, parse_cell_ref
from events.template import ColourRule, Dropdown, Template, TemplateTab
from sheets.stamp import STAMP_TAB, Stamp

README_TAB = "README"
LISTS_TAB = "_lists"
INLINE_LIST_LIMIT = 255
"""Excel rejects an inline list validation longer than this many characters."""
PROMPT_LIMIT = 255
"""Excel rejects a validation input message longer than this many characters."""

_MAX_TAB_NAME = 31
_BAD_TAB_CHARS = re.compile(r"[\[\]:*?/\\]")
_COLOUR = re.compile(r"^#?([0-9A-Fa-f]{6})$")

PathLike = str | os.PathLike[str]


def render_templates(
    templates: Sequence[Template], title: str, stamp: Stamp | None = None, send_as: str = ""
) -> openpyxl.Workbook:
    """Build (not save) the submission workbook for `templates`, laid out as the module says;
    `send_as`, when given, is the file name the README asks the player to send it back under.

    Raises ValueError when there are no templates, when two tabs share a name (Excel compares
    tab names ignoring case), when a tab name is not a valid Excel tab name or is reserved
    ("README", "_lists"), or when a cell position, fill colour or dropdown range is invalid.
    """
    if not templates:
        raise ValueError("no templates to render")
    owners: dict[str, str] = {README_TAB.casefold(): "the README tab"}
    owners[LISTS_TAB.casefold()] = "the dropdown lists tab"
    owners[STAMP_TAB.casefold()] = "the workbook's mark"
    for template in templates:
        for tab in template.tabs:
            _check_tab_name(tab.name)
            owner = f"{template.event} (player {template.player}, round {template.round_no})"
            key = tab.name.casefold()
            if key in owners:
                raise ValueError(f"tab name {tab.name!r} is used by both {owners[key]} and {owner}")
            owners[key] = owner

    book = openpyxl.Workbook()
    readme = cast(Worksheet, book.active)
    readme.title = README_TAB
    _write_readme(readme, templates, title, send_as)
    lists = _ListsTab(book)
    for template in templates:
        for tab in template.tabs:
            _render_tab(cast(Worksheet, book.create_sheet(tab.name)), tab, lists)
    lists.move_to_end()
    if stamp is not None:
        _write_stamp(cast(Worksheet, book.create_sheet(STAMP_TAB)), stamp)
    return book


def _write_stamp(ws: Worksheet, stamp: Stamp) -> None:
    """The mark: very hidden (not listed under Unhide in Excel) and protected."""
    for row in stamp.rows():
        ws.append(row)
    ws.sheet_state = "veryHidden"
    ws.protection.sheet = True


def write_templates(
    path: PathLike,
    templates: Sequence[Template],
    title: str,
    stamp: Stamp | None = None,
    send_as: str = "",
) -> None:
    """Render `templates` (see `render_templates`) and save the workbook to `path`.

    The file is written to a temporary name beside `path` and then moved into place, so a
    failed write never leaves a half-written workbook where a player might pick it up.
    """
    _save(render_templates(templates, title, stamp, send_as), Path(path))


def write_table(path: PathLike, tabs: Mapping[str, Sequence[Sequence[CellValue]]]) -> None:
    """Save a plain results workbook: one tab per entry, rows as given, first row bold.

    The header row is frozen and column widths follow the longest text (8 to 60 characters).
    NaN is written as an empty cell and infinities as text. Raises ValueError when `tabs` is
    empty or a tab name is not a valid Excel tab name; saving is atomic as in
    `write_templates`.
    """
    if not tabs:
        raise ValueError("no tabs to write")
    seen: set[str] = set()
    for name in tabs:
        _check_tab_name(name, reserved=False)
        if name.casefold() in seen:
            raise ValueError(f"tab name {name!r} appears twice (Excel ignores case)")
        seen.add(name.casefold())

    book = openpyxl.Workbook()
    book.remove(cast(Worksheet, book.active))
    bold = Font(bold=True)
    for name, rows in tabs.items():
        ws = cast(Worksheet, book.create_sheet(name))
        widths: dict[int, int] = {}
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                cell = _cell(ws, r, c)
                _set_value(cell, value)
                if r == 0:
                    cell.font = bold
                widths[c] = max(widths.get(c, 0), len(cell_text(value)))
        for c, width in widths.items():
            ws.column_dimensions[column_letter(c)].width = min(max(width + 2, 8), 60)
        if len(rows) > 1:
            ws.freeze_panes = "A2"
    _save(book, Path(path))


class _ListsTab:
    """The hidden "_lists" tab, created on first use; one column per distinct option list."""

    def __init__(self, book: openpyxl.Workbook) -> None:
        self._book = book
        self._sheet: Worksheet | None = None
        self._ranges: dict[tuple[str, ...], str] = {}

    def range_for(self, options: tuple[str, ...]) -> str:
        """An absolute reference ("'_lists'!$A$1:$A$40") to a column holding `options`."""
        if options in self._ranges:
            return self._ranges[options]
        if self._sheet is None:
            self._sheet = cast(Worksheet, self._book.create_sheet(LISTS_TAB))
            self._sheet.sheet_state = "hidden"
        col = len(self._ranges)
        for i, option in enumerate(options):
            _set_value(_cell(self._sheet, i, col), option)
        letter = column_letter(col)
        ref = f"'{LISTS_TAB}'!${letter}$1:${letter}${len(options)}"
        self._ranges[options] = ref
        return ref

    def move_to_end(self) -> None:
        """Put the "_lists" tab (if any) after every template tab."""
        if self._sheet is not None:
            last = len(self._book.sheetnames) - 1
            self._book.move_sheet(self._sheet, last - self._book.index(self._sheet))


def _render_tab(ws: Worksheet, tab: TemplateTab, lists: _ListsTab) -> None:
    """Write one template tab's cells, styles, widths, dropdowns and note onto `ws`."""
    for (r, c), value in tab.cells.items():
        _set_value(_cell_at(ws, tab, r, c), value)
    bold = Font(bold=True)
    for r, c in tab.bold:
        _cell_at(ws, tab, r, c).font = bold
    for (r, c), colour in tab.fills.items():
        argb = "FF" + _rgb(colour, tab)
        _cell_at(ws, tab, r, c).fill = PatternFill(
            fill_type="solid", start_color=argb, end_color=argb
        )
    for c, width in tab.column_widths.items():
        if c < 0 or width <= 0:
            raise ValueError(f"tab {tab.name!r}: bad column width {width!r} for column {c}")
        ws.column_dimensions[column_letter(c)].width = width
    for dropdown in tab.dropdowns:
        ws.add_data_validation(_validation(dropdown, tab, lists))
    for rule in tab.colour_rules:
        _add_colour_rule(ws, rule, tab)
    if tab.note:
        comment = Comment(tab.note, "festival")
        comment.width = 320
        comment.height = 40 + 20 * (len(tab.note) // 45 + tab.note.count("\n") + 1)
        ws["A1"].comment = comment


def _add_colour_rule(ws: Worksheet, rule: ColourRule, tab: TemplateTab) -> None:
    """A conditional fill: cells whose trimmed text begins with `rule.prefix`, any case."""
    ranges = _check_ranges(rule.cells, tab)
    first = ranges.split()[0].split(":")[0]
    prefix = rule.prefix.upper().replace('"', '""')
    argb = "FF" + _rgb(rule.colour, tab)
    fill = PatternFill(fill_type="solid", start_color=argb, end_color=argb, bgColor=argb)
    formula = f'LEFT(UPPER(TRIM({first})),{len(rule.prefix)})="{prefix}"'
    rule_ = FormulaRule(formula=[formula], fill=fill, stopIfTrue=True)  # type: ignore[no-untyped-call]
    ws.conditional_formatting.add(ranges, rule_)


def _validation(dropdown: Dropdown, tab: TemplateTab, lists: _ListsTab) -> DataValidation:
    """The list DataValidation for one dropdown: inline when it fits, else via "_lists"."""
    ranges = _check_ranges(dropdown.cells, tab)
    if not dropdown.options:
        raise ValueError(f"tab {tab.name!r}: dropdown on {dropdown.cells} has no options")
    options = tuple(_clean_text(o) for o in dropdown.options)
    joined = ",".join(options)
    inline = len(joined) <= INLINE_LIST_LIMIT and not any("," in o or '"' in o for o in options)
    formula = f'"{joined}"' if inline else lists.range_for(options)
    prompt = _clean_text(dropdown.prompt)
    if len(prompt) > PROMPT_LIMIT:
        prompt = prompt[: PROMPT_LIMIT - 1] + "…"
    return DataValidation(
        type="list",
        formula1=formula,
        allow_blank=True,
        sqref=ranges,
        showErrorMessage=True,
        errorTitle="Not in the list",
        error="Pick one of the options in this cell's dropdown.",
        showInputMessage=bool(prompt),
        prompt=prompt or None,
    )


def _write_readme(ws: Worksheet, templates: Sequence[Template], title: str, send_as: str) -> None:
    """The README tab: title, who and which round, how to fill in, and each tab's note."""
    players = _distinct(t.player for t in templates)
    rounds = _distinct(str(t.round_no) for t in templates)
    word = templates[0].round_word
    send = f"as {send_as}" if send_as else f"named after you (e.g. {players[0]}.xlsx)"
    events = _distinct(t.event_title for t in templates)
    lines: list[tuple[str, bool]] = [
        (title, True),
        (f"{'Players' if len(players) > 1 else 'Player'}: {', '.join(players)}", False),
        (f"{word}{'s' if len(rounds) > 1 else ''}: {', '.join(rounds)}", False),
        (f"{'Events' if len(events) > 1 else 'Event'}: {', '.join(events)}", False),
        ("", False),
        (
            "How to fill in: each tab after this one is one part of your entry. Type your "
            "answers into the cells of each tab, choosing from the dropdown wherever a cell "
            "has one. Do not rename, move or delete tabs, rows or labels. Save as .xlsx and "
            f"send the file back {send}.",
            False,
        ),
    ]
    notes = [(f"{tab.name}: {tab.note}", False) for t in templates for tab in t.tabs if tab.note]
    if notes:
        lines += [("", False), ("Notes", True), *notes]
    ws.column_dimensions["A"].width = 100
    wrap = Alignment(wrap_text=True, vertical="top")
    for r, (text, is_bold) in enumerate(lines):
        cell = _cell(ws, r, 0)
        _set_value(cell, text or None)
        cell.alignment = wrap
        if is_bold:
            cell.font = Font(bold=True, size=14 if r == 0 else 11)


def _set_value(cell: Cell, value: CellValue) -> None:
    """Write `value` literally: text is always text (never a formula or error code)."""
    if isinstance(value, float) and not math.isfinite(value):
        cell.value = None if math.isnan(value) else ("inf" if value > 0 else "-inf")
        return
    if isinstance(value, str):
        value = _clean_text(value)
        cell.value = value
        cell.data_type = "s"
        return
    cell.value = value


def _cell_at(ws: Worksheet, tab: TemplateTab, r: int, c: int) -> Cell:
    if r < 0 or c < 0:
        raise ValueError(f"tab {tab.name!r}: cell position ({r}, {c}) is negative")
    return _cell(ws, r, c)


def _cell(ws: Worksheet, r: int, c: int) -> Cell:
    """The cell at 0-based (row, col); nothing here merges cells, so it is never a MergedCell."""
    return cast(Cell, ws.cell(row=r + 1, column=c + 1))


def _check_ranges(cells: str, tab: TemplateTab) -> str:
    """`cells` ("B2:B9", "C3", or several separated by spaces) checked and upper-cased."""
    parts = cells.split()
    if not parts:
        raise ValueError(f"tab {tab.name!r}: dropdown has no cell range")
    for part in parts:
        ends = part.split(":")
        try:
            if len(ends) > 2:
                raise ValueError(part)
            for end in ends:
                parse_cell_ref(end)
        except ValueError:
            raise ValueError(f"tab {tab.name!r}: bad dropdown range {cells!r}") from None
    return " ".join(p.upper() for p in parts)


def _check_tab_name(name: str, *, reserved: bool = True) -> None:
    if not name or len(name) > _MAX_TAB_NAME:
        raise ValueError(f"tab name {name!r} must be 1 to {_MAX_TAB_NAME} characters")
    if _BAD_TAB_CHARS.search(name) or name.startswith("'") or name.endswith("'"):
        raise ValueError(f"tab name {name!r} may not contain []:*?/\\ or start/end with '")
    own = (README_TAB.casefold(), LISTS_TAB.casefold(), STAMP_TAB.casefold())
    if reserved and name.casefold() in own:
        raise ValueError(f"tab name {name!r} is reserved for the workbook's own tabs")


def _rgb(colour: str, tab: TemplateTab) -> str:
    m = _COLOUR.match(colour.strip())
    if not m:
        raise ValueError(f"tab {tab.name!r}: fill colour {colour!r} is not 'RRGGBB'")
    return m.group(1).upper()


def _clean_text(text: str) -> str:
    """Text without the control characters an .xlsx file cannot hold."""
    return ILLEGAL_CHARACTERS_RE.sub("", text)


def _distinct(items: Iterable[str]) -> list[str]:
    """Items in first-seen order without repeats."""
    return list(dict.fromkeys(items))


def _save(book: openpyxl.Workbook, path: Path) -> None:
    """Save `book` to `path` via a temporary file in the same folder and an atomic rename.

    Only a regular file (or nothing) at `path` is replaced: a folder, a device or a pipe there
    is refused, and every error names `path`, not the temporary file."""
    if path.exists() and not path.is_file():
        raise OSError(errno.EEXIST, "not a regular file; give the path of an .xlsx file", str(path))
    # A plain open() (not mkstemp) so the file gets the usual permissions, not 0600.
    tmp = path.with_name(f".~{os.getpid()}-{path.name}")
    try:
        book.save(tmp)
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from exc
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def fill_workbook(path: PathLike, cells: Mapping[str, Mapping[tuple[int, int], CellValue]]) -> None:
    """Write values into an existing workbook's tabs: tab -> 0-based (row, col) -> value, as
    a player fills in a template (engines say where with `to_cells`)."""
    book = openpyxl.load_workbook(path)
    for tab, values in cells.items():
        if tab not in book.sheetnames:
            raise ValueError(f"{path}: no tab {tab!r} to fill in")
        ws = cast(Worksheet, book[tab])
        for (r, c), value in values.items():
            _set_value(_cell(ws, r, c), value)
    _save(book, Path(path))
