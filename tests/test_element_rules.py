"""Element's rules, one test per sentence of the Element rule text (the sentence in each
docstring), in the three variants where they differ."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from events.duel import take
from events.element.actions import Draw
from events.element.board import Stone
from events.element.state import ElementState, TurnProgress
from events.element.variant import VARIANTS
from tests.support.element_kit import (
    GAME,
    PLAYERS,
    act,
    at,
    errors,
    new_state,
    one,
    sage,
    state_from,
)

EMPTY_MID = """
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . 1 . . . . .
. . . . . . . . . . .
. . . . . 2 . . . . .
"""


def new(variant: str = "summary") -> ElementState:
    return new_state(variant)


# --- the board and the start --------------------------------------------------------------


def test_the_board_starts_empty_with_sages_on_f5_and_f7() -> None:
    """ "The board starts out empty except for the two players on F5 and F7." (11x11)"""
    state = new()
    view = GAME.public_view(state)
    assert len(view["squares"]) == 121 and all(c["stone"] is None for c in view["squares"].values())
    assert view["sages"] == {"Ash": "F5", "Birch": "F7"}
    assert view["to_move"] == "Ash"


def test_the_host_picks_who_starts() -> None:
    """ "Pengu, as the DMO will decide who starts. After that, turns alternate." The first
    player given starts."""
    state = GAME.initial_state(
        ("Birch", "Ash"), VARIANTS["summary"].to_json(), np.random.default_rng(0)
    )
    assert GAME.to_act(state) == ("Birch",)


def test_no_private_information_views_are_equal() -> None:
    """ "This game has no private information": public, player and host views agree."""
    state = new()
    assert GAME.public_view(state) == GAME.player_view(state, "Ash") == GAME.host_view(state)


# --- the draw -----------------------------------------------------------------------------


@pytest.mark.parametrize("count", range(5))
def test_take_zero_to_four_gives_five_minus_moves(count: int) -> None:
    """ "Draw a number of elements from 0 to 4" ... "You must move 5 - (drawn stones) spaces"."""
    state, steps, problems = take(GAME, new(), "Ash", [Draw(count)], seed=5, first_index=0)
    assert not problems
    drawn = steps[0].action
    assert isinstance(drawn, Draw) and drawn.stones is not None and len(drawn.stones) == count
    assert state.turn.moves_left == 5 - count and state.turn.hand == drawn.stones


def test_take_five_is_refused() -> None:
    """ "Draw a number of elements from 0 to 4"."""
    assert GAME.check(new(), "Ash", Draw(5))[0].code == "element.draw.count"
    assert not GAME.parse_actions("take 5").ok


def test_each_element_equally_likely_with_repeats() -> None:
    """ "Each element is randomly picked from Fire, Water, Earth and Air. The chosen elements
    aren't guaranteed to be distinct, there can be repeats." 4000 draws of 4 with one seed:
    each element near a quarter, and repeats within a draw occur."""
    counts: Counter[Stone] = Counter()
    repeats = 0
    state = new()
    for i in range(4000):
        drawn = GAME.resolve_chance(state, "Ash", Draw(4), np.random.default_rng([9, i]))
        assert isinstance(drawn, Draw) and drawn.stones is not None
        counts.update(drawn.stones)
        repeats += len(set(drawn.stones)) < 4
    assert set(counts) == set(Stone)
    assert all(abs(n / 16000 - 0.25) < 0.02 for n in counts.values())
    assert repeats > 3000


def test_the_same_seed_draws_the_same_stones() -> None:
    """Randomness is a seeded generator, recorded: the same duel seed and action index give
    the same draw."""
    a = take(GAME, new(), "Ash", [Draw(4)], seed=11, first_index=3)[1][0].action
    b = take(GAME, new(), "Ash", [Draw(4)], seed=11, first_index=3)[1][0].action
    assert a == b


def test_stones_drawn_elsewhere_are_recorded_as_given() -> None:
    """The host may enter the stones a dice bot already drew ("Digory will return the queried
    amount of elements")."""
    state = act(new(), "take 3 FFA")
    assert state.turn.hand == (Stone.FIRE, Stone.FIRE, Stone.AIR)


def test_players_state_the_draw_before_anything_else() -> None:
    """ "Players must state how many stones they will draw before drawing any." No move first."""
    assert errors(new(), "UR")[0].code == "element.draw.first"


def test_only_one_draw_per_turn() -> None:
    state = act(new(), "take 1 F")
    assert errors(state, "take 1")[0].code == "element.draw.again"


# --- moving -------------------------------------------------------------------------------

SQUEEZE = """
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . F . . . . .
. . . . . 1 W . . . .
. . . . . . . . . . .
. . . . . 2 . . . . .
"""


def test_sages_move_to_any_touching_empty_space() -> None:
    """ "Sages can move to any touching space. Sages can move diagonally and can move to
    previously visited spaces." """
    state = state_from(EMPTY_MID)
    for d, square in (("U", "F4"), ("DL", "E6"), ("R", "G5"), ("UL", "E4")):
        assert sage(act(state, d)) == square
    assert sage(act(state, "U", "D")) == "F5"


def test_moves_by_target_square() -> None:
    """ "For trivial moves you can just specify the coordinate you move to." """
    assert sage(act(state_from(EMPTY_MID), "G6")) == "G6"
    assert errors(state_from(EMPTY_MID), "H5")[0].code == "element.move.far"


def test_no_move_onto_an_element_or_the_other_sage() -> None:
    """ "You can only move to empty spaces, you may not move to a space occupied by an element
    or an opponent's sage." """
    state = state_from(SQUEEZE)
    assert errors(state, "U")[0].code == "element.move.stone"
    assert errors(state, "R")[0].code == "element.move.stone"
    near = state_from(EMPTY_MID.replace(". . . . . 1 . . . . .", ". . . . . . . . . . .").replace(
        ". . . . . . . . . . .\n. . . . . 2", ". . . . . 1 . . . . .\n. . . . . 2"))  # fmt: skip
    assert errors(near, "D")[0].code == "element.move.sage"


def test_squeeze_between_two_diagonal_stones() -> None:
    """ "You can "squeeze" in between two stones; if there is a stone directly above and
    another directly to the right, you may still move up-right as long as it's empty." """
    assert sage(act(state_from(SQUEEZE), "UR")) == "G4"


def test_no_move_off_the_board() -> None:
    corner = state_from("1\n. . 2")
    assert errors(corner, "U")[0].code == "element.move.off-board"


def test_no_more_moves_than_owed() -> None:
    state = state_from(EMPTY_MID, hand="FFF", moves_left=1)
    after = act(state, "R")
    assert errors(after, "R")[0].code == "element.move.none"


# --- placing and replacement ----------------------------------------------------------------

REPLACE = """
F . W . E . A . E2
. . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . 1 . . . . .
. . . . . . . . . . .
. . . . . 2 . . . . .
"""


@pytest.mark.parametrize(
    ("text", "square", "result"),
    [
        ("F G1", "G1", "F"),  # "Fire Stones Replace Wind Stones"
        ("A E1", "E1", "A"),  # "Wind Stones Replace Earth Stones"
        ("E C1", "C1", "E"),  # "Earth Stones Replace Water Stones"
        ("W A1", "A1", "W"),  # "Water Stones Replace Fire Stones"
    ],
)
def test_rule_of_replacement(text: str, square: str, result: str) -> None:
    """ "An element can be placed on an empty space or on the element that is weak to the one
    placed. If an element was placed on top of a weak element, the latter is removed." """
    assert at(act(state_from(REPLACE), text), square) == result


@pytest.mark.parametrize(
    "text",
    ["F C1", "F E1", "F A1", "W C1", "W G1", "W E1", "E A1", "E G1", "A A1", "A C1"],
)
def test_no_placement_on_a_stone_it_does_not_beat(text: str) -> None:
    """ "Stones cannot be placed on top of other stones, unless they satisfy the rule of
    replacement." """
    assert errors(state_from(REPLACE), text)[0].code == "element.place.occupied"


def test_no_placement_under_a_sage() -> None:
    """A stone is never placed on a sage ("An element can be placed on an empty space")."""
    assert errors(state_from(REPLACE), "F F5")[0].code == "element.place.sage"


def test_replace_on_one_square_several_times_in_a_turn() -> None:
    """ "You can replace the stones on a square multiple times. (i.e, a square with a Fire Stone,
    can be replaced with a Water stone, and the replaced with an earth stone, in the same
    turn.)" """
    after = act(state_from(REPLACE, hand="WE"), "W A1", "E A1")
    assert at(after, "A1") == "E"


def test_mountains_can_not_be_replaced_by_air() -> None:
    """ "Mountains can not be replaced by Air" (nor any earth of its range)."""
    state = state_from(REPLACE)
    assert errors(state, "A I1")[0].code == "element.place.range"
    ranged = state_from(REPLACE.replace("F . W . E . A . E2", "F . W . E . A . E2 E"))
    assert errors(ranged, "A J1")[0].code == "element.place.range"


def test_earth_on_a_lone_earth_makes_a_mountain_not_higher() -> None:
    """ "An earth stone can be placed on top of a lone earth stone to create a mountain." A
    mountain is two stones high."""
    state = act(state_from(REPLACE), "E E1")
    assert at(state, "E1") == "E2"
    assert errors(state_from(REPLACE), "E I1")[0].code == "element.place.mountain"


def test_air_stacks_up_to_four() -> None:
    """ "An air stone can be placed on top of another air stone or stack creating an air stack
    of at most 4 stones." """
    state = act(state_from(REPLACE, hand="AAA"), "A G1", "A G1", "A G1")
    assert at(state, "G1") == "A4"
    more = state_from(REPLACE.replace("F . W . E . A . E2", "F . W . E . A4 . E2"))
    assert errors(more, "A G1")[0].code == "element.place.air-full"


def test_stones_in_hand_only() -> None:
    assert errors(state_from(REPLACE, hand="F"), "W A3")[0].code == "element.place.hand"


# --- fire details (Grand Final text) ------------------------------------------------------


def test_fire_does_nothing_on_water_earth_or_a_sage() -> None:
    """Grand Final: "If the space contains a Earth or Water Stone or a sage, nothing happens." """
    text = """
. . . . . . . . . . .
. W F . F E . . . . .
. . . . . . . . . . .
. . . . F . . . . . .
. . . . 1 . . . . . .
. . . . . . . . . . .
. . . . . 2 . . . . .
"""
    after = act(state_from(text), "F D2")
    assert (at(after, "B2"), at(after, "F2"), at(after, "E5")) == ("W", "E", "1")
    assert at(after, "D3") == "."


def test_fire_spreads_one_stone_to_each_line_over_wind() -> None:
    """ "If a fire stone is placed next to multiple fire lines, multiple bonus fires are placed,
    one at the end of each line." "These bonus fires can only be placed on top of empty spaces
    or air stones" (the whole stack)."""
    text = """
. . . . . . . . . . .
. A3 F . F A . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . 1 . . . . .
. . . . . . . . . . .
. . . . . 2 . . . . .
"""
    after = act(state_from(text), "F D2")
    assert (at(after, "B2"), at(after, "F2")) == ("F", "F")


# --- rides: each stack once per turn --------------------------------------------------------

RIDE = """
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . 1 A . . . .
. . . . . . . . . . .
. . . . . . . . . . 2
"""


def test_ride_is_a_free_action() -> None:
    """ "Jumping is a free action, and doesn't take up an allocated move." """
    state = state_from(RIDE, moves_left=3)
    after = act(state, "ride R")
    assert sage(after) == "H5" and after.turn.moves_left == 3


def test_a_stack_is_ridden_once_per_turn_a_new_stack_again() -> None:
    """ "Placing additional wind stones on the same stack counts as the same stack, but removing
    all wind stones of a stack and putting new ones on the same square counts as different
    stack." """
    state = act(state_from(RIDE, hand="AFWEA", moves_left=5), "ride R", "DL", "L", "U")
    assert sage(state) == "F5"
    assert errors(state, "ride R")[0].code == "element.ride.used"
    stacked = act(state, "A G5")
    assert errors(stacked, "ride R")[0].code == "element.ride.used"
    renewed = act(stacked, "F G5", "W G5", "E G5", "A G5")  # around the cycle to air again
    assert sage(act(renewed, "ride R")) == "H5"


def test_ride_must_touch_the_whirlwind() -> None:
    assert errors(state_from(RIDE), "ride L")[0].code == "element.ride.none"
    assert errors(state_from(RIDE), "ride J5")[0].code == "element.ride.via"


# --- turns, confirming and the end (the variants) -------------------------------------------


def test_exactly_five_minus_drawn_moves_in_summary() -> None:
    """Summary: "You must move 5 - (drawn stones) spaces." A turn with moves left is not
    confirmed while a move is possible."""
    state = state_from(EMPTY_MID, hand="", moves_left=2)
    assert errors(state, "confirm")[0].code == "element.confirm.moves"
    assert not errors(act(state, "R", "L"), "confirm")


def test_up_to_five_minus_drawn_moves_in_grand_final() -> None:
    """Grand Final: "You can choose to not move any of your allocated spaces if you so wish,
    but unused movement isn't carried to your next turn." """
    state = state_from(EMPTY_MID, variant="grand-final", hand="", moves_left=2)
    after = act(state, "confirm")
    assert after.player == "Birch" and after.turn.drawn is None


def test_every_drawn_stone_must_be_placed() -> None:
    """ "Every stone drawn must be placed on the board, as long as there is a valid move." """
    for variant in VARIANTS:
        state = state_from(EMPTY_MID, variant=variant, hand="F", moves_left=0)
        assert errors(state, "confirm")[0].code == "element.confirm.stones"


TRAP = """
. . . . . . . . . . .
. . . . . . . . . . .
. . . . F F F . . . .
. . . . F 1 F . . . .
. . . . F . F . . . .
. . . . . . . . . . .
. . . . . . . . . . 2
"""


def test_grand_final_trapped_at_the_start_of_the_turn() -> None:
    """Grand Final: "You win the game if at the start of your opponent next turn, there is
    nowhere their sage can move." Summary: "The game ends when a player has no empty spaces
    next to them at the start of their turn and that player loses." """
    for variant in ("grand-final", "summary"):
        state = state_from(TRAP, variant=variant, hand="E", moves_left=0, to_move=1)
        state = act(state, "E F5")
        assert state.outcome is None  # trapped in the middle of the other's turn: goes on
        over = act(state, "confirm")
        assert over.outcome is not None and over.outcome.winner == "Birch"
        assert over.outcome.reason == "trapped" and GAME.to_act(over) == ()


def test_dm5_ends_after_the_action_that_traps() -> None:
    """DM5: "The game ends after an action (place a stone or make a move), in which a sage
    runs out of movement options ... The opponent of the blocked sage wins the game." """
    state = state_from(TRAP, variant="dm5", hand="EE", moves_left=0, to_move=1)
    over = act(state, "E F5")
    assert over.outcome is not None and over.outcome.winner == "Birch"
    assert errors(over, "E A1")[0].code == "element.over"


def test_dm5_both_blocked_the_player_not_having_the_turn_wins() -> None:
    """DM5: "In case both sages end up blocked, the player that doesn't have the turn wins."

    Birch (to move) sits in the corner K11 walled in by earth; placing earth on F5 traps Ash
    as well: both are blocked and Ash, who does not have the turn, wins."""
    lines = TRAP.strip("\n").splitlines()
    text = (
        "\n".join(lines[:5])
        + "\n"
        + "\n".join(
            [". . . . . . . . . . ."] * 4 + [". . . . . . . . . E E", ". . . . . . . . . E 2"]
        )
    )
    state = state_from(text, variant="dm5", hand="E", moves_left=0, to_move=1)
    over = act(state, "E F5")
    assert over.outcome is not None
    assert over.outcome.reason == "both-trapped" and over.outcome.winner == "Ash"


def test_cannot_complete_the_turn_forfeits_in_dm5_and_summary() -> None:
    """DM5: "It might also be possible that you cannot complete all actions in your turn; in
    that case, you are forced to forfeit and your opponent wins." """
    walled = TRAP.replace(". . . . F . F", ". . . . F E F")
    for variant in ("dm5", "summary"):
        state = state_from(walled, variant=variant, hand="", moves_left=1, to_move=0)
        over = act(state, "confirm")
        assert over.outcome is not None and over.outcome.reason == "unplayable"
        assert over.outcome.winner == "Birch"


def test_grand_final_leaves_unplayable_stones_unplaced() -> None:
    """Grand Final: "Every stone drawn must be placed on the board, as long as there is a valid
    move" -- a stone without a valid placement stays unplaced and the game goes on.

    Built with every square a mountain but the sages' and K10, where water would form a river
    with K9 that cannot move."""
    wall = " ".join(["E2"] * 10)
    rows = ["1 " + wall] + [wall + " E2"] * 7 + [wall + " W", wall + " .", wall + " 2"]
    state = state_from("\n".join(rows), variant="grand-final", hand="W", moves_left=0)
    after = act(state, "confirm")
    assert after.outcome is None and after.player == "Birch"
    forfeit = act(state_from("\n".join(rows), variant="summary", hand="W", moves_left=0), "confirm")
    assert forfeit.outcome is not None and forfeit.outcome.reason == "unplayable"


def test_resign_and_time() -> None:
    """ "If you don't do the above in the time limit, you concede the DM." """
    over = act(new(), "timeout")
    assert over.outcome is not None and over.outcome.reason == "time"
    assert over.outcome.winner == "Birch"
    assert act(new(), "resign").outcome.reason == "resigned"  # type: ignore[union-attr]


def test_only_the_player_to_move_acts() -> None:
    assert GAME.check(new(), "Birch", one("take 1"))[0].code == "element.turn"


# --- "cannot move": is a rideable whirlwind a way to move? (switch `trapped`, issue 25) ------

RIDE_OUT = """
. E . . . . . . . . .
A . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . 1 . . . . .
"""
"""Birch's sage (2) on A1 between air on A2 and earth on B1; Ash places earth on B2 and
confirms: no step is left to Birch, only the ride down over A2 to A3."""


@pytest.mark.parametrize(
    ("variant", "switches", "winner"),
    [
        ("grand-final", {}, None),
        ("grand-final", {"trapped": "no-step"}, "Ash"),
        ("dm5", {}, None),
        ("dm5", {"trapped": "no-step"}, "Ash"),
        ("summary", {}, "Ash"),
        ("summary", {"trapped": "no-step-or-ride"}, None),
    ],
)
def test_a_sage_that_can_ride_can_move(
    variant: str, switches: dict[str, str], winner: str | None
) -> None:
    """Grand Final: "You win the game if at the start of your opponent next turn, there is
    nowhere their sage can move." DM5: "... in which a sage runs out of movement options and
    thus cannot move even if they have to." Summary air example: "Note that none of those
    actions were moves, a player is free to make a move inbetween or after any of those
    actions." -- in grand-final and dm5 a ride is a way to move (`trapped` no-step-or-ride);
    the Summary's "The game ends when a player has no empty spaces next to them at the start
    of their turn" keeps the step alone (no-step), and either reading is a switch."""
    text = RIDE_OUT.replace(". E .", "2 E .", 1)
    state = state_from(text, variant=variant, hand="E", moves_left=0, switches=switches)
    state = act(state, "E B2")
    if state.outcome is None:
        state = act(state, "confirm")
    if winner is None:
        assert state.outcome is None and state.player == "Birch"
        assert sage(act(state, "take 0", "ride D"), 1) == "A3"
    else:
        assert state.outcome is not None and state.outcome.winner == winner
        assert state.outcome.reason == "trapped"


def test_issue_example_grand_final_sage_rides_out() -> None:
    """Issue 25, grand-final: stones A2 air, B1 earth, B2 earth; sages on F5 and A1; player 0
    takes no stone and confirms: the A1 sage can ride down to A3, so the duel goes on."""
    text = RIDE_OUT.replace(". E .", "2 E .", 1).replace("A . .", "A E .", 1)
    start = state_from(text, variant="grand-final")
    state = act(replace(start, turn=TurnProgress()), "take 0", "confirm")
    assert state.outcome is None and state.player == "Birch"
    assert sage(act(state, "take 0", "ride A2"), 1) == "A3"


def test_a_ridden_stack_still_frees_the_sage_in_dm5() -> None:
    """DM5: "runs out of movement options" is judged as a step is, whatever is left of the
    turn: a sage whose only whirlwind it rode this turn is not trapped (the stack is fresh on
    its next turn)."""
    text = RIDE_OUT.replace(". . . . . . . . . . .", "1 . . . . . . . . . .", 1).replace(
        ". . . . . 1", ". . . . . 2"
    )
    state = act(state_from(text, variant="dm5", hand="E", moves_left=0), "ride U")
    assert sage(state) == "A1"
    state = act(state, "E B2")
    assert state.outcome is None
    assert errors(state, "ride D")[0].code == "element.ride.used"
    no_step = state_from(
        text, variant="dm5", hand="E", moves_left=0, switches={"trapped": "no-step"}
    )
    over = act(no_step, "ride U", "E B2")
    assert over.outcome is not None and over.outcome.winner == "Birch"


# --- confirming with something owed: the free rides first (switch `owed_check`, issue 25) -----

OWED = """
1 E . . . . . . . . .
A . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . 2
"""
"""Issue 25: A2 air, B1 earth, Ash on A1, Birch on K11."""


@pytest.mark.parametrize(
    ("variant", "owed_check", "result"),
    [
        ("summary", "reachable", "element.confirm.moves"),
        ("summary", "reached", "unplayable"),
        ("dm5", "reachable", "element.confirm.moves"),
        ("dm5", "reached", "unplayable"),
        ("grand-final", "reachable", "goes on"),
        ("grand-final", "reached", "goes on"),
    ],
)
def test_a_confirm_owing_a_move_a_ride_makes_possible(
    variant: str, owed_check: str, result: str
) -> None:
    """DM5: "It might also be possible that you cannot complete all actions in your turn; in
    that case, you are forced to forfeit." Summary: "You must move 5 - (drawn stones)
    spaces." The issue's example: `take 4 EFFF, earth B2, fire K1, fire K3, fire K5, confirm`
    owes a move, and `ride D` to A3 then a step was still possible ("reachable", the default);
    "reached" judges the position reached alone. Grand Final: moves are "up to", nothing owed."""
    start = state_from(OWED, variant=variant, switches={"owed_check": owed_check})
    state = act(replace(start, turn=TurnProgress()), "take 4 EFFF", "E B2", "F K1", "F K3", "F K5")
    if result.startswith("element."):
        problem = errors(state, "confirm")[0]
        assert problem.code == result and "ride D to A3" in problem.message
        assert not errors(act(state, "ride D", "D"), "confirm")
        return
    over = act(state, "confirm")
    if result == "unplayable":
        assert over.outcome is not None and over.outcome.reason == "unplayable"
    else:
        assert over.outcome is None and over.player == "Birch"


STONE_AFTER_RIDE = "\n".join(
    ["1 " + " ".join(["E2"] * 10), "A " + " ".join(["E2"] * 10), ". " + " ".join(["E2"] * 10)]
    + ["W " + " ".join(["E2"] * 10)]
    + [" ".join(["E2"] * 11)] * 6
    + [" ".join(["E2"] * 10) + " 2"]
)
"""Every square a mountain but Ash on A1, air on A2, A3 empty, water on A4, Birch on K11: water
on A3 would form a river that cannot move, and no other square is open, until Ash rides the
whirlwind A2 down to A3 and leaves A1 free (water there touches no water)."""
STONE_AFTER_STEP = "\n".join(
    ["1 " + " ".join(["E2"] * 10), ". " + " ".join(["E2"] * 10), "W " + " ".join(["E2"] * 10)]
    + [" ".join(["E2"] * 11)] * 7
    + [" ".join(["E2"] * 10) + " 2"]
)
"""The same with A2 empty and water on A3: a step down to A2 leaves A1 free for water."""


@pytest.mark.parametrize(
    ("variant", "text", "moves_left", "owed_check", "refused", "via"),
    [
        ("summary", STONE_AFTER_RIDE, 0, "reachable", True, "ride D to A3"),
        ("summary", STONE_AFTER_RIDE, 0, "reached", False, ""),
        ("grand-final", STONE_AFTER_RIDE, 0, "reachable", True, "ride D to A3"),
        ("grand-final", STONE_AFTER_RIDE, 0, "reached", False, ""),
        ("grand-final", STONE_AFTER_STEP, 1, "reachable", True, "D to A2"),
        ("grand-final", STONE_AFTER_STEP, 1, "reached", False, ""),
        ("grand-final", STONE_AFTER_STEP, 0, "reachable", False, ""),
    ],
)
def test_a_confirm_holding_a_stone_a_free_action_makes_placeable(
    variant: str, text: str, moves_left: int, owed_check: str, refused: bool, via: str
) -> None:
    """Grand Final: "Every stone drawn must be placed on the board, as long as there is a
    valid move." A stone is owed while a free action (a ride; in the Grand Final a step left
    but not owed) leads to a square it can be placed on ("reachable", the default)."""
    switches = {"owed_check": owed_check}
    state = state_from(text, variant=variant, hand="W", moves_left=moves_left, switches=switches)
    problems = errors(state, "confirm")
    if refused:
        assert problems[0].code == "element.confirm.stones" and via in problems[0].message
        return
    assert not problems
    over = act(state, "confirm")  # summary: a forfeit; grand-final: the stone is left
    reason = over.outcome.reason if over.outcome is not None else None
    assert (reason == "unplayable") == (variant == "summary")


@pytest.mark.parametrize("key", ["trapped", "owed_check"])
def test_a_stored_duel_without_the_new_switches_keeps_the_old_readings(key: str) -> None:
    """A duel stored before issue 25 has no `trapped` or `owed_check` in its options: it
    replays under the readings it was played under (no-step, reached)."""
    options = {k: v for k, v in VARIANTS["dm5"].to_json().items() if k != key}
    assert not GAME.check_options(options)
    state = GAME.initial_state(PLAYERS, options, np.random.default_rng(0))
    assert getattr(state.variant, key) == {"trapped": "no-step", "owed_check": "reached"}[key]
    assert GAME.check_options({**options, key: "sometimes"})[0].code == "element.option"
