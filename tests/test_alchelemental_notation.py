"""Alchelemental's notation: every example string of the rule text's "Movement notation"
section, what it means, and clear errors for anything else."""

from __future__ import annotations

from functools import partial

import pytest

from events.alchelemental import notation, rules
from events.alchelemental.actions import (
    DOWN,
    UP,
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
from events.alchelemental.notation import action_to_json, format_action
from events.alchelemental.state import AlchState
from events.duel import ConcedeReason, take
from tests.support.alchelemental_kit import (
    GAME,
    UNITS,
    errors,
    hx,
    new_state,
    piece,
    put,
    run,
    with_hexes,
)

parse_actions = partial(notation.parse_actions, GAME.units)
parse_spec = partial(notation.parse_spec, GAME.units)
action_from_json = partial(notation.action_from_json, GAME.units)

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
        ("call meteor air L water DR R4", (Call("meteor", ((A, (L,)), (E, (DR,))), "R4"),)),
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
        ("afrit move L-UL-U", (Move(L, "afrit"), Move(UL, "afrit"), Move(UP, "afrit"))),
        ("confirm", (Confirm(),)),
        ("resign", (Concede(ConcedeReason.RESIGN),)),
    ],
)
def test_the_texts_examples_parse(text: str, actions: tuple[object, ...]) -> None:
    """ "ex: "select djin" = "djin"", "call meteor air L water DR R4", "call sylph water R
    R16C", "mirror" or "mirror still", "spin A2", "spin flood C1", "move UL", "move paralda R",
    "impel crystalize", "impel DL gnome", "afrit move L-UL-U (afrit moving 3 hexes)" (the
    Meteor's "water DR" reads as the Earth face its mirrored side shows there; U is whichever
    of UL and UR the unit can move to: docs/rulings.md)"""
    assert one(text) == actions


def test_a_line_of_actions_separated_by_commas() -> None:
    """ "ex: move UL , move paralda R, afrit move L-UL-U (afrit moving 3 hexes)" """
    assert one("move UL , move paralda R, afrit move L-UL-U") == (
        Move(UL), Move(R, "paralda"), Move(L, "afrit"), Move(UL, "afrit"), Move(UP, "afrit"),
    )  # fmt: skip


