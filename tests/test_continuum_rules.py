"""Elemental Continuum: one case per rule sentence, and the rules' worked example verbatim."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from fractions import Fraction

import numpy as np
import pytest

from events.continuum import ContinuumEngine
from events.continuum.board import Board, layout_problems, random_board
from events.continuum.elements import Element
from events.continuum.model import Bolt, BoltsSubmission, ContinuumState, SetupSubmission
from events.continuum.scoring import scores, tiles_broken_by, unbroken_tiles, ward_shares
from events.continuum.squares import Square
from tests.support.continuum_boards import STRIPES, STRIPES_VALUES, layout_of, stripes

F, W, A, E = Element.FIRE, Element.WATER, Element.WIND, Element.EARTH
HARMLESS = (E, "A6")  # earth on the fire ward F3 of the stripes board: does nothing


def sq(name: str) -> Square:
    s = Square.parse(name)
    assert s is not None
    return s


def game(players: Sequence[str], carry: bool = True) -> tuple[ContinuumEngine, ContinuumState]:
    engine = ContinuumEngine()
    state = engine.setup(players, {"carry_hits": carry}, np.random.default_rng(0))
    setup = {p: SetupSubmission(stripes()) for p in players}
    state, _ = engine.resolve_round(state, setup, np.random.default_rng(1))
    return engine, state


def fire(
    engine: ContinuumEngine,
    state: ContinuumState,
    bolts: Mapping[str, Sequence[tuple[Element, str]]],
) -> ContinuumState:
    """One round of bolts; a player not named fires two harmless bolts."""
    subs = {}
    for p in state.players:
        given = list(bolts.get(p, []))
        given += [HARMLESS] * (2 - len(given))
        subs[p] = BoltsSubmission(tuple(Bolt(e, sq(t)) for e, t in given))
    new, _ = engine.resolve_round(state, subs, np.random.default_rng(2))
    return new


def test_worked_example_spadez_fire_ward() -> None:
    """For example, consider a 6 point Fire Ward on Spadez's board consisting of tiles from
    A1-A5. R1: hedger fires Water at A1, Uri fires Fire at A1, cam fires Fire at A1, Hedger
    fires Water at A2. R2: hedger fires Water at A3, Uri fires Water at A4, cam fires Fire at
    A4. The ward breaks in Round 2. All bolts contributed to the breaking of the ward apart
    from cam's Fire Bolt in R2, as the A4 tile was broken via solely Advantage Break. The total
    number of bolts players fired that resulted in the ward breaking is 6. hedger fired 3
    bolts that contributed to the ward breaking; uri fired 2, and cam fired 1. Thus, hedger
    would earn 3/6 x 6 = 3 points, uri would earn 2 points, and cam would earn 1 point from
    Spadez's Fire Ward."""
    engine, state = game(["Spadez", "hedger", "uri", "cam"])
    state = fire(
        engine, state, {"hedger": [(W, "A1"), (W, "A2")], "uri": [(F, "A1")], "cam": [(F, "A1")]}
    )
    assert ("Spadez", "F1") not in state.broken_down
    state = fire(engine, state, {"hedger": [(W, "A3")], "uri": [(W, "A4")], "cam": [(F, "A4")]})
    assert state.broken_down[("Spadez", "F1")] == 3  # festival round 3 = the example's R2
    assert ward_shares(state, "Spadez", "F1") == {"hedger": 3, "uri": 2, "cam": 1}
    assert state.broken[("Spadez", sq("A1"))].breaks == ("advantage", "singularity")
    assert [h.shooter for h in state.broken[("Spadez", sq("A4"))].contributors] == ["uri"]


@pytest.mark.parametrize(
    ("tile", "attack", "breaks"),
    [(F, W, True), (W, E, True), (E, A, True), (A, F, True),
     (F, A, False), (F, E, False), (W, F, False), (E, W, False), (A, E, False)],
)  # fmt: skip
def test_advantage_break(tile: Element, attack: Element, breaks: bool) -> None:
    """To break a ward tile, (1) one bolt of the element that defeats it must be fired at it.
    (Advantage Break) Fire defeats wind, wind defeats earth, earth defeats water, and water
    defeats fire. A bolt that neither defeats nor matches a tile does nothing to it."""
    target = {F: "A1", W: "B1", A: "C1", E: "D1"}[tile]
    engine, state = game(["p", "q"])
    state = fire(engine, state, {"p": [(attack, target)]})
    assert (("q", sq(target)) in state.broken) is breaks
    assert ("p", sq(target)) not in state.broken  # never the shooter's own board
    assert ("q", sq(target)) not in state.hits or breaks is False


