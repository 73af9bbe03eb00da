"""Issue #39: duel clocks on the same scheduler as a match's deadlines. One timeline
(festival/core/timeline.py, pure), one keeper in the bot (festival/bot/keep_time.py) whose
sources are the match's deadlines and each hosted duel's clock: it sleeps until the earliest
item of any source, and a duel's warning and a match's reminder due at the same moment are
both sent, once. The clocks are injected and moved by the tests; nothing sleeps on time."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

import pytest

from festival.bot.duel_clocks import DuelClock
from festival.bot.duel_commands import Table
from festival.bot.hand_ins import Hall
from festival.bot.keep_time import MatchDeadlines, Timekeeper, match_runner
from festival.bot.match_hand_ins import MatchHandIns
from festival.core.timeline import Item, timeline
from festival.discord.endpoint import API_VARIABLE
from festival.duels import host as duel_host
from festival.duels import service as duels
from festival.duels import store as duel_store
from festival.match import service
from festival.match.schedule import HOUR
from festival.match.schedule_acts import SetSchedule
from tests.conftest import PLAYERS
from tests.support.discord.both import BotAndWebhooks
from tests.support.discord.interactions import CHANNEL
from tests.support.discord.run import ASH, BIRCH, running_bot
from tests.support.patience import PATIENCE
from tests.test_deadlines_bot import Clock, soon
from tests.test_deadlines_run import mapped

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")

D = 2_000_000_000
"""round 1's deadline (UTC epoch seconds)"""


def test_the_timeline_gives_what_is_due_and_wakes_at_the_earliest_item_to_come() -> None:
    items = [
        Item(130.0, "duel 1", "warn:3:Ash"),
        Item(100.0, "match m", "remind:1:1:43200"),
        Item(100.0, "duel 1", "warn:2:Ash"),
        Item(190.0, "match m", "close:1:1"),
    ]
    line = timeline(items, 100.0, 3600.0)
    assert [(i.source, i.key) for i in line.due] == [
        ("duel 1", "warn:2:Ash"),
        ("match m", "remind:1:1:43200"),
    ]  # due at one moment: both, in an order that does not hang on the input's
    assert line.sources == ("duel 1", "match m")
    assert line.wake == 130.0
    assert timeline(items, 200.0, 3600.0).wake == 3800.0  # nothing to come: read again then
    assert timeline([], 0.0, 60.0) == timeline([], 0.0, 60.0)


def duel_on(tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch, turn: int) -> Path:
    """A duel of `turn` seconds a turn (no reserve), on `clock` (the duels' clock moved with
    the match's), its clock started now."""
    monkeypatch.setattr(duel_store, "clock_now", lambda: float(clock.now))
    monkeypatch.setattr(duel_host, "clock_now", lambda: float(clock.now))
    folder = tmp_path / "duel"
    duels.create(
        folder,
        "element",
        "summary",
        {"turn_seconds": turn, "reserve_seconds": 0},
        ["Ash", "Birch"],
        18,
    )
    duels.seat(folder, CHANNEL, {"Ash": ASH.id, "Birch": BIRCH.id})
    duels.clock(folder, True)
    return folder


@pytest.mark.parametrize(
    ("start", "turn", "first"),
    [
        (D - 13 * HOUR, 90, 30.0),  # the duel's warning (60 s left) in 30 s
        (D - 12 * HOUR - 10, 90, 10.0),  # the match's 12 h reminder in 10 s
        (D - 13 * HOUR, 3600, 60.0),  # the match's schedule read again in a minute
    ],
    ids=["the duel's warning first", "the match's reminder first", "the match read again first"],
)
def test_the_keeper_sleeps_until_the_earliest_item_of_the_match_and_the_duel(
    toy_match: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    start: int,
    turn: int,
    first: float,
) -> None:
    clock = Clock(start)
    service.run(toy_match, SetSchedule(((1, D),), D - 48 * HOUR))
    folder = duel_on(tmp_path, clock, monkeypatch, turn)
    said: list[str] = []

    async def announce(channel: int, text: str, pings: tuple[int, ...]) -> None:
        said.append(text)

    async def go() -> tuple[float, float]:
        match = MatchDeadlines(match_runner(toy_match, clock))
        duel = DuelClock(Table(folder, CHANNEL, False), announce, 60.0, every=24 * HOUR)
        planned: asyncio.Future[tuple[float, float]] = asyncio.get_running_loop().create_future()

        def wait(seconds: float) -> Awaitable[None]:
            """The keeper's sleep: noted when both sources have run (their plans in), and
            never over (the clock does not move)."""
            if match.runs and duel.runs and not planned.done():
                planned.set_result((seconds, keeper.last_wait or 0.0))
            return asyncio.Event().wait()

        keeper = Timekeeper([match, duel], clock, wait)
        keeping = asyncio.create_task(keeper.keep())
        try:
            return await asyncio.wait_for(planned, PATIENCE)
        finally:
            keeping.cancel()

    seconds, last = asyncio.run(go())
    assert seconds == first == last
    assert said == []  # nothing was due yet


