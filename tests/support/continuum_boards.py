"""Boards for Elemental Continuum tests, drawn as on the Board tab (rank 8 on top)."""

from __future__ import annotations

from events.continuum.board import Board
from events.continuum.squares import FILES, Square

# Files A-H: vertical I pentominoes on ranks 1-5; ranks 6-8: three horizontal I pentominoes,
# a V pentomino (F6 G6 H6 F7 F8) and the 2x2 neutral block G7 H7 G8 H8.
STRIPES = [
    "A3 A3 A3 A3 A3 E3 N  N ",
    "W3 W3 W3 W3 W3 E3 N  N ",
    "F3 F3 F3 F3 F3 E3 E3 E3",
    "F1 W1 A1 E1 F2 W2 A2 E2",
    "F1 W1 A1 E1 F2 W2 A2 E2",
    "F1 W1 A1 E1 F2 W2 A2 E2",
    "F1 W1 A1 E1 F2 W2 A2 E2",
    "F1 W1 A1 E1 F2 W2 A2 E2",
]
STRIPES_VALUES = {
    "F1": 6, "W1": 6, "A1": 6, "E1": 6,
    "F2": 4, "W2": 4, "A2": 4, "E2": 4,
    "F3": 2, "W3": 2, "A3": 2, "E3": 2,
}  # fmt: skip


def layout_of(rows: list[str]) -> dict[Square, str]:
    """Rows of labels, rank 8 first -> square -> label."""
    out: dict[Square, str] = {}
    for i, row in enumerate(rows):
        for f, label in enumerate(row.split()):
            out[Square(f, 7 - i)] = label
    assert len(out) == 64, f"{len(out)} squares"
    return out


def stripes() -> Board:
    return Board.build(layout_of(STRIPES), STRIPES_VALUES)


def board_rows(board: Board) -> list[list[str]]:
    """The board's labels as Board-tab rows (rank 8 first, files A-H)."""
    layout = board.layout()
    return [[layout[Square(f, r)] for f in range(len(FILES))] for r in range(7, -1, -1)]


def fill_setup(path: object, board: Board, values: dict[str, object] | None = None) -> None:
    """Write a board into a generated round-1 workbook (Board and Wards tabs)."""
    import openpyxl

    from events.continuum.layout import BOARD_TAB, WARD_POINTS_COL, WARD_ROWS, WARDS_TAB, grid_of

    book = openpyxl.load_workbook(path)  # type: ignore[arg-type]
    for sq, label in board.layout().items():
        r, c = grid_of(sq)
        book[BOARD_TAB].cell(r + 1, c + 1, label)
    for label, value in (values or board.values()).items():
        book[WARDS_TAB].cell(WARD_ROWS[label] + 1, WARD_POINTS_COL + 1, value)  # type: ignore[arg-type]
    book.save(path)  # type: ignore[arg-type]


def fill_bolts(path: object, bolts: list[tuple[str, str]]) -> None:
    """Write (element, target) pairs into the Bolts tab rows of a generated workbook."""
    import openpyxl

    from events.continuum.layout import (
        BOLT_ELEMENT_COL,
        BOLT_TARGET_COL,
        BOLTS_FIRST_ROW,
        BOLTS_TAB,
    )

    book = openpyxl.load_workbook(path)  # type: ignore[arg-type]
    for i, (element, target) in enumerate(bolts):
        book[BOLTS_TAB].cell(BOLTS_FIRST_ROW + i + 1, BOLT_ELEMENT_COL + 1, element)
        book[BOLTS_TAB].cell(BOLTS_FIRST_ROW + i + 1, BOLT_TARGET_COL + 1, target)
    book.save(path)  # type: ignore[arg-type]
