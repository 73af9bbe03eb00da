"""Elementarium's rules, one test per sentence of the Elementarium rule text (the
sentence in each docstring); pictures the text lost are rebuilt as described in
docs/rulings.md "Elementarium (duel)". Ash is the first player (rows 1-3, upper case), Birch
the second (rows 7-9, lower case)."""

from __future__ import annotations

import numpy as np
import pytest

from events.elementarium import rules
from events.elementarium.setup import parse_cell
from events.elementarium.state import State
from tests.support.elementarium_kit import (
    GAME,
    RULES,
    errors,
    pieces,
    position,
    targets,
    turn,
)


def cell(name: str) -> tuple[int, int]:
    found = parse_cell(name, 11, 9)
    assert found is not None
    return found


# --- basic ---------------------------------------------------------------------------------


def test_players_target_moves_which_are_executed_simultaneously() -> None:
    """ "Players target moves, which are then executed simultaneously": both players are to
    act at once, and nothing moves until the second player's orders are in."""
    state = position({"d3": "E", "d7": "e"})
    assert GAME.to_act(state) == ("Ash", "Birch")
    half = GAME.apply(state, "Birch", GAME.parse_actions("d7-d6").value[0])  # type: ignore[index]
    assert GAME.to_act(half) == ("Ash",) and pieces(half) == pieces(state)
    done = turn(state, "d3-d4", "d7-d6")
    assert pieces(done) == {"d4": "E", "d6": "e"} and GAME.to_act(done) == ("Ash", "Birch")


def test_three_moves_per_turn_at_most() -> None:
    """ "3 moves per turn": a fourth move is refused."""
    state = position({"a3": "W", "c3": "W", "e3": "W", "g3": "W"})
    assert not errors(state, "Ash", "a3-a2, c3-c2, e3-e2")
    assert "elementarium.orders.count" in errors(state, "Ash", "a3-a2, c3-c2, e3-e2, g3-g2")


def test_one_move_per_unit_per_turn() -> None:
    """ "one move per unit per turn"."""
    state = position({"d3": "E"})
    assert "elementarium.orders.twice" in errors(state, "Ash", "d3-d4, d3-c3")


def test_one_unit_in_a_cell_at_a_time() -> None:
    """ "one unit in a cell at a time": two own moves to one field are refused."""
    state = position({"d3": "E", "e3": "E"})
    assert "elementarium.orders.same_field" in errors(state, "Ash", "d3-d4, e3-d4")


@pytest.mark.parametrize(
    ("row", "zone"),
    [(1, "allied"), (3, "allied"), (4, "neutral"), (6, "neutral"), (7, "enemy"), (9, "enemy")],
)
def test_board_is_divided_into_allied_neutral_and_enemy_zones(row: int, zone: str) -> None:
    """ "Board is divided into three parts, allied zone, neutral zone and enemy zone":
    rows 1-3, 4-6 (the obstacle rows) and 7-9 for the first player, mirrored for the second."""
    state = position({})
    assert rules.zone(state.setup, (0, row - 1), 0) == zone
    mirrored = {"allied": "enemy", "enemy": "allied", "neutral": "neutral"}[zone]
    assert rules.zone(state.setup, (0, row - 1), 1) == mirrored


def test_goal_remove_all_opponent_units() -> None:
    """ "Goal: Remove all opponent units": Ash's fire takes Birch's last unit, an air."""
    state = position({"d3": "F", "e5": "a", "a3": "E", "a2": "E"}, spares=False)
    done = turn(state, "d3-e5")
    assert done.outcome is not None and done.outcome.winner == "Ash"
    assert done.outcome.reason == "no_units"


def test_no_pair_of_the_same_type_on_any_side_is_a_draw() -> None:
    """ "If no pair of units of the same type exists on any side, the game is drawn"."""
    state = position({"d3": "E", "e3": "E", "d7": "e", "h7": "a"}, spares=False)
    assert state.outcome is None
    done = turn(state, "d3-d5", "d7-d5")  # same type: both removed
    assert done.outcome is not None and done.outcome.winner is None
    assert done.outcome.reason == "no_pairs"


def test_pairs_left_on_one_side_play_on() -> None:
    """ "If no pair of units of the same type exists on any side": one side's pair is
    enough to play on."""
    state = position({"d3": "E", "e3": "E", "d7": "w", "h7": "a"}, spares=False)
    assert turn(state).outcome is None


# --- board ---------------------------------------------------------------------------------

