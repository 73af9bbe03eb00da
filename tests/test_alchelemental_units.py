"""Every unit against the syllabus: its printed strength string, its pattern, the Litany
("opposing elements not adjacent"), symmetry or handedness, and the shipped unit and board
files the game is given (through festival's loader), with the validation errors a host sees."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from events.alchelemental.board import Board, load_board
from events.alchelemental.elements import Elem
from events.alchelemental.game import AlchelementalGame
from events.alchelemental.units import (
    derive_rings,
    is_symmetric,
    load_units,
    no_opposites_adjacent,
    parse_strength,
    ring_text,
)
from festival.core import registry
from festival.duels.games import shipped
from tests.support.alchelemental_kit import GAME, UNITS

ENTRY = registry.find_duel("alchelemental")
assert ENTRY is not None
DATA = shipped(ENTRY)
"""the unit and board files as festival reads them for the game"""
UNITS_DATA, BOARD_DATA = DATA["units"], {k: DATA[k] for k in ("pit", "battleground")}


def builtin_board(name: str) -> Board:
    board = GAME.board_of(name)[0]
    assert board is not None
    return board


# name: (pattern, printed strength, the faces derived (unmirrored side, clockwise), family)
SYLLABUS = {
    "agitate": ("ABCDCD", "F2E1W1A2", "EWAFAF", "activity"),
    "still": ("ABCDCD", "F1E2W2A1", "AFEWEW", "activity"),
    "crystallize": ("AABCCB", "F2E2W2", "FFEWWE", "process"),
    "dissolve": ("AABCCB", "F2W2A2", "FFAWWA", "process"),
    "condense": ("AABCCB", "E2W2A2", "EEWAAW", "process"),
    "vaporize": ("AABCCB", "F2E2A2", "EEFAAF", "process"),
    "djin": ("ADCBAA", "F3E1W1A1", "FEWAFF", "lord"),
    "volmar": ("AAABCD", "F1E3W1A1", "EEEWAF", "lord"),
    "neksa": ("AAABCD", "F1E1W3A1", "WWWAFE", "lord"),
    "paralda": ("ADCBAA", "F1E1W1A3", "AWEFAA", "lord"),
    "afrit": ("ABACAB", "F3E1A2", "FAFEFA", "elemental"),
    "vulcani": ("ABACAB", "F3E2A1", "FEFAFE", "elemental"),
    "gnome": ("ABACAB", "F2E3W1", "EFEWEF", "elemental"),
    "sylvestri": ("ABACAB", "F1E3W2", "EWEFEW", "elemental"),
    "nymph": ("ABACAB", "E1W3A2", "WAWEWA", "elemental"),
    "naga": ("ABACAB", "E2W3A1", "WEWAWE", "elemental"),
    "venti": ("ABACAB", "F1W2A3", "AWAFAW", "elemental"),
    "sylph": ("ABACAB", "F2W1A3", "AFAWAF", "elemental"),
    "meteor": ("AABACA", "F4E1A1", "FFAFEF", "force"),
    "quake": ("AABACA", "F1E4W1", "EEWEFE", "force"),
    "flood": ("AABACA", "E1W4A1", "WWAWEW", "force"),
    "cyclone": ("AABACA", "F1W1A4", "AAWAFA", "force"),
}


@pytest.mark.parametrize("name", sorted(SYLLABUS))
def test_unit_matches_its_printed_strength_and_pattern(name: str) -> None:
    """ "Elemental units consist of 6 facets and hold at least 3 elements with opposites not
    adjacent." Each unit's faces have exactly its printed strength, follow its printed
    pattern, and are one of the rings the pattern can make."""
    pattern, strength, faces, family = SYLLABUS[name]
    unit = UNITS[name]
    assert (unit.pattern, unit.strength, ring_text(unit.faces), unit.family) == (
        pattern, strength, faces, family,
    )  # fmt: skip
    counts = parse_strength(strength)
    assert counts is not None and {e: unit.faces.count(e) for e in counts} == counts
    assert sum(counts.values()) == 6 and len(counts) >= 3
    assert no_opposites_adjacent(unit.faces)
    assert unit.faces in derive_rings(pattern, counts)


@pytest.mark.parametrize("name", sorted(SYLLABUS))
def test_symmetry_and_handedness(name: str) -> None:
    """ "Forces, Lords, and Activities are left / right handed and can be mirrored while
    Elementals and Processes have mirror symmetry and lack handedness." """
    unit = UNITS[name]
    handed = unit.family in ("activity", "lord", "force")
    assert unit.mirrors == handed and is_symmetric(unit.faces) == (not handed)
    if handed:
        assert unit.ring(True) != unit.faces and sorted(unit.ring(True)) == sorted(unit.faces)


def test_elementals_and_forces_lack_the_element_opposite_their_primary() -> None:
    """ "The Forces ... lack the element opposite their primary." "the Elementals, which once
    again lack the element opposite their primary." """
    for u in UNITS.values():
        if u.family in ("force", "elemental"):
            primary = max(Elem, key=u.faces.count)
            assert Elem((primary + 2) % 4) not in u.faces, u.name


