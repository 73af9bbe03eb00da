"""Issue #39, steps 3 and 4: the scheduler records each step before acting on it, reminds,
closes, posts and tells the host through the match's webhooks (the Discord stand-in), on an
injected clock; `festival run --once` does what is due now."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from festival.cli.main import main
from festival.discord.schedule_runner import Runner
from festival.match import schedule_service, service
from festival.match.schedule import HOUR, system_now
from festival.match.schedule_acts import Configure, Extend, SetSchedule, Superseded
from festival.match.schedule_due import Step, StepKind
from festival.match.schedule_service import InboxReadiness, round_source
from tests.conftest import PLAYERS, numbers_json
from tests.support.discord.webhooks import DiscordServer

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")

D = 2_000_000_000
"""round 1's deadline (UTC epoch seconds)"""


def mapped(folder: Path, server: DiscordServer, host_channel: bool = True) -> None:
    rows = ["player,webhook", f"host,{server.add_webhook('game room')}"]
    if host_channel:
        rows.append(f"host channel,{server.add_webhook('host channel')}")
    rows += [f"{p},{server.add_webhook(p)}" for p in PLAYERS]
    path = folder.parent / "webhooks.csv"
    path.write_text("\n".join(rows) + "\n")
    assert main(["discord", str(folder), "--webhooks", str(path)]) == 0


def inbox(folder: Path, round_no: int, players: list[str]) -> Path:
    """The host's inbox with round N's JSON file, holding `players`' hand-ins."""
    made = numbers_json(folder, round_no, lambda p, e: (len(p) + len(e)) % 5 + 1)
    data = json.loads(made.read_text())
    data["submissions"] = {p: s for p, s in data["submissions"].items() if p in players}
    box = folder.parent / "inbox"
    box.mkdir(exist_ok=True)
    made.unlink()
    (box / f"round-{round_no}.json").write_text(json.dumps(data))
    return box


class Clock:
    def __init__(self, now: int) -> None:
        self.now = now

    def __call__(self) -> int:
        return self.now


def runner(folder: Path, box: Path, clock: Clock) -> Runner:
    return Runner(
        folder,
        InboxReadiness(box),
        lambda r: round_source(box, r),
        clock=clock,
        say=lambda line: None,
    )


def texts(server: DiscordServer, channel: str) -> list[str]:
    return [m.content for m in server.messages(channel)]


def test_reminders_name_what_is_missing_go_once_and_the_deadline_resolves_and_posts(
    toy_match: Path, discord_api: DiscordServer
) -> None:
    mapped(toy_match, discord_api)
    service.run(toy_match, SetSchedule(((1, D), (2, D + 24 * HOUR)), D - 48 * HOUR))
    handed = [p for p in PLAYERS if p not in ("Wren", "uri")]
    box, clock = inbox(toy_match, 1, handed), Clock(D - 11 * HOUR)
    run = runner(toy_match, box, clock)
    run.once()
    run.once()  # nothing twice
    for player in PLAYERS:
        said = texts(discord_api, player)
        if player in handed:
            assert said == [], player
            continue
        (reminder,) = said
        assert f"Round 1's hand-ins close <t:{D}:F> (<t:{D}:R>)." in reminder
        assert reminder.startswith("**Reminder**: Round 1") and "late" not in reminder
        assert "nothing handed in yet" in reminder
        others = [p for p in PLAYERS if p != player]
        assert not any(p in reminder for p in others), "no other player's facts"
    clock.now = D
    run.once()
    run.once()
    assert service.status(toy_match).last == 1
    room = texts(discord_api, "game room")
    public = service.announce(toy_match, 1).messages.public
    assert room[0].startswith(public[:40])
    assert room[-1] == (
        "Round 1's hand-ins are closed; the round is resolved. Round 2's hand-ins close "
        f"<t:{D + 24 * HOUR}:F> (<t:{D + 24 * HOUR}:R>)."
    )
    assert len(texts(discord_api, "Wren")) == 2  # the reminder, then the private report
    assert all(len(m) == len(set(m)) for m in map(lambda c: texts(discord_api, c), PLAYERS))


