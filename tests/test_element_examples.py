"""Every example of the Element rule text, on the rebuilt positions of
fixtures/element/examples.txt (the pictures are missing; each test says how its position was
built so that the example's sentences hold)."""

from __future__ import annotations

import pytest

from events.element.position import parse_position
from tests.support.element_kit import act, at, errors, example, examples, sage


def test_every_rebuilt_example_position_is_a_valid_position() -> None:
    """Missing pictures become data: each rebuilt position parses (both sages, legal stacks)."""
    assert set(examples()) == {
        "summary-fire", "dm5-fire", "water", "summary-earth", "dm5-earth",
        "summary-whirlwind", "dm5-whirlwind",
    }  # fmt: skip
    for text in examples().values():
        board, sages = parse_position(text)
        assert all(not board.stone[s] for s in sages)


# --- Fire ---------------------------------------------------------------------------------


def test_fire_placed_on_b3_spreads_to_e3_and_b5() -> None:
    """Summary: "a fire stone is placed on B3, which causes it to spread to E3 and B5."

    Built with a fire line C3-D3 right of B3 (its far end E3 empty) and a fire stone on B4
    below B3 (B5 empty)."""
    after = act(example("summary-fire"), "fire B3")
    assert (at(after, "B3"), at(after, "E3"), at(after, "B5")) == ("F", "F", "F")


def test_b1_and_d4_are_unaffected_earth_and_no_chain_reaction() -> None:
    """Summary: "B1 and D4 are unaffected because fire can't replace earth and fire doesn't
    cause chain reactions."

    Built with fire on B2 and earth on B1 (the line B2 ends on earth), and a fire stone on D4
    under the line's D3: a chain reaction would carry fire on from D4 to D5 or beyond."""
    before = example("summary-fire")
    after = act(before, "fire B3")
    assert at(after, "B1") == "E" and at(after, "D4") == "F" and at(after, "D5") == "."
    changed = {sq for sq in ("B3", "E3", "B5")}
    squares = [f"{c}{r}" for c in "ABCDEFGHIJK" for r in range(1, 12)]
    differing = {sq for sq in squares if at(before, sq) != at(after, sq)}
    assert differing == changed


def test_dm5_fire_on_a_wind_stack_spreads_right_and_down_only() -> None:
    """DM5: "a fire stone is placed on a stack of wind stones by Rule of Replacement. Fire
    spreads to right and down. Fire doesn't spread to left (out of grid), up (fire can't
    replace earth), or up-right (diagonal)."

    Built with the wind stack (2) on A3 in column A (left is out of the grid), fire B3 to the
    right (C3 empty), fire A4 below (A5 empty), fire A2 above with earth on A1, and fire on B2
    diagonally up-right (C1 empty)."""
    after = act(example("dm5-fire"), "fire A3")
    assert at(after, "A3") == "F"
    assert at(after, "C3") == "F" and at(after, "A5") == "F"
    assert at(after, "A1") == "E" and at(after, "C1") == "."


def test_dm5_fire_spreads_down_only_once() -> None:
    """DM5: "Fire only spreads down once; it doesn't do chain reaction."

    Built with another fire stone on A6: the bonus fire on A5 touches it, and a chain
    reaction would put fire on A7."""
    after = act(example("dm5-fire"), "fire A3")
    assert at(after, "A6") == "F" and at(after, "A7") == "."


def test_dm5_fire_not_touching_fire_causes_no_spreading() -> None:
    """DM5: "Another fire stone is placed near bottom-right. This doesn't cause any spreading;
    fire stones must be adjacent to the new fire stone in order to cause spreading."

    D5 has no fire stone orthogonally next to it (C5, E5, D4 and D6 are empty)."""
    before = act(example("dm5-fire", hand="FF"), "fire A3")
    after = act(before, "F D5")
    assert after.board.stone.count(1) == before.board.stone.count(1) + 1


# --- Water --------------------------------------------------------------------------------


def test_water_can_not_be_placed_on_b1_nowhere_to_flow() -> None:
    """Summary: "water can NOT be placed on B1, as there is nowhere for the river to flow."

    Built with water on C1 and B2 (B1 forms rivers) and earth on A1: every square next to B1
    is water or earth."""
    problems = errors(example("water"), "W B1 river R path L")
    assert problems and problems[0].square in ("B1", "A1")
    stuck = errors(example("water"), "W B1 river R")
    assert stuck[0].code == "element.river.stuck" and stuck[0].square == "B1"


