"""Read .xlsx workbooks and .csv tables into plain `Grid`s.

Every failure to read a file surfaces as one `SheetReadError` whose message names the file;
no zipfile/openpyxl traceback reaches the caller (the original is chained as `__cause__`).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import os
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import cast

import openpyxl
from openpyxl.workbook.workbook import Workbook as OpenpyxlWorkbook
from openpyxl.worksheet._read_only import ReadOnlyWorksheet
from openpyxl.worksheet.worksheet import Worksheet

from events.tables import CellValue, Grid
from sheets.errors import SheetReadError

PathLike = str | os.PathLike[str]

_ZIP_MAGIC = b"PK\x03\x04"
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_XLSX_SUFFIXES = (".xlsx", ".xlsm")


def read_workbook(source: PathLike | bytes, *, name: str | None = None) -> dict[str, Grid]:
    """Every tab of an .xlsx workbook as a `Grid`, keyed by tab name, in workbook order.

    `source` is a path or the file's bytes; `name` labels the file in error messages
    (defaults to the path, or "<workbook bytes>"). Cells keep their stored values (formulas
    give the value Excel last calculated) converted by `plain_value`; trailing empty rows and
    columns are trimmed, leading ones kept so "A1" references stay true. Hidden tabs (such
    as the "_lists" tab the writer adds) are included. Raises `SheetReadError`.
    """
    label = name if name is not None else _label(source)
    data = source if isinstance(source, bytes) else _read_bytes(Path(source), label)
    with _open_workbook(data, label) as book:
        try:
            return {ws.title: _sheet_grid(ws) for ws in book.worksheets}
        except Exception as exc:  # openpyxl parses lazily: a broken tab fails here
            raise SheetReadError(label, f"a tab could not be read ({_describe(exc)})") from exc


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
    if suffix in _XLSX_SUFFIXES:
        with _open_workbook(_read_bytes(p, label), label) as book:
            sheets = book.worksheets
            if not sheets:
                raise SheetReadError(label, "the workbook has no worksheet tabs")
            try:
                return _sheet_grid(sheets[0])
            except Exception as exc:
                problem = f"the first tab could not be read ({_describe(exc)})"
                raise SheetReadError(label, problem) from exc
    kind = p.suffix or "(none)"
    raise SheetReadError(label, f"unsupported file type {kind!r}; use .csv or .xlsx")


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


def trim_rows(rows: Iterable[Sequence[CellValue]]) -> list[list[CellValue]]:
    """Rows with trailing empty rows and columns removed (None and blank text count as empty)."""
    kept = [list(r) for r in rows]
    while kept and all(_is_empty(v) for v in kept[-1]):
        kept.pop()
    width = 0
    for row in kept:
        for i in range(len(row) - 1, -1, -1):
            if not _is_empty(row[i]):
                width = max(width, i + 1)
                break
    return [row[:width] for row in kept]


def _is_empty(value: CellValue) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _sheet_grid(ws: Worksheet | ReadOnlyWorksheet) -> Grid:
    """One openpyxl worksheet (read-only or not) as a trimmed Grid."""
    if isinstance(ws, ReadOnlyWorksheet):
        # The stored <dimension> is often wrong (or absent) in files other tools write;
        # forget it and take rows as they are in the sheet XML, starting at A1.
        ws.reset_dimensions()
    sheet = cast(Worksheet, ws)  # ReadOnlyWorksheet borrows Worksheet.iter_rows
    raw = sheet.iter_rows(min_row=1, min_col=1, values_only=True)
    rows = trim_rows([plain_value(v) for v in row] for row in raw)
    return Grid.from_rows(ws.title, rows)


@contextmanager
def _open_workbook(data: bytes, label: str) -> Iterator[OpenpyxlWorkbook]:
    """An openpyxl read-only, values-only workbook over `data`, closed afterwards."""
    if not data:
        raise SheetReadError(label, "the file is empty")
    if data.startswith(_OLE_MAGIC):
        raise SheetReadError(
            label,
            "this is an old .xls or a password-protected workbook; save it as an unprotected .xlsx",
        )
    if not data.startswith(_ZIP_MAGIC):
        raise SheetReadError(label, "not an .xlsx workbook (the file is not a zip package)")
    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # zipfile, KeyError, XML and openpyxl errors alike
        raise SheetReadError(label, f"not a readable .xlsx workbook ({_describe(exc)})") from exc
    try:
        yield book
    finally:
        book.close()


def _read_bytes(path: Path, label: str) -> bytes:
    try:
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
    try:
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text))
        rows: list[list[CellValue]] = [[v if v != "" else None for v in row] for row in reader]
    except csv.Error as exc:
        raise SheetReadError(label, f"malformed CSV ({_describe(exc)})") from exc
    return Grid.from_rows(path.stem, trim_rows(rows))


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
