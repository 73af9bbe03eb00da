"""Every rule sentence of Elemental Halma as a named test (the Elemental Halma rule text,
summarised in docs/rules/elemental-halma.md; the board is the reconstruction in
fixtures/halma/board.txt, docs/rulings.md "Elemental Halma: the board")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from events.halma.board import Colour
from events.halma.state import Options
from tests.support.halma_kit import (
    FOUR,
    GAME,
    TWO,
    act,
    at,
    codes,
    new_state,
    position,
    winners,
)


def test_sides_are_water_and_air_against_earth_and_fire() -> None:
    """ "The sides are WATER AND AIR versus EARTH AND FIRE." """
    assert {c for c in Colour if c.side == 0} == {Colour.EARTH, Colour.FIRE}
    assert {c for c in Colour if c.side == 1} == {Colour.WATER, Colour.AIR}


def test_nine_elementals_of_each_colour_start_on_their_own_plane() -> None:
    """ "There are nine playing pieces of each color ... Each color of elementals starts on
    their own 3x3 ELEMENTAL PLANE ... Water (blue) starts at A, Fire (red) starts at B, Earth
    (green) starts at C and Air (white) starts at D." """
    state = new_state()
    board = state.board
    for colour in Colour:
        on = [i for i, p in enumerate(state.cells) if p == colour]
        assert len(on) == 9
        assert all(board.plane[i] == colour for i in on)
    assert (at(state, "A9"), at(state, "B1"), at(state, "K11"), at(state, "I1")) == (
        "W", "F", "E", "A",
    )  # fmt: skip


def test_the_board_has_eight_points_of_power_one_material_plane_and_mostly_void() -> None:
    """ "THE VOID labeled E and constituting most squares. POINTS OF POWER labeled F and 8 in
    total. THE MATERIAL PLANE labeled G, a single large square." """
    board = new_state().board
    assert len(board.power_squares()) == 8
    void = [
        i for i in range(board.n_squares)
        if not board.power[i] and not board.plane[i] and i != board.material
    ]  # fmt: skip
    assert len(void) > board.n_squares / 2
    assert len(board.material_cells) == 9 and board.name(board.material) == "M"


def test_two_players_fire_and_earth_moves_first_then_water_and_air() -> None:
    """ "Player one controls Fire and Earth and moves first, player two controls Water and Air
    and moves second." """
    state = new_state()
    assert GAME.to_act(state) == ("Ash",) and set(state.colours) == {Colour.FIRE, Colour.EARTH}
    assert codes(state, "I3-H4") == {"halma.move.colour"}  # Air is Birch's
    state = act(state, "C3-D4, confirm")
    assert GAME.to_act(state) == ("Birch",)
    assert set(state.colours) == {Colour.WATER, Colour.AIR}


def test_a_turn_moves_one_elemental_of_either_colour_one_square() -> None:
    """ "During each player's turn they must choose one elemental they control (of either
    color) and move it one square." """
    state = new_state()
    assert codes(state, "confirm") == {"halma.confirm.move"}
    moved = act(state, "I9 UL")  # Earth, Ash's other colour
    assert at(moved, "H8") == "E"
    assert codes(moved, "C3-D4") == {"halma.move.again"}


def test_first_two_moves_of_each_player_use_different_colours() -> None:
    """ "The first two moves by each player must move elementals of different colors"."""
    state = act(new_state(), "C3-D4, confirm, C9-D8, confirm")
    assert codes(state, "D4-E5") == {"halma.move.first-two"}
    state = act(state, "I9-H8, confirm")
    assert codes(state, "D8-E7") == {"halma.move.first-two"}  # Birch moved Water first
    assert codes(state, "C10-D9") == {"halma.move.first-two"}
    assert codes(state, "I3-H4") == set()


def test_after_four_turns_there_is_no_colour_restriction() -> None:
    """ "After four turns there is no restriction as each element/color has been moved." """
    state = act(new_state(), "C3-D4, confirm, C9-D8, confirm, I9-H8, confirm, I3-H4, confirm")
    assert codes(state, "D4-E5") == set() and codes(state, "H8-G7") == set()


def test_four_players_fire_air_earth_water_one_colour_each() -> None:
    """ "Play goes in order of Fire (player one), Air (player two), Earth (player three), Water
    (player four) ... they must choose one elemental of the color they control"."""
    state = new_state(FOUR)
    order = []
    for text in ("C3-D4", "I3-H4", "I9-H8", "C9-D8"):
        order.append((state.player, state.colours))
        state = act(state, text + ", confirm")
    assert order == [
        ("Ash", (Colour.FIRE,)), ("Birch", (Colour.AIR,)),
        ("Cedar", (Colour.EARTH,)), ("Dune", (Colour.WATER,)),
    ]  # fmt: skip
    assert codes(state, "I10-H9") == {"halma.move.colour"}  # Earth is Cedar's