def test_water_on_c2_creates_three_potential_rivers() -> None:
    """Summary: "water can be placed on C2, which creates 3 potential rivers."

    Built with the lines A2-B2 (left), C1 (up) and D2 (right) touching C2."""
    problems = errors(example("water"), "W C2")
    assert problems[0].code == "element.river.choose"
    assert "3 rivers" in problems[0].message
    for river, path in (("L", "DRD"), ("U", "DL"), ("R", "DL")):
        assert not errors(example("water"), f"W C2 river {river} path {path}")


def test_river_extending_left_moves_down_right_down() -> None:
    """Summary: "let's say the river extending left was picked ... The path has to be 3 spaces
    long, it can not be shorter. The player picks Down, Right, Down, which results in the 3rd
    image." The river A2-B2-C2 moves to C3, D3 and D4."""
    after = act(example("water"), "W C2 river L path DRD")
    assert [at(after, s) for s in ("A2", "B2", "C2")] == [".", ".", "."]
    assert [at(after, s) for s in ("C3", "D3", "D4")] == ["W", "W", "W"]
    short = errors(example("water"), "W C2 river L path DR")
    assert short[0].code == "element.river.length"


def test_river_extending_up_traces_a_path_of_two() -> None:
    """DM5: "The next image is if you pick river extending up. You must trace a path of 2
    squares." The river C1-C2 holds two stones."""
    assert errors(example("water"), "W C2 river U path D")[0].code == "element.river.length"
    after = act(example("water"), "W C2 river U path DL")
    assert (at(after, "C1"), at(after, "C3"), at(after, "B3")) == (".", "W", "W")


def test_left_river_path_going_left_blocks_itself() -> None:
    """DM5: "If you pick river extending left, you must trace a path of 3 squares; you can't
    go shorter. This time the path going left doesn't work because you block yourself."

    Built so the up-river's path Down-Left can go no further for the river of 3: up is B2,
    the river itself; left A3 and down B4 are earth."""
    assert errors(example("water"), "W C2 river L path DLU")[0].code == "element.river.crossing"
    assert errors(example("water"), "W C2 river L path DLL")[0].code == "element.river.blocked"
    assert errors(example("water"), "W C2 river L path DLD")[0].code == "element.river.blocked"


def test_the_fire_stone_can_be_passed_over() -> None:
    """DM5: "The fire stone can be passed over by Rule of Replacement." D3 holds fire and the
    path Down-Right-Down goes over it."""
    before = example("water")
    assert at(before, "D3") == "F"
    assert at(act(before, "W C2 river L path DRD"), "D3") == "W"


# --- Earth --------------------------------------------------------------------------------


def test_summary_earth_on_a2_makes_the_bottom_left_a_range() -> None:
    """Summary: "Initially there are no mountains, so both sages are able to move diagonally.
    An earth stone is placed at A2. The bottom-left section becomes a mountain range, causing
    bottom-left player to be unable to move back."

    Built with earth on A2, A3, B4 and C5 (A2 joined to C5 through A3 and B4); the sage moved
    from C4 down-left to B5, between B4 and C5; after A2 becomes a mountain it cannot move back
    up-right."""
    start = example("summary-earth")
    moved = act(start, "DL")
    assert sage(moved) == "B5"
    assert not errors(start, "move UR")  # a sage can go diagonally: no mountain yet
    assert not errors(example("summary-earth", to_move=1), "DL")  # the other sage too
    after = act(moved, "earth A2")
    assert at(after, "A2") == "E2"
    problems = errors(after, "UR")
    assert problems[0].code == "element.move.range" and problems[0].square == "C4"