def test_a_duel_warning_and_a_match_reminder_due_at_one_moment_are_both_sent_once(
    toy_match: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot keeping a match and hosting a duel: the duel's warning (10 minutes before its
    700 s turn runs out) and the match's 12 h reminders come due at the same second."""
    clock = Clock(D - 12 * HOUR - 100)
    folder = duel_on(tmp_path, clock, monkeypatch, 700)
    with BotAndWebhooks() as server:
        os.environ[API_VARIABLE] = server.api
        mapped(toy_match, server.webhooks)  # type: ignore[arg-type]
        service.run(toy_match, SetSchedule(((1, D),), D - 48 * HOUR))
        match = MatchDeadlines(match_runner(toy_match, clock))
        keeper = Timekeeper([match], clock, soon)
        hall = Hall(toy_match, MatchHandIns(clock), keeper=keeper)
        with running_bot(server, [folder], "Duel Host", warn_seconds=600, every=5, hall=hall):
            (duel,) = [s for s in keeper.sources if isinstance(s, DuelClock)]
            server.wait_for(lambda: match.runs >= 1 and duel.runs >= 1)
            assert not server.channel_messages() and not server.webhooks.messages()
            clock.now = D - 12 * HOUR  # both due now

            def everyone_told() -> bool:
                return bool(server.channel_messages()) and all(
                    server.webhooks.messages(p) for p in PLAYERS
                )

            server.wait_for(everyone_told)
            for _ in range(3):  # more runs of both: nothing again
                runs = (match.runs, duel.runs)
                clock.now += 61
                server.wait_for(lambda: match.runs > runs[0] and duel.runs > runs[1])  # noqa: B023
            (warning,) = server.channel_messages()
            assert warning.content == "<@11>: 10:00 left before you lose on time."
            for player in PLAYERS:
                (reminder,) = server.webhooks.messages(player)
                assert f"<t:{D}:F>" in reminder.content
        os.environ.pop(API_VARIABLE, None)


def test_two_bots_keeping_one_duel_give_its_warning_and_its_loss_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two bots (each its own source, its own lock) read the same duel at the same moments:
    the warning and the loss on time are each recorded once, through the duel's dispatcher,
    and said once; a run that found the duel busy says nothing."""
    clock = Clock(D)
    folder = duel_on(tmp_path, clock, monkeypatch, 90)
    said: list[str] = []

    async def announce(channel: int, text: str, pings: tuple[int, ...]) -> None:
        said.append(text)

    async def go() -> None:
        bots = [DuelClock(Table(folder, CHANNEL, False), announce, 60.0) for _ in range(2)]
        for moved in (31, 1, 5, 60, 5):  # the warning's time; then past the loss
            clock.now += moved
            await asyncio.gather(*(b.run(float(clock.now)) for b in bots))

    asyncio.run(go())
    assert said == [
        "<@11>: 0:59 left before you lose on time.",
        "Time ran out: Ash ran out of time; Birch wins.",
    ]
    assert duels.watch(folder).announced
    assert all(n.done for n in duels.watch(folder).notes)


def test_a_bot_started_while_another_sends_a_note_leaves_it_to_that_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The race of two bots' first runs: one has recorded the warning and not sent it yet when
    the other starts. The other leaves it to the living bot (its sender's lock is held); once
    that bot is gone, a bot started again sends it, and of two started at once, one does."""
    clock = Clock(D)
    folder = duel_on(tmp_path, clock, monkeypatch, 90)
    said: list[str] = []

    async def announce(channel: int, text: str, pings: tuple[int, ...]) -> None:
        said.append(text)

    async def cut(channel: int, text: str, pings: tuple[int, ...]) -> None:
        raise ConnectionError("the first bot's send never reaches Discord")

    def bot(say: Any = announce) -> DuelClock:
        return DuelClock(Table(folder, CHANNEL, False), say, 60.0)

    async def go() -> None:
        clock.now += 31  # the warning is due
        first = bot(cut)
        await first.run(float(clock.now))  # recorded, its send failed: unsent, still its own
        (note,) = duels.watch(folder).notes
        assert not note.done and note.sender
        late = bot()
        await late.run(float(clock.now))  # starts while the first lives: leaves it
        assert said == []
        assert first.sending is not None
        first.sending.close()  # the first bot's process ends
        again = [bot(), bot()]  # two started at once after it
        await asyncio.gather(*(b.run(float(clock.now)) for b in again))

    asyncio.run(go())
    assert said == ["<@11>: 0:59 left before you lose on time."]
    assert all(n.done for n in duels.watch(folder).notes)
