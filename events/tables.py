"""Plain tables: the form in which the sheets layer hands a workbook to an engine.

A `Grid` is one tab as rows of cell values, addressed like a spreadsheet ("B4").
Nothing here knows about files; readers in `sheets/` build grids, engines parse them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

CellValue = str | int | float | bool | None

_REF = re.compile(r"^\s*([A-Za-z]{1,3})\s*([1-9][0-9]*)\s*$")


def column_letter(col: int) -> str:
    """0-based column index -> spreadsheet letters (0 -> 'A', 26 -> 'AA')."""
    if col < 0:
        raise ValueError(f"column index must be >= 0, got {col}")
    letters = ""
    n = col + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def column_index(letters: str) -> int:
    """Spreadsheet letters -> 0-based column index ('A' -> 0)."""
    n = 0
    for ch in letters.upper():
        if not "A" <= ch <= "Z":
            raise ValueError(f"not a column: {letters!r}")
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n - 1


def cell_ref(row: int, col: int) -> str:
    """0-based (row, col) -> 'A1' style reference."""
    return f"{column_letter(col)}{row + 1}"


def parse_cell_ref(ref: str) -> tuple[int, int]:
    """'B4' -> (3, 1), 0-based (row, col). Raises ValueError on anything else."""
    m = _REF.match(ref)
    if not m:
        raise ValueError(f"not a cell reference: {ref!r}")
    return int(m.group(2)) - 1, column_index(m.group(1))


@dataclass(frozen=True)
class Grid:
    """One tab of a workbook: its filled cells, 0-based, addressed like a spreadsheet.

    The grid is sparse: it keeps only the cells that hold a value, so a tab with one stray
    cell at XFD1 costs one cell, not a row of 16,384. `height` and `width` span from A1 to
    the last filled row and column; `at` gives None anywhere else.
    """

    tab: str
    cells: Mapping[tuple[int, int], CellValue]
    height: int
    width: int

    @staticmethod
    def from_rows(tab: str, rows: Sequence[Sequence[CellValue]]) -> Grid:
        """A grid from dense rows (row 0 is row 1 of the tab); None cells are not kept."""
        cells = {
            (r, c): v for r, row in enumerate(rows) for c, v in enumerate(row) if v is not None
        }
        return Grid.from_cells(tab, cells, len(rows), max((len(r) for r in rows), default=0))

    @staticmethod
    def from_cells(
        tab: str,
        cells: Mapping[tuple[int, int], CellValue],
        height: int | None = None,
        width: int | None = None,
    ) -> Grid:
        """A grid from (row, col) -> value; the size is at least what the cells span."""
        kept = {k: v for k, v in cells.items() if v is not None}
        h = max((r + 1 for r, _ in kept), default=0)
        w = max((c + 1 for _, c in kept), default=0)
        return Grid(tab, kept, max(h, height or 0), max(w, width or 0))

    @property
    def rows(self) -> tuple[tuple[CellValue, ...], ...]:
        """The tab as dense rows (for small tabs: it costs height x width)."""
        return tuple(
            tuple(self.cells.get((r, c)) for c in range(self.width)) for r in range(self.height)
        )

    def at(self, row: int, col: int) -> CellValue:
        """The value at 0-based (row, col); None where nothing is filled in."""
        return self.cells.get((row, col))

    def cell(self, ref: str) -> CellValue:
        """The value at an 'A1' reference."""
        return self.at(*parse_cell_ref(ref))

    def text(self, row: int, col: int) -> str:
        """The cell as stripped text ('' for empty); numbers without a trailing '.0'."""
        return cell_text(self.at(row, col))


def cell_text(value: CellValue) -> str:
    """A cell value as people read it: stripped text, whole floats without '.0'."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


Workbook = Mapping[str, Grid]
"""A workbook as plain tables: tab name -> grid."""

Cell = tuple[int, int]


class ReadCells(Mapping[Cell, CellValue]):
    """A tab's filled cells that remember which were looked at: every read of a `Grid`
    (`at`, `cell`, `text`, `rows`) goes through its cells' `get`. Going over all the cells
    (`rows`, iterating) counts as reading every one of them."""

    def __init__(self, cells: Mapping[Cell, CellValue]) -> None:
        self._cells = cells
        self.looked_at: set[Cell] = set()
        self.all_read = False

    def __getitem__(self, key: Cell) -> CellValue:
        self.looked_at.add(key)
        return self._cells[key]

    def __iter__(self) -> Iterator[Cell]:
        self.all_read = True
        return iter(self._cells)

    def __len__(self) -> int:
        return len(self._cells)

    def unread(self) -> dict[Cell, CellValue]:
        """The filled cells nobody looked at (none, once all were gone over)."""
        if self.all_read:
            return {}
        return {k: v for k, v in self._cells.items() if k not in self.looked_at}


@dataclass(frozen=True)
class ReadWorkbook:
    """A workbook handed to a parser that notes which cells the parser read, so that the
    text a player typed where nothing is read can be told to them."""

    workbook: Workbook
    cells: Mapping[str, ReadCells]

    @staticmethod
    def of(workbook: Workbook) -> ReadWorkbook:
        cells = {tab: ReadCells(grid.cells) for tab, grid in workbook.items()}
        grids = {
            tab: Grid(grid.tab, cells[tab], grid.height, grid.width)
            for tab, grid in workbook.items()
        }
        return ReadWorkbook(grids, cells)

    def was_read(self, tab: str) -> bool:
        """Whether the parser looked at any cell of `tab` (a tab it reads at all)."""
        found = self.cells.get(tab)
        return found is not None and (found.all_read or bool(found.looked_at))

    def unread(self, tab: str) -> dict[Cell, CellValue]:
        found = self.cells.get(tab)
        return {} if found is None else found.unread()
