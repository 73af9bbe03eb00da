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
