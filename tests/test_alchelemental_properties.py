"""Property tests: random legal Alchelemental games on both boards never crash, never put two
units on a hex, and stay within the rules' counts; replay equals the played state; listing
order never decides; every legal step is listed. Sized to be quick. What every duel game keeps
(JSON and notation round trips, `check` against `legal_actions`, fuzzed input) is in
tests/test_duel_contract.py."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from events.alchelemental import rules
from events.alchelemental.state import AlchState, state_from_json, state_to_json
from events.duel import Step, replay
from tests.support.alchelemental_kit import GAME, UNITS, new_state

MAX_ACTIONS = 120


def assert_legal_state(s: AlchState) -> None:
    hexes = [p.hex for p in s.pieces]
    assert len(hexes) == len(set(hexes)), "two units on one hex"
    assert all(0 <= h < s.board.size for h in hexes)
    for side in (0, 1):
        mine = {p.name for p in s.pieces if p.owner == side}
        assert len(mine) == len([p for p in s.pieces if p.owner == side]), "a unit twice"
        assert mine <= set(rules.roster(s, side))
        assert not mine & s.eliminated[side], "an eliminated unit on the board"
        assert mine | s.eliminated[side] == set(s.called[side])
    assert 0 <= s.catalyses <= 2
    if s.current is not None:
        p = s.piece(s.to_move, s.current)
        assert p is not None and s.used <= UNITS[p.name].action_number


def play(board: str, seed: int) -> tuple[AlchState, AlchState, list[Step[object]]]:
    rng = np.random.default_rng(seed)
    start = new_state(board=board)
    s = start
    steps: list[Step[object]] = []
    for _ in range(MAX_ACTIONS):
        if GAME.outcome(s) is not None:
            break
        player = GAME.to_act(s)[0]
        action = GAME.random_action(s, player, rng)
        assert action is not None
        assert GAME.check(s, player, action) == ()
        s = GAME.apply(s, player, action)
        steps.append(Step(player, action))
        assert_legal_state(s)
    return start, s, steps


@settings(max_examples=8, deadline=None)
@given(st.sampled_from(["pit", "battleground"]), st.integers(0, 2**32 - 1))
def test_random_games_stay_legal_and_replay_exactly(board: str, seed: int) -> None:
    start, end, steps = play(board, seed)
    assert replay(GAME, start, steps)[-1] == end


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32 - 1), st.randoms(use_true_random=False))
def test_listing_order_never_decides(seed: int, shuffler: object) -> None:
    """A position read from JSON with its units listed in any order is the same position and
    offers the same legal actions."""
    _, end, _ = play("pit", seed)
    data = state_to_json(end)
    shuffled = dict(data, units=list(data["units"]))
    shuffler.shuffle(shuffled["units"])  # type: ignore[attr-defined]
    other = state_from_json(shuffled, GAME.units)
    assert other == end
    player = end.player
    assert list(GAME.legal_actions(other, player)) == list(GAME.legal_actions(end, player))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_legal_actions_list_every_legal_step(seed: int) -> None:
    """A move, impel, mirror or select passes `check` exactly when it is listed."""
    from events.alchelemental.actions import Impel, Mirror, Move, Select

    _, s, _ = play("pit", seed % 1000)
    if GAME.outcome(s) is not None:
        return
    player = s.player
    listed = set(GAME.legal_actions(s, player))
    tries = [Move(d) for d in range(6)] + [Impel(d) for d in range(6)] + [Mirror()]
    tries += [Select(n) for n in UNITS]
    for action in tries:
        assert (not GAME.check(s, player, action)) == (action in listed), action
