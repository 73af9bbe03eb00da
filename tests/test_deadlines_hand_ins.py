"""Issue #39 with #38's hand-ins: the deadline closes hand-ins (a file after it is kept as
late), reminders go only to the players whose hand-ins are missing or have problems, and
`festival run` without an inbox resolves the round from the hand-ins alone. The time a
hand-in is taken at comes from the front end's clock (the service reads none)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from festival.cli.main import main
from festival.match import service
from festival.match.acts import Actor, Via
from festival.match.handin_acts import ClosedWhy, HandIn, RoundClosed
from festival.match.match import Match
from festival.match.schedule import HOUR
from festival.match.schedule import HandIn as State
from festival.match.schedule_acts import Pause, SetSchedule
from festival.match.schedule_service import HandInReadiness
from tests.conftest import PLAYERS

D = 2_000_000_000
"""round 1's deadline (UTC epoch seconds)"""


def submission(folder: Path, player: str, round_no: int, number: object) -> bytes:
    match = Match.open(folder)
    events = match.events_of(player, round_no)
    match.close()
    subs = {player: {e: {"number": number} for e in events}}
    return json.dumps({"round": round_no, "submissions": subs}).encode()


def handed(folder: Path, player: str, number: object, at: int | None) -> object:
    command = HandIn(player, f"{player}.json", submission(folder, player, 1, number), None, at)
    return service.run(folder, command, Actor.of_player(player), Via.BOT, None)


def test_readiness_comes_from_the_hand_ins(toy_match: Path) -> None:
    handed(toy_match, "Wren", 3, None)
    handed(toy_match, "uri", 9, None)  # 9: not a number from 1 to 5
    readiness = HandInReadiness()(toy_match, 1)
    assert readiness.wanting("Wren") == ()
    assert {s for _, s in readiness.wanting("uri")} == {State.PROBLEMS}
    assert {s for _, s in readiness.wanting("cam")} == {State.NOTHING}


@pytest.mark.parametrize(
    ("at", "paused", "closed"),
    [
        (D - 1, False, False),  # a second before the deadline: taken
        (D, False, True),  # at the deadline: late
        (D + HOUR, False, True),
        (D + HOUR, True, False),  # paused: no deadline holds
        (None, False, False),  # a front end that gives no time: no deadline held against it
    ],
)
def test_the_deadline_on_the_front_ends_clock_closes_hand_ins(
    toy_match: Path, at: int | None, paused: bool, closed: bool
) -> None:
    service.run(toy_match, SetSchedule(((1, D),), D - 24 * HOUR))
    if paused:
        service.run(toy_match, Pause(D - HOUR))
    if not closed:
        handed(toy_match, "Wren", 2, at)
        assert {s for _, s in HandInReadiness()(toy_match, 1).wanting("Wren")} == set()
        return
    with pytest.raises(RoundClosed) as refused:
        handed(toy_match, "Wren", 2, at)
    assert refused.value.why is ClosedWhy.DEADLINE
    assert "its deadline has passed" in str(refused.value)
    assert {s for _, s in HandInReadiness()(toy_match, 1).wanting("Wren")} == {State.NOTHING}


def test_the_deadline_closes_hand_ins_and_run_resolves_from_them_without_an_inbox(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Through the command line, on the computer's clock: a deadline a minute ago (set as
    of an hour ago: the commands carry their time)."""
    import time

    now = int(time.time())
    for player in PLAYERS:
        handed(toy_match, player, 2, now - HOUR)
    service.run(toy_match, SetSchedule(((1, now - 60),), now - HOUR))
    late = toy_match.parent / "late.json"
    late.write_bytes(submission(toy_match, "Wren", 1, 4))
    capsys.readouterr()
    assert main(["hand-in", str(toy_match), str(late), "--player", "Wren"]) != 0
    assert "deadline has passed" in capsys.readouterr().err
    assert main(["run", str(toy_match), "--once"]) == 0
    assert "round 1: resolved" in capsys.readouterr().out
    assert service.status(toy_match).last == 1


def test_status_says_who_is_ready_from_the_hand_ins_with_no_inbox(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    handed(toy_match, "Wren", 3, None)
    handed(toy_match, "uri", 9, None)
    service.run(toy_match, SetSchedule(((1, D),), D - 24 * HOUR))
    capsys.readouterr()
    assert main(["status", str(toy_match)]) == 0
    out = capsys.readouterr().out
    assert "Round 1 hand-ins: 1 of 10 players ready" in out
    assert "has problems: uri (" in out
