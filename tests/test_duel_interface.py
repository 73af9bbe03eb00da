"""The shared duel interface (events/duel.py), exercised through Element."""

from __future__ import annotations

import pytest

from events.duel import Step, replay, take
from events.element.actions import Draw, Move, Place
from events.element.board import Direction, Stone
from tests.support.element_kit import GAME, new_state


def test_variants_are_named_switches_with_summary_the_default() -> None:
    assert set(GAME.variants()) == {"grand-final", "dm5", "summary"}
    assert GAME.default_variant == "summary"
    options = GAME.options("dm5", {}).value
    assert options is not None and options["moves"] == "exactly"
    assert options["game_end"] == "any-action" and options["unplayable"] == "forfeit"


def test_options_name_every_problem() -> None:
    bad = GAME.options("summary", {"moves": "some", "colour": 1})
    assert bad.value is None
    assert {e.code for e in bad.errors} == {"duel.option", "element.option"}
    assert GAME.options("nope", {}).errors[0].code == "duel.variant"
    switched = GAME.options("summary", {"moves": "up-to"}).value
    assert switched is not None and switched["moves"] == "up-to"


def test_take_stops_at_the_first_illegal_action_and_names_it() -> None:
    state = new_state()
    actions = [Draw(1, (Stone.FIRE,)), Move(Direction.U), Place(Stone.WATER, 0)]
    after, steps, errors = take(GAME, state, "Ash", actions, seed=1, first_index=0)
    assert len(steps) == 2 and errors[0].action == 2
    assert "action 3" in str(errors[0]) and errors[0].square == "A1"
    assert after.turn.moves_left == 3


def test_replay_refuses_a_corrupted_record() -> None:
    state = new_state()
    with pytest.raises(ValueError, match="step 1"):
        replay(GAME, state, [Step("Birch", Draw(0))])