TEXT_BOARD = [
    "W F A E W S F E A F W",
    ". W F A E E E A F W .",
    ". . . . . A . . . . .",
    "O O . . . O . . . O O",
    ". O . . . O . . . O .",
    "O O . . . O . . . O O",
    ". . . . . A . . . . .",
    ". W F A E E E A F W .",
    "W F A E W S F E A F W",
]


def test_board_file_is_the_texts_grid() -> None:
    """ "## Board:" the 11x9 grid (units on rows 1-2 and 8-9, A on rows 3 and 7, obstacles O
    on rows 4-6, the Source in the middle of each back row), read from the shipped file."""
    state = GAME.initial_state(
        ("Ash", "Birch"), GAME.options("standard", {}).value or {}, np.random.default_rng(0)
    )
    rows = [line[3:].upper() for line in GAME.public_view(state)["rows"][:9]]
    assert rows == TEXT_BOARD
    assert len([u for u in state.units if u[1] == 0]) == 20 == len(state.units) // 2
    assert state.sources == (cell("f1"), cell("f9"))


# --- movement ------------------------------------------------------------------------------


def test_e_moves_up_to_two_fields_in_a_diamond() -> None:
    """The E pattern: one field in any direction, or two fields straight (text grid)."""
    assert targets(position({"d2": "E"}), "d2") == {
        "d1",
        "d3",
        "d4",
        "c1",
        "c2",
        "c3",
        "e1",
        "e2",
        "e3",
        "b2",
        "f2",
    }


def test_a_moves_toward_the_enemy_in_three_lines_and_one_step_back() -> None:
    """The A pattern: "A's pattern has a direction": three fields straight or diagonally
    toward the enemy, one field back (straight or diagonal); mirrored for the second player."""
    assert targets(position({"h1": "A"}), "h1") == {
        "g2",
        "h2",
        "i2",
        "f3",
        "h3",
        "j3",
        "e4",
        "h4",
        "k4",
    } - {"k4"}  # k4 is an obstacle
    assert targets(position({"h9": "a"}), "h9") == {"g8", "h8", "i8", "f7", "h7", "j7", "e6", "h6"}
    assert targets(position({"h5": "A"}), "h5") >= {"g4", "h4", "i4", "k8", "e8"}


def test_f_pattern_is_the_knights_leap_and_the_two_diagonal() -> None:
    """The F pattern (text grid): knight's leaps and two fields diagonally."""
    assert targets(position({"e2": "F"}), "e2") == {
        "c1",
        "g1",
        "c3",
        "g3",
        "c4",
        "d4",
        "f4",
        "g4",
    } - {"f4"}  # an obstacle


def test_w_moves_up_to_three_fields_straight() -> None:
    """The W pattern: up to three fields left, right, up or down (text grid; see the ruling
    on its fourth mark)."""
    assert targets(position({"d2": "W"}), "d2") == {
        "a2",
        "b2",
        "c2",
        "e2",
        "f2",
        "g2",
        "d1",
        "d3",
        "d4",
        "d5",
    }


def test_e_a_w_target_enemy_units_reachable_without_jumping() -> None:
    """ "E-, A- and W-units can target enemy units, which are reachable without jumping over
    other units." """
    state = position({"d2": "W", "d3": "e", "d4": "e"})
    assert "d3" in targets(state, "d2") and "d4" not in targets(state, "d2")


def test_e_a_w_cannot_jump_over_obstacles_and_units() -> None:
    """ "E-, A- and W-units can't jump over obstacles and units. Protecting your units with
    other units is possible this way." The text's picture: E with two F to its right reaches
    neither the second F nor anything behind the first."""
    state = position({"c2": "E", "d2": "F", "e2": "F", "c7": "w"})
    assert "e2" not in targets(state, "c2")
    assert "b5" not in targets(position({"b3": "W"}), "b3")  # obstacle
    shielded = position({"h2": "E", "h3": "F", "h4": "w"})
    assert "h4" in targets(position({"h2": "E", "h4": "w"}), "h2")
    assert "h4" not in targets(shielded, "h2")


def test_f_is_the_only_unit_that_jumps_over_units_and_obstacles() -> None:
    """ "The F-unit is the only one, which can target fields over other units and jump over
    obstacles." The text's pictures: F targets an A two fields diagonally over another A, and
    over obstacles; the F comes out on the A's field."""
    state = position({"c2": "F", "d3": "A", "e4": "a"})
    assert "e4" in targets(state, "c2")
    done = turn(state, "c2-e4")
    assert pieces(done) == {"d3": "A", "e4": "F"}
    over = position({"a3": "F", "c5": "a"})
    assert "c5" in targets(over, "a3")  # over the obstacles a4 and b4
    assert pieces(turn(over, "a3-c5")) == {"c5": "F"}


