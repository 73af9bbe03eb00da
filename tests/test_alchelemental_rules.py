"""Alchelemental's rules, one test per sentence of the Alchelemental rule text (the
sentence in each docstring), on the small test board of tests/support/alchelemental_kit.py."""

from __future__ import annotations

import pytest

from events.alchelemental import rules
from events.alchelemental.elements import Elem, adjust, reactive_spin
from events.alchelemental.state import AlchState
from tests.support.alchelemental_kit import (
    GAME,
    UNITS,
    codes,
    hx,
    new_state,
    piece,
    put,
    remove,
    run,
    with_hexes,
)

F, E, W, A = Elem.FIRE, Elem.EARTH, Elem.WATER, Elem.AIR


# --- setup and goal -------------------------------------------------------------------------


def test_setup_power_units_on_their_power_nodes() -> None:
    """ "Setup: Units are sorted and Power units are placed on (called to) the marked power
    node hexes." Each power unit stands on the node of its element."""
    s = new_state()
    assert {(p.owner, p.name, p.hex) for p in s.pieces} == {
        (0, "firepower", hx(s, 1, 0)),
        (0, "earthpower", hx(s, 4, 0)),
        (1, "earthpower", hx(s, 1, 6)),
        (1, "waterpower", hx(s, 4, 6)),
    }
    assert s.player == "Light"


def test_goal_eliminate_both_opposing_power_units() -> None:
    """ "Goal: Eliminate both opposing power units or occupy both opponent power nodes." """
    s = new_state()
    s = remove(s, 1, "waterpower")
    from dataclasses import replace

    s = replace(s, eliminated=(frozenset(), frozenset({"waterpower"})))
    # Light's Meteor (4 Fire) impels Dark's earthpower on R2 (its Earth hex) with Fire.
    s = put(s, 0, "meteor", 1, 5, rot=1)  # Fire faces R; its Earth face UR matches
    s = run(s, "select meteor, impel R")
    assert s.outcome is not None and s.outcome.winner == "Light" and s.outcome.reason == "powers"


def test_goal_occupy_both_opponent_power_nodes() -> None:
    """ "Goal: ... or occupy both opponent power nodes." """
    s = new_state()
    s = remove(remove(s, 1, "earthpower"), 1, "waterpower")
    s = put(s, 0, "gnome", 4, 6)  # one node held
    s = put(s, 0, "afrit", 1, 5, rot=3)  # Afrit faces R with its Earth face (index 3)
    s = run(s, "select gnome")  # a catalysis that does nothing
    assert GAME.outcome(s) is None
    s = run(s, "select afrit, move R")
    assert s.outcome is not None and s.outcome.reason == "nodes"
    assert s.outcome.winner == "Light"


# --- power units ----------------------------------------------------------------------------


def test_power_units_move_in_any_direction_without_matching() -> None:
    """ "They can move in any direction with no matching required." (Fire power on Earth
    hexes only.)"""
    s = run(new_state(), "select firepower, move R")
    assert piece(s, 0, "firepower").hex == hx(s, 1, 1)


def test_power_units_have_one_action_point() -> None:
    """ "all faces have the same element but actions points and strength are only 1" """
    assert UNITS["firepower"].action_number == 1 and UNITS["firepower"].count(F) == 1
    assert codes(new_state(), "select firepower, move R, move R") == [
        "alchelemental.catalysis.points"
    ]


def test_power_units_cannot_impel() -> None:
    """ "... and they cannot impel." """
    s = put(new_state(), 1, "gnome", 1, 1)
    assert codes(s, "select firepower, impel R") == ["alchelemental.impel.power"]


# --- calling --------------------------------------------------------------------------------


def test_call_to_edge_hexes_when_both_nodes_hold_matching_power_units() -> None:
    """ "When both of your power nodes are occupied by the matching power units: A new unit can
    be placed on (called to) the board on any of your own unoccupied edge hexes" """
    s = new_state()
    assert set(rules.call_hexes(s, 0)) == {"R1L", "R1R", "R3", "R4", "R6L", "R6R"}
    assert set(rules.call_hexes(s, 1)) == {"R1L", "R1R", "R3", "R4", "R6L", "R6R"}
    s = run(s, "call gnome water L R4")
    assert piece(s, 0, "gnome").hex == hx(s, 3, 0)


