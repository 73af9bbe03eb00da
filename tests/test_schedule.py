"""The round schedule of the festival's events."""

from __future__ import annotations

import pytest

from festival.core import registry
from festival.match.engines import load_engine


@pytest.mark.parametrize(
    ("event", "players", "rounds"),
    [
        ("alchemy", 7, (1, 2, 3, 4, 5, 6)),
        ("continuum", 7, (1, 2, 3, 4, 5, 6)),
        ("summoners", 7, (1, 2, 3, 4, 5, 6)),
        ("summoners", 6, (2, 3, 4, 5, 6)),
    ],
)
def test_schedule(event: str, players: int, rounds: tuple[int, ...]) -> None:
    """Alchemy plays rounds 1-6; Elemental Continuum is set up in round 1 and fires in rounds
    2-6; "If there are 6 players participating in this Event, the game begins in Round 2. If
    there are 7 players participating in this Event, the game begins in Round 1." """
    assert load_engine(registry.event(event).engine).rounds(players, 6) == rounds