def test_own_units_switch_places_as_patterns_allow() -> None:
    """ "Switching places of your own units allowed as far as the number of available moves
    and the movement patterns allow it." E and W swap; the text's picture: E moves onto the
    F's field while that F leaves."""
    state = position({"d2": "E", "e2": "W"})
    done = turn(state, "d2-e2, e2-d2")
    assert pieces(done) == {"d2": "W", "e2": "E"}
    chain = position({"c2": "E", "d2": "F", "e2": "F"})
    assert pieces(turn(chain, "c2-d2, d2-c4")) == {"d2": "E", "c4": "F", "e2": "F"}


def test_switching_needs_both_moves() -> None:
    """ "as far as the number of available moves ... allow it": onto an own unit only if that
    unit is ordered away in the same turn."""
    state = position({"c2": "E", "d2": "F"})
    assert "elementarium.orders.own" in errors(state, "Ash", "c2-d2")


def test_f_cannot_switch_with_an_adjacent_unit() -> None:
    """ "as far as ... the movement patterns allow it": F never reaches an adjacent field."""
    state = position({"c2": "E", "d2": "F"})
    assert "elementarium.orders.target" in errors(state, "Ash", "c2-d2, d2-c2")


# --- the Source ----------------------------------------------------------------------------


def test_source_moves_one_field_in_any_direction() -> None:
    """ "The source can move one field in any direction." """
    assert targets(position({}, sources=("f2", "f9")), "f2") == {
        "e1",
        "f1",
        "g1",
        "e2",
        "g2",
        "e3",
        "f3",
        "g3",
    }


def test_source_moves_only_on_friendly_territory() -> None:
    """ "The source can only move on friendly territory." From row 3 it cannot enter row 4."""
    state = position({}, sources=("d3", "f9"))
    assert targets(state, "d3") == {"c2", "d2", "e2", "c3", "e3"}
    assert "elementarium.orders.target" in errors(state, "Ash", "d3-d4")


def test_source_cancels_an_enemy_move_to_its_field() -> None:
    """ "If the source targets a field which an enemy's unit is also targeting, the enemy's
    move is cancelled (the unit remains on its position)." """
    state = position({"e5": "f"}, sources=("f2", "f9"))
    done = turn(state, "f2-g3", "e5-g3")
    assert pieces(done) == {"e5": "f"} and done.sources[0] == cell("g3")
    assert done.last.cancelled and not done.last.clashes


@pytest.mark.parametrize(
    ("spawning", "units", "move", "captured"),
    [
        # issue 25: W units on e9, g9 and f8 around Birch's Source on f9
        ("sides", {"e9": "W", "g9": "W", "f7": "W"}, "f7-f8", True),
        ("square", {"e9": "W", "g9": "W", "f7": "W"}, "f7-f8", False),
        # festival's first reading: three W on three corners of the square e8-f9
        ("square", {"e9": "W", "e8": "W", "g8": "W"}, "g8-f8", True),
        ("sides", {"e9": "W", "e8": "W", "g8": "W"}, "g8-f8", False),
    ],
)
def test_unit_spawning_on_enemy_source_captures_it_and_wins(
    spawning: str, units: dict[str, str], move: str, captured: bool
) -> None:
    """ "If a unit spawns on the enemy source, the source gets captured and the game ends with
    a win for the one who captured the enemy's source." """
    state = position({**units, "a1": "e", "b1": "e"}, sources=("k1", "f9"), spawning=spawning)
    done = turn(state, move)
    if not captured:
        assert done.outcome is None and not done.last.spawned
        return
    assert done.outcome is not None and done.outcome.winner == "Ash"
    assert done.outcome.reason == "source" and pieces(done)["f9"] == "W"


