"""A battle simulated without recording its replay has the same outcome as a recorded one (the
balance lab's way through Summoner's Dream). That `advance` gives exactly the state
`resolve_round` gives, for every event, is the engine contract's (tests/test_event_contract.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from events.summoners.resolve import resolve_round
from festival.bots.registry import STRONGEST, bot
from festival.core.registry import event_names
from festival.lab.game import bot_rng
from festival.match.catalogs import catalog_options
from festival.match.engines import load_engines

EVENTS = event_names()

PLAYERS = tuple(f"P{i:02d}" for i in range(1, 8))


@pytest.fixture(scope="module")
def engines() -> dict[str, Any]:
    return dict(load_engines({}, EVENTS))


@pytest.fixture(scope="module")
def options(engines: dict[str, Any]) -> dict[str, dict[str, object]]:
    return catalog_options(engines, {})


def rounds_played(engine: Any, options: dict[str, object], seed: int) -> list[tuple[Any, Any]]:
    """(state before, submissions) for every round of one bot game (the greedy, cautious and
    specialist strategies around the table)."""
    merged = {**engine.default_options(), **options}
    state = engine.setup(PLAYERS, merged, np.random.default_rng(seed))
    played = []
    for round_no in engine.rounds(len(PLAYERS), 6):
        public = engine.public_view(state)
        subs = {}
        for seat, p in enumerate(state.players):
            strategy = STRONGEST[seat % len(STRONGEST)]
            data = bot(strategy, engine.name)(
                public, engine.private_view(state, p), p, round_no, bot_rng(seed, seat, round_no, 0)
            )
            parsed = engine.from_json(state, p, round_no, data).value
            subs[p] = parsed if parsed is not None else engine.default_submission(state, p)
        played.append((state, subs))
        state, _ = engine.resolve_round(state, subs, np.random.default_rng([seed, round_no]))
    return played


def test_a_battle_without_its_replay_has_the_recorded_battles_outcome(
    engines: dict[str, Any], options: dict[str, dict[str, object]]
) -> None:
    """Recording is for the report: stolen, kills, sent and time units are the same."""
    engine = engines["summoners"]
    played = rounds_played(engine, options["summoners"], 3)
    fought = 0
    for state, subs in played:
        _, invasions = resolve_round(state, subs, np.random.default_rng(0))
        _, bare = resolve_round(state, subs, np.random.default_rng(0), replays=False)
        for recorded, plain in zip(invasions, bare, strict=True):
            assert recorded.result.replay, "the report's battles carry their replay"
            assert plain.result.replay == ()
            assert replace(recorded.result, replay=()) == plain.result
            fought += 1
    assert fought >= 7
