"""Alchelemental's notation: every example string of the rule text's "Movement notation"
section, what it means, and clear errors for anything else."""

from __future__ import annotations

import pytest

from events.alchelemental import rules
from events.alchelemental.actions import (
    Call,
    Concede,
    Confirm,
    Impel,
    Mirror,
    Move,
    Select,
    Spin,
)
from events.alchelemental.elements import Elem
from events.alchelemental.notation import (
    action_from_json,
    action_to_json,
    format_action,
    parse_actions,
    parse_spec,
)
from events.duel import ConcedeReason

F, E, W, A = Elem.FIRE, Elem.EARTH, Elem.WATER, Elem.AIR
R, DR, DL, L, UL, UR = range(6)


def one(text: str) -> object:
    parsed = parse_actions(text)
    assert parsed.ok and parsed.value is not None, parsed.errors
    return parsed.value


@pytest.mark.parametrize(
    ("text", "actions"),
    [
        ("select djin", (Select("djin"),)),
        ("djin", (Select("djin"),)),
        ("call meteor air L water DR R4", (Call("meteor", ((A, (L,)), (W, (DR,))), "R4"),)),
        ("call sylph water R R16C", (Call("sylph", ((W, (R,)),), "R16C"),)),
        ("mirror", (Mirror(),)),
        ("mirror still", (Mirror("still"),)),
        ("spin A2", (Spin(False, 2),)),
        ("spin flood C1", (Spin(True, 1, "flood"),)),
        ("move UL", (Move(UL),)),
        ("move paralda R", (Move(R, "paralda"),)),
        ("impel crystalize", (Impel(None, "crystallize"),)),
        ("impel DL gnome", (Impel(DL, "gnome"),)),
        ("afrit move L-UL", (Move(L, "afrit"), Move(UL, "afrit"))),
        ("confirm", (Confirm(),)),
        ("resign", (Concede(ConcedeReason.RESIGN),)),
    ],
)
def test_the_texts_examples_parse(text: str, actions: tuple[object, ...]) -> None:
    """ "ex: "select djin" = "djin"", "call meteor air L water DR R4", "call sylph water R
    R16C", "mirror" or "mirror still", "spin A2", "spin flood C1", "move UL", "move paralda R",
    "impel crystalize", "impel DL gnome" """
    assert one(text) == actions


def test_a_line_of_actions_separated_by_commas() -> None:
    """ "ex: move UL , move paralda R, afrit move L-UL-U" (the chain without its U)"""
    assert one("move UL , move paralda R, afrit move L-UL") == (
        Move(UL), Move(R, "paralda"), Move(L, "afrit"), Move(UL, "afrit"),
    )  # fmt: skip


def test_the_texts_chain_with_u_is_a_clear_error() -> None:
    """ "afrit move L-UL-U (afrit moving 3 hexes)": U is not one of "UL UR L R DL DR"
    (docs/rulings.md): the error says which word and what is allowed."""
    parsed = parse_actions("afrit move L-UL-U")
    assert not parsed.ok
    assert "'U' is not a direction (UL, UR, L, R, DL, DR)" in parsed.errors[0].message


@pytest.mark.parametrize(
    ("text", "unit", "facings"),
    [
        ("gnome water L", "gnome", ((W, (L,)),)),
        ("dissolve fire L-UL", "dissolve", ((F, (L, UL)),)),
        ("meteor air L water DR", "meteor", ((A, (L,)), (W, (DR,)))),
    ],
)
def test_unit_specs_of_the_text(text: str, unit: str, facings: object) -> None:
    """ "ex: "gnome water L" specifies a gnome with its sole water facing left", ""dissolve fire
    L-UL" since dissolve needs 2 facings to describe spin status", ""meteor air L water DR"
    meteor must be mirrored to match these facings" """
    parsed = parse_spec(text)
    assert parsed.ok and parsed.value == (unit, facings)


def test_gnome_water_l_fixes_the_gnome() -> None:
    """ "gnome water L specifies a gnome with its sole water facing left" """
    ways = rules.resolve_facings("gnome", ((W, (L,)),))
    assert len(ways) == 1


def test_dissolve_needs_two_facings() -> None:
    """ "dissolve needs 2 facings to describe spin status" """
    assert len(rules.resolve_facings("dissolve", ((F, (L,)),))) == 2
    assert len(rules.resolve_facings("dissolve", ((F, (L, UL)),))) == 1


def test_meteor_example_names_a_face_meteor_lacks() -> None:
    """ "meteor air L water DR" meteor must be mirrored to match these facings": Meteor
    (strength F4E1A1) has no Water face, so no Meteor fits (docs/rulings.md); with Earth DR it
    is the mirrored side."""
    assert rules.resolve_facings("meteor", ((A, (L,)), (W, (DR,)))) == []
    assert rules.resolve_facings("meteor", ((A, (L,)), (E, (DR,)))) == [(True, 5)]


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "no actions"),
        ("dance", "is not a unit"),
        ("call gnome water L", "is not a row"),
        ("call gnome water R4", "facings come in pairs"),
        ("call gnome mud L R4", "'mud' is not an element"),
        ("spin B2", "write spin C#"),
        ("spin C9", "spin by 1 to 5"),
        ("move", "write move"),
        ("move X", "'X' is not a direction"),
        ("impel", "impel needs a direction or a target"),
        ("impel DL DR", "write impel DIRECTION"),
        ("gnome jump", "begin with select"),
        ("select", "write select UNIT"),
        ("gnome move naga L", "two units named"),
    ],
)
def test_bad_notation_is_named(text: str, says: str) -> None:
    """Anything else is an error that names the clause and what was expected."""
    parsed = parse_actions(text)
    assert not parsed.ok and says in parsed.errors[0].message, parsed.errors


def test_every_bad_clause_is_reported() -> None:
    parsed = parse_actions("dance, move UL, spin Z")
    assert [e.action for e in parsed.errors] == [0, 2]


@pytest.mark.parametrize(
    "action",
    [
        Select("djin"),
        Call("meteor", ((A, (L,)), (E, (DR,))), "R4"),
        Call("firepower", (), "R3"),
        Mirror(),
        Mirror("still"),
        Spin(False, 2),
        Spin(True, 1, "flood"),
        Move(UL),
        Move(R, "paralda"),
        Impel(None, "crystallize"),
        Impel(DL, "gnome"),
        Impel(DL),
        Impel(DL, None, "afrit"),
        Confirm(),
        Concede(ConcedeReason.TIME),
        Concede(ConcedeReason.RESIGN),
    ],
)
def test_format_and_json_round_trip(action: object) -> None:
    """The canonical notation and JSON read back to the same action."""
    assert one(format_action(action)) == (action,)  # type: ignore[arg-type]
    assert action_from_json(action_to_json(action)).value == action  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "data",
    [None, {}, {"type": "fly"}, {"type": "spin", "clockwise": True, "faces": 7},
     {"type": "move", "direction": "U"}, {"type": "impel"}, {"type": "select", "unit": "bob"},
     {"type": "call", "unit": "gnome", "facings": [["Q", ["L"]]], "at": "R4"}],
)  # fmt: skip
def test_bad_json_is_named(data: object) -> None:
    parsed = action_from_json(data)
    assert not parsed.ok and parsed.errors[0].code == "alchelemental.json"
