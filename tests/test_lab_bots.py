"""The lab's strategies: every bot answers with a submission the engines accept.

Rule (GUIDE): "A bot sees what its player may see" - bots receive only the engine's public
and private views; the engines themselves validate what they submit.
"""

from __future__ import annotations

import pytest

from festival.bots.registry import STRATEGIES
from festival.core.registry import event_names
from festival.lab.game import FESTIVAL, GameSpec, play
from festival.match.catalogs import catalog_options
from festival.match.engines import load_engines

EVENTS = event_names()


@pytest.fixture(scope="module")
def options() -> dict[str, dict[str, object]]:
    return catalog_options(load_engines({}, EVENTS), {})


@pytest.mark.parametrize("strategy", sorted(STRATEGIES))
@pytest.mark.parametrize("seed", [3, 11])
def test_bots_never_submit_an_invalid_submission(
    strategy: str, seed: int, options: dict[str, dict[str, object]]
) -> None:
    """Each strategy, a whole table of it, in a whole festival: the engines refuse nothing."""
    result = play(GameSpec(seed, FESTIVAL, (strategy,) * 10), options)
    assert {r.event for r in result.events} == set(EVENTS)
    assert [(r.player, r.event) for r in result.events if r.invalid] == []


def test_mixed_table_plays_every_event_with_no_invalid_submission(
    options: dict[str, dict[str, object]],
) -> None:
    """Strategies meet each other (seven at a Summoner's Dream table: it begins in round 1)."""
    mix = tuple(sorted(STRATEGIES)) * 2
    for event in EVENTS:
        result = play(GameSpec(5, event, mix[:7]), options)
        assert len(result.events) == 7
        assert sum(r.invalid for r in result.events) == 0


def test_every_strategy_plays_every_event() -> None:
    for name, bots in STRATEGIES.items():
        assert set(bots) == set(EVENTS), name