def test_teams_are_players_one_and_three_against_two_and_four() -> None:
    """ "Players one and three cooperate, as do players two and four"."""
    state = new_state(FOUR)
    assert GAME.allies(state, "Ash") == ("Ash", "Cedar")
    assert GAME.allies(state, "Dune") == ("Birch", "Dune")
    done = GAME.apply(state, "Ash", GAME.parse_actions("resign").value[0])  # type: ignore[index]
    assert done.outcome is not None and done.outcome.team == ("Birch", "Dune")
    assert done.outcome.won_by("Dune") and not done.outcome.won_by("Cedar")


@pytest.mark.parametrize("direction", ["U", "D", "L", "R", "UL", "UR", "DL", "DR"])
def test_elementals_move_one_square_in_eight_directions(direction: str) -> None:
    """ "Elementals move one square horizontally, vertically or diagonally." """
    state = position({"J8": "F", "H9": "E", "C7": "W", "I6": "A"})
    assert codes(state, f"J8 {direction}") == set()


def test_no_move_of_two_squares() -> None:
    """ "Elementals move one square"."""
    state = position({"J8": "F", "H9": "E", "C7": "W", "I6": "A"})
    assert codes(state, "J8-J6") == {"halma.move.far"}


def test_no_move_onto_an_occupied_square_unless_capturing() -> None:
    """ "An elemental may not move onto a square occupied by another elemental unless it is
    capturing it." """
    state = position({"C5": "F", "C4": "E", "H9": "E", "C7": "W", "I6": "A", "D5": "W"})
    assert codes(state, "C5-C4") == {"halma.move.occupied"}  # own side
    assert codes(state, "C5-D5") == {"halma.capture.type"}  # Fire does not capture Water


@pytest.mark.parametrize(("hunter", "prey"), [("W", "F"), ("F", "A"), ("A", "E"), ("E", "W")])
def test_capture_cycle(hunter: str, prey: str) -> None:
    """ "Water captures Fire / Fire captures Air / Air captures Earth / Earth captures Water" and
    "Captured elementals are removed from play." """
    side = Colour.from_letter(hunter)
    assert side is not None
    pieces = {"C5": hunter, "C4": prey, "C7": "W", "I6": "A", "H9": "E", "B7": "F"}
    state = position(pieces, to_move=side.side)
    after = act(state, "C5-C4")
    assert at(after, "C4") == hunter and at(after, "C5") == ""
    assert sum(1 for p in after.cells if p) == sum(1 for p in state.cells if p) - 1


@pytest.mark.parametrize(
    ("hunter", "other"), [("W", "A"), ("W", "E"), ("F", "W"), ("F", "E"), ("E", "A")]
)
def test_each_element_captures_only_one_other_type(hunter: str, other: str) -> None:
    """ "each element may only capture one other type of element"."""
    side = Colour.from_letter(hunter)
    assert side is not None
    pieces = {"C5": hunter, "C4": other, "C7": "W", "I6": "A", "H9": "E", "B7": "F"}
    state = position(pieces, to_move=side.side)
    assert codes(state, "C5-C4") & {"halma.capture.type", "halma.move.occupied"}


def test_no_capture_on_a_point_of_power() -> None:
    """ "Elementals on points of power may not be captured." """
    state = position({"E4": "W", "F4": "F", "C7": "W", "I6": "A", "H9": "E", "B7": "F"}, to_move=1)
    assert codes(state, "E4-F4") == {"halma.capture.power"}


def test_no_capture_on_the_own_plane_but_on_another_plane() -> None:
    """ "Elementals on their own elemental plane can not be captured (e.g. Air elementals can
    not be captured on the Air elemental plane, but can be captured on the Fire, Earth or
    Water elemental planes)." """
    pieces = {"H3": "F", "I3": "A", "D2": "F", "C2": "A", "C7": "W", "H9": "E", "E6": "A"}
    state = position(pieces)
    assert codes(state, "H3-I3") == {"halma.capture.own-plane"}
    after = act(state, "D2-C2")  # Air on Fire's plane is captured
    assert at(after, "C2") == "F"


