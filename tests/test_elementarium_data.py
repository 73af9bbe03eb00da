"""The board and rules files (fixtures/elementarium/): read from the rule text's grids,
validated with every error named, and the reconstructions of the pictures the text lost."""

from __future__ import annotations

import json

import pytest

from events.elementarium.setup import parse_board, parse_grid, parse_rules, parse_setup
from festival.core.paths import fixture
from tests.support.elementarium_kit import RULES

# The rule text's movement grids, as printed (tabs shown as fields), each with its centre.
TEXT_E = [". . + . .", ". + + + .", "+ + E + +", ". + + + .", ". . + . ."]
TEXT_F = ["+ + . + +", "+ . . . +", ". . F . .", "+ . . . +", "+ + . + +"]


def offsets(grid: list[str], centre: str) -> frozenset[tuple[int, int]]:
    parsed = parse_grid(grid, centre, "test")
    assert parsed.value is not None
    return parsed.value


def test_e_and_f_patterns_are_the_texts_grids() -> None:
    """ "## Movement:" the E and F grids of the text, shipped unchanged."""
    assert offsets(RULES["patterns"]["E"]["grid"], "E") == offsets(TEXT_E, "E")
    assert offsets(RULES["patterns"]["F"]["grid"], "F") == offsets(TEXT_F, "F")
    assert len(offsets(TEXT_F, "F")) == 12 and len(offsets(TEXT_E, "E")) == 12


def test_a_pattern_is_the_texts_marks_centred_under_the_middle_column() -> None:
    """Reconstruction "the A grid": the text's marks form three lines of three fields
    fanning out from one column and a row of three behind; the letter A is printed one column
    left of that middle column (a lost tab). Read centred, A moves up to three fields straight
    or diagonally toward the enemy and one field back."""
    a = offsets(RULES["patterns"]["A"]["grid"], "A")
    assert a == {
        (-1, 1), (0, 1), (1, 1), (-2, 2), (0, 2), (2, 2), (-3, 3), (0, 3), (3, 3),
        (-1, -1), (0, -1), (1, -1),
    }  # fmt: skip


def test_w_pattern_reaches_three_fields_every_way() -> None:
    """Reconstruction "the W grid": three marks left, right and below, and three above (the
    text's fourth mark above W shares a line with the F grid's last row)."""
    w = offsets(RULES["patterns"]["W"]["grid"], "W")
    line = {1, 2, 3}
    assert w == {(d, 0) for d in line} | {(-d, 0) for d in line} | {(0, d) for d in line} | {
        (0, -d) for d in line
    }


def test_dominance_wheel_follows_elemental_halma() -> None:
    """Reconstruction "the dominance wheel": Elemental Halma's "Water captures Fire, Fire
    captures Air, Air captures Earth, Earth captures Water"; F over A is also the text's
    picture of the F-unit taking an A."""
    assert RULES["dominates"] == {"W": "F", "F": "A", "A": "E", "E": "W"}


def test_shipped_files_parse() -> None:
    board = parse_board(fixture("elementarium", "board.txt").read_text())
    rules = parse_rules(json.loads(fixture("elementarium", "rules.json").read_text()))
    assert board.ok and rules.ok
    assert board.value is not None and (board.value.width, board.value.height) == (11, 9)


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"dominates": {"W": "F", "F": "W", "A": "E", "E": "A"}}, "elementarium.rules.dominates"),
        ({"dominates": {"W": "F"}}, "elementarium.rules.dominates"),
        ({"moves_per_turn": 0}, "elementarium.rules.number"),
        ({"max_turns": "many"}, "elementarium.rules.number"),
        ({"zones": {"allied": [1], "neutral": [4, 6]}}, "elementarium.rules.zones"),
        (
            {"spawn": {"range": 1, "patterns": [["X *"]], "corner_patterns": []}},
            "elementarium.rules.spawn",
        ),
    ],
)
def test_bad_rules_are_named(change: dict[str, object], code: str) -> None:
    """A rules file a host broke is refused with the part named, never a crash."""
    parsed = parse_rules({**RULES, **change})
    assert not parsed.ok and code in [e.code for e in parsed.errors]


def test_bad_pattern_grids_are_named() -> None:
    patterns = {**RULES["patterns"], "E": {"jumps": False, "grid": [". E .", "+ . E"]}}
    parsed = parse_rules({**RULES, "patterns": patterns})
    assert [e.message for e in parsed.errors] == ["patterns.E: the grid needs exactly one 'E'"]
    crooked = {**RULES["patterns"], "W": {"jumps": False, "grid": ["+ . .", ". . W"]}}
    assert "cannot jump" in parse_rules({**RULES, "patterns": crooked}).errors[0].message


def test_bad_boards_are_named_all_at_once() -> None:
    """Every problem of a board file at once, by line and field."""
    text = "W F Q\n. . .\n. s"
    codes = [e.code for e in parse_board(text).errors]
    assert "elementarium.board.symbol" in codes and "elementarium.board.width" in codes
    assert "elementarium.board.source" in codes
    assert not parse_setup(42, RULES).ok and not parse_rules([]).ok