def test_call_only_to_an_unoccupied_power_node_otherwise() -> None:
    """ "Otherwise: A unit can only be called to one of your own unoccupied power node
    hexes." """
    s = run(new_state(), "select firepower, move R")
    assert rules.call_hexes(s, 0) == {"R2": hx(s, 1, 0)}
    assert codes(s, "call gnome water L R4") == ["alchelemental.call.hex"]
    s = run(s, "call gnome water L R2")
    assert piece(s, 0, "gnome").hex == hx(s, 1, 0)


def test_no_calls_when_both_nodes_are_occupied_otherwise() -> None:
    """ "If both nodes are occupied no new units may be called." (a gnome on the Fire node,
    not the matching power unit)"""
    s = remove(new_state(), 0, "firepower")
    s = put(s, 0, "gnome", 1, 0)
    assert rules.call_hexes(s, 0) == {}
    assert codes(s, "call venti fire L R3") == ["alchelemental.call.hex"]


def test_call_does_not_use_an_action_and_the_unit_moves_at_once() -> None:
    """ "Calling a unit to the board does not use an action and the called unit can be moved
    immediately." Gnome (action number 3) moves three times after its call."""
    s = new_state()
    s = run(s, "call gnome water L R3")  # Earth faces R: plain Earth hexes ahead
    s = run(s, "move R, move R, move R")
    assert piece(s, 0, "gnome").hex == hx(s, 2, 3)


def test_call_mirrored_or_not_with_any_facing() -> None:
    """ "A unit may be called mirrored or non-mirrored and with any initial facing." """
    ways = rules.orientations(UNITS["meteor"])
    assert len(ways) == 12 and {m for m, _ in ways.values()} == {False, True}
    s = run(new_state(), "call meteor air L earth DR R3")  # needs the mirrored side
    p = piece(s, 0, "meteor")
    assert p.mirrored and p.face(3) == A and p.face(1) == E


def test_facings_must_force_spin_and_mirror() -> None:
    """ "elements and facing directions sufficient to force correct spin and mirror – not all
    six faces": one Fire facing of Dissolve fits two spins."""
    s = new_state()
    assert codes(s, "call dissolve fire L R3") == ["alchelemental.call.ambiguous"]
    assert codes(s, "call meteor water L R3") == ["alchelemental.call.facings"]
    assert not codes(s, "call dissolve fire L-UL R3")


def test_eliminated_units_cannot_be_called_again() -> None:
    """ "Eliminated units cannot be called again." """
    from dataclasses import replace

    s = new_state()
    s = replace(s, eliminated=(frozenset({"gnome"}), frozenset()),
                called=(s.called[0] | {"gnome"}, s.called[1]))  # fmt: skip
    assert codes(s, "call gnome water L R3") == ["alchelemental.call.eliminated"]


def test_once_all_units_are_called_no_further_calls() -> None:
    """ "Once all units have been called, no further calls are possible. ... There are a total
    of 24 units per player." """
    s = new_state()
    assert len(rules.roster(s, 0)) == 24 and len(set(rules.roster(s, 0))) == 24
    s = put(s, 0, "gnome", 2, 2)
    assert codes(s, "call gnome water L R3") == ["alchelemental.call.called"]
    from dataclasses import replace

    s = replace(s, called=(frozenset(rules.roster(s, 0)), s.called[1]))
    assert rules.uncalled(s, 0) == ()
    assert not [a for a in GAME.legal_actions(s, "Light") if type(a).__name__ == "Call"]


def test_thirty_four_labels_per_player() -> None:
    """ "Units that can mirror have a mirrored label on the flip side making 34 unit labels
    per player." """
    s = new_state()
    assert sum(2 if UNITS[n].mirrors else 1 for n in rules.roster(s, 0)) == 34


# --- occupation, turns, catalyses -------------------------------------------------------------


def test_only_one_unit_can_occupy_a_hex() -> None:
    """ "Only one unit can occupy a hex. Entering an occupied hex requires an Impel action" """
    s = put(put(new_state(), 0, "gnome", 2, 2, rot=0), 0, "naga", 2, 3)
    assert codes(s, "select gnome, move R") == ["alchelemental.move.occupied"]


def test_you_cannot_impel_your_own_unit() -> None:
    """ "You cannot Impel your own unit." """
    s = put(put(new_state(), 0, "gnome", 2, 2, rot=0), 0, "naga", 2, 3)
    assert codes(s, "select gnome, impel R") == ["alchelemental.impel.own"]
    assert codes(s, "select gnome, impel naga") == ["alchelemental.impel.own"]


