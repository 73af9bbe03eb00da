"""The round schedule of the festival's events, and where a match keeps it."""

from __future__ import annotations

from pathlib import Path

import pytest

from festival.cli.main import main
from festival.core import registry
from festival.match.engines import load_engine
from festival.match.match import Match
from tests.support.store_kit import sql


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


def test_the_schedule_is_stored_with_the_allocation(tmp_path: Path, roster_csv: Path) -> None:
    """Allocating asks each engine its rounds once and stores them, so reading the schedule
    (`festival status`) loads no engine; what is stored is what the engines say."""
    folder = tmp_path / "match"
    assert main(["new", str(folder), "--roster", str(roster_csv), "--seed", "3"]) == 0
    assert main(["allocate", str(folder)]) == 0
    match = Match.open(folder)
    try:
        stored = match.allocation.schedule
        assert stored is not None
        assert "engines" not in vars(match)  # not loaded to read the schedule
        assert match.schedule() == stored
        assert stored == {
            event: engine.rounds(len(match.participants(event)), match.config.rounds)
            for event, engine in match.engines.items()
        }
    finally:
        match.close()


def test_an_allocation_stored_without_a_schedule_asks_the_engines(
    tmp_path: Path, roster_csv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A store allocated before schedules were stored plays and reports the same rounds."""
    folder = tmp_path / "match"
    assert main(["new", str(folder), "--roster", str(roster_csv), "--seed", "3"]) == 0
    assert main(["allocate", str(folder)]) == 0
    capsys.readouterr()
    assert main(["status", str(folder)]) == 0
    with_schedule = capsys.readouterr().out
    sql(folder, "UPDATE allocation SET content = json_remove(content, '$.schedule')")
    match = Match.open(folder)
    try:
        assert match.allocation.schedule is None
        assert match.schedule() == {
            event: engine.rounds(len(match.participants(event)), match.config.rounds)
            for event, engine in match.engines.items()
        }
    finally:
        match.close()
    assert main(["status", str(folder)]) == 0
    assert capsys.readouterr().out == with_schedule
