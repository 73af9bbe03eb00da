"""Where things are in the Elemental Continuum workbook tabs (shared by template and parser).

Board tab: the 8x8 board drawn as on a chessboard: files A-H across (columns B-I), rank 8
at the top (row 3) down to rank 1 (row 10). Wards tab: one row per ward (rows 3-14), points
in column C. Bolts tab: one row per bolt: round, bolt number, element, target.
"""

from __future__ import annotations

from events.continuum.board import ALL_LABELS, WARD_LABELS
from events.continuum.model import BOLTS_PER_ROUND
from events.continuum.squares import FILES, SIZE, Square
from events.tables import cell_ref

BOARD_TAB = "Board"
WARDS_TAB = "Wards"
BOLTS_TAB = "Bolts"
VIEW_TAB = "Your board"

BOARD_TOP = 2
"""0-based grid row of rank 8"""
BOARD_LEFT = 1
"""0-based grid column of file A"""
BOARD_RANGE = f"{cell_ref(BOARD_TOP, BOARD_LEFT)}:{cell_ref(BOARD_TOP + 7, BOARD_LEFT + 7)}"

WARDS_FIRST_ROW = 2
WARD_ROWS: dict[str, int] = {label: WARDS_FIRST_ROW + i for i, label in enumerate(ALL_LABELS)}
"""ward label -> 0-based grid row on the Wards tab (the neutral ward last, fixed at 1)"""
WARD_LABEL_COL, WARD_ELEMENT_COL, WARD_POINTS_COL = 0, 1, 2
POINTS_RANGE = (
    f"{cell_ref(WARD_ROWS[WARD_LABELS[0]], WARD_POINTS_COL)}:"
    f"{cell_ref(WARD_ROWS[WARD_LABELS[-1]], WARD_POINTS_COL)}"
)

BOLTS_FIRST_ROW = 2
BOLT_ROUND_COL, BOLT_NUMBER_COL, BOLT_ELEMENT_COL, BOLT_TARGET_COL = 0, 1, 2, 3
BOLT_CELLS = (
    f"{cell_ref(BOLTS_FIRST_ROW, BOLT_ELEMENT_COL)}:"
    f"{cell_ref(BOLTS_FIRST_ROW + BOLTS_PER_ROUND - 1, BOLT_TARGET_COL)}"
)
"""the element and target of the round's two bolts (Bolts!C3:D4)"""
BOLT_ELEMENT_NAMES = ("Fire", "Water", "Wind", "Earth")
SQUARE_NAMES = tuple(f"{f}{r}" for r in range(1, SIZE + 1) for f in FILES)

LABEL_OPTIONS = ALL_LABELS


def square_at(row: int, col: int) -> Square:
    """The board square drawn at 0-based grid (row, col) of the Board tab."""
    return Square(col - BOARD_LEFT, SIZE - 1 - (row - BOARD_TOP))


def grid_of(square: Square) -> tuple[int, int]:
    """The 0-based grid (row, col) where `square` is drawn on the Board tab."""
    return BOARD_TOP + SIZE - 1 - square.rank, BOARD_LEFT + square.file


def board_cell(square: Square) -> str:
    """The spreadsheet cell of a square on the Board tab ('C4' is drawn at 'D9')."""
    return cell_ref(*grid_of(square))