@pytest.mark.parametrize(
    ("unit", "at", "blocks"),
    [
        ("E", "e8", True),
        ("E", "g8", True),
        ("E", "e9", True),
        ("W", "f8", True),
        ("W", "e9", True),
        ("W", "e8", False),
        ("A", "f8", True),
        ("A", "e8", True),
        ("F", "f8", False),
        ("F", "e9", False),
    ],
)
def test_source_blocked_by_e_all_around_w_orthogonally_a_toward_enemy(
    unit: str, at: str, blocks: bool
) -> None:
    """ "The enemy's source can be blocked by placing an E-, A- or W-unit. F-units do not
    block the source. W-unit only blocks vertically and horizontally. A-unit only blocks in
    the direction of enemy. E-unit blocks in all directions." """
    state = position({at: unit}, sources=("f1", "f9"))
    assert (1 in rules.blocked_sources(state)) is blocks
    assert ("elementarium.orders.blocked" in errors(state, "Birch", "f9-g9")) is blocks


def test_a_behind_the_source_does_not_block() -> None:
    """ "A-unit only blocks in the direction of enemy": an A beside or beyond the Source, not
    facing it, blocks nothing (the text's picture: of three A around a Source only the one
    below it blocks)."""
    assert 1 not in rules.blocked_sources(position({"g7": "A"}, sources=("f1", "f7")))
    assert 1 not in rules.blocked_sources(position({"f8": "A"}, sources=("f1", "f7")))
    assert 1 in rules.blocked_sources(position({"e6": "A"}, sources=("f1", "f7")))
    assert 1 in rules.blocked_sources(position({"e8": "E"}, sources=("f1", "f7")))


# --- capturing ------------------------------------------------------------------------------

WHEEL = [("W", "F"), ("F", "A"), ("A", "E"), ("E", "W")]
READINGS = ["taken", "clash"]


def _winner(done: State, field: str) -> set[str]:
    left = pieces(done).get(field)
    return set() if left is None else {"Ash"} if left.isupper() else {"Birch"}


def _both_target(ash_type: str, birch_type: str, reading: str) -> set[str]:
    """Ash's unit (d2, an F on c2) and Birch's (d6, an f on e6) both target the empty d4."""
    ash, birch = ("c2" if ash_type == "F" else "d2"), ("e6" if birch_type == "F" else "d6")
    state = position({ash: ash_type, birch: birch_type.lower()}, standing_enemy=reading)
    done = turn(state, f"{ash}-d4", f"{birch}-d4")
    assert [c.cell for c in done.last.clashes] == [cell("d4")]
    assert not done.last.clashes[0].taken
    return _winner(done, "d4")


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize(("strong", "weak"), WHEEL)
def test_each_type_dominates_one_type(strong: str, weak: str, reading: str) -> None:
    """ "every unit has one it is dominating another one it is dominated by": water over
    fire over air over earth over water (the lost picture, rebuilt from Elemental Halma's
    capture cycle and the text's F-over-A picture); two units targeting one field."""
    assert _both_target(strong, weak, reading) == {"Ash"}
    assert _both_target(weak, strong, reading) == {"Birch"}


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize(("one", "other"), [("W", "A"), ("F", "E")])
def test_neutral_clash_removes_both(one: str, other: str, reading: str) -> None:
    """ "and a neutral one, where both units are removed from the board." """
    assert _both_target(one, other, reading) == set()
    assert _both_target(other, one, reading) == set()


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize("kind", ["E", "A", "F", "W"])
def test_same_type_clash_removes_both(kind: str, reading: str) -> None:
    """ "A clash with a unit of same type always results in removal of both." """
    assert _both_target(kind, kind, reading) == set()


@pytest.mark.parametrize("reading", READINGS)
def test_two_units_targeting_one_field_clash(reading: str) -> None:
    """ "When two units target the same field, the clash." Both move to d5: water beats fire."""
    state = position({"d3": "W", "c7": "f"}, standing_enemy=reading)
    done = turn(state, "d3-d5", "c7-d5")
    assert pieces(done) == {"d5": "W"}


def _attack_standing(ash_type: str, birch_type: str, reading: str) -> State:
    """Ash's unit on d4 stays; Birch's unit moves onto it from d5 (an f from c6)."""
    birch = "c6" if birch_type == "F" else "d5"
    state = position({"d4": ash_type, birch: birch_type.lower()}, standing_enemy=reading)
    return turn(state, "hold", f"{birch}-d4")


TYPES = ["E", "A", "F", "W"]


@pytest.mark.parametrize("stands", TYPES)
@pytest.mark.parametrize("attacker", TYPES)
def test_a_unit_targeting_a_standing_enemy_takes_it(attacker: str, stands: str) -> None:
    """ "E-, A- and W-units can target enemy units, which are reachable without jumping over
    other units." and "When two units target the same field, the clash.": a unit that stays
    targets nothing, so (`standing_enemy` "taken", the default) the enemy unit that targets
    it takes it, whatever the types."""
    done = _attack_standing(stands, attacker, "taken")
    assert _winner(done, "d4") == {"Birch"}
    assert [(c.cell, c.taken, c.survivor) for c in done.last.clashes] == [(cell("d4"), True, 1)]