def test_a_chain_remembers_its_path_for_messages() -> None:
    """ "afrit moving 3 hexes": each Move knows the chain and its place in it (for check's
    messages), which equality and JSON ignore."""
    moves = one("afrit move L-UL-U")
    assert [(m.path, m.step) for m in moves] == [((L, UL, UP), k) for k in range(3)]  # type: ignore[attr-defined]
    assert [(m.path, m.step) for m in one("move UL")] == [((), 0)]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "unit", "facings"),
    [
        ("gnome water L", "gnome", ((W, (L,)),)),
        ("dissolve fire L-UL", "dissolve", ((F, (L, UL)),)),
        ("meteor air L water DR", "meteor", ((A, (L,)), (E, (DR,)))),
        ("meteor air L earth DR", "meteor", ((A, (L,)), (E, (DR,)))),
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
    ways = rules.resolve_facings(UNITS["gnome"], ((W, (L,)),))
    assert len(ways) == 1


def test_dissolve_needs_two_facings() -> None:
    """ "dissolve needs 2 facings to describe spin status" """
    assert len(rules.resolve_facings(UNITS["dissolve"], ((F, (L,)),))) == 2
    assert len(rules.resolve_facings(UNITS["dissolve"], ((F, (L, UL)),))) == 1


def test_meteor_example_is_the_mirrored_meteor() -> None:
    """ "meteor air L water DR" meteor must be mirrored to match these facings": Meteor
    (strength F4E1A1) has no Water face; with Air L its mirrored side shows Earth DR (the
    unmirrored side Fire), so the text's words read as Earth DR (docs/rulings.md), and only
    those words: other facings naming a face the unit lacks fit no way of laying it."""
    assert rules.resolve_facings(UNITS["meteor"], ((A, (L,)), (W, (DR,)))) == []
    assert rules.resolve_facings(UNITS["meteor"], ((A, (L,)), (E, (DR,)))) == [(True, 5)]
    assert rules.resolve_facings(UNITS["meteor"], ((A, (L,)), (F, (DR,)))) == [(False, 1)]
    (call,) = parse_actions("call meteor air L water DR R4").value or ()
    assert isinstance(call, Call) and rules.resolve_facings(UNITS["meteor"], call.facings) == [
        (True, 5)
    ]
    assert one("call meteor air R water DR R4") == (Call("meteor", ((A, (R,)), (W, (DR,))), "R4"),)


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
        ("move L-UX", "'UX' is not a direction (UL, UR, L, R, DL, DR; U or D"),
        ("impel U", "write impel DIRECTION"),
        ("call gnome water U R4", "'U' is not a direction (UL, UR, L, R, DL, DR)"),
        ("call gnome water L-L R4", "the facing L is given twice (water L-L)"),
        ("call dissolve fire L-UL-L R4", "the facing L is given twice (fire L-UL-L)"),
        ("call gnome water L fire L R4", "the facing L is given twice (water L, fire L)"),
        ("call meteor air L earth DR fire dr R4", "the facing DR is given twice (earth DR, fire"),
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
        Move(UP),
        Move(DOWN, "afrit"),
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
     {"type": "move", "direction": "X"}, {"type": "move", "direction": "L-UL"},
     {"type": "impel"}, {"type": "select", "unit": "bob"},
     {"type": "call", "unit": "gnome", "facings": [["Q", ["L"]]], "at": "R4"}],
)  # fmt: skip
def test_bad_json_is_named(data: object) -> None:
    parsed = action_from_json(data)
    assert not parsed.ok and parsed.errors[0].code == "alchelemental.json"


def test_a_stored_call_with_a_repeated_facing_still_reads() -> None:
    """A call recorded as JSON before "water L-L" was refused (the host stores what check
    accepted) still reads, the repeated direction once, and round-trips through notation."""
    data = {"type": "call", "unit": "gnome", "facings": [["W", ["L", "L"]]], "at": "R4"}
    call = action_from_json(data).value
    assert call == Call("gnome", ((W, (L,)),), "R4")
    assert one(format_action(call)) == (call,)


# --- the text's examples in play (tests/support/alchelemental_kit.py's test board) -------------

# Fire everywhere but the nodes: an unmirrored Afrit (Fire faces R, DL, UL) matches every way.
NODES = {(1, 6): "E", (4, 0): "E", (4, 6): "W"}
FIRE_ROWS = with_hexes({(r, c): "F" for r in range(6) for c in range(7)} | NODES)
# Afrit on R4 hex 4: L to R4 hex 3, UL to R3 hex 3, then U is UL (R2 hex 2) or UR (R2 hex 3).
ROUTE = {"L": (3, 2), "UL": (2, 2), "UL-UL": (1, 1), "UL-UR": (1, 2)}


def afrit_at_4_4(*blocked: str) -> AlchState:
    s = put(new_state(FIRE_ROWS), 0, "afrit", 3, 3)
    for n, where in enumerate(blocked):
        s = put(s, 0, ("gnome", "naga")[n], *ROUTE[where])
    return s


@pytest.mark.parametrize(
    ("blocked", "ends"),
    [
        (("UL-UR",), "UL-UL"),  # UR taken: U is UL
        (("UL-UL",), "UL-UR"),  # UL taken: U is UR
    ],
)
def test_afrit_moves_three_hexes_with_u(blocked: tuple[str, ...], ends: str) -> None:
    """ "afrit move L-UL-U (afrit moving 3 hexes)": three moves, one action each (Afrit's
    action number is 3); U is the one of UL and UR the Afrit can move to."""
    s = run(afrit_at_4_4(*blocked), "select afrit, afrit move L-UL-U")
    assert piece(s, 0, "afrit").hex == hx(s, *ROUTE[ends]) and s.used == 3