def test_forces_follow_their_descriptions() -> None:
    """ "METEOR ... 3 Fire faces then Air, Fire, Earth" (and Quake, Flood, Cyclone alike)."""
    said = {"meteor": "FFFAFE", "quake": "EEEWEF", "flood": "WWWAWE", "cyclone": "AAAWAF"}
    for name, text in said.items():
        faces = ring_text(UNITS[name].faces)
        assert text in (faces + faces), name


def test_lords_orientation_by_the_named_neighbour() -> None:
    """ "Orientation: Fire by Air anti-clockwise" (Djin), "Earth by Water clockwise" (Volmar),
    "Water by Air clockwise" (Neksa), "Air by Fire clockwise" (Paralda); Djin and Paralda
    "reverse mirrored (ADCBAA / AAABCD)": their unmirrored side is ADCBAA."""
    by = {"djin": "A", "volmar": "W", "neksa": "A", "paralda": "F"}
    for name, letter in by.items():
        unit = UNITS[name]
        aaabcd = unit.ring(unit.pattern == "ADCBAA")
        text = ring_text(aaabcd)
        twice = text + text
        start = next(i for i in range(6) if twice[i] == twice[i + 1] == twice[i + 2])
        assert twice[start + 3] == letter, name  # B: the face after the triplet


def test_activities_orient_on_their_named_single() -> None:
    """ "AGITATE ... Orientation: Earth" "STILL ... Orientation: Air": the pattern's A."""
    assert UNITS["agitate"].faces[0] == Elem.EARTH and UNITS["still"].faces[0] == Elem.AIR


def test_the_game_plays_the_shipped_files() -> None:
    """The unit and board files a host edits are the data the engine plays: every unit of
    the unit file, each board as its file draws it."""
    assert [u.name for u in GAME.units.kinds] == [u["name"] for u in UNITS_DATA["units"]]
    assert len(GAME.units.named) == 22
    for name, data in BOARD_DATA.items():
        assert builtin_board(name).to_json() == data


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"units": {"units": []}}, "firepower: a power unit of every face Fire is needed"),
        ({"pit": {"name": "pit", "rows": ["EEE"]}}, "pit: rows: a list of at least 3"),
        ({"battleground": {"corner": 2}}, "battleground: the board needs a name"),
    ],
)
def test_the_game_refuses_broken_data_by_name(change: dict[str, Any], expected: str) -> None:
    """A unit or board file a host broke stops the game with its problems named."""
    with pytest.raises(ValueError, match=expected):
        AlchelementalGame(**(DATA | change))


def test_boards_have_the_notation_rows() -> None:
    """ "R1 R2 R3 R4 R5 R6 R7 R8 (numbered 1 to 16 on the larger board)" and "Left, Right (and
    on the larger board Center) L C R" on the first and last rows."""
    pit, big = builtin_board("pit"), builtin_board("battleground")
    assert pit.n_rows == 8 and big.n_rows == 16
    assert {"R1L", "R1R", "R8L", "R8R"} <= set(pit.edge_hexes(0))
    assert {"R1L", "R1C", "R1R", "R16L", "R16C", "R16R"} <= set(big.edge_hexes(1))


@pytest.mark.parametrize("name", ["pit", "battleground"])
def test_power_node_cautions_hold_on_shipped_boards(name: str) -> None:
    """ "A node in Air damages the operator. Opposite nodes explode. Matched nodes implode."
    "Earth plus Fire or Earth plus Water": Light's nodes Fire and Earth, Dark's Water and
    Earth."""
    b = builtin_board(name)
    assert {b.elements[h] for h in b.nodes[0]} == {Elem.FIRE, Elem.EARTH}
    assert {b.elements[h] for h in b.nodes[1]} == {Elem.WATER, Elem.EARTH}


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"corner": 4}, "corner: 2"),
        ({"rows": ["EEE"]}, "rows: a list of at least 3"),
        ({"nodes": {"light": ["R3", "R9"], "dark": ["R3", "R6"]}}, "must be two different"),
        ({"nodes": {"light": ["R1L", "R6"], "dark": ["R3", "R6"]}}, "A node in Air"),
        ({"nodes": {"light": ["R3", "R5"], "dark": ["R3", "R6"]}}, "Matched nodes implode"),
    ],
)
def test_bad_board_files_are_named(change: dict[str, object], expected: str) -> None:
    """A board a host edits is checked, each problem in words."""
    data = copy.deepcopy(BOARD_DATA["pit"]) | change
    board, errors = load_board(data)
    assert board is None and any(expected in e for e in errors), errors


def test_bad_row_letters_are_named() -> None:
    data = copy.deepcopy(BOARD_DATA["pit"])
    data["rows"][2] = "FFFQWEWE"
    assert load_board(data)[1] == ["row 3, hex 4: 'Q' is not F, E, W or A"]


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"strength": "F3E1W1A1"}, "do not have strength"),
        ({"faces": "EWAFAX"}, "six letters"),
        ({"faces": "EWFAFA"}, "do not follow pattern"),
        ({"mirrors": False}, "handed and must mirror"),
        ({"orientation": "X"}, "orientation must name"),
    ],
)
def test_bad_unit_files_are_named(change: dict[str, object], expected: str) -> None:
    """A unit file a host edits is checked against the Litany and its own strengths."""
    data = copy.deepcopy(UNITS_DATA)
    row = next(u for u in data["units"] if u["name"] == "agitate")
    row.update(change)
    _units, errors = load_units(data)
    assert any(expected in e for e in errors), errors