@pytest.mark.parametrize(
    ("stands", "attacker", "left"),
    [(s, w, {"Ash"}) for s, w in WHEEL]
    + [(w, s, {"Birch"}) for s, w in WHEEL]
    + [("W", "A", set()), ("A", "W", set()), ("F", "E", set()), ("E", "F", set())]
    + [(k, k, set()) for k in TYPES],
)
def test_standing_enemy_clash_is_the_first_reading(
    stands: str, attacker: str, left: set[str]
) -> None:
    """`standing_enemy` "clash" (festival's first reading): the unit that stays and the unit
    targeting it clash by the wheel, as two units targeting one field."""
    done = _attack_standing(stands, attacker, "clash")
    assert _winner(done, "d4") == left and not done.last.clashes[0].taken


@pytest.mark.parametrize(
    ("reading", "after"), [("taken", {"d5": "E", "e5": "f"}), ("clash", {"e5": "f"})]
)
def test_the_e_and_f_picture(reading: str, after: dict[str, str]) -> None:
    """The picture under "E-, A- and W-units can target enemy units, which are reachable
    without jumping over other units": E, F, F in a row, then E on the first F's field with
    the second F still there; "E-, A- and W-units can't jump over obstacles and units.
    Protecting your units with other units is possible this way." Read with enemy F's
    ("taken"): the E takes the first f and survives, the second f is out of reach behind it.
    "clash": E and F are neutral, both are removed."""
    state = position({"c5": "E", "d5": "f", "e5": "f"}, standing_enemy=reading)
    assert "d5" in targets(state, "c5") and "e5" not in targets(state, "c5")
    assert pieces(turn(state, "c5-d5")) == after


def test_e_steps_onto_an_own_f_as_it_leaves_under_both_readings() -> None:
    """The same picture read with own F's (the first reading of it) stays legal: "Switching
    places of your own units allowed as far as the number of available moves and the movement
    patterns allow it." """
    for reading in READINGS:
        chain = position({"c2": "E", "d2": "F", "e2": "F"}, standing_enemy=reading)
        assert pieces(turn(chain, "c2-d2, d2-c4")) == {"d2": "E", "c4": "F", "e2": "F"}


# --- spawning ------------------------------------------------------------------------------

SPAWN = "Building any of these patterns with units of the same type in the enemy zone spawns"


@pytest.mark.parametrize(
    ("kind", "sides"),
    [
        ("F", ("c8", "e8", "d7")),  # the text's grid: F left, right and below the Source
        ("E", ("d9", "c8", "e8")),  # E above, left and right
        ("A", ("d9", "e8", "d7")),  # A above, right and below
        ("W", ("d9", "c8", "d7")),  # W above, left and below
    ],
)
@pytest.mark.parametrize("spawning", ["sides", "square"])
def test_three_units_on_three_sides_spawn_in_the_middle(
    kind: str, sides: tuple[str, ...], spawning: str
) -> None:
    """ "Building any of these patterns with units of the same type in the enemy zone spawns
    a unit of that type": `spawning` "sides" (the default) reads the grid before "If a unit
    spawns on the enemy source": three units of one type on three of the four orthogonal
    neighbours of the spawn field, in each orientation; "square" (the first reading) does not
    spawn there."""
    done = turn(position(dict.fromkeys(sides, kind), spawning=spawning))
    expected = ((cell("d8"), 0, kind),) if spawning == "sides" else ()
    assert done.last.spawned == expected


@pytest.mark.parametrize(
    ("spawning", "units", "move", "spawned"),
    [
        ("sides", {"c8": "F", "e8": "F", "c5": "F"}, "c5-d7", "d8"),
        ("square", {"c8": "F", "e8": "F", "c5": "F"}, "c5-d7", None),
        # the first reading: three on three corners of a square spawn on the fourth
        ("square", {"c8": "F", "d8": "F", "b6": "F"}, "b6-d7", "c7"),
        ("sides", {"c8": "F", "d8": "F", "b6": "F"}, "b6-d7", None),
    ],
)
def test_pattern_in_enemy_zone_spawns_a_unit_of_that_type(
    spawning: str, units: dict[str, str], move: str, spawned: str | None
) -> None:
    """ "Building any of these patterns with units of the same type in the enemy zone spawns
    a unit of that type": a pattern completed by a move spawns after it."""
    done = turn(position(units, spawning=spawning), move)
    assert done.last.spawned == (((cell(spawned), 0, "F"),) if spawned else ())