def test_u_is_recorded_as_the_direction_it_takes() -> None:
    """ "afrit move L-UL-U": the host records the three moves as single steps, the U as the
    direction it took, so the record reads back as "move afrit L, move afrit UL, move afrit
    UL" and through its JSON."""
    s = run(afrit_at_4_4("UL-UR"), "select afrit")
    parsed = parse_actions("afrit move L-UL-U")
    assert parsed.value is not None
    after, steps, problems = take(GAME, s, "Light", parsed.value, seed=0, first_index=0)
    assert not problems
    assert [format_action(st.action) for st in steps] == [
        "move afrit L", "move afrit UL", "move afrit UL",
    ]  # fmt: skip
    for st in steps:
        assert one(format_action(st.action)) == (st.action,)
        assert action_from_json(action_to_json(st.action)).value == st.action
    assert piece(after, 0, "afrit").hex == hx(s, 1, 1)


@pytest.mark.parametrize(
    ("blocked", "text", "code", "says"),
    [
        ((), "afrit move L-UL-U", "alchelemental.move.either",
         "hex 3 of move L-UL-U: U is UL (to R2 hex 2) or UR (to R2 hex 3), and afrit can move "
         "to both: write UL or UR"),
        (("UL-UL", "UL-UR"), "afrit move L-UL-U", "alchelemental.move.either",
         "hex 3 of move L-UL-U: U is UL or UR, and afrit can move to neither (UL: R2 hex 2 is "
         "occupied (impel an enemy there); UR: R2 hex 3 is occupied"),
        (("UL",), "afrit move L-UL-U", "alchelemental.move.occupied",
         "hex 2 of move L-UL-U: R3 hex 3 is occupied"),
        (("L",), "afrit move L-UL-U", "alchelemental.move.occupied",
         "hex 1 of move L-UL-U: R4 hex 3 is occupied"),
        ((), "afrit move L-UL-UR-R", "alchelemental.catalysis.points",
         "hex 4 of move L-UL-UR-R: afrit has taken its 3 action(s)"),
        ((), "afrit move D", "alchelemental.move.either",
         "D is DL (to R5 hex 4) or DR (to R5 hex 5)"),
    ],
)  # fmt: skip
def test_an_illegal_path_names_the_hex_and_why(
    blocked: tuple[str, ...], text: str, code: str, says: str
) -> None:
    """ "afrit move L-UL-U (afrit moving 3 hexes)": a path that cannot be taken is refused at
    its first hex that cannot, naming that hex of the path and what is wrong there."""
    s = run(afrit_at_4_4(*blocked), "select afrit")
    parsed = parse_actions(text)
    assert parsed.value is not None
    _, steps, problems = take(GAME, s, "Light", parsed.value, seed=0, first_index=0)
    assert [p.code for p in problems] == [code]
    assert says in problems[0].message, problems[0].message
    assert problems[0].action == len(steps)


@pytest.mark.parametrize(
    ("text", "code", "says"),
    [
        ("call meteor air L water DR R3", None, ""),
        ("call meteor air L earth DR R3", None, ""),
        ("call meteor water L R3", "alchelemental.call.facings",
         "no meteor can lie with those facings: meteor (F4E1A1) has no Water face"),
        ("call meteor air R water DR R3", "alchelemental.call.facings", "has no Water face"),
    ],
)  # fmt: skip
def test_the_meteor_call_of_the_text(text: str, code: str | None, says: str) -> None:
    """ "call meteor air L water DR R4" "meteor must be mirrored to match these facings": the
    call lays the mirrored Meteor, Air L and Earth DR; other facings naming a face the Meteor
    lacks are refused, saying which."""
    s = new_state()
    found = errors(s, text)
    assert [e.code for e in found] == ([code] if code else [])
    if code:
        assert says in found[0].message
        return
    p = piece(run(s, text), 0, "meteor")
    assert p.mirrored and p.face(L) == A and p.face(DR) == E and p.hex == hx(s, 2, 0)
