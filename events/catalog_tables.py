"""Reading a host-edited catalog workbook: header-named rows, whole numbers, and every
problem collected with its tab and cell (shared by the events that have a catalog)."""

from __future__ import annotations

from events.errors import SubmissionProblem, quoted
from events.tables import Grid, cell_ref, cell_text


class CatalogProblems:
    """Every problem found in one event's catalog, each named by tab and cell."""

    def __init__(self, event: str) -> None:
        self.event = event
        self.items: list[SubmissionProblem] = []

    def add(self, tab: str, row: int | None, col: int | None, message: str) -> None:
        cell = cell_ref(row, col) if row is not None and col is not None else None
        self.items.append(
            SubmissionProblem(f"{self.event}.catalog", "catalog", message, self.event, tab, cell)
        )

    def whole(
        self, text: str, tab: str, row: int, col: int, what: str, least: int = 0
    ) -> int | None:
        """A whole number >= `least` written with the digits 0-9, or a problem and None."""
        if text.isascii() and text.isdigit() and int(text) >= least:
            return int(text)
        self.add(tab, row, col, f"{what} must be a whole number >= {least}, not {quoted(text)}")
        return None


def header_rows(
    grid: Grid, columns: tuple[str, ...], problems: CatalogProblems
) -> list[tuple[int, dict[str, str]]]:
    """The non-empty data rows of a tab whose first row names `columns` (any order, any
    case): (0-based row, column -> text)."""
    header = (
        {cell_text(v).strip().lower(): c for c, v in enumerate(grid.rows[0])} if grid.rows else {}
    )
    missing = [c for c in columns if c not in header]
    if missing:
        problems.add(grid.tab, 0, None, f"the header row needs the columns {', '.join(missing)}")
        return []
    out = []
    for r in range(1, grid.height):
        row = {c: grid.text(r, header[c]) for c in columns}
        if any(row.values()):
            out.append((r, row))
    return out
