"""Rulings on what the rule text leaves open when both players' orders execute at once
(docs/rulings.md "Elementarium (duel)"): each test names its ruling; the sentence it serves is
"Players target moves, which are then executed simultaneously"."""

from __future__ import annotations

from events.elementarium.setup import parse_cell
from tests.support.elementarium_kit import GAME, errors, orders, pieces, position, turn


def cell(name: str) -> tuple[int, int]:
    found = parse_cell(name, 11, 9)
    assert found is not None
    return found


def test_enemies_swapping_fields_meet_on_the_way_and_clash() -> None:
    """Ruling "swap through each other": enemy units that exchange fields clash in passing;
    the dominating one goes on to its target (earth beats water)."""
    state = position({"d4": "W", "d5": "e"})
    done = turn(state, "d4-d5", "d5-d4")
    assert pieces(done) == {"d4": "e"} and done.last.clashes[0].passing


def test_passing_clash_same_type_removes_both() -> None:
    """Ruling "swap through each other", same type: both removed, neither arrives."""
    done = turn(position({"d4": "E", "d5": "e"}), "d4-d5", "d5-d4")
    assert pieces(done) == {}


def test_own_units_swap_without_a_clash() -> None:
    """ "Switching places of your own units allowed": own units pass freely."""
    done = turn(position({"d2": "E", "d3": "E"}), "d2-d3, d3-d2")
    assert pieces(done) == {"d2": "E", "d3": "E"} and not done.last.clashes


def test_moving_into_a_field_another_unit_is_leaving() -> None:
    """Ruling "into a field being left": the unit leaving is gone; no clash."""
    done = turn(position({"d4": "E", "d5": "w"}), "d4-d5", "d5-c5")
    assert pieces(done) == {"d5": "E", "c5": "w"} and not done.last.clashes


def test_unit_targeted_while_it_moves_away_escapes() -> None:
    """Ruling "targeted while moving away": the target field is empty when the attacker
    arrives, so nothing clashes."""
    done = turn(position({"d3": "W", "d6": "e"}), "d3-d6", "d6-e6")
    assert pieces(done) == {"d6": "W", "e6": "e"} and not done.last.clashes


def test_chain_of_own_moves_all_stand() -> None:
    """Ruling "chains": c2 -> d2 -> e2 -> e3, each leaving the field the next enters."""
    done = turn(position({"c2": "W", "d2": "W", "e2": "W"}), "c2-d2, d2-e2, e2-e3")
    assert pieces(done) == {"d2": "W", "e2": "W", "e3": "W"}


def test_chain_falls_together_when_its_head_is_cancelled() -> None:
    """Ruling "chains": Birch's Source cancels the head of Ash's chain c7 -> d7 -> e7 -> e8;
    each unit behind stays, as its field is still taken (one unit in a cell at a time)."""
    state = position({"c7": "W", "d7": "W", "e7": "W"})
    done = turn(state, "c7-d7, d7-e7, e7-e8", "f9-e8")
    assert pieces(done) == {"c7": "W", "d7": "W", "e7": "W"} and len(done.last.cancelled) == 3


def test_source_cancellation_cascades_to_units_behind() -> None:
    """Ruling "chains": Birch's Source takes e8, which Ash's W targets, so that W stays on
    e7; Ash's E, ordered onto e7, stays too (one unit in a cell at a time)."""
    state = position({"e7": "W", "e6": "E"}, sources=("f1", "f9"))
    done = turn(state, "e7-e8, e6-e7", "f9-e8")
    assert pieces(done) == {"e7": "W", "e6": "E"}
    assert {m for _, m in done.last.cancelled} == {
        orders("e7-e8").moves[0],
        orders("e6-e7").moves[0],
    }
    assert done.sources[1] == cell("e8")


