"""The limits of what festival reads, checked before any real work is done.

Every input path (an .xlsx workbook, a .csv roster, a canonical JSON file, the values of a
Google spreadsheet) is held to these numbers; docs/formats.md lists them for hosts. A real
submission workbook is about 20 KB with a few hundred filled cells, so each limit sits far
above honest use and far below what could exhaust the host's machine.
"""

from __future__ import annotations

from typing import Final

MAX_FILE_BYTES: Final = 5 * 1024 * 1024
"""A workbook, .csv or JSON file (5 MiB; a submission workbook is about 20 KB)."""

MAX_STORED_BYTES: Final = 64 * 1024 * 1024
"""Up to this size a refused file is still stored whole (once); beyond it only its size and
SHA-256 are recorded, so a 1 GB file cannot fill the match store."""

MAX_UNPACKED_BYTES: Final = 50 * 1024 * 1024
"""An .xlsx is a zip package: all of its parts together, unpacked (stops zip bombs)."""

MAX_PARTS: Final = 1000
"""Files inside one .xlsx package."""

MAX_TABS: Final = 60
"""Tabs in one workbook."""

MAX_ROWS: Final = 5000
"""The last row a tab may use (row 5000)."""

MAX_COLUMNS: Final = 200
"""The last column a tab may use (column GR, the 200th)."""

MAX_CELLS_PER_TAB: Final = 50_000
"""Cells that hold something, in one tab."""

MAX_CELL_CHARS: Final = 4000
"""Characters in one cell (and in one JSON string). Below Python's 4,300-digit limit for
reading a number, so no cell can hold a number too long to read."""

MAX_JSON_DEPTH: Final = 32
"""Nesting of objects and lists in a JSON file (a submission needs 5)."""

MAX_JSON_INTEGER_DIGITS: Final = 15
"""Digits in one JSON number (coins and counts need a handful)."""


def megabytes(size: int) -> str:
    """A byte count as people read it: '5 MB', '1.2 GB', '120 KB'."""
    for unit, scale in (("GB", 1024**3), ("MB", 1024**2), ("KB", 1024)):
        if size >= scale:
            value = size / scale
            return f"{value:.1f} {unit}".replace(".0 ", " ")
    return f"{size} bytes"