def test_material_plane_leaves_to_any_adjacent_square_including_to_capture() -> None:
    """ "An elemental on the material plane may move to any square adjacent to the material
    plane, including to capture." """
    pieces = {"M": "F", "D4": "A", "C7": "W", "I6": "A", "H9": "E", "B7": "F"}
    state = position(pieces)
    board = state.board
    ring = board.neighbours[board.material]
    assert len(ring) == 16
    for square in ring:
        name = board.name(square)
        allowed = codes(state, f"M-{name}")
        assert allowed == set() or (name == "D4" and allowed == set()), (name, allowed)
    assert at(act(state, "M-D4"), "D4") == "F"  # captures the Air there
    assert codes(state, "M-C4") == {"halma.move.far"}


def test_material_plane_elemental_is_captured_by_any_adjacent_elemental() -> None:
    """ "However, itself may be captured by an adjacent elemental of the appropriate type." """
    pieces = {"M": "F", "D4": "W", "C7": "W", "I6": "A", "H9": "E", "B7": "F"}
    state = position(pieces, to_move=1)
    after = act(state, "D4-M")
    assert at(after, "M") == "W" and at(after, "D4") == ""


def test_only_one_elemental_on_the_material_plane() -> None:
    """ "Despite this space's size, only one elemental may be on the material plane." """
    pieces = {"M": "F", "D4": "E", "C7": "W", "I6": "A", "H9": "E", "B7": "F"}
    state = position(pieces)
    assert codes(state, "D4-M") == {"halma.move.occupied"}
    assert codes(state, "D4-E5") == {"halma.move.occupied"}  # E5 is a cell of the plane


def test_a_move_leaving_its_colour_uncapturable_is_illegal_after_four_turns() -> None:
    """ "After the first four turns ... at least one of each color of elemental must be able to
    be captured (located on either the void, the material plane, or a different elemental
    plane than their own)." """
    pieces = {"D4": "F", "B2": "F", "C7": "W", "I6": "A", "H9": "E", "I10": "E"}
    state = position(pieces)
    assert codes(state, "D4-C3") == {"halma.move.capturable"}  # back on Fire's plane
    assert codes(state, "D4-E5") == set()  # the material plane: capturable
    assert codes(state, "H9-I10") == {"halma.move.occupied"}
    assert codes(state, "D4-D3") == set()  # still in the void


def test_a_move_onto_a_point_of_power_counts_as_uncapturable() -> None:
    """Pieces that cannot be captured are "those already captured, those on their matching
    elemental plane, and those on points of power"."""
    pieces = {"F5": "F", "B2": "F", "C7": "W", "I6": "A", "H9": "E"}
    state = position(pieces)
    assert codes(state, "F5-F4") == {"halma.move.capturable"}


RULE_3_FROM = [
    # (capturable, moves made before this one, the codes of F5-F4)
    ("after-four-turns", 0, set()),
    ("after-four-turns", 1, set()),
    ("after-four-turns", 3, set()),  # the fourth turn is one of the first four
    ("after-four-turns", 4, {"halma.move.capturable"}),  # the fifth: after them
    ("after-four-turns", 20, {"halma.move.capturable"}),
    ("every-move", 0, {"halma.move.capturable"}),
    ("every-move", 3, {"halma.move.capturable"}),
    ("every-move", 4, {"halma.move.capturable"}),
]


@pytest.mark.parametrize(("capturable", "moves", "expected"), RULE_3_FROM)
@pytest.mark.parametrize("players", [TWO, FOUR], ids=["2p", "4p"])
def test_rule_3_restricts_moves_after_the_first_four_turns(
    players: tuple[str, ...], capturable: str, moves: int, expected: set[str]
) -> None:
    """ "After the first four turns (two moves from each player in a two player game, or one
    move from each player in a four player game), at least one of each color of elemental
    must be able to be captured". Ruling "Capturability": the first four moves are free
    (capturable=after-four-turns, the default); capturable=every-move checks every move.
    Fire's only elemental outside its plane steps onto a point of power."""
    pieces = {"F5": "F", "B2": "F", "C7": "W", "I6": "A", "H9": "E"}
    state = position(pieces, players, moves=moves, capturable=capturable)
    assert codes(state, "F5-F4") == expected


NEAR_POWER = [
    # the shipped board with two points of power moved next to a plane: F4 to D4 (beside
    # Fire's C3), F8 to H4 (beside Air's I3); still 8 points of power
    "BBBEEFEEDDD", "BBBEEEEEDDD", "BBBEEEEEDDD", "EEEFEEEFEEE", "EEEEGGGEEEE",
    "FEEFGGGFEEF", "EEEEGGGEEEE", "EEEEEEEEEEE", "AAAEEEEECCC", "AAAEEEEECCC",
    "AAAEEFEECCC",
]  # fmt: skip
OPENINGS = {
    # Fire's first move onto D4; the other colours into the void
    TWO: "C3-D4, confirm, C9-D8, confirm, I9-H8, confirm, I3-I4, confirm",
    FOUR: "C3-D4, confirm, I3-I4, confirm, I9-H8, confirm, C9-D8, confirm",
}


