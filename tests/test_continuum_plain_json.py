"""Elemental Continuum's typed path for programs (`plain_json`, issue 30's speed work): a board
or bolts written exactly as `setup_json` and `bolts_json` write them are read to the parser's
value, legal or not; anything else is left to the parser (None) or read alike."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events.continuum import masks
from events.continuum.board import ALL_LABELS, random_board
from events.continuum.breaking import counts
from events.continuum.elements import BOLT_ELEMENTS, Element
from events.continuum.engine import _STRUCK_TILES
from events.continuum.model import SetupSubmission
from events.continuum.parse import (
    parse_bolts_json,
    parse_setup_json,
    plain_json,
    random_setup_json,
    setup_json,
)
from events.continuum.pentominoes import is_connected, placement_masks
from events.continuum.squares import ALL_SQUARES

Data = dict[str, Any]


def _setup(seed: int) -> Data:
    return setup_json(SetupSubmission(random_board(np.random.default_rng(seed))))


def _agrees(setup: bool, data: Any) -> Any:
    """The typed path's value, after checking that the parser reads it alike."""
    plain = plain_json(setup, data)
    parsed = (parse_setup_json if setup else parse_bolts_json)("P01", data).value
    if plain is not None:
        assert plain == parsed, data
    return plain


def test_random_boards_are_read_by_the_typed_path_as_drawn() -> None:
    for seed in range(30):
        board = random_board(np.random.default_rng(seed))
        data = setup_json(SetupSubmission(board))
        assert _agrees(True, data) == SetupSubmission(board)
    assert _agrees(True, {"board": None}) == SetupSubmission(None)


def _swap(a: str, b: str) -> Callable[[Data], None]:
    """Swap the first squares of wards `a` and `b` (the board stays in the written form)."""

    def edit(d: Data) -> None:
        board = d["board"]
        board[a][0], board[b][0] = board[b][0], board[a][0]
        board[a].sort()
        board[b].sort()

    return edit


def _setup_edits() -> list[tuple[str, Callable[[Data], None]]]:
    def value(label: str, v: Any) -> Callable[[Data], None]:
        return lambda d: d["values"].__setitem__(label, v)

    def board(change: Callable[[dict[str, list[Any]]], None]) -> Callable[[Data], None]:
        return lambda d: change(d["board"])

    return [
        ("a square in lower case", board(lambda b: b["F1"].__setitem__(0, b["F1"][0].lower()))),
        ("a square with spaces", board(lambda b: b["F1"].__setitem__(0, f" {b['F1'][0]} "))),
        ("a label in lower case", board(lambda b: b.__setitem__("f1", b.pop("F1")))),
        ("a square listed twice", board(lambda b: b["F1"].__setitem__(1, b["F1"][0]))),
        ("a square in two wards", board(lambda b: b["F1"].__setitem__(0, b["W1"][0]))),
        ("a ward of four", board(lambda b: b["F1"].pop())),
        ("a ward of six", board(lambda b: b["F1"].append(b["N"].pop()))),
        ("no neutral ward", board(lambda b: b.pop("N"))),
        ("a ward missing", board(lambda b: b.pop("E3"))),
        ("a square that is no string", board(lambda b: b["F1"].__setitem__(0, 7))),
        ("squares that are no list", board(lambda b: b.__setitem__("F1", "A1"))),
        ("a wind ward and a fire ward swapped", _swap("F1", "A1")),
        ("a neutral square swapped", _swap("N", "E2")),
        ("a value of 6.0", value("F1", 6.0)),
        ("a value of true", value("F1", True)),
        ("a value as text", value("F1", "4")),
        ("a value of 3", value("F1", 3)),
        ("a value changed", lambda d: d["values"].__setitem__("F1", 8 - d["values"]["F1"])),
        ("the neutral ward's value", value("N", 1)),
        ("a value missing", lambda d: d["values"].pop("W2")),
        ("an unknown key", lambda d: d.__setitem__("note", "hi")),
        ("no values", lambda d: d.pop("values")),
        ("values for no board", lambda d: d.__setitem__("board", None)),
    ]


@pytest.mark.parametrize(("what", "edit"), _setup_edits())
def test_an_edited_board_is_read_as_the_parser_reads_it_or_left_to_it(
    what: str, edit: Callable[[Data], None]
) -> None:
    for seed in range(8):
        data = _setup(seed)
        edit(data)
        _agrees(True, data)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1), st.lists(st.tuples(st.integers(0, 63), st.integers(0, 63))))