def test_singularity_break_needs_two_bolts_of_the_wards_own_element() -> None:
    """(2) two bolts of the ward's element must be fired at it. (Singularity Break) For
    example, fire wards can only be destroyed by 2 fire bolts or 1 water bolt."""
    engine, state = game(["p", "q", "r"])
    one = fire(engine, state, {"p": [(F, "A1")]})
    assert ("q", sq("A1")) not in one.broken
    two = fire(engine, state, {"p": [(F, "A1"), (F, "A1")]})  # both bolts may target one cell
    assert two.broken[("q", sq("A1"))].breaks == ("singularity",)
    both = fire(engine, state, {"p": [(F, "A1")], "r": [(F, "A1")]})
    assert [h.shooter for h in both.broken[("q", sq("A1"))].contributors] == ["p", "r"]


def test_neutral_break_takes_three_bolts_of_any_element() -> None:
    """The singular tetramino of neutral element takes 3 bolts of any element to break.
    (Neutral Break)"""
    engine, state = game(["p", "q", "r"])
    state = fire(engine, state, {"p": [(F, "G7"), (W, "G7")]})
    assert ("q", sq("G7")) not in state.broken
    state = fire(engine, state, {"r": [(E, "G7")]})
    tile = state.broken[("q", sq("G7"))]
    assert tile.breaks == ("neutral",) and len(tile.contributors) == 3


def test_a_bolt_strikes_every_other_board_never_the_shooters() -> None:
    """The bolts will strike every other player's boards simultaneously (meaning every board
    other than the board of the player firing the bolts)."""
    engine, state = game(["p", "q", "r", "s"])
    state = fire(engine, state, {"p": [(W, "A1")]})
    assert {o for (o, s) in state.broken if s == sq("A1")} == {"q", "r", "s"}


def test_bolts_on_broken_tiles_or_broken_down_wards_do_nothing_and_count_for_nobody() -> None:
    """A bolt on a broken tile, or on a ward that has broken down, does nothing and counts
    for nobody."""
    engine, state = game(["p", "q", "r"])
    state = fire(engine, state, {"p": [(W, "A1"), (W, "A2")]})
    state = fire(engine, state, {"r": [(W, "A1"), (W, "A3")]})  # A1 already broken on q
    assert [h.shooter for h in state.broken[("q", sq("A1"))].contributors] == ["p"]
    assert state.broken_down[("q", "F1")] == 3
    state = fire(engine, state, {"r": [(W, "A4"), (F, "A5")]})  # F1 has broken down on q
    assert ("q", sq("A4")) not in state.broken and ("q", sq("A5")) not in state.hits
    assert ward_shares(state, "q", "F1") == {"p": 4, "r": 2}


def test_hits_carry_across_rounds_by_default() -> None:
    """Ruling (carry_hits, default on): a tile keeps the bolts that hit it in earlier rounds,
    so one fire bolt in round 2 and another in round 4 break a fire tile in round 4, and both
    shooters contributed."""
    engine, state = game(["p", "q", "r"])
    state = fire(engine, state, {"p": [(F, "A1")]})
    state = fire(engine, state, {})
    state = fire(engine, state, {"r": [(F, "A1")]})
    tile = state.broken[("q", sq("A1"))]
    assert tile.round_no == 4 and [h.shooter for h in tile.contributors] == ["p", "r"]


def test_this_rounds_bolts_only_option() -> None:
    """Ruling, option carry_hits=false: only this round's bolts count towards a break."""
    engine, state = game(["p", "q", "r"], carry=False)
    state = fire(engine, state, {"p": [(F, "A1")]})
    state = fire(engine, state, {"r": [(F, "A1")]})
    assert ("q", sq("A1")) not in state.broken


def test_a_ward_breaks_down_when_three_of_its_tiles_are_broken_neutral_too() -> None:
    """When 3 or more tiles of a player's ward is broken, the entire ward breaks down; its
    shape, element, and point value are then revealed."""
    engine, state = game(["p", "q"])
    state = fire(engine, state, {"p": [(W, "A1"), (W, "A2")]})
    assert ("q", "F1") not in state.broken_down
    state = fire(engine, state, {"p": [(W, "A5"), (F, "G7")]})
    assert state.broken_down[("q", "F1")] == 3
    public = engine.public_view(state)["boards"]["q"]["broken_down"]
    assert public == [{"owner": "q", "element": "fire", "shape": "I", "value": 6,
                       "squares": ["A1", "A2", "A3", "A4", "A5"]}]  # fmt: skip