@pytest.mark.parametrize(
    ("spawning", "units", "move"),
    [
        ("sides", {"c5": "F", "e5": "F", "c2": "F"}, "c2-d4"),
        ("square", {"c5": "F", "d5": "F", "b3": "F"}, "b3-d4"),
    ],
)
def test_no_spawn_outside_the_enemy_zone(spawning: str, units: dict[str, str], move: str) -> None:
    """ "in the enemy zone": the same pattern in the neutral zone spawns nothing."""
    done = turn(position(units, spawning=spawning), move)
    assert not done.last.spawned


@pytest.mark.parametrize(
    ("spawning", "base", "move", "near"),
    [
        ("sides", {"c8": "F", "e8": "F", "c5": "F"}, "c5-d7", "c9"),
        ("square", {"c8": "F", "d8": "F", "b6": "F"}, "b6-d7", "b8"),
    ],
)
def test_spawn_blocked_by_an_enemy_unit_in_range(
    spawning: str, base: dict[str, str], move: str, near: str
) -> None:
    """ "Spawning only works if no enemy unit is in the spawn range. One can block an
    enemy's spawn." An enemy next to the spawn field stops it."""
    blocked = turn(position({**base, near: "e"}, spawning=spawning), move)
    assert not blocked.last.spawned
    far = turn(position({**base, "h5": "e"}, spawning=spawning), move)
    assert far.last.spawned


@pytest.mark.parametrize("spawning", ["sides", "square"])
def test_two_units_are_enough_in_the_corners(spawning: str) -> None:
    """ "In the corners of the board, two units of the same type are enough to spawn a new
    unit." Two W next to the corner a9 spawn a W on it (the text's grid: two E above and
    beside a Source in a corner); elsewhere two are not enough."""
    state = position({"b9": "W", "a7": "W"}, spawning=spawning)
    done = turn(state, "a7-a8")
    assert pieces(done).get("a9") == "W"
    elsewhere = turn(position({"d9": "W", "c7": "W"}, spawning=spawning), "c7-c8")
    assert not elsewhere.last.spawned


# --- the reading switches ---------------------------------------------------------------------


def test_a_duel_without_the_switches_keeps_the_first_readings() -> None:
    """A duel stored before issue 25 has neither `spawning` nor `standing_enemy` in its
    options (nor its state JSON in "setup"): it replays under the readings it was played
    under, "square" and "clash"; a new duel gets "sides" and "taken"."""
    old = GAME.setup({"board": GAME.variants()["standard"]["board"], "rules": RULES})
    assert (old.spawning, old.standing_enemy) == ("square", "clash")
    new = position({})
    assert (new.setup.spawning, new.setup.standing_enemy) == ("sides", "taken")
    data = GAME.state_to_json(new)
    assert data["setup"]["spawning"] == "sides"
    assert GAME.state_from_json(data) == new
    del data["setup"]["spawning"], data["setup"]["standing_enemy"]
    assert GAME.state_from_json(data).setup.spawning == "square"


def test_rules_with_one_list_of_patterns_use_it_under_any_reading() -> None:
    """The rules JSON of a duel stored before issue 25 has one list of spawn patterns (the
    squares): it is used whatever `spawning` says."""
    spawn = {**RULES["spawn"], "patterns": RULES["spawn"]["patterns"]["square"]}
    for spawning in ("sides", "square"):
        state = position({"c8": "F", "d8": "F", "d7": "F"}, spawning=spawning, spawn=spawn)
        assert turn(state).last.spawned == ((cell("c7"), 0, "F"),)


@pytest.mark.parametrize(
    ("switch", "value", "code"),
    [
        ("spawning", "plus", "elementarium.rules.spawn"),
        ("spawning", 3, "elementarium.option.spawning"),
        ("standing_enemy", "swap", "elementarium.option.standing_enemy"),
    ],
)
def test_a_bad_switch_is_named(switch: str, value: object, code: str) -> None:
    """`--option spawning=...` names a set of `spawn.patterns`; `standing_enemy` is "taken"
    or "clash"."""
    parsed = GAME.options("standard", {switch: value})
    assert parsed.value is None and code in [e.code for e in parsed.errors]