def test_an_extension_between_a_closes_intent_and_its_act_is_never_followed_by_the_old_resolution(
    toy_match: Path,
) -> None:
    service.run(toy_match, SetSchedule(((1, D),), D - HOUR))
    box, clock = inbox(toy_match, 1, PLAYERS), Clock(D + 5)
    run = runner(toy_match, box, clock)
    close = Step(StepKind.CLOSE, 1, 1, at=D)
    assert schedule_service.intend(toy_match, close) is not None  # recorded, then cut
    service.run(toy_match, Extend(D + HOUR, D + 1))  # the host extends meanwhile
    with pytest.raises(Superseded):
        schedule_service.close(toy_match, close, round_source(box, 1))
    run.once()  # the restarted run drops the old intent: nothing resolved
    assert service.status(toy_match).last == 0
    outcomes = {e.key: e.outcome for e in schedule_service.journal(toy_match)}
    assert outcomes["close:1:1"] == "superseded"
    clock.now = D + HOUR
    run.once()
    assert service.status(toy_match).last == 1
    assert {e.key: e.outcome for e in schedule_service.journal(toy_match)}["close:1:2"] == "done"


def test_early_close_when_everyone_is_ready_and_the_host_switched_it_on(toy_match: Path) -> None:
    service.run(toy_match, SetSchedule(((1, D),), D - 48 * HOUR))
    box, clock = inbox(toy_match, 1, PLAYERS), Clock(D - 20 * HOUR)
    run = runner(toy_match, box, clock)
    run.once()
    assert service.status(toy_match).last == 0
    service.run(toy_match, Configure(clock.now, early_close=True))
    (done,) = run.once()
    assert "early: every player is ready" in done.said
    assert service.status(toy_match).last == 1


def test_the_host_channel_is_told_once_after_n_misses_in_a_row(
    toy_match: Path, discord_api: DiscordServer
) -> None:
    mapped(toy_match, discord_api)
    service.run(toy_match, SetSchedule(((1, D), (2, D + 24 * HOUR)), D - HOUR))
    service.run(toy_match, Configure(D - HOUR, reminders=(), misses=2))
    box = toy_match.parent / "inbox"
    clock = Clock(D)
    run = runner(toy_match, box, clock)
    inbox(toy_match, 1, [p for p in PLAYERS if p != "Quill"])
    run.once()
    inbox(toy_match, 2, [p for p in PLAYERS if p != "Quill"])
    clock.now = D + 24 * HOUR
    run.once()
    run.once()
    run.once()
    (told,) = texts(discord_api, "host channel")
    assert told.startswith("Quill has handed in nothing for 2 rounds in a row (since round 1)")
    assert not any("Quill has handed in nothing" in m for m in texts(discord_api, "game room"))


