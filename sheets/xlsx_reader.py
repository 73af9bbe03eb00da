"""Read .xlsx workbooks and .csv tables into plain `Grid`s, within the limits of sheets/limits.py.

Every failure to read a file surfaces as one `SheetReadError` whose message names the file
(and whose `problems` name each cell at fault); no zipfile/calamine traceback reaches the
caller (the original is chained as `__cause__`). Workbooks are read with python-calamine
after `sheets.xlsx_package` has checked the package, so the cost of reading follows the
cells a workbook fills, never the widest row of a tab.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import os
from collections.abc import Iterable, Sequence
from pathlib import Path

import python_calamine

from events.tables import CellValue, Grid, cell_ref
from sheets.errors import CellProblem, SheetReadError
from sheets.limits import MAX_CELL_CHARS, MAX_COLUMNS, MAX_FILE_BYTES, MAX_ROWS, megabytes
from sheets.xlsx_package import inspect_package

PathLike = str | os.PathLike[str]

_ZIP_MAGIC = b"PK\x03\x04"
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def read_workbook(source: PathLike | bytes, *, name: str | None = None) -> dict[str, Grid]:
    """Every tab of an .xlsx workbook as a `Grid`, keyed by tab name, in workbook order.

    `source` is a path or the file's bytes; `name` labels the file in error messages
    (defaults to the path, or "<workbook bytes>"). Cells keep their stored values (formulas
    give the value Excel last saved; a formula with no saved value is an error) converted by
    `plain_value`; empty cells are not kept (a `Grid` is sparse). Hidden tabs (such as the
    "_lists" tab the writer adds) are included. Raises `SheetReadError`.
    """
    label = name if name is not None else _label(source)
    grids, formulas = read_workbook_values(source, name=label)
    if formulas:
        raise _refused(label, formulas)
    return grids


def read_workbook_values(
    source: PathLike | bytes, *, name: str | None = None
) -> tuple[dict[str, Grid], tuple[CellProblem, ...]]:
    """`read_workbook`, except that a formula with no saved value refuses nothing: its cell
    is empty in the grids, and it is named among the problems returned ("sheet.formula"),
    for the caller to judge by whether the cell is one it reads. Raises `SheetReadError`
    for every other problem (naming the formulas too)."""
    label = name if name is not None else _label(source)
    data = source if isinstance(source, bytes) else _read_bytes(Path(source), label)
    _check_container(data, label)
    package = inspect_package(data, label)
    problems = list(package.problems)
    if any(p.code != "sheet.formula" for p in problems):
        raise _refused(label, problems)
    try:
        book = python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(data))
    except Exception as exc:  # calamine's zip, XML and password errors alike
        raise SheetReadError(label, f"not a readable .xlsx workbook ({_describe(exc)})") from exc
    grids: dict[str, Grid] = {}
    try:
        for tab in package.tabs:
            sheet = book.get_sheet_by_name(tab.name)
            grid = _sheet_grid(tab.name, sheet.start, sheet.to_python(skip_empty_area=True))
            problems.extend(long_cells(grid))
            grids[tab.name] = grid
    except Exception as exc:  # a broken tab fails here
        raise SheetReadError(label, f"a tab could not be read ({_describe(exc)})") from exc
    finally:
        book.close()
    if any(p.code != "sheet.formula" for p in problems):
        raise _refused(label, problems)
    return grids, tuple(problems)


def read_table_file(path: PathLike) -> Grid:
    """A roster/preference table: a .csv file, or the first tab of an .xlsx workbook.

    CSV is read as UTF-8 (a BOM, as Excel writes, is skipped); cells stay text, empty cells
    become None, and the delimiter is ',' unless the first line has none but has ';' or a
    tab (as Excel writes in some locales). The grid's tab name is the file stem for CSV and
    the tab's name for .xlsx. Raises `SheetReadError` for unreadable or unsupported files.
    """
    p = Path(path)
    label = str(p)
    suffix = p.suffix.lower()
    if suffix == ".csv":
        return _read_csv(p, label)
    if suffix == ".xlsx":
        grids = read_workbook(p, name=label)
        if not grids:
            raise SheetReadError(label, "the workbook has no worksheet tabs")
        return next(iter(grids.values()))
    kind = p.suffix or "(none)"
    raise SheetReadError(label, f"unsupported file type {kind!r}; use .csv or .xlsx")


def long_cells(grid: Grid) -> list[CellProblem]:
    """A problem for every cell of `grid` holding more than MAX_CELL_CHARS characters."""
    return [
        CellProblem(
            grid.tab,
            cell_ref(r, c),
            "sheet.long",
            f"{len(v)} characters; a cell may hold at most {MAX_CELL_CHARS}",
        )
        for (r, c), v in grid.cells.items()
        if isinstance(v, str) and len(v) > MAX_CELL_CHARS
    ]


def plain_value(value: object) -> CellValue:
    """One openpyxl cell value as a `CellValue`.

    str/int/float/bool/None pass through (whole floats stay floats); datetimes become ISO
    text, with a midnight datetime (how Excel stores a plain date) written as the date alone;
    dates and times become ISO text; durations become "H:MM:SS" text; anything else its str().
    """
    if value is None or isinstance(value, str | bool | int | float):
        return value
    if isinstance(value, dt.datetime):
        if value.time() == dt.time(0) and value.tzinfo is None:
            return value.date().isoformat()
        return value.isoformat()
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    return str(value)


def _sheet_grid(tab: str, start: tuple[int, int] | None, rows: Iterable[Sequence[object]]) -> Grid:
    """A calamine tab (its rows from `start`, 0-based) as a sparse Grid."""
    top, left = start or (0, 0)
    cells: dict[tuple[int, int], CellValue] = {}
    for r, row in enumerate(rows):
        for c, raw in enumerate(row):
            if raw.__class__ is str:  # most cells: skip blanks without a conversion
                if raw and not raw.isspace():
                    cells[(top + r, left + c)] = raw
            elif raw is not None:
                cells[(top + r, left + c)] = plain_value(raw)
    return Grid.from_cells(tab, cells)


def _check_container(data: bytes, label: str) -> None:
    if not data:
        raise SheetReadError(label, "the file is empty")
    if len(data) > MAX_FILE_BYTES:
        raise SheetReadError(label, _too_big(len(data)))
    if data.startswith(_OLE_MAGIC):
        raise SheetReadError(
            label,
            "this is an old .xls or a password-protected workbook; save it as an unprotected .xlsx",
        )
    if not data.startswith(_ZIP_MAGIC):
        raise SheetReadError(label, "not an .xlsx workbook (the file is not a zip package)")


def _too_big(size: int) -> str:
    return (
        f"the file is {megabytes(size)}; festival reads files of at most "
        f"{megabytes(MAX_FILE_BYTES)} (a submission workbook is about 20 KB)"
    )


def _refused(label: str, problems: Sequence[CellProblem]) -> SheetReadError:
    first = "; ".join(str(p) for p in problems[:3])
    more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
    return SheetReadError(label, first + more, problems)


def _read_bytes(path: Path, label: str) -> bytes:
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise SheetReadError(label, _too_big(size))
        return path.read_bytes()
    except FileNotFoundError as exc:
        raise SheetReadError(label, "file not found") from exc
    except IsADirectoryError as exc:
        raise SheetReadError(label, "is a folder, not a file") from exc
    except OSError as exc:
        raise SheetReadError(label, f"cannot open the file ({_describe(exc)})") from exc


def _read_csv(path: Path, label: str) -> Grid:
    data = _read_bytes(path, label)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SheetReadError(label, "not UTF-8 text; save it as 'CSV UTF-8'") from exc
    cells: dict[tuple[int, int], CellValue] = {}
    try:
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text))
        for r, row in enumerate(reader):
            if r >= MAX_ROWS or len(row) > MAX_COLUMNS:
                where = f"row {r + 1}" if r >= MAX_ROWS else f"row {r + 1} has {len(row)} columns"
                raise SheetReadError(
                    label,
                    f"{where}: festival reads at most {MAX_ROWS} rows of {MAX_COLUMNS} columns",
                )
            for c, v in enumerate(row):
                if v.strip():
                    cells[(r, c)] = v
    except csv.Error as exc:
        raise SheetReadError(label, f"malformed CSV ({_describe(exc)})") from exc
    grid = Grid.from_cells(path.stem, cells)
    problems = long_cells(grid)
    if problems:
        raise _refused(label, problems)
    return grid


def _delimiter(text: str) -> str:
    first = next((line for line in text.splitlines() if line.strip()), "")
    if "," in first:
        return ","
    if ";" in first:
        return ";"
    if "\t" in first:
        return "\t"
    return ","


def _label(source: PathLike | bytes) -> str:
    return "<workbook bytes>" if isinstance(source, bytes) else str(Path(source))


def _describe(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    name = type(exc).__name__
    return f"{name}: {text}" if text else name