def test_dm5_earth_mountain_then_range_grows_to_top_right() -> None:
    """DM5: "Initially there is no mountain, so all earth stones are just earth stones; a sage
    can go diagonally. An earth stone is placed on the top-left earth stone, forming a mountain.
    Now bottom-left area is a range and the bottom-left sage can't go diagonally. An earth
    stone is placed to connect to top-right stones. The range expands and the top-right sage
    can't go diagonally either."

    Built with earth B2, B3, C4 around the bottom-left sage on B4 (its up-right diagonal runs
    between B3 and C4), earth E2 and F3 around the top-right sage on E3 (between E2 and F3),
    and D3 empty: earth on D3 touches C4 and E2 diagonally."""
    start = example("dm5-earth", hand="EE")
    top_right = example("dm5-earth", to_move=1)
    assert not errors(start, "UR") and not errors(top_right, "UR")
    mountain = act(start, "E B2")
    assert errors(mountain, "UR")[0].code == "element.move.range"
    assert not errors(_as_player(mountain, 1), "UR")
    joined = act(mountain, "E D3")
    assert errors(_as_player(joined, 1), "UR")[0].code == "element.move.range"


def _as_player(state: object, n: int) -> object:
    from dataclasses import replace

    return replace(state, to_move=n)  # type: ignore[type-var]


# --- Air (Summary example) ----------------------------------------------------------------

SUMMARY_RIDES = [
    ("D", "E6", "can move the whirlwind down, jumping 1+2 = 3 spaces"),
    ("DR", "H5", "can move down-right, jumping 1+1 = 2 spaces, which include a mountain range"),
    ("R", "I2", "can move right, jumping 3 spaces (the 1 doesn't count, it's separated)"),
]


@pytest.mark.parametrize(("direction", "landing", "sentence"), SUMMARY_RIDES)
def test_summary_whirlwind_rides(direction: str, landing: str, sentence: str) -> None:
    """Summary, the whirlwind example (sage on E2): E3 (1) and E4 (2) below; F3 (1) and G4 (1)
    down-right, crossing between the range stones G3 and F4; F2 (3) right, G2 empty, H2 (1)."""
    after = act(example("summary-whirlwind"), f"ride {direction}")
    assert sage(after) == landing, sentence


def test_summary_right_then_down_left_then_up_left_ends_on_a2() -> None:
    """Summary: "...can move down-left immediately after and can move up-left immediately
    after that. This will cause the player to end up on A2. Note that none of those actions
    were moves."

    From I2 down-left: H3, G4, F5 (1 each) land on E6; from E6 up-left: D5, C4, B3 (1 each)
    land on A2."""
    state = example("summary-whirlwind")
    after = act(state, "ride R", "ride DL", "ride UL")
    assert sage(after) == "A2"
    assert after.turn.moves_left == state.turn.moves_left


@pytest.mark.parametrize(
    ("direction", "code", "sentence"),
    [
        ("UR", "element.ride.off-board", "can NOT move up-right, as that lands off the board"),
        ("UL", "element.ride.range", "can NOT move up-left, as it requires crossing a range"),
        ("DL", "element.ride.landing", "can NOT move down-left, as it will land on air"),
    ],
)
def test_summary_whirlwind_refusals(direction: str, code: str, sentence: str) -> None:
    """Summary: UR: F1 (1) next to the top edge; UL: D1 behind D2 and E1 (a mountain and its
    range); DL: D3 (2) and C4 (1) jump over B5 onto the air on A6."""
    problems = errors(example("summary-whirlwind"), f"ride {direction}")
    assert problems and problems[0].code == code, sentence


def test_summary_whirlwind_named_by_a_square_on_it() -> None:
    """Administration: "You can specify which whirlwind to use by saying a space it is on
    while touching it." E4 is on the whirlwind below E2."""
    assert sage(act(example("summary-whirlwind"), "ride E4")) == "E6"


# --- Wind (DM5 example) -------------------------------------------------------------------


def test_dm5_bottom_left_jumps_three() -> None:
    """DM5: "You can move bottom-left, jumping over 1+2 = 3 squares and landing on the next
    one." D3 (1), C4 (2), over B5, onto A6."""
    assert sage(act(example("dm5-whirlwind"), "ride DL")) == "A6"


def test_dm5_bottom_right_over_a_range_and_not_back_this_turn() -> None:
    """DM5: "You can move bottom-right, jumping over 1+1 = 2 squares. You can jump over a range
    because you're already in the middle of a whirlwind. Note you can't jump back to the middle
    in the same turn because you'd be reusing a stack, but you can do so on a later turn."

    F3 and G4 (1 each) cross between G3 and F4, stones of the range of the mountain E1."""
    start = example("dm5-whirlwind", variant="grand-final", hand="")
    after = act(start, "ride DR")
    assert sage(after) == "H5"
    assert errors(after, "ride UL")[0].code == "element.ride.used"
    later = act(after, "confirm")
    later = act(later, "take 0 ", "confirm")
    later = act(later, "take 0")
    assert later.player == "Ash" and sage(act(later, "ride UL")) == "E2"