def test_a_turn_is_two_catalyses_then_the_other_players_two() -> None:
    """ "A turn consists of one player initiating 2 catalyses followed by the other player
    initiating 2 catalyses." """
    s = new_state()
    assert codes(s, "select firepower, confirm") == ["alchelemental.confirm.early"]
    assert codes(s, "select firepower, select earthpower, select firepower") == [
        "alchelemental.catalysis.third"
    ]
    s = run(s, "select firepower, select earthpower, confirm")
    assert s.player == "Dark" and s.catalyses == 0
    assert GAME.check(s, "Light", GAME.parse_actions("select firepower").value[0])  # type: ignore[index]


def test_action_number_is_the_strongest_element() -> None:
    """ "The action number equals the strongest element in the unit." "The Djinn has 3 Fire
    faces giving it an action number of 3." """
    assert UNITS["djin"].action_number == 3
    expected = {"activity": 2, "process": 2, "lord": 3, "elemental": 3, "force": 4, "power": 1}
    for u in UNITS.values():
        assert u.action_number == expected[u.family], u.name
    s = put(new_state(), 0, "djin", 2, 3)
    s = run(s, "select djin, spin C1, spin C1, spin C1")
    assert codes(s, "spin C1") == ["alchelemental.catalysis.points"]


def test_actions_need_a_selected_unit() -> None:
    """ "A catalysis consists of selecting (or calling) a unit then having it perform a number
    of actions" """
    assert codes(new_state(), "spin C1") == ["alchelemental.catalysis.none"]
    s = put(new_state(), 0, "djin", 2, 3)
    assert codes(s, "select djin, mirror still") == ["alchelemental.catalysis.unit"]


# --- actions ----------------------------------------------------------------------------------


def test_mirror_flips_without_changing_the_orientation_facing() -> None:
    """ "Mirror: a non-symmetrical unit mirrors (flips over) without changing the orientation
    facing" """
    for name in ("agitate", "still", "djin", "volmar", "neksa", "paralda", "meteor", "quake",
                 "flood", "cyclone"):  # fmt: skip
        s = put(new_state(), 0, name, 2, 3, rot=2)
        before = piece(s, 0, name)
        after = piece(run(s, f"select {name}, mirror"), 0, name)
        axis_dir = (before.kind.axis + 2) % 6
        assert after.mirrored and after.face(axis_dir) == before.face(axis_dir)
        assert after.faces() != before.faces()
        assert sorted(after.faces()) == sorted(before.faces())


def test_symmetrical_units_do_not_mirror() -> None:
    """ "Mirror: a non-symmetrical unit mirrors" — Processes and Elementals "symmetrical" """
    s = put(new_state(), 0, "gnome", 2, 3)
    assert codes(s, "select gnome, mirror") == ["alchelemental.mirror.symmetric"]


def test_spin_shifts_facings_djin_clockwise_by_two() -> None:
    """ "Spin: a unit rotates shifting facings by one or more faces" "Djin spun clockwise by 2
    faces" — one action."""
    s = put(new_state(), 0, "djin", 2, 3)
    before = piece(s, 0, "djin").faces()
    s = run(s, "select djin, spin C2")
    after = piece(s, 0, "djin").faces()
    assert all(after[(d + 2) % 6] == before[d] for d in range(6)) and s.used == 1
    s = run(s, "spin A2")
    assert piece(s, 0, "djin").faces() == before


def test_move_to_an_adjacent_unoccupied_hex_needs_a_match() -> None:
    """ "Move: move to an adjacent unoccupied hex" "To Move or Impel a unit must have a facing
    element match ... with the target hex or a hex adjacent to both mover and target." """
    # Nymph (W A W E W A) on all-Fire surroundings but one Water hex at R.
    rows = with_hexes({(r, c): "F" for r in (1, 2, 3) for c in (2, 3, 4)} | {(2, 4): "W"})
    s = put(new_state(rows), 0, "nymph", 2, 3, rot=0)  # faces R:W DR:A DL:W L:E UL:W UR:A
    legal = {a for a in GAME.legal_actions(run(s, "select nymph"), "Light")
             if type(a).__name__ == "Move"}  # fmt: skip
    dirs = {a.direction for a in legal}  # type: ignore[attr-defined]
    assert dirs == {5, 0, 1}  # UR, R, DR: the Water hex and the two hexes beside it
    assert codes(s, "select nymph, move L") == ["alchelemental.move.match"]


