"""What a host meets on the command line around deadlines (review findings 1, 15 and 18):
round 0 refused, never read as "the next round"; a closed round says who played the rules'
default and how to post it; `status` at a deadline that has come says to close the round;
a duration with a minus refused in festival's words; the computer's zone named."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from festival.cli.main import main
from festival.match import schedule_service, service
from festival.match.schedule import system_now
from festival.match.schedule_acts import NoSuchRound, ResolveNow, SetSchedule
from tests.conftest import PLAYERS
from tests.test_deadlines_run import inbox

LATER = "2099-12-01 20:00"


@pytest.mark.parametrize(
    "change",
    [
        ["--resolve-now"],
        ["--pause"],
        ["--extend-by", "2h"],
        ["--extend-to", "2099-12-02 20:00"],
        ["--at", "2099-12-03 20:00"],
        ["--every", "24h", "--from", "2099-12-03 20:00"],
    ],
)
def test_round_0_is_refused_as_round_minus_1_is_and_nothing_changes(
    toy_match: Path, capsys: pytest.CaptureFixture[str], change: list[str]
) -> None:
    assert main(["schedule", str(toy_match), "--tz", "UTC", "--at", LATER]) == 0
    before = schedule_service.schedule(toy_match).deadlines
    capsys.readouterr()
    assert main(["schedule", str(toy_match), "--round", "0", *change]) == 2
    assert capsys.readouterr().err == "festival: error: --round 0: the match has rounds 1 to 6\n"
    assert schedule_service.schedule(toy_match).deadlines == before


def test_the_service_refuses_round_0_too(toy_match: Path) -> None:
    now = system_now()
    service.run(toy_match, SetSchedule(((1, now + 3600),), now))
    with pytest.raises(NoSuchRound):
        service.run(toy_match, ResolveNow(now, 0))


@pytest.mark.parametrize("flag", ["--port", "--port=0"])
def test_a_dashboard_on_port_0_is_refused_not_taken_for_the_default(
    toy_match: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, flag: str
) -> None:
    from festival.core import child

    monkeypatch.setattr(child, "run_child", lambda *a, **k: 0)  # no dashboard is started
    args = [flag, "0"] if flag == "--port" else [flag]
    with pytest.raises(SystemExit) as ended:
        main(["dashboard", str(toy_match), *args])
    assert ended.value.code == 2
    assert "'0': give a port from 1 to 65535" in capsys.readouterr().err


@pytest.mark.parametrize(
    "args",
    [
        ["--every", "-5h", "--from", LATER],
        ["--extend-by", "-2h"],
        ["--reminders", "-2h"],
    ],
)
def test_a_duration_with_a_minus_is_refused_in_festivals_words(
    toy_match: Path, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    assert main(["schedule", str(toy_match), "--tz", "UTC", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("festival: error: '-") and "a duration has no minus" in err
    assert "expected one argument" not in err


@pytest.fixture
def berlin_computer(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.usefixtures("berlin_computer")
def test_with_no_zone_given_the_schedule_names_the_computers_zone(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert os.environ["TZ"] == "Europe/Berlin"
    assert main(["schedule", str(toy_match), "--at", LATER]) == 0
    out = capsys.readouterr().out
    assert "(times in this computer’s time zone, Europe/Berlin; --tz ZONE names another)" in out
    assert "round 1: 2099-12-01 20:00 CET" in out


def test_a_round_closed_with_no_hand_ins_says_everyone_played_the_default_and_how_to_post(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    now = system_now()
    service.run(toy_match, SetSchedule(((1, now - 60),), now - 3600))  # due a minute ago
    assert main(["run", str(toy_match), "--once"]) == 0
    out = capsys.readouterr().out
    assert "nothing valid was handed in for round 1: every player played the rules' default" in out
    guide = " ".join((Path(__file__).parent.parent / "docs/host-guide.md").read_text().split())
    assert (
        "(`nothing valid was handed in for round 1: every player played the rules' default`)"
        in guide
    )
    assert (
        f"to post it: festival discord {toy_match} --webhooks FILE (once), then "
        f"festival post {toy_match} --round 1"
    ) in out


def test_a_round_closed_with_some_hand_ins_names_who_played_the_default(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    now = system_now()
    service.run(toy_match, SetSchedule(((1, now - 60),), now - 3600))
    box = inbox(toy_match, 1, PLAYERS[1:])
    assert main(["run", str(toy_match), "--inbox", str(box), "--once"]) == 0
    out = capsys.readouterr().out
    assert f"nothing valid handed in, the rules' default played: {PLAYERS[0]} (" in out
    assert "every player played" not in out


def test_status_at_a_deadline_that_has_come_says_to_close_the_round(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    now = system_now()
    service.run(toy_match, SetSchedule(((1, now - 60),), now - 3600))
    assert main(["status", str(toy_match)]) == 0
    out = capsys.readouterr().out
    assert "(due now)" in out
    assert (
        out.rstrip()
        .splitlines()[-1]
        .startswith(f"Next: round 1's deadline has come: festival run {toy_match} --once closes it")
    )
    assert "festival templates" not in out