def test_festival_run_once_says_what_it_did(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    now = system_now()
    service.run(toy_match, SetSchedule(((1, now - 60),), now - 3600))  # due a minute ago
    box = inbox(toy_match, 1, PLAYERS)
    args = ["run", str(toy_match), "--inbox", str(box), "--once"]
    assert main(args) == 0
    assert "round 1: resolved; the match has no Discord channels" in capsys.readouterr().out
    assert main(args) == 0
    assert "Nothing is due now." in capsys.readouterr().out
    assert service.status(toy_match).last == 1
    assert main(["check", str(toy_match)]) == 0  # the schedule's tables are no damage


def test_the_loop_keeps_every_deadline_on_an_injected_clock_and_ends_with_the_match(
    toy_match: Path,
) -> None:
    from festival.discord.schedule_runner import loop

    rounds = 6
    gap = 600  # ten minutes between deadlines
    service.run(toy_match, SetSchedule(tuple((r, D + r * gap) for r in range(1, 7)), D))
    for r in range(1, rounds + 1):
        box = inbox(toy_match, r, PLAYERS)
    clock = Clock(D)
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        clock.now += int(seconds)

    run = runner(toy_match, box, clock)
    loop(run, sleep)
    assert service.status(toy_match).last == rounds
    closes = [d for d in run.done if d.step.kind is StepKind.CLOSE]
    assert [d.step.round_no for d in closes] == list(range(1, 7))
    assert clock.now <= D + rounds * gap + 60, "each round closed within a minute"
    assert max(slept) <= 60, "the schedule is read again at least every minute"


def test_a_workbook_with_problems_in_the_inbox_is_named_in_its_players_reminder(
    toy_match: Path, discord_api: DiscordServer
) -> None:
    from tests.conftest import TABS, fill_workbooks

    mapped(toy_match, discord_api)
    box = toy_match.parent / "inbox"
    assert main(["templates", str(toy_match), "--out", str(box / "round-1")]) == 0
    kept = ("Wren", "Spadez")
    fill_workbooks(
        box / "round-1",
        {
            "Wren": {TABS["alchemy"]: 9, TABS["continuum"]: 2},  # 9: not a number from 1 to 5
            "Spadez": {TABS["alchemy"]: 1, TABS["continuum"]: 2},
        },
    )
    for workbook in (box / "round-1").iterdir():
        if workbook.stem not in kept:
            workbook.unlink()
    service.run(toy_match, SetSchedule(((1, D),), D - 48 * HOUR))
    runner(toy_match, box, Clock(D - 11 * HOUR)).once()
    (wren,) = texts(discord_api, "Wren")
    assert "- Alchemy: your hand-in has problems" in wren
    assert "Elemental Continuum" not in wren, "a ready event is not named"
    assert texts(discord_api, "Spadez") == []
    (cam,) = texts(discord_api, "cam")
    assert "nothing handed in yet" in cam


def test_a_round_that_cannot_close_is_retried_and_the_host_is_told_once(
    toy_match: Path, discord_api: DiscordServer
) -> None:
    mapped(toy_match, discord_api)
    box = toy_match.parent / "inbox"
    assert main(["templates", str(toy_match), "--out", str(box / "round-1")]) == 0
    # two workbooks for Wren: which one counts? resolve stops, and so does the deadline
    (box / "round-1" / "Wren.xlsx").rename(box / "round-1" / "wren.xlsx")
    (box / "round-1" / "WREN.xlsx").write_bytes((box / "round-1" / "wren.xlsx").read_bytes())
    service.run(toy_match, SetSchedule(((1, D),), D - HOUR))
    clock = Clock(D)
    run = runner(toy_match, box, clock)
    (stuck,) = run.once()
    assert stuck.failed and "round 1 could not be closed at its deadline" in stuck.said
    assert "Wren" in stuck.said
    clock.now += 60
    (again,) = run.once()
    assert again.failed
    (told,) = texts(discord_api, "host channel")
    assert told.startswith("round 1 could not be closed at its deadline")
    (box / "round-1" / "WREN.xlsx").unlink()
    clock.now += 60
    (closed,) = run.once()
    assert not closed.failed and service.status(toy_match).last == 1


def test_status_shows_who_is_ready_from_the_inbox_the_host_named_once(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    box = inbox(toy_match, 1, [p for p in PLAYERS if p not in ("Wren", "uri")])
    args = ["schedule", str(toy_match), "--inbox", str(box), "--at", "2099-01-01 12:00"]
    assert main([*args, "--tz", "UTC"]) == 0
    capsys.readouterr()
    assert main(["status", str(toy_match)]) == 0
    out = capsys.readouterr().out
    assert "Next deadline: round 1, 2099-01-01 12:00 UTC" in out
    assert (
        "Round 1 hand-ins: 8 of 10 players ready; nothing yet: uri (Elemental Continuum), "
        "Wren (Alchemy, Elemental Continuum)." in out
    ), out
    assert main(["run", str(toy_match), "--once"]) == 0  # the inbox kept: nothing due yet
    assert "Nothing is due now." in capsys.readouterr().out


def test_a_round_resolved_whose_posting_discord_refuses_is_posted_on_a_later_run(
    toy_match: Path, discord_api: DiscordServer
) -> None:
    mapped(toy_match, discord_api)
    service.run(toy_match, SetSchedule(((1, D),), D - HOUR))
    box, clock = inbox(toy_match, 1, PLAYERS), Clock(D)
    run = runner(toy_match, box, clock)
    discord_api.delete_webhook("game room")  # Discord answers 404 Unknown Webhook
    (stuck,) = run.once()
    assert stuck.failed and "round 1 is resolved, but posting it stopped" in stuck.said
    assert service.status(toy_match).last == 1
    mapped(toy_match, discord_api)  # the host makes a new webhook and maps it again
    clock.now += 60
    (done,) = run.once()
    assert not done.failed and "resolved already" in done.said
    public = service.announce(toy_match, 1).messages.public
    assert texts(discord_api, "game room")[0].startswith(public[:40])
    assert run.once() == []