def test_vaporize_moves_only_beside_the_matching_gnome() -> None:
    """ "The VAPORIZE unit matches none of the surrounding hexes and would be unable to move if
    not for matching the face of the GNOME unit. Since it has a match it can move to either of
    the hexes adjacent to the matching GNOME. It cannot impel its own unit."
    Rebuilt: Vaporize (no Water) among six Water hexes, its own Gnome to the R showing Earth."""
    rows = with_hexes({(r, c): "W" for r in (1, 2, 3) for c in (2, 3, 4)})
    s = put(new_state(rows), 1, "vaporize", 2, 3, rot=0)  # R:E DR:E DL:F L:A UL:A UR:F
    s = put(s, 1, "gnome", 2, 4, rot=3)  # Gnome's Earth (index 0) faces L
    s = run(s, "select firepower, select earthpower, confirm")
    vap = piece(s, 1, "vaporize")
    assert all(s.board.elements[s.board.neighbour(vap.hex, d) or 0] == W for d in range(6))
    found = rules.matching_hexes(s, vap)
    assert set(found) == {0} and "gnome" in found[0]
    s = run(s, "select vaporize")
    moves = {a.direction for a in GAME.legal_actions(s, "Dark") if type(a).__name__ == "Move"}  # type: ignore[attr-defined]
    assert moves == {5, 1}
    assert codes(s, "impel R") == ["alchelemental.impel.own"]
    s2 = put(s, 1, "gnome", 2, 4, rot=0)  # the Gnome turned: no match at all
    assert not [a for a in GAME.legal_actions(s2, "Dark") if type(a).__name__ == "Move"]


def condense_agitate() -> AlchState:
    """The worked example rebuilt: Dark's Condense on an Earth hex; Light's Agitate to its R on
    a Fire hex, Earth facing Earth; Light's Quake to its DR on an Earth hex; a Water (blue) hex
    DL and the Air (yellow) hex next to it at L; Fire hexes UL and UR."""
    rows = with_hexes({(2, 3): "E", (2, 4): "F", (3, 3): "E", (3, 2): "W", (2, 2): "A",
                       (1, 2): "F", (1, 3): "F"})  # fmt: skip
    s = new_state(rows)
    s = put(s, 1, "condense", 2, 3, rot=0)  # E E W A A W: R:E DR:E DL:W L:A UL:A UR:W
    s = put(s, 0, "agitate", 2, 4, rot=3)  # its single Earth (index 0) faces L
    s = put(s, 0, "quake", 3, 3, rot=0)
    return run(s, "select firepower, select earthpower, confirm")


def test_condense_matches_agitate_quake_hex_blue_and_yellow_and_goes_anywhere() -> None:
    """ "The Dark CONDENSE matches the AGITATE face, the QUAKE hex, the blue hex and the yellow
    hex next to it. It can go in any direction since the remaining 2 hexes are each adjacent to
    a match." """
    s = condense_agitate()
    con = piece(s, 1, "condense")
    assert set(rules.matching_hexes(s, con)) == {0, 1, 2, 3}
    assert all(rules.has_match(s, con, d) for d in range(6))
    s = run(s, "select condense")
    legal = GAME.legal_actions(s, "Dark")
    assert {a.direction for a in legal if type(a).__name__ == "Move"} == {2, 3, 4, 5}  # type: ignore[attr-defined]
    assert {a.direction for a in legal if type(a).__name__ == "Impel"} == {0, 1}  # type: ignore[attr-defined]


def test_condense_impels_agitate_with_the_texts_arithmetic() -> None:
    """ "CONDENSE impels AGITATE / Earth impels, Earth repels / Condense (impel) has 2 Earth
    faces / Agitate (repel) has 1 Earth face / Positional Agitate = Earth vs Fire = -1 to repel
    / Condense = Earth vs Earth = 0 to impel / Relative = Earth vs Fire = -1 to impel /
    Interactive = Earth vs Earth = 0 to impel / Resolution Agitate = Repel = 1 - 1 = 0 /
    Condense = Impel = 2 - 0 - 1 - 0 = 1 / Impel > Repel = Agitate eliminated" """
    s = condense_agitate()
    r = rules.reaction(s, piece(s, 1, "condense"), piece(s, 0, "agitate"), 0)
    assert (r.impel_element, r.repel_element) == (E, E)
    assert (r.impel_basic, r.repel_basic) == (2, 1)
    assert (r.repel_positional, r.impel_positional, r.relative, r.interactive) == (-1, 0, -1, 0)
    assert (r.repel, r.impel, r.result) == (0, 1, "eliminated")
    s = run(s, "select condense, impel agitate")
    assert s.at(hx(s, 2, 4)) == piece(s, 1, "condense")
    assert "agitate" in s.eliminated[0] and s.piece(0, "agitate") is None
    assert s.last_reaction == r


