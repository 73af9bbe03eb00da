"""Issue #39 on the bot: `festival bot MATCH` keeps the deadlines as `festival run` does (the
same runner, in the bot's background, on the bot's clock: injected here, never slept on),
posting through the match's webhooks; a bot and `festival run` at once never both act (one
journal); `/host extend|pause|resume|resolve-now` for the host only, answered privately with
the deadline as Discord timestamps; `/submission` shows the deadline. Through discord.py
against the Discord stand-in (the bot's API and the webhooks on one address)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from festival.bot.hand_ins import HOST_ONLY, Hall
from festival.bot.keep_time import MatchDeadlines, Timekeeper, match_runner
from festival.bot.match_hand_ins import MatchHandIns
from festival.cli.main import main
from festival.core.errors import StoreBusy
from festival.discord.endpoint import API_VARIABLE
from festival.match import schedule_service, service
from festival.match.schedule import HOUR, system_now
from festival.match.schedule_acts import Pause, SetSchedule
from tests.conftest import PLAYERS
from tests.support.discord.both import BotAndWebhooks
from tests.support.discord.interactions import Sent
from tests.support.discord.run import ASH, HOST, running_bot
from tests.support.patience import PATIENCE
from tests.test_deadlines_run import mapped

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")

D = 2_000_000_000
"""round 1's deadline (UTC epoch seconds)"""
ROOT = Path(__file__).resolve().parents[1]
ASH_ROOM = 900_020


class Clock:
    def __init__(self, now: int) -> None:
        self.now = now

    def __call__(self) -> int:
        return self.now


async def soon(seconds: float) -> None:
    """The bot's wait between runs, cut short: the test moves the clock, not time."""
    await asyncio.sleep(0.02)


@dataclass
class Kept:
    match: Path
    server: BotAndWebhooks
    clock: Clock
    keeper: Timekeeper

    def texts(self, channel: str) -> list[str]:
        return [m.content for m in self.server.webhooks.messages(channel)]

    def answer(self, iid: int) -> Sent:
        self.server.wait_for(lambda: bool(_words(self.server, iid)))
        return _words(self.server, iid)[0]

    def host(self, name: str, options: dict[str, object] | None = None, user: object = HOST) -> str:
        iid = self.server.command(user, name, options, group="host", wait=False)  # type: ignore[arg-type]
        return self.answer(iid).content


def _words(server: BotAndWebhooks, iid: int) -> list[Sent]:
    return [s for s in server.answers(iid) if s.kind == "followup" or s.callback_type == 4]


@pytest.fixture
def kept(toy_match: Path) -> Iterator[Kept]:
    """The toy match with round 1's deadline at D and round 2's a day later, its webhooks
    mapped, ASH seated as Spadez; the bot keeping its deadlines on a clock at D - 11 h."""
    clock = Clock(D - 11 * HOUR)
    with BotAndWebhooks() as server:
        os.environ[API_VARIABLE] = server.api
        mapped(toy_match, server.webhooks)  # type: ignore[arg-type]
        service.run(toy_match, SetSchedule(((1, D), (2, D + 24 * HOUR)), D - 48 * HOUR))
        seat = ["seat", str(toy_match), "--player", "Spadez", "--user", str(ASH.id)]
        assert main([*seat, "--channel", str(ASH_ROOM)]) == 0
        keeper = Timekeeper([MatchDeadlines(match_runner(toy_match, clock))], clock, soon)
        hall = Hall(toy_match, MatchHandIns(clock), keeper=keeper)
        with running_bot(server, [], "Duel Host", hall=hall):
            yield Kept(toy_match, server, clock, keeper)


def test_the_bot_reminds_closes_resolves_and_posts_once_on_its_clock(kept: Kept) -> None:
    kept.server.wait_for(lambda: all(len(kept.texts(p)) == 1 for p in PLAYERS))
    (reminder,) = kept.texts("Wren")
    assert f"<t:{D}:F> (<t:{D}:R>)" in reminder and "nothing handed in yet" in reminder
    match = kept.keeper.match
    assert match is not None
    for _ in range(3):  # more runs, each after the schedule is read again: nothing again
        runs = match.runs
        kept.clock.now += 61
        kept.server.wait_for(lambda: match.runs > runs)  # noqa: B023 - waited for at once
    assert all(len(kept.texts(p)) == 1 for p in PLAYERS)
    kept.clock.now = D
    kept.server.wait_for(lambda: any("are closed" in t for t in kept.texts("game room")))
    assert service.status(kept.match).last == 1
    closed = [t for t in kept.texts("game room") if "are closed" in t]
    assert closed == [
        "Round 1's hand-ins are closed; the round is resolved. Round 2's hand-ins close "
        f"<t:{D + 24 * HOUR}:F> (<t:{D + 24 * HOUR}:R>)."
    ]
    assert len(kept.texts("Wren")) == 2  # the reminder, then the private report
    kept.server.wait_for(lambda: all(e.done for e in schedule_service.journal(kept.match)))


