"""A template's tabs as plain grids, as any reader hands them to a parser, with what a player
typed written over them: parser tests without writing an .xlsx file."""

from __future__ import annotations

from collections.abc import Mapping

from events.tables import CellValue, Grid, Workbook, parse_cell_ref
from events.template import Template

Typed = Mapping[str, Mapping[str | tuple[int, int], CellValue]]
"""tab -> cell ("B3" or 0-based (row, col)) -> value"""


def template_book(template: Template, typed: Typed | None = None) -> Workbook:
    book: dict[str, Grid] = {}
    for tab in template.tabs:
        cells = dict(tab.cells)
        for key, value in (typed or {}).get(tab.name, {}).items():
            cells[parse_cell_ref(key) if isinstance(key, str) else key] = value
        height = max(r for r, _ in cells) + 1
        width = max(c for _, c in cells) + 1
        rows = [[cells.get((r, c)) for c in range(width)] for r in range(height)]
        book[tab.name] = Grid.from_rows(tab.name, rows)
    return book
