"""Order never decides, in every event: the order the players are listed in (the roster),
the order the submissions arrive in, and the order inside a submission that no rule gives a
meaning to (a Summoner's Dream defender's towers, an attacker's familiars and the Shop's
purchases, Alchemy attempts without a priority) never change a result. (Elemental Continuum
bolts are numbered as the player wrote them, bolt 1 and bolt 2, and recorded so.)

Each case plays a whole event with the bots, then plays it again from the same submissions
with everything shuffled, and compares every state and report."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from random import Random
from typing import Any

import numpy as np
import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from events.alchemy import AlchemyEngine
from events.alchemy.model import AlchemySubmission
from events.continuum import ContinuumEngine
from events.summoners import SummonersEngine
from events.summoners.model import Attack, Defence, SummonersSubmission
from festival.bots.alchemy import alchemy_bot
from festival.bots.continuum import continuum_bot
from festival.bots.summoners import summoners_bot
from tests.support import alchemy_kit, summoners_kit

NAMES = ("Spadez", "hedger", "uri", "cam", "Wren", "Quill", "Juniper")


def shuffled_inside(sub: Any, shuffler: Random) -> Any:
    """The same submission with the order no rule reads shuffled."""

    def mixed(items: tuple[Any, ...]) -> tuple[Any, ...]:
        out = list(items)
        shuffler.shuffle(out)
        return tuple(out)

    if isinstance(sub, SummonersSubmission):
        d, a = sub.defence, sub.attack
        return replace(
            sub,
            buy_towers=mixed(sub.buy_towers),
            buy_familiars=mixed(sub.buy_familiars),
            defence=Defence(d.map, mixed(d.placements)) if isinstance(d, Defence) else d,
            attack=Attack(mixed(a.slots), a.party_a, a.party_b) if isinstance(a, Attack) else a,
        )
    if isinstance(sub, AlchemySubmission) and not sub.prioritized:
        return replace(sub, engineer=mixed(sub.engineer))
    return sub


Bot = Callable[..., dict[str, Any]]
EVENTS: dict[str, tuple[Any, Callable[[], Mapping[str, Any]], Bot]] = {
    "alchemy": (AlchemyEngine(), lambda: {"catalog": alchemy_kit.catalog_json()}, alchemy_bot),
    "continuum": (ContinuumEngine(), dict, continuum_bot),
    "summoners": (
        SummonersEngine(),
        lambda: {"catalog": summoners_kit.catalog_json()},
        summoners_bot,
    ),
}


def bot_game(
    event: str, players: tuple[str, ...], seed: int
) -> list[tuple[dict[str, Any], Any, Any]]:
    """(submissions, state after, report) for each round of a whole event played by bots."""
    engine, options, bot = EVENTS[event]
    rng = np.random.default_rng(seed)
    state = engine.setup(players, options(), np.random.default_rng(0))
    out = []
    while engine.next_round(state) <= 6:
        round_no = engine.next_round(state)
        subs = {}
        for p in state.players:
            data = bot(engine.public_view(state), engine.private_view(state, p), p, round_no, rng)
            sub = engine.from_json(state, p, round_no, data).value
            if sub is None or engine.validate(state, p, sub):
                sub = engine.default_submission(state, p)
            subs[p] = sub
        state, report = engine.resolve_round(state, subs, np.random.default_rng(seed + round_no))
        out.append((subs, state, report))
    return out


@pytest.mark.parametrize("event", sorted(EVENTS))
@settings(max_examples=3, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate])
# (no shrinking: each example plays whole events; a failure is reported as found)
@given(st.integers(0, 2**16), st.sampled_from([6, 7]), st.randoms(use_true_random=False))
def test_no_listing_order_changes_any_result(
    event: str, seed: int, n: int, shuffler: Random
) -> None:
    """Order never decides: players, submissions, towers, familiars, purchases, attempts."""
    engine, options, _ = EVENTS[event]
    players = NAMES[:n]
    game = bot_game(event, players, seed)
    listed = list(players)
    shuffler.shuffle(listed)
    state = engine.setup(listed, options(), np.random.default_rng(0))
    for subs, after, report in game:
        round_no = engine.next_round(state)
        arriving = list(subs)
        shuffler.shuffle(arriving)
        mixed = {p: shuffled_inside(subs[p], shuffler) for p in arriving}
        state, again = engine.resolve_round(state, mixed, np.random.default_rng(seed + round_no))
        assert state == after, (event, round_no)
        assert again == report, (event, round_no)
    final = engine.ranking(state, players)
    assert final == engine.ranking(game[-1][1], players)
