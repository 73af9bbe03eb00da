"""Issue #39: the real runner on a real match store, on an injected clock, over random host
changes (extend, pause, resume, resolve now) and runs cut short at random points (after a
step's intent, after its act): each round resolved once, never before the deadline it had
when it was resolved nor for an older one, every reminder posted at most once, and nothing
left unfinished once it runs uncut."""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from festival.cli.main import main
from festival.discord import endpoint, schedule_runner
from festival.discord.schedule_runner import Runner
from festival.match import schedule_service, service
from festival.match.acts import Refused
from festival.match.schedule import HOUR, Deadline
from festival.match.schedule_acts import Extend, Pause, ResolveNow, Resume, SetSchedule
from festival.match.schedule_due import Step, StepKind
from tests.conftest import PLAYERS, ROSTER
from tests.support.discord.webhooks import DiscordServer
from tests.support.toy_event import ENGINE_ARGS
from tests.test_deadlines_run import Clock, inbox, mapped, runner

pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning"),
]
D = 2_000_000_000


class Cut(BaseException):
    """The run stops dead here (as a kill would: nothing after it is done)."""


@pytest.fixture(scope="module")
def base() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as tmp:
        roster = Path(tmp) / "roster.csv"
        roster.write_text(ROSTER)
        folder = Path(tmp) / "base" / "match"
        assert main(["new", str(folder), "--roster", str(roster), "--seed", "7", *ENGINE_ARGS]) == 0
        assert main(["allocate", str(folder)]) == 0
        yield folder


@pytest.fixture(scope="module")
def server() -> Iterator[DiscordServer]:
    from discord.http import Route

    with pytest.MonkeyPatch.context() as mp, DiscordServer() as stand_in:
        mp.setenv(endpoint.API_VARIABLE, stand_in.base)
        mp.setattr(Route, "BASE", Route.BASE)
        yield stand_in


def cutting(run: Runner, where: str | None) -> None:
    """Cut `run`'s first step at `where` ("intent": before its act; "act": before its done
    mark)."""
    if where is None:
        return
    act, mark = Runner.act, Runner._mark
    armed = [True]

    def cut_act(self: Any, step: Step) -> str:
        if where == "intent" and armed[0]:
            armed[0] = False
            raise Cut
        return act(self, step)

    def cut_mark(self: Any, step: Step, outcome: str) -> None:
        if where == "act" and armed[0]:
            armed[0] = False
            raise Cut
        mark(self, step, outcome)

    run.act = cut_act.__get__(run)  # type: ignore[method-assign]
    run._mark = cut_mark.__get__(run)  # type: ignore[method-assign]


def closed(
    done: list[schedule_runner.Done], deadlines: dict[int, Deadline], now: int
) -> list[tuple[int, int, int, int]]:
    """The closes among `done`: (round, generation, when, the round's deadline then)."""
    return [
        (d.step.round_no, d.step.generation, now, deadlines[d.step.round_no].at)
        for d in done
        if d.step.kind is StepKind.CLOSE and not d.failed
    ]


host_changes = st.sampled_from(["none", "none", "extend", "pause", "resume", "resolve-now"])
events = st.lists(
    st.tuples(
        st.integers(0, 10 * HOUR),
        host_changes,
        st.sampled_from([None, None, "intent", "act"]),
        st.sampled_from(PLAYERS),
    ),
    max_size=12,
)


@settings(max_examples=8)
@given(events)
def test_random_changes_and_cut_runs_resolve_each_round_once_on_its_own_deadline(
    base: Path, server: DiscordServer, happenings: list[tuple[int, str, str | None, str]]
) -> None:
    tmp = Path(tempfile.mkdtemp())
    folder = tmp / "match"
    shutil.copytree(base, folder)
    server.clear_faults()
    before = {c: len(server.messages(c)) for c in ["game room", *PLAYERS]}
    mapped(folder, server, host_channel=False)
    clock = Clock(D - 14 * HOUR)
    service.run(folder, SetSchedule(((1, D), (2, D + 24 * HOUR)), clock.now))
    handed: list[str] = []
    closes: list[tuple[int, int, int, int]] = []
    """(round, generation, when, the deadline then)"""
    try:
        for wait, change, cut, hands_in in happenings:
            clock.now += wait
            command = {
                "extend": Extend(clock.now + 3 * HOUR, clock.now),
                "pause": Pause(clock.now),
                "resume": Resume(clock.now),
                "resolve-now": ResolveNow(clock.now),
            }.get(change)
            if command is not None:  # refused (not paused, paused already...): no change
                with contextlib.suppress(Refused):
                    service.run(folder, command)
            handed.append(hands_in)
            box = inbox(folder, service.status(folder).last + 1, handed)
            run = runner(folder, box, clock)
            cutting(run, cut)
            deadlines = schedule_service.schedule(folder).deadlines
            try:
                done = run.once()
            except Cut:
                done = []
            closes += closed(done, deadlines, clock.now)
        for _ in range(3):  # long after, uncut, whatever was paused resumed
            clock.now += 100 * HOUR
            with contextlib.suppress(Refused):
                service.run(folder, Resume(clock.now))
            box = inbox(folder, min(service.status(folder).last + 1, 2), PLAYERS)
            run = runner(folder, box, clock)
            deadlines = schedule_service.schedule(folder).deadlines
            closes += closed(run.once(), deadlines, clock.now)
        assert service.status(folder).last == 2
        conn = sqlite3.connect(folder / "match.sqlite")
        try:
            counts = conn.execute("SELECT round_no, count(*) FROM rounds GROUP BY round_no")
            assert dict(counts.fetchall()) == {1: 1, 2: 1}, "each round resolved once"
        finally:
            conn.close()
        final = schedule_service.schedule(folder).deadlines
        for round_no, generation, when, at in closes:
            assert generation == final[round_no].generation, "resolved for an old deadline"
            assert when >= at, "resolved before its deadline"
        assert all(e.done for e in schedule_service.journal(folder)), "every intent finished"
        for channel in PLAYERS:
            said = [m.content for m in server.messages(channel)][before[channel] :]
            reminders = [m for m in said if "**Reminder**" in m]
            # at most one a reminder time a deadline generation: the post log's keys
            generations = sum(d.generation for d in final.values())
            assert len(reminders) <= 3 * generations
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
