"""Issue #39, step 1: a match's deadlines in its store (UTC), set and shown through the
command line in the host's zone, changed only through typed commands, bad input refused in
words; players see Discord timestamps."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from festival.cli.main import main
from festival.match import schedule_service, service
from festival.match.schedule import discord_time, host_time, read_time
from festival.match.schedule_acts import (
    Extend,
    PastTime,
    Pause,
    ResolveNow,
    Resume,
    RoundResolvedAlready,
    SetSchedule,
)
from festival.match.schedule_words import deadline_line
from tests.conftest import numbers_json

BERLIN_20H = int(datetime(2026, 12, 1, 19, 0, tzinfo=UTC).timestamp())
"""2026-12-01 20:00 in Europe/Berlin (CET, UTC+1)"""
EARLIER = BERLIN_20H - 5 * 86400


def _stored(folder: Path) -> list[tuple[int, int, int]]:
    conn = sqlite3.connect(folder / "match.sqlite")
    try:
        if not conn.execute(
            "SELECT name FROM sqlite_master WHERE name = 'schedule_deadlines'"
        ).fetchall():
            return []  # nothing ever written
        return conn.execute(
            "SELECT round_no, at, generation FROM schedule_deadlines ORDER BY round_no"
        ).fetchall()
    finally:
        conn.close()


def test_a_deadline_is_set_in_the_hosts_zone_stored_in_utc_and_shown_back(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["schedule", str(toy_match), "--at", "2026-12-01 20:00", "--tz", "Europe/Berlin"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "round 1: 2026-12-01 20:00 CET" in out
    assert _stored(toy_match) == [(1, BERLIN_20H, 1)]
    # shown in another zone the host names, the same instant
    assert main(["schedule", str(toy_match), "--tz", "America/New_York"]) == 0
    assert "round 1: 2026-12-01 14:00 EST" in capsys.readouterr().out
    assert main(["status", str(toy_match)]) == 0
    assert "Next deadline: round 1, 2026-12-01 14:00 EST" in capsys.readouterr().out


def test_every_24_hours_from_a_time_sets_each_remaining_round(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["schedule", str(toy_match), "--every", "24h", "--from", "2026-12-01 20:00"]
    assert main([*args, "--tz", "UTC"]) == 0
    start = int(datetime(2026, 12, 1, 20, 0, tzinfo=UTC).timestamp())
    assert _stored(toy_match) == [(r, start + (r - 1) * 86400, 1) for r in range(1, 7)]
    assert "round 6: 2026-12-06 20:00 UTC" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--at", "2020-01-01 20:00"], "2020-01-01 20:00 UTC is past"),
        (["--at", "next tuesday"], "'next tuesday' is not a date and time (YYYY-MM-DD HH:MM)"),
        (["--at", "2026-13-01 20:00"], "is not a date and time"),
        (["--every", "often", "--from", "2026-12-01 20:00"], "'often' is not a duration"),
        (["--every", "24h"], "--every and --from go together"),
        (["--round", "7", "--at", "2026-12-01 20:00"], "--round 7: the match has rounds 1 to 6"),
        (["--tz", "Mars/Olympus"], "--tz Mars/Olympus: not a time zone"),
        (["--extend-by", "2h"], "round 1 has no deadline yet"),
        (["--reminders", "2h,0m"], "not a duration"),
        (["--misses", "0"], "at least 1"),
    ],
)
def test_bad_input_is_refused_in_words_and_nothing_changes(
    toy_match: Path, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    assert main(["schedule", str(toy_match), "--tz", "UTC", *args]) == 2
    assert words in capsys.readouterr().err
    assert _stored(toy_match) == []


def test_a_resolved_round_and_an_extension_into_the_past_are_refused(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = numbers_json(toy_match, 1, lambda p, e: 1)
    assert main(["resolve", str(toy_match), "--from", str(path)]) == 0
    capsys.readouterr()
    at = ["--at", "2099-12-01 20:00", "--tz", "UTC"]
    assert main(["schedule", str(toy_match), "--round", "1", *at]) == 2
    assert "round 1 is already resolved" in capsys.readouterr().err
    assert main(["schedule", str(toy_match), *at]) == 0  # the next round: 2
    assert main(["schedule", str(toy_match), "--extend-to", "2001-01-01 00:00"]) == 2
    assert "2001-01-01 00:00 UTC is past" in capsys.readouterr().err
    with pytest.raises(RoundResolvedAlready):
        service.run(toy_match, SetSchedule(((1, BERLIN_20H),), EARLIER))
    with pytest.raises(PastTime):
        service.run(toy_match, Extend(EARLIER - 1, EARLIER, 2))


def test_each_change_is_a_typed_command_and_bumps_the_generation(toy_match: Path) -> None:
    service.run(toy_match, SetSchedule(((1, BERLIN_20H),), EARLIER))
    service.run(toy_match, Extend(BERLIN_20H + 3600, EARLIER))
    d = schedule_service.schedule(toy_match).deadlines[1]
    assert (d.at, d.generation, d.paused) == (BERLIN_20H + 3600, 2, False)
    service.run(toy_match, Pause(BERLIN_20H - 600))  # 70 minutes left
    d = schedule_service.schedule(toy_match).deadlines[1]
    assert (d.generation, d.paused_left) == (3, 4200)
    service.run(toy_match, Resume(BERLIN_20H + 86400))  # a day later: 70 minutes from then
    d = schedule_service.schedule(toy_match).deadlines[1]
    assert (d.at, d.generation, d.paused) == (BERLIN_20H + 86400 + 4200, 4, False)
    service.run(toy_match, ResolveNow(BERLIN_20H + 86400 + 60))
    d = schedule_service.schedule(toy_match).deadlines[1]
    assert (d.at, d.generation) == (BERLIN_20H + 86400 + 60, 5)


def test_players_see_discord_timestamps_absolute_then_relative() -> None:
    assert discord_time(BERLIN_20H) == f"<t:{BERLIN_20H}:F> (<t:{BERLIN_20H}:R>)"
    assert deadline_line(3, BERLIN_20H) == (
        f"Round 3's hand-ins close <t:{BERLIN_20H}:F> (<t:{BERLIN_20H}:R>)."
    )
    assert read_time("2026-12-01 20:00", "Europe/Berlin") == BERLIN_20H
    assert host_time(BERLIN_20H, "Asia/Tokyo") == "2026-12-02 04:00 JST"


def test_a_match_from_before_schedules_opens_and_shows_no_deadline(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["status", str(toy_match)]) == 0
    assert "deadline" not in capsys.readouterr().out
    assert main(["check", str(toy_match)]) == 0


def test_reading_a_match_without_a_schedule_writes_nothing(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A read-only copy of a match folder (a backup) can be read: status and the schedule's
    show make no tables."""

    def tables() -> set[str]:
        conn = sqlite3.connect(toy_match / "match.sqlite")
        try:
            return {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        finally:
            conn.close()

    before = tables()
    assert main(["status", str(toy_match)]) == 0
    assert main(["schedule", str(toy_match)]) == 0
    assert "round 1: no deadline" in capsys.readouterr().out
    assert tables() == before