@pytest.mark.parametrize("players", [TWO, FOUR], ids=["2p", "4p"])
def test_a_free_opening_move_that_leaves_a_colour_uncapturable_loses_after_four_turns(
    players: tuple[str, ...],
) -> None:
    """ "If all of one element has no elementals that can be captured after the first four
    turns, the side that controls that element loses". With capturable=after-four-turns the
    first move may put Fire's elemental on a point of power (on a board where one touches
    Fire's plane); the position after the fourth turn is judged and Earth/Fire loses. With
    every-move that first move is refused."""
    start = new_state(players, board=NEAR_POWER)
    assert codes(new_state(players, board=NEAR_POWER, capturable="every-move"), "C3-D4") == {
        "halma.move.capturable"
    }
    moves = OPENINGS[players].split(", confirm, ")
    three = act(start, ", confirm, ".join(moves[:3]) + ", confirm")
    assert three.outcome is None and three.moves == 3
    after = act(three, moves[3])
    assert after.outcome is not None and after.outcome.reason == "uncapturable"
    assert after.outcome.winner == winners(players, 1) and "Fire" in after.outcome.detail


BOTH_AT_ONCE = [
    # (both_uncapturable, the side that wins: the fourth mover is Water/Air's)
    ("mover-wins", 1),
    ("mover-loses", 0),
]


@pytest.mark.parametrize(("both", "side"), BOTH_AT_ONCE)
@pytest.mark.parametrize("players", [TWO, FOUR], ids=["2p", "4p"])
def test_both_sides_uncapturable_at_once(players: tuple[str, ...], both: str, side: int) -> None:
    """ "If all of one element has no elementals that can be captured after the first four
    turns, the side that controls that element loses unless conditions (1) or (2) above were
    met." Ruling "When a move is judged": when an element of each side is uncapturable at
    once, the side that moved wins (both_uncapturable=mover-wins, the default) or loses
    (mover-loses). Reachable only through the free opening moves: Fire onto D4 and Air onto
    H4, then the fourth move (Water/Air's) ends the first four turns."""
    opening = {
        TWO: "C3-D4, confirm, C9-D8, confirm, I9-H8, confirm, I3-H4, confirm",
        FOUR: "C3-D4, confirm, I3-H4, confirm, I9-H8, confirm, C9-D8, confirm",
    }[players]
    after = act(new_state(players, board=NEAR_POWER, both_uncapturable=both), opening)
    assert after.outcome is not None and after.outcome.reason == "uncapturable"
    assert "Fire and Air" in after.outcome.detail and "both sides at once" in after.outcome.detail
    assert after.outcome.winner == winners(players, side)


@pytest.mark.parametrize("capturable", ["after-four-turns", "every-move"])
@pytest.mark.parametrize("players", [TWO, FOUR], ids=["2p", "4p"])
def test_first_move_of_each_colour_lands_in_the_void_on_the_shipped_board(
    players: tuple[str, ...], capturable: str
) -> None:
    """Ruling "Capturability": each colour moves once in the first four turns; on the shipped
    board no plane touches a point of power, so that move leaves the colour capturable and
    both readings of "After the first four turns" play the same."""
    state = new_state(players, capturable=capturable)
    assert codes(state, "C3-C4") == set()
    assert codes(state, "B2-C3") == {"halma.move.occupied"}
    state = act(state, "C3-D4, confirm")
    assert codes(state, "I3-J4" if len(players) == 4 else "C9-D8") == set()


def test_stored_duels_without_the_new_options_keep_the_old_readings() -> None:
    """A duel stored before the options `capturable` and `both_uncapturable` existed replays
    as it was played: their absence means every-move and mover-loses; a new duel records
    after-four-turns and mover-wins; other values are refused."""
    options = GAME.options("standard", {}).value
    assert options is not None
    assert (options["capturable"], options["both_uncapturable"]) == (
        "after-four-turns",
        "mover-wins",
    )
    old = {k: v for k, v in options.items() if k not in ("capturable", "both_uncapturable")}
    assert GAME.check_options(old) == []
    stored = Options.from_json(old)
    assert (stored.capturable, stored.both_uncapturable) == ("every-move", "mover-loses")
    assert dict(GAME.variants()["every-move"]) == options | {
        "capturable": "every-move",
        "both_uncapturable": "mover-loses",
    }
    bad = GAME.options("standard", {"capturable": "never", "both_uncapturable": "draw"})
    assert {e.code for e in bad.errors} == {
        "halma.option.capturable",
        "halma.option.both_uncapturable",
    }