def test_the_neutral_ward_breaks_down_at_three_broken_tiles_too() -> None:
    """No matter the configuration of the neutral tiles, together they function as a
    singular ward. (When 3 or more tiles of a ward are broken it breaks down.)"""
    engine, state = game(["p", "q", "r"])
    state = fire(engine, state, {"p": [(F, "G7"), (F, "G7")], "r": [(W, "G7"), (A, "H7")]})
    state = fire(engine, state, {"p": [(F, "H7"), (E, "H7")], "r": [(E, "G8"), (E, "G8")]})
    assert ("q", "N") not in state.broken_down
    assert unbroken_tiles(state, "q") == 62
    state = fire(engine, state, {"p": [(W, "G8")]})
    assert state.broken_down[("q", "N")] == 4
    assert unbroken_tiles(state, "q") == 60  # the whole neutral ward is gone, H8 included
    assert scores(state)["q"] == 48 - 0
    assert ward_shares(state, "q", "N") == {"p": Fraction(5, 9), "r": Fraction(4, 9)}


def test_contribution_counts_both_kinds_when_they_break_a_tile_together() -> None:
    """If tiles break simultaneously from both Advantage Break and Singularity Break, then
    both count towards the percentage of contribution."""
    engine, state = game(["p", "q", "r", "s"])
    state = fire(engine, state, {"p": [(W, "A1")], "r": [(F, "A1")], "s": [(F, "A1"), (E, "A6")]})
    tile = state.broken[("q", sq("A1"))]
    assert tile.breaks == ("advantage", "singularity")
    assert sorted(h.shooter for h in tile.contributors) == ["p", "r", "s"]


def test_neutral_break_counts_every_bolt() -> None:
    """Neutral Break: every bolt on the tile contributed (4 bolts at once all count)."""
    engine, state = game(["p", "q", "r"])
    state = fire(engine, state, {"p": [(F, "G7"), (W, "G7")], "r": [(A, "G7"), (E, "G7")]})
    assert len(state.broken[("q", sq("G7"))].contributors) == 4


def test_endgame_points_are_remaining_wards_plus_contributions() -> None:
    """Points are calculated as follows: the sum of points of all remaining wards on your
    board + the sum of points earned from breaking wards (contributions)"""
    engine, state = game(["p", "q", "r"])
    state = fire(engine, state, {"p": [(W, "A1"), (W, "A2")], "r": [(W, "A3"), (E, "A6")]})
    # F1 (6) broke down on q: p 4, r 2. On r: p broke A1, A2 only. On p: r broke A3 only.
    result = scores(state)
    assert result == {"p": 49 + 4, "q": 49 - 6, "r": 49 + 2}
    assert all(isinstance(v, Fraction) for v in result.values())


def test_fractional_contributions_stay_exact() -> None:
    engine, state = game(["p", "q", "r", "s"])
    state = fire(
        engine, state, {"p": [(W, "A1"), (W, "A2")], "r": [(W, "A3")], "s": [(F, "A3"), (F, "A3")]}
    )
    # on q: A1 p, A2 p, A3: advantage r + singularity s s -> 5 bolts share 6 points
    assert ward_shares(state, "q", "F1") == {
        "p": Fraction(12, 5),
        "r": Fraction(6, 5),
        "s": Fraction(12, 5),
    }


def test_ties_unbroken_tiles_then_tiles_broken_then_gamewide() -> None:
    """For endgame ties, ties are broken as such: (1) greatest number of unbroken tiles
    remaining on your board (2) greatest number of individual tiles you have broken
    (3) Gamewide Tiebreak"""
    engine, state = game(["p", "q", "r", "s"])
    ranking = engine.ranking(state, ["s", "r", "q", "p"])
    assert [e.player for e in ranking] == ["s", "r", "q", "p"]  # all level: gamewide
    assert ranking[1].decided_by == "gamewide tiebreak"
    # p breaks A1 on q, r, s; then s breaks A1 on p: everyone has 63 unbroken tiles and
    # 49 points; p broke 3 tiles, s 1, q and r none (the Gamewide Tiebreak puts r first).
    state = fire(engine, state, {"p": [(W, "A1")]})
    assert tiles_broken_by(state) == {"p": 3, "q": 0, "r": 0, "s": 0}
    state = fire(engine, state, {"s": [(W, "A1")]})
    ranking = engine.ranking(state, ["s", "r", "q", "p"])
    assert {e.tiebreak("unbroken tiles") for e in ranking} == {63}
    assert [e.player for e in ranking] == ["p", "s", "r", "q"]
    assert [e.decided_by for e in ranking] == [
        None,
        "tiles broken",
        "tiles broken",
        "gamewide tiebreak",
    ]
    # unbroken tiles come before tiles broken
    state = fire(engine, state, {"q": [(E, "B1")]})  # q breaks B1 on p, r, s
    ranking = engine.ranking(state, ["s", "r", "q", "p"])
    assert ranking[0].player == "q" and ranking[1].decided_by == "unbroken tiles"