def test_the_host_extends_pauses_resumes_and_resolves_now_answered_privately(
    kept: Kept,
) -> None:
    said = kept.host("extend", {"by": "12h"})
    assert said == f"Round 1's deadline is <t:{D + 12 * HOUR}:F> (<t:{D + 12 * HOUR}:R>)."
    assert schedule_service.schedule(kept.match).deadlines[1].at == D + 12 * HOUR
    assert (
        kept.host("pause") == "Round 1's deadline is paused (23 h left): /host resume restarts it."
    )
    kept.clock.now += HOUR
    resumed = D + 12 * HOUR + HOUR
    assert kept.host("resume") == f"Round 1's deadline is <t:{resumed}:F> (<t:{resumed}:R>)."
    assert kept.host("resolve-now") == "Round 1 closes now: it is resolved and posted in a moment."
    kept.server.wait_for(lambda: service.status(kept.match).last == 1)
    kept.server.wait_for(lambda: any("are closed" in t for t in kept.texts("game room")))
    answers = [s for s in kept.server.sent if s.kind != "channel"]
    assert all(s.ephemeral for s in answers if s.callback_type == 4)


@pytest.mark.parametrize(
    ("user", "name", "options", "before", "words"),
    [
        (ASH, "extend", {"by": "1h"}, None, HOST_ONLY),
        (ASH, "pause", None, None, HOST_ONLY),
        (ASH, "resume", None, None, HOST_ONLY),
        (ASH, "resolve-now", None, None, HOST_ONLY),
        (HOST, "extend", None, None, "Give how much later (by: 12h) or the new time"),
        (HOST, "extend", {"by": "soon"}, None, "'soon' is not a duration"),
        (HOST, "extend", {"to": "2001-01-01 10:00"}, None, "the deadline asked for is past"),
        (HOST, "extend", {"by": "1h", "round": 9}, None, "the match has rounds 1 to"),
        (HOST, "extend", {"by": "1h"}, "pause", "deadline is paused: resume it first"),
        (HOST, "pause", None, "pause", "deadline is paused already"),
        (HOST, "resume", None, None, "deadline is not paused"),
        (HOST, "resolve-now", {"round": 9}, None, "the match has rounds 1 to"),
    ],
)
def test_host_commands_refused_in_one_line_and_nothing_changes(
    kept: Kept,
    user: object,
    name: str,
    options: dict[str, object] | None,
    before: str | None,
    words: str,
) -> None:
    if before == "pause":  # the bot may hold the match's lock a moment: tried until done
        done: list[object] = []

        def paused() -> bool:
            with contextlib.suppress(StoreBusy):
                done.append(service.run(kept.match, Pause(kept.clock.now)))
            return bool(done)

        kept.server.wait_for(paused)
    was = schedule_service.schedule(kept.match).deadlines
    said = kept.host(name, options, user)
    assert words in said and "\n" not in said
    assert schedule_service.schedule(kept.match).deadlines == was


def test_submission_shows_the_deadline_as_discord_timestamps(kept: Kept) -> None:
    iid = kept.server.command(ASH, "submission", channel=ASH_ROOM, wait=False)
    told = kept.answer(iid).content
    assert f"Deadline: <t:{D}:F> (<t:{D}:R>)" in told


def test_a_bot_and_festival_runs_at_once_never_both_act(toy_match: Path) -> None:
    """The bot on the computer's clock and three `festival run --once` processes, all after
    the deadline: every reminder and the round resolved and posted once."""
    now = system_now()
    with BotAndWebhooks() as server:
        os.environ[API_VARIABLE] = server.api
        mapped(toy_match, server.webhooks)  # type: ignore[arg-type]
        service.run(toy_match, SetSchedule(((1, now + 60),), now - HOUR))
        runs = [
            subprocess.Popen(
                [sys.executable, "-m", "festival.cli", "run", str(toy_match), "--once"],
                cwd=ROOT,
                env={**os.environ, API_VARIABLE: server.api},
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(3)
        ]
        match = MatchDeadlines(match_runner(toy_match))
        keeper = Timekeeper([match], wait=soon)
        with running_bot(
            server, [], "Duel Host", hall=Hall(toy_match, MatchHandIns(), keeper=keeper)
        ):
            for run in runs:
                run.communicate(timeout=PATIENCE)
            server.wait_for(lambda: all(server.webhooks.messages(p) for p in PLAYERS))
            server.wait_for(lambda: match.runs >= 1 and keeper.runs > 3)
        for player in PLAYERS:
            assert len(server.webhooks.messages(player)) == 1, player
        assert service.status(toy_match).last == 0