def test_win_by_all_eight_points_of_power() -> None:
    """ "If one side has elementals on all eight points of power, that side wins. Elementals can
    be of mixed type from the same side"."""
    points = ["F1", "A6", "D6", "H6", "K6", "F4", "F8"]
    pieces = dict.fromkeys(points[:4], "E") | dict.fromkeys(points[4:], "F")
    pieces |= {"F10": "F", "E3": "E", "C7": "W", "I6": "A"}
    state = act(position(pieces), "F10-F11, confirm")
    assert state.outcome is not None and state.outcome.reason == "power"
    assert state.outcome.winner == "Ash"


def test_all_of_one_element_eliminated_loses() -> None:
    """ "If all of one element is eliminated, that side loses (e.g. if all of Water is
    eliminated, Earth/Fire wins)." """
    pieces = {"D4": "E", "D5": "W", "B7": "F", "I6": "A", "H9": "E", "C7": "A"}
    state = act(position(pieces), "D4-D5, confirm")
    assert state.outcome is not None and state.outcome.reason == "eliminated"
    assert state.outcome.winner == "Ash"


def test_no_capturable_element_loses_after_four_turns() -> None:
    """ "If all of one element has no elementals that can be captured after the first four
    turns, the side that controls that element loses"."""
    pieces = {"D4": "E", "D5": "W", "A9": "W", "B7": "F", "I6": "A", "H9": "E"}
    state = act(position(pieces), "D4-D5, confirm")
    assert state.outcome is not None and state.outcome.reason == "uncapturable"
    assert state.outcome.winner == "Ash" and "Water" in state.outcome.detail


def test_no_element_loses_for_uncapturability_during_the_first_four_turns() -> None:
    """ "after the first four turns": before they end, colours not yet moved stay on their
    planes and nobody loses."""
    state = act(new_state(), "C3-D4, confirm, C9-D8, confirm, I9-H8, confirm")
    assert state.outcome is None
    state = act(state, "I3-H4, confirm")
    assert state.outcome is None and state.moves == 4


def test_undo_before_confirm_only() -> None:
    """The host may take back a move until it is confirmed."""
    state = new_state()
    move = GAME.parse_actions("C3-D4").value[0]  # type: ignore[index]
    assert GAME.undo_refusal(state, move) is None
    confirm = GAME.parse_actions("confirm").value[0]  # type: ignore[index]
    assert GAME.undo_refusal(act(state, "C3-D4"), confirm) == "the turn is confirmed"


def test_a_player_without_a_legal_move_passes_or_loses_by_option() -> None:
    """Ruling "no legal move": the turn passes to the next player (default) or, with
    no_move=lose, that player's side loses.

    Built with Air's only elemental on A1 (Fire's plane corner) boxed in by Fire on A2, B1,
    B2 (on their own plane, and not Air's prey)."""
    pieces = {"A1": "A", "A2": "F", "B1": "F", "B2": "F", "C7": "F", "H9": "E", "I6": "W"}
    state = position(pieces, FOUR, to_move=0)
    passed = act(state, "C7-C6, confirm")
    assert passed.outcome is None and passed.player == "Cedar"  # Birch (Air) passes
    strict = replace(state, options=replace(state.options, no_move="lose"))
    lost = act(strict, "C7-C6, confirm")
    assert lost.outcome is not None and lost.outcome.reason == "no-move"
    assert lost.outcome.team == ("Ash", "Cedar")


def test_players_are_two_or_four() -> None:
    assert GAME.player_counts == (2, 4)
    with pytest.raises(ValueError):
        GAME.initial_state(("A", "B", "C"), GAME.options("standard", {}).value or {}, None)  # type: ignore[arg-type]
    assert new_state(TWO).players == TWO


def test_views_show_everything_there_is_no_hidden_information() -> None:
    """Elemental Halma has no secrets: every player's view and the public view are the host's
    state plus the board as text."""
    state = act(new_state(FOUR), "C3-D4")
    public = GAME.public_view(state)
    assert {k: v for k, v in public.items() if k != "rows"} == GAME.host_view(state)
    assert all(GAME.player_view(state, p) == public for p in FOUR)
    assert public["pending"] == {"from": "C3", "to": "D4", "captured": None}