def test_no_unit_targets_a_source_so_no_clash_on_a_source() -> None:
    """Ruling "a clash on a Source": a Source is not a unit; no unit may target its field
    (it is taken only by a spawn), so no clash ever happens on a Source."""
    state = position({"f7": "W"}, sources=("f1", "f9"))
    assert "elementarium.orders.target" in errors(state, "Ash", "f7-f9")


def test_enemy_unit_and_source_on_one_field_the_source_wins() -> None:
    """ "If the source targets a field which an enemy's unit is also targeting, the enemy's
    move is cancelled" - also when the unit would have clashed with another unit there."""
    state = position({"g6": "W", "h8": "w"}, sources=("f1", "f9"))
    done = turn(state, "g6-g8", "f9-g8, h8-h7")
    assert pieces(done) == {"g6": "W", "h7": "w"} and done.sources[1] == cell("g8")


def test_three_units_never_meet_on_one_field() -> None:
    """Ruling "three units on one field": one player's orders never send two units to one
    field, and a move onto an own unit that stays is cancelled, so at most one unit of each
    player is on a field; the stander and an arriving enemy meet as two: the enemy takes it
    (`standing_enemy` "taken") or they clash (water beats fire, "clash")."""
    for reading, left in (("taken", "f"), ("clash", "W")):
        state = position({"d4": "W", "c6": "f", "d5": "e"}, standing_enemy=reading)
        assert "elementarium.orders.same_field" in errors(state, "Birch", "c6-d4, d5-d4")
        done = turn(state, "hold", "c6-d4, d5-c5")
        assert pieces(done) == {"d4": left, "c5": "e"}
        assert [len(c.units) for c in done.last.clashes] == [2]


def test_moves_are_checked_against_the_board_at_the_start_of_the_turn() -> None:
    """Ruling "start of turn": a unit may not pass through a field an own unit leaves in the
    same turn ("E-, A- and W-units can't jump over obstacles and units")."""
    state = position({"d2": "W", "d3": "E"})
    assert "elementarium.orders.target" in errors(state, "Ash", "d3-c3, d2-d4")


def test_sealed_orders_do_not_leak() -> None:
    """ "Players target moves" privately: Birch's sealed orders are in no view but the host's
    and Birch's own until the turn resolves."""
    state = position({"d4": "W", "d6": "e"})
    sealed = GAME.apply(state, "Birch", orders("d6-d5"))
    public = GAME.public_view(sealed)
    ash = GAME.player_view(sealed, "Ash")
    assert public["orders"] == [None, None] and ash["orders"] == [None, None]
    assert "d5" not in repr(public) and "d5" not in repr(ash)
    assert public["orders_in"] == [False, True]
    assert GAME.player_view(sealed, "Birch")["orders"][1] == {
        "orders": [{"from": "d6", "to": "d5"}]
    }
    assert GAME.host_view(sealed)["orders"][1] is not None
    assert GAME.sealed(sealed) and not GAME.sealed(turn(state, "hold", "d6-d5"))


def test_a_players_orders_cannot_be_changed_once_in_and_are_undone_before_resolution() -> None:
    """Ruling "sealed orders": orders are in once given; the host may take them back (undo)
    until the other player's orders resolve the turn, not after."""
    state = position({"d4": "W", "d6": "e"})
    sealed = GAME.apply(state, "Birch", orders("d6-d5"))
    assert GAME.check(sealed, "Birch", orders("hold"))[0].code == "elementarium.turn"
    assert GAME.undo_refusal(state, orders("d6-d5")) is None
    assert GAME.undo_refusal(sealed, orders("hold")) is not None


def test_a_bot_never_sees_the_other_players_sealed_orders() -> None:
    """Orders are private until the turn resolves: a bot ordering for Ash searches from the
    position without Birch's sealed orders."""
    state = GAME.apply(position({"d4": "W", "d6": "e"}), "Birch", orders("d6-d5"))
    known = GAME.known_to(state, "Ash")
    assert known.pending == (None, None) and GAME.known_to(state, "Birch") == state