def test_setup_rules_every_violation_is_reported() -> None:
    """(1) There are 12 pentominos ... (2) ... each player has 3 pentominos of each element.
    (3) There are four squares of neutral element ... four pentominos of point value 2, four
    of point value 4, and four of point value 6."""
    rows = list(STRIPES)
    rows[0] = "A3 A3 A3 A3 A3 E3 N  F1"  # H8: neutral square made part of F1 (6 squares)
    rows[7] = "W1 W1 A1 E1 F2 W2 A2 E2"  # A1: F1 square given to W1
    layout = layout_of(rows)
    values = dict(STRIPES_VALUES, E3=6)
    problems = layout_problems(layout, values)
    messages = [p.message for p in problems]
    assert any("ward W1 has 6 squares" in m for m in messages)
    assert any("ward F1" in m and "not one orthogonally connected piece" in m for m in messages)
    assert any("3 neutral squares" in m for m in messages)
    assert any("5 wards are worth 6" in m for m in messages)
    assert any("3 wards are worth 2" in m for m in messages)
    assert layout_problems(layout_of(STRIPES), STRIPES_VALUES) == []


def test_random_boards_are_legal_and_seeded() -> None:
    for seed in range(5):
        board = random_board(np.random.default_rng(seed))
        assert layout_problems(board.layout(), board.values()) == []
        assert board == random_board(np.random.default_rng(seed))
        assert board.total_value == 49


SEED_7_BOARD = """
W3 W3 W1 W1 W1 W1 W1 A1
E1 W3 W3 W2 A1 A1 A1 A1
E1 E1 W3 W2 W2 F1 F3 F3
E2 E1 E1  N W2 F1 F1 F3
E2 F2 F2 F2 W2 F1 F1 F3
E2 F2  N E3 A3 A3 A2 F3
E2 F2 E3 E3 A3  N A2 A2
E2 E3 E3 A3 A3 A2 A2  N
"""
SEED_7_VALUES = {"F1": 6, "F2": 6, "F3": 2, "W1": 6, "W2": 2, "W3": 4,
                 "A1": 2, "A2": 4, "A3": 4, "E1": 6, "E2": 4, "E3": 2}  # fmt: skip
BOARDS_0_TO_39 = "3cddb228633445dd9f7a33c6d4eb5dd28bf9076d856e77e571a884bdaf9f67f8"


def _drawing(board: Board) -> str:
    """Rank 8 at the top, files A-H left to right, as the Board tab shows it."""
    layout = board.layout()
    return "\n".join(
        " ".join(f"{layout[Square(f, r)]:>2}" for f in range(8)) for r in reversed(range(8))
    )


def test_a_seed_draws_the_same_board_as_it_always_has() -> None:
    """No board: "a random legal board is drawn for the player with the round's seeded
    generator" (docs/rulings.md): a recorded match replays only if a seed keeps drawing the
    same board, so the search may get faster but never draw differently (golden boards)."""
    board = random_board(np.random.default_rng(7))
    assert _drawing(board) == SEED_7_BOARD.strip("\n")
    assert board.values() == SEED_7_VALUES
    digest = hashlib.sha256()
    for seed in range(40):
        board = random_board(np.random.default_rng(seed))
        digest.update((_drawing(board) + repr(sorted(board.values().items()))).encode())
    assert digest.hexdigest() == BOARDS_0_TO_39


def test_a_drawn_board_does_not_depend_on_who_else_was_drawn() -> None:
    """Re-resolving round 1 after a late board must not change another player's drawn board."""
    engine = ContinuumEngine()
    state = engine.setup(["p", "q", "r"], {}, np.random.default_rng(0))
    none = {p: SetupSubmission(None) for p in state.players}
    all_drawn, _ = engine.resolve_round(state, none, np.random.default_rng(9))
    late = {**none, "p": SetupSubmission(stripes())}
    one_late, _ = engine.resolve_round(state, late, np.random.default_rng(9))
    assert one_late.boards["q"] == all_drawn.boards["q"]
    assert one_late.boards["r"] == all_drawn.boards["r"]


def test_this_rounds_bolts_only_keeps_no_leftover_hits() -> None:
    engine, state = game(["p", "q"], carry=False)
    state = fire(engine, state, {"p": [(F, "A1")]})
    assert state.hits == {}


def test_missing_board_is_drawn_and_missing_bolts_fire_nothing() -> None:
    """Ruling: no board -> a seeded random legal board; no bolts -> the player fires none."""
    engine = ContinuumEngine()
    state = engine.setup(["p", "q"], {}, np.random.default_rng(0))
    default = engine.default_submission(state, "p")
    assert default == SetupSubmission(None)
    subs = {"p": default, "q": SetupSubmission(stripes())}
    a, report = engine.resolve_round(state, subs, np.random.default_rng(5))
    b, _ = engine.resolve_round(state, subs, np.random.default_rng(5))
    assert a.boards["p"] == b.boards["p"] and a.boards["q"] == stripes()
    assert "random legal board was drawn" in report.private["p"][0]
    assert engine.default_submission(a, "p") == BoltsSubmission(())