def test_a_board_in_the_written_form_is_refused_exactly_when_the_parser_refuses_it(
    seed: int, swaps: list[tuple[int, int]]
) -> None:
    """Squares swapped between wards make some boards illegal (a ward in two pieces) and
    leave others legal: in the written form, the typed path reads each as the parser does,
    refusal included."""
    data = _setup(seed % 1000)
    label_of = {name: label for label, names in data["board"].items() for name in names}
    for a, b in swaps:
        name_a, name_b = str(ALL_SQUARES[a]), str(ALL_SQUARES[b])
        label_of[name_a], label_of[name_b] = label_of[name_b], label_of[name_a]
    data["board"] = {
        label: sorted(name for name, held in label_of.items() if held == label)
        for label in ALL_LABELS
    }
    plain = plain_json(True, data)
    assert plain == parse_setup_json("P01", data).value


def _bolts() -> list[Data]:
    return [
        {"bolts": [{"element": "fire", "target": "C5"}, {"element": "earth", "target": "C5"}]},
        {"bolts": [{"element": "wind", "target": "A1"}, {"element": "water", "target": "H8"}]},
        {"bolts": []},
    ]


@pytest.mark.parametrize(
    ("what", "edit", "read"),
    [
        ("as written", lambda d: None, True),
        ("an element in title case", lambda d: d["bolts"][0].__setitem__("element", "Fire"), False),
        ("a target in lower case", lambda d: d["bolts"][0].__setitem__("target", "c5"), False),
        ("'w'", lambda d: d["bolts"][0].__setitem__("element", "w"), False),
        ("no element", lambda d: d["bolts"][0].pop("element"), False),
        ("a target of a list", lambda d: d["bolts"][0].__setitem__("target", ["A1"]), False),
        ("no such square", lambda d: d["bolts"][0].__setitem__("target", "I9"), False),
        ("a third bolt", lambda d: d["bolts"].append(d["bolts"][0]), False),
        ("one bolt", lambda d: d["bolts"].pop(), False),
        ("an unknown key", lambda d: d.__setitem__("note", 1), False),
        ("bolts of an object", lambda d: d.__setitem__("bolts", {"a": 1}), False),
    ],
)
def test_bolts_are_read_as_the_parser_reads_them_or_left_to_it(
    what: str, edit: Callable[[Data], None], read: bool
) -> None:
    for data in _bolts():
        changed = copy.deepcopy(data)
        if changed["bolts"]:
            edit(changed)
        plain = _agrees(False, changed)
        if read or not data["bolts"]:
            assert plain is not None, what


def test_pentomino_placements_are_the_connected_sets_of_five_squares() -> None:
    placements = placement_masks()
    assert len(placements) == 2308
    assert all(masks.size(p) == 5 and is_connected(_squares(p)) for p in placements)
    rng = np.random.default_rng(6)
    for _ in range(3000):
        five = [ALL_SQUARES[int(i)] for i in rng.choice(64, size=5, replace=False)]
        assert (masks.mask(five) in placements) is is_connected(five)
    for _ in range(500):  # connected ones, which random sets seldom are
        grown = {ALL_SQUARES[int(rng.integers(64))]}
        while len(grown) < 5:
            around = sorted({n for sq in grown for n in sq.neighbours()} - grown)
            grown.add(around[int(rng.integers(len(around)))])
        assert masks.mask(grown) in placements


def _squares(mask: int) -> list[Any]:
    return [sq for i, sq in enumerate(ALL_SQUARES) if mask >> i & 1]


def test_the_engine_strikes_the_tiles_a_bolt_counts_on() -> None:
    """Each bolt looks up the tile elements it can matter to once (`_STRUCK_TILES`), rather
    than asking `counts` of every board's tile."""
    for bolt in BOLT_ELEMENTS:
        for tile in Element:
            assert (tile in _STRUCK_TILES[bolt]) is counts(tile, bolt), (tile, bolt)


def test_a_bot_draws_the_json_of_the_random_board() -> None:
    """Bots send random_setup_json(rng) rather than building the board first: the same
    JSON, in the same order, from the same draws (and the generator left where it would be)."""
    for seed in range(40):
        built, sent = np.random.default_rng(seed), np.random.default_rng(seed)
        expected = setup_json(SetupSubmission(random_board(built)))
        data = random_setup_json(sent)
        assert data == expected
        assert [list(d) for d in data.values()] == [list(d) for d in expected.values()]
        assert built.integers(1 << 30) == sent.integers(1 << 30)
