"""The board file (fixtures/halma/board.txt): the reconstruction's properties, and every
problem of a broken board file named with where it is."""

from __future__ import annotations

import pytest

from events.halma.board import Colour, read_board
from tests.support.halma_kit import BOARD_TEXT


def _rows() -> list[str]:
    return [line for line in BOARD_TEXT.splitlines() if line and not line.startswith("#")]


def test_shipped_board_is_valid_and_symmetric_for_the_two_sides() -> None:
    """The reconstruction (docs/rulings.md "the board"): turning it a quarter maps each
    element's plane onto an enemy's, a half turn onto the partner's; the points of power and
    the material plane map onto themselves."""
    rows = _rows()
    board = read_board(BOARD_TEXT).value
    assert board is not None
    n = len(rows)
    swap = {"B": "A", "A": "C", "C": "D", "D": "B"}  # a quarter turn clockwise
    turned = ["".join(rows[n - 1 - c][r] for c in range(n)) for r in range(n)]
    assert turned == ["".join(swap.get(ch, ch) for ch in row) for row in rows]
    sides = {"A": 1, "B": 0, "C": 0, "D": 1}
    assert all(sides[swap[k]] != sides[k] for k in swap)


def test_material_plane_has_many_neighbours_and_every_plane_is_reachable() -> None:
    board = read_board(BOARD_TEXT).value
    assert board is not None
    assert len(board.neighbours[board.material]) == 16
    assert max(len(n) for i, n in enumerate(board.neighbours) if i != board.material) == 8
    for colour in Colour:
        assert len(board.plane_squares(colour)) == 9


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda r: [r[0].replace("BBB", "BBE", 1), *r[1:]], "halma.board.plane"),
        (lambda r: [r[0].replace("F", "E", 1), *r[1:]], "halma.board.power"),
        (lambda r: [*r[:4], r[4].replace("GGG", "GEG"), *r[5:]], "halma.board.material"),
        (lambda r: [r[0] + "E", *r[1:]], "halma.board.ragged"),
        (lambda r: [r[0].replace("E", "Z", 1), *r[1:]], "halma.board.letter"),
        (lambda r: [row.replace("E", "-") for row in r], "halma.board.void"),
    ],
)
def test_a_broken_board_file_names_the_problem(change: object, code: str) -> None:
    """Validated: 4 planes of 9, 8 points of power, one material plane, with clear errors."""
    rows = change(_rows())  # type: ignore[operator]
    parsed = read_board("\n".join(rows))
    assert parsed.value is None
    assert code in {e.code for e in parsed.errors}
    assert all(e.message for e in parsed.errors)


def test_every_square_must_be_reachable() -> None:
    """ "every plane reachable": a square cut off by no-squares (-) is an error."""
    rows = [*_rows(), "-" * 11, "E" + "-" * 10]
    parsed = read_board("\n".join(rows))
    assert parsed.value is None
    assert [e.code for e in parsed.errors] == ["halma.board.connected"]
    assert "A13" in parsed.errors[0].message


def test_an_empty_board_file_is_an_error_not_a_crash() -> None:
    assert read_board("# only a comment\n").errors[0].code == "halma.board.empty"