def test_dm5_down_three_then_top_right_but_not_bottom_left() -> None:
    """DM5: "You can move down, jumping over 3 squares (the 1 doesn't count, it isn't
    connected). You can then jump again to top-right. Note you cannot go bottom-left any more
    because you'll be going through a range."

    E3 (3), fire on E4, E5 (1): down lands on E6; from E6 up-right F5 and G4 land on H3;
    down-left from E6 is D7 (1) behind D6 (a mountain) and E7."""
    down = act(example("dm5-whirlwind"), "ride D")
    assert sage(down) == "E6"
    assert errors(down, "ride DL")[0].code == "element.ride.range"
    assert sage(act(down, "ride UR")) == "H3"


def test_dm5_without_the_fire_stone_down_then_up() -> None:
    """DM5: "If the fire stone wasn't there, you could move down (jumping 3) then move up
    (jumping 1) in the same turn; the 1 wouldn't have been used the first time you jumped."

    With the fire on E4, riding up from E6 over E5 lands on the fire; with E4 emptied (water
    replaces the fire, earth the water, air the earth... here simply a position without it)
    the same ride lands on E4."""
    down = act(example("dm5-whirlwind"), "ride D")
    assert errors(down, "ride U")[0].code == "element.ride.landing"
    text = examples()["dm5-whirlwind"].replace(". . A2 . F E A", ". . A2 . . E A")
    from tests.support.element_kit import state_from

    no_fire = act(state_from(text), "ride D")
    assert sage(act(no_fire, "ride U")) == "E4"


@pytest.mark.parametrize(
    ("direction", "code", "sentence"),
    [
        ("L", "element.ride.landing", "You can't move left; jumping lands you to the wind stone"),
        ("UL", "element.ride.off-board", "You can't move top-left; out of the board"),
        ("UR", "element.ride.range", "You can't move top-right; can't cross the range"),
    ],
)
def test_dm5_whirlwind_refusals(direction: str, code: str, sentence: str) -> None:
    """DM5: left is D2 (2) over C2 onto the wind on B2; top-left D1 (1) next to the edge;
    top-right F1 behind E1 (a mountain) and F2 (its range)."""
    problems = errors(example("dm5-whirlwind"), f"ride {direction}")
    assert problems and problems[0].code == code, sentence


# --- a sage among whirlwinds is not trapped (issue 25, switch `trapped`) ---------------------


@pytest.mark.parametrize("name", ["summary-whirlwind", "dm5-whirlwind"])
@pytest.mark.parametrize(
    ("variant", "switches", "trapped"),
    [
        ("grand-final", {}, False),
        ("dm5", {}, False),
        ("summary", {}, True),
        ("grand-final", {"trapped": "no-step"}, True),
        ("dm5", {"trapped": "no-step"}, True),
        ("summary", {"trapped": "no-step-or-ride"}, False),
    ],
)
def test_the_whirlwind_examples_sage_is_live(
    name: str, variant: str, switches: dict[str, str], trapped: bool
) -> None:
    """Both whirlwind examples put the sage (E2) with all eight neighbours occupied and go on
    riding: "Note that none of those actions were moves, a player is free to make a move
    inbetween or after any of those actions." (Summary). In grand-final and dm5 ("nowhere their
    sage can move", "runs out of movement options") the rides make it live; the Summary's "has
    no empty spaces next to them" keeps the step alone; the other player's move (dm5) or
    confirm (the others) is when the end is checked."""
    state = example(name, variant=variant, hand="", moves_left=1, to_move=1, switches=switches)
    assert not any(at(state, s) == "." for s in ("D1", "E1", "F1", "D2", "F2", "D3", "E3", "F3"))
    after = act(state, "U", "confirm") if variant != "dm5" else act(state, "U")
    if trapped:
        assert after.outcome is not None and after.outcome.reason == "trapped"
        assert after.outcome.winner == "Birch"
    else:
        assert after.outcome is None
