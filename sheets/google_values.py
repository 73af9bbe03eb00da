"""Reading a stored Google Sheets answer (values:batchGet JSON) into grids, as a workbook is
read: no Google client needed, so reading a stored round costs no network library."""

from __future__ import annotations

import re

from events.tables import CellValue, Grid
from sheets.errors import CellProblem, SheetReadError
from sheets.json_input import load_json
from sheets.limits import MAX_COLUMNS, MAX_ROWS
from sheets.raw import RawSubmission
from sheets.xlsx_reader import long_cells

CONTENT_TYPE = "google-values"
GOOGLE_CELL_CHARS = 50_000
"""The most a Google Sheets cell holds: longer texts cannot come from Google; shorter ones
beyond MAX_CELL_CHARS are refused by cell."""
"""a RawSubmission holding a values:batchGet answer (JSON)"""
_ROUND_TITLE = re.compile(r"^R\d+ (.+)$")


def title_tab(title: str) -> str:
    """The template tab a Google tab title stands for ("R2 Harvest" -> "Harvest")."""
    m = _ROUND_TITLE.match(title)
    return m.group(1) if m else title


def range_title(a1: str) -> str:
    return a1.rsplit("!", 1)[0].strip("'").replace("''", "'")


def load_values(raw: RawSubmission) -> dict[str, Grid]:
    """The tabs of a stored batchGet answer as grids (each range starts at A1), under their
    template names ("R2 Harvest" -> "Harvest"), held to the limits a workbook is held to
    (sheets/limits.py): the answer's size and nesting, rows, columns and cell length."""
    data = load_json(raw.content, raw.source, max_text=GOOGLE_CELL_CHARS)
    grids: dict[str, Grid] = {}
    problems: list[CellProblem] = []
    try:
        for requested, vr in zip(data["ranges"], data["valueRanges"], strict=True):
            title = range_title(requested)
            rows: list[list[CellValue]] = [list(r) for r in vr.get("values", [])]
            widest = max((len(r) for r in rows), default=0)
            if len(rows) > MAX_ROWS or widest > MAX_COLUMNS:
                raise SheetReadError(
                    raw.source,
                    f"the tab {title!r} holds {len(rows)} rows of up to {widest} columns; "
                    f"festival reads at most {MAX_ROWS} rows of {MAX_COLUMNS} columns",
                )
            if any(not isinstance(v, str | int | float | bool | None) for r in rows for v in r):
                raise SheetReadError(
                    raw.source, f"the tab {title!r} holds what is not a cell value"
                )
            grid = Grid.from_rows(title, rows)
            problems.extend(long_cells(grid))
            grids[title_tab(title)] = grid
    except (KeyError, ValueError, TypeError, AttributeError) as exc:
        raise SheetReadError(raw.source, f"not a Google Sheets answer ({exc})") from exc
    if problems:
        shown = "; ".join(str(p) for p in problems[:3])
        raise SheetReadError(raw.source, shown, problems)
    return grids
