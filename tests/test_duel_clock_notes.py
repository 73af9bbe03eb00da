"""Issue #39 for duels: the bot's clock warnings and losses on time are recorded in the duel's
store before they are sent (`NoteClock`, through the duel's dispatcher) and marked sent after
(`MarkClockNote`; festival/duels/clock_notes.py), so a bot started again gives every warning
exactly once, and a note recorded but not sent (a bot killed in between) is sent when it
starts. Through discord.py against the Discord stand-in, on the duels' clock moved by the
test (the bot's timekeeper reads the same clock)."""

from __future__ import annotations

from pathlib import Path

import pytest

from festival.bot.duel_clocks import DuelClock
from festival.duels import service
from tests.support.discord.run import HOST, Table, hosted
from tests.test_discord_bot import _element, now  # noqa: F401 - the clock fixture

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")


def unsent(folder: Path) -> list[service.ClockNote]:
    return [n for n in service.watch(folder).notes if not n.done]


def clock_of(t: Table) -> DuelClock:
    (clock,) = [s for s in t.bot.keeper.sources if isinstance(s, DuelClock)]
    return clock


def more_runs(t: Table, at: list[float], rounds: int = 3) -> None:
    """The duel's clock read `rounds` more times by the keeper, the clock moved a little
    (past the time it reads the clock again) before each."""
    clock = clock_of(t)
    for _ in range(rounds):
        runs = clock.runs
        at[0] += clock.every
        t.server.wait_for(lambda: clock.runs > runs)  # noqa: B023 - waited for at once


def test_a_warning_is_given_once_across_a_restart(
    tmp_path: Path,
    now: list[float],  # noqa: F811
) -> None:
    folder = _element(tmp_path, turn_seconds=10, reserve_seconds=0)
    with hosted(folder, ["Ash", "Birch"], warn_seconds=5, every=0.05) as t:
        service.clock(folder, True)
        now[0] += 6  # 4 s left: warned
        t.server.wait_for(lambda: len(t.server.channel_messages()) >= 1)
        t.server.wait_for(lambda: not unsent(folder))
        (warning,) = t.server.channel_messages()
        assert warning.content.endswith("left before you lose on time.")
    with hosted(folder, ["Ash", "Birch"], warn_seconds=5, every=0.05) as t:  # started again
        now[0] += 1  # 3 s left, still in the warning's time: said already
        more_runs(t, now)
        assert t.server.channel_messages() == []


def test_a_note_recorded_and_not_sent_is_sent_once_when_the_bot_starts(
    tmp_path: Path,
    now: list[float],  # noqa: F811
) -> None:
    folder = _element(tmp_path, turn_seconds=10, reserve_seconds=0)
    text = "<@11>: 0:04 left before you lose on time."
    note = service.NoteClock("warn:0:Ash", text, (11,), 0)
    bot, origin = service.CLOCK_BOT, service.CLOCK_WATCH
    assert service.dispatch(folder, note, bot, origin).done
    again = service.dispatch(folder, service.NoteClock("warn:0:Ash", "again", (), 0), bot, origin)
    assert again.repeated  # recorded: never twice
    with hosted(folder, ["Ash", "Birch"], warn_seconds=5, every=0.05) as t:
        t.server.wait_for(lambda: len(t.server.channel_messages()) >= 1)
        t.server.wait_for(lambda: not unsent(folder))
        (sent,) = t.server.channel_messages()
        assert sent.content == text
    with hosted(folder, ["Ash", "Birch"], warn_seconds=5, every=0.05) as t:
        more_runs(t, now)
        assert t.server.channel_messages() == []


@pytest.mark.parametrize(
    ("command", "actor", "done"),
    [
        (service.NoteClock("warn:0:Ash", "w", (), 0), service.Actor("Ash"), False),
        (service.MarkClockNote("warn:0:Ash"), service.Actor("Birch"), False),
        (service.NoteClock("warn:0:Ash", "w", (), 0), service.HOST, True),
        (service.NoteClock("warn:7:Ash", "w", (), 7), service.CLOCK_BOT, False),
    ],
    ids=["a player's note", "a player's mark", "the host's note", "a note of another turn"],
)
def test_clock_notes_are_the_clock_bots_and_the_hosts_only(
    tmp_path: Path, command: service.Command, actor: service.Actor, done: bool
) -> None:
    """A player is refused (nothing recorded); a note planned after other steps than the duel
    has now is not recorded (the duel moved on: a time-out recorded as it opened, a move)."""
    folder = _element(tmp_path)
    acted = service.dispatch(folder, command, actor, service.CLOCK_WATCH)
    assert acted.done is done
    if isinstance(command, service.NoteClock):
        assert [n.key for n in service.watch(folder).notes] == (["warn:0:Ash"] if done else [])


def test_a_clock_started_by_a_slash_command_is_kept_at_once(
    tmp_path: Path,
    now: list[float],  # noqa: F811
) -> None:
    """`/host clock start` wakes the duel's source of the bot's timekeeper: its warning is
    planned then, not when the duel is next read again (an hour away here)."""
    folder = _element(tmp_path, turn_seconds=10, reserve_seconds=0)
    with hosted(folder, ["Ash", "Birch"], warn_seconds=9, every=3600) as t:
        clock = clock_of(t)
        t.server.wait_for(lambda: clock.runs >= 1)
        runs = clock.runs
        t.server.command(HOST, "clock", {"action": "start"}, "host")
        t.server.wait_for(lambda: clock.runs > runs)  # read again at once
        assert t.server.channel_messages() == []  # 10 s left: no warning yet
        now[0] += 1  # 9 s left: warned
        t.server.wait_for(lambda: bool(t.server.channel_messages()))
        (warning,) = t.server.channel_messages()
        assert warning.content == "<@11>: 0:09 left before you lose on time."