def test_reaction_results_consume_remaining_action_points() -> None:
    """ "Reactive results are applied, consuming any remaining action points." """
    s = run(condense_agitate(), "select condense, impel agitate")
    assert s.spent and codes(s, "spin C1") == ["alchelemental.catalysis.spent"]


def test_impel_equal_to_repel_target_mirrors_then_spins() -> None:
    """ "Impel equal to Repel: target reacts with mirror followed by spin, mover does nothing"
    Condense (E2) on Earth impels Still's Earth face (E2) on an Air hex: impel 2 + 0 + 0
    (Earth vs Air: opposite) + 0 = 2, repel 2 + 0 = 2."""
    rows = with_hexes({(2, 3): "E", (2, 4): "A"})
    s = put(new_state(rows), 1, "condense", 2, 3, rot=0)  # faces R with Earth
    s = put(s, 0, "still", 2, 4, rot=1)  # Still A F E W E W: index 2 (E) faces L
    s = run(s, "select firepower, select earthpower, confirm")
    before_c = piece(s, 1, "condense")
    r = rules.reaction(s, before_c, piece(s, 0, "still"), 0)
    # impel: 2 Earth + pos 0 + relative E vs A 0 (opposite) + interactive 0 = 2
    # repel: 2 Earth + pos E vs A 0 = 2
    assert (r.impel, r.repel, r.result) == (2, 2, "mirror-spin")
    s = run(s, "select condense, impel R")
    still = piece(s, 0, "still")
    assert still.mirrored and still.rot == 2  # then same elements: clockwise 1
    assert piece(s, 1, "condense") == before_c


def test_impel_less_than_repel_both_spin() -> None:
    """ "Impel less than Repel: mover and target both react with spin" — adjacent elements:
    "Earth vs Fire = Earth clockwise, Fire anti-clockwise" """
    rows = with_hexes({(2, 3): "A", (2, 4): "E"})
    s = put(new_state(rows), 1, "vaporize", 2, 3, rot=4)  # E E F A A F: index 2 (F) faces R
    vap = piece(s, 1, "vaporize")
    assert vap.face(0) == F
    s = put(s, 0, "quake", 2, 4, rot=3)  # Quake E E W E F E: index 0 (E) faces L
    s = run(s, "select firepower, select earthpower, confirm")
    r = rules.reaction(s, vap, piece(s, 0, "quake"), 0)
    assert (r.impel_element, r.repel_element) == (F, E)
    # impel: 2 Fire, F on Air -1, F vs Earth hex +1, F vs E +1 = 3; repel: 4 Earth + 0 = 4
    assert (r.impel, r.repel, r.result) == (3, 4, "spin")
    assert (r.mover_spin, r.target_spin) == (-1, 1)
    q_rot, v_rot = piece(s, 0, "quake").rot, vap.rot
    s = run(s, "select vaporize, impel R")
    assert piece(s, 1, "vaporize").rot == (v_rot - 1) % 6
    assert piece(s, 0, "quake").rot == (q_rot + 1) % 6


# --- the elemental circle ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("x", "y", "value"),
    [(E, F, -1), (F, E, 1), (E, E, 0), (E, A, 0), (F, W, 0), (W, E, -1), (E, W, 1),
     (A, W, -1), (W, A, 1), (F, A, -1), (A, F, 1)],
)  # fmt: skip
def test_adjustments_same_opposite_zero_adjacent_plus_minus_one(
    x: Elem, y: Elem, value: int
) -> None:
    """ "Adjustments are based on the elemental circle. Same/opposite = 0 adjust. Adjacent = +1
    or -1 adjust." (sign: "Agitate = Earth vs Fire = -1 to repel")"""
    assert adjust(x, y) == value


@pytest.mark.parametrize(
    ("x", "y", "spin"),
    [(E, E, 1), (F, W, -1), (E, A, -1), (E, F, 1), (F, E, -1), (W, A, -1), (A, W, 1)],
)
def test_reactive_spins(x: Elem, y: Elem, spin: int) -> None:
    """ "same element : unit spins clockwise by 1 face / opposite elements : unit spins
    anti-clockwise by 1 face / adjacent elements : unit spins by 1 face in the direction away
    from the opposing element on the elemental circle (Earth vs Fire = Earth clockwise, Fire
    anti-clockwise)" """
    assert reactive_spin(x, y) == spin
