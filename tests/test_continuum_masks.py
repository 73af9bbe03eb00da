"""The board search's square masks (events.continuum.masks) against plain sets of squares.

"There are 12 pentominos on the board ... four squares of neutral element": the random board
search prunes a partial board whose empty regions leave more squares than the neutrals can
fill, so the masks' regions must be exactly the orthogonally connected empty regions.
"""

from __future__ import annotations

import numpy as np
import pytest

from events.continuum import masks
from events.continuum.board import _NEAR, _leftover, _placements, _placements_clear_near
from events.continuum.pentominoes import is_connected
from events.continuum.squares import ALL_SQUARES, Square


def _regions_by_walking(squares: set[Square]) -> list[set[Square]]:
    out: list[set[Square]] = []
    left = set(squares)
    while left:
        todo = [min(left, key=masks.index)]
        region = set(todo)
        while todo:
            for n in todo.pop().neighbours():
                if n in left and n not in region:
                    region.add(n)
                    todo.append(n)
        out.append(region)
        left -= region
    return out


def _squares(mask: int) -> set[Square]:
    return {sq for sq in ALL_SQUARES if mask >> masks.index(sq) & 1}


@pytest.mark.parametrize(
    ("name", "squares"),
    [
        ("the whole board is one region", set(ALL_SQUARES)),
        ("file H and file A of the next rank do not touch", {Square(7, 0), Square(0, 1)}),
        ("file A and file H of the rank below do not touch", {Square(0, 1), Square(7, 0)}),
        ("a corner square alone", {Square(7, 7)}),
        ("diagonal squares are separate", {Square(2, 2), Square(3, 3)}),
        ("nothing", set()),
    ],
)
def test_regions_are_orthogonally_connected_pieces(name: str, squares: set[Square]) -> None:
    found = [_squares(r) for r in masks.regions(masks.mask(squares))]
    assert sorted(map(sorted, found)) == sorted(map(sorted, _regions_by_walking(squares))), name


def test_regions_of_random_sets_match_a_walk_over_neighbours() -> None:
    rng = np.random.default_rng(3)
    for _ in range(200):
        squares = {sq for sq in ALL_SQUARES if rng.random() < rng.random()}
        found = [_squares(r) for r in masks.regions(masks.mask(squares))]
        assert sorted(map(sorted, found)) == sorted(map(sorted, _regions_by_walking(squares)))
        assert sum(masks.size(r) for r in masks.regions(masks.mask(squares))) == len(squares)


def test_first_clear_is_the_first_square_in_board_order_not_in_the_mask() -> None:
    rng = np.random.default_rng(4)
    for _ in range(100):
        squares = {sq for sq in ALL_SQUARES if rng.random() < 0.9}
        first = next((i for i, sq in enumerate(ALL_SQUARES) if sq not in squares), None)
        assert masks.first_clear(masks.mask(squares)) == first
    assert masks.first_clear(masks.FULL) is None


@pytest.mark.parametrize(
    ("name", "squares", "expected"),
    [
        ("an L pentomino", ["A1", "A2", "A3", "A4", "B1"], True),
        ("touching at a corner only", ["A1", "B2"], False),
        ("two pieces", ["A1", "A2", "C1", "C2", "C3"], False),
        ("one square", ["H8"], True),
        ("nothing", [], False),
    ],
)
def test_a_ward_is_one_orthogonally_connected_piece(
    name: str, squares: list[str], expected: bool
) -> None:
    """A ward is one of the "12 pentominos on the board": five squares joined edge to edge,
    so a ward in two pieces, or joined only at a corner, is none."""
    assert is_connected(Square.parse(s) for s in squares) is expected, name


def test_a_square_off_the_board_has_no_bit() -> None:
    with pytest.raises(ValueError):
        masks.index(Square(8, 0))


def test_a_square_hashes_and_sorts_as_its_file_and_rank() -> None:
    """Squares key the boards' and the states' dicts and sets, whose iteration order decides
    who is struck first: a square must hash as hash((file, rank)) (the value the squares
    always had) and sort by file, then rank."""
    rng = np.random.default_rng(5)
    for sq in ALL_SQUARES:
        assert hash(sq) == hash((sq.file, sq.rank))
        assert Square.parse(str(sq)) == sq == Square(sq.file, sq.rank)
        assert str(sq) == "ABCDEFGH"[sq.file] + str(sq.rank + 1) == str(Square(sq.file, sq.rank))
    for _ in range(100):
        picked = [ALL_SQUARES[int(i)] for i in rng.permutation(len(ALL_SQUARES))[:10]]
        assert [(s.file, s.rank) for s in sorted(picked)] == sorted(
            (s.file, s.rank) for s in picked
        )
        assert list({*picked}) == [Square(*t) for t in {(s.file, s.rank) for s in picked}]


def test_the_board_search_counts_leftover_squares_by_the_regions() -> None:
    """The random board search's dead-end test (board._leftover) grows the regions itself:
    it must count what masks.regions finds."""
    rng = np.random.default_rng(7)
    for n in range(600):
        filled = masks.mask(sq for sq in ALL_SQUARES if rng.random() < rng.random())
        if n % 2:  # as the search fills: every square before some square, and a few after it
            first = int(rng.integers(64))
            before = (1 << first) - 1
            band = (1 << min(first + 36, 64)) - 1 & ~before
            filled = before | filled & band
        empty = ~filled & masks.FULL
        plain = sum(masks.size(r) % 5 for r in masks.regions(empty))
        assert _leftover(filled) == plain
        for enough in range(5):  # the search's question, answered by a count that stops early
            assert (_leftover(filled, enough) > enough) == (plain > enough)
    assert _leftover(masks.FULL) == 0
    assert _leftover(0) == 64 % 5


def test_the_ranks_above_the_last_square_are_one_empty_piece() -> None:
    rng = np.random.default_rng(8)
    for _ in range(300):
        squares = masks.mask(sq for sq in ALL_SQUARES if rng.random() < rng.random() ** 4)
        above = masks.ranks_above(squares)
        assert not above & squares
        assert above == 0 or list(masks.regions(above)) == [above]
        last = max((i for i in range(64) if squares >> i & 1), default=-1)
        assert above == masks.mask(sq for sq in ALL_SQUARES if sq.rank > last // 8) or last < 0
    assert masks.ranks_above(0) == masks.FULL
    assert masks.ranks_above(masks.FULL) == 0


def test_the_search_finds_the_same_candidates_from_the_placements_clear_near_it() -> None:
    rng = np.random.default_rng(9)
    for _ in range(500):
        filled = masks.mask(sq for sq in ALL_SQUARES if rng.random() < rng.random())
        filled |= (1 << int(rng.integers(64))) - 1
        todo = masks.first_clear(filled)
        if todo is None:
            continue
        near = _placements_clear_near(todo, filled >> todo & _NEAR)
        plain = [p for p in _placements(todo) if not p[0] & filled]
        assert [p for p in near if not p[0] & filled] == plain
