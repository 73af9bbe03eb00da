"""The bot's timekeeper (issue #39): one loop keeps everything that comes due at a time, a
match's deadlines and every hosted duel's clock, on one timeline (festival/core/timeline.py).
Each is a source: it carries out what is due now and says what it has coming, and when; the
keeper sleeps until the earliest item of any source, or until a source is woken (a host's
`/host` change of the deadline, a slash command in a duel). A source runs in a task of its
own, so a round being resolved and posted never holds up a duel's warning.

The sources:
- `MatchDeadlines`, the match's deadlines: the same `Runner` as `festival run`
  (festival/discord/schedule_runner.py). Reminders, the round's announcement, its private
  reports and the next deadline are posted through the match's webhooks and their
  exactly-once post log, as `festival run` posts them (a match with no webhooks mapped: the
  round is resolved on time, nothing is posted, the host is told in the bot's log). One
  journal: a bot and a `festival run` for the same match at once never both act on a step;
  each step's intent is recorded in the match's journal under the match's lock before it is
  done (`Intend`), so whichever comes second finds it done.
- `DuelClock`, one a hosted duel (festival/bot/duel_clocks.py): its warnings and its loss on
  time, each recorded in the duel's store through the duel's dispatcher before it is sent.

Time comes from the keeper's clock (`clock`, UTC epoch seconds: the duels' clock, which is
the computer's) and the sleep from `wait` (both injected in tests: the tests never sleep on
time). Each source also plans to be read again after a while (a minute for the match, a few
seconds for a duel), for what changed without the bot (a command line's hand-in, a host's
`festival duel clock start`). The keeper is cancelled by the bot's `close()` and stops at its
next await (a step under way in its thread finishes; the journals have the rest).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from festival.core.timeline import Item, timeline
from festival.discord.schedule_runner import STUCK, Runner
from festival.duels.service import clock_time
from festival.match import schedule_service
from festival.match.schedule import system_now
from festival.match.schedule_due import coming
from festival.match.schedule_service import HandInReadiness, source_of

log = logging.getLogger(__name__)

LONGEST = 3600.0
"""the longest the keeper sleeps (each source plans its own reading again sooner)"""
AGAIN = 60
"""seconds after which the match's schedule is read again"""


class Source(Protocol):
    """Something that comes due at times: carried out by `run`, which says what comes next."""

    @property
    def name(self) -> str:
        """Its name on the timeline (one per source)."""

    @property
    def over(self) -> bool:
        """Nothing more will ever come due (the keeper lets it go)."""

    async def run(self, now: float) -> list[Item]:
        """Carry out what is due at `now`; what comes due next, each at its time."""


def match_runner(
    folder: Path, clock: Callable[[], int] = system_now, webhooks_file: Path | None = None
) -> Runner:
    """The runner `festival run` would make for the match (the inbox the host named once)."""
    kept = schedule_service.schedule(folder).settings.inbox
    inbox = None if kept is None else Path(kept)
    return Runner(
        folder,
        HandInReadiness(inbox),
        lambda round_no: source_of(inbox, round_no),
        webhooks_file,
        clock=clock,
        say=lambda line: log.info("%s: %s", folder.name, line),
    )


@dataclass
class MatchDeadlines:
    """The match's deadlines as a source of the keeper."""

    runner: Runner
    runs: int = 0
    """runs of the runner so far (tests wait on it)"""
    over: bool = False

    @property
    def name(self) -> str:
        return f"match {self.runner.folder.name}"

    async def run(self, now: float) -> list[Item]:
        items = await asyncio.to_thread(self._run)
        self.runs += 1
        return items

    def _run(self) -> list[Item]:
        """One run of what is due (in a thread): what comes next."""
        try:
            self.runner.once()
            schedule = schedule_service.schedule(self.runner.folder)
            if schedule.resolved >= schedule.rounds:
                log.info("%s: every round is resolved", self.runner.folder.name)
                self.over = True
                return []
            now = self.runner.clock()
            times = [(now + AGAIN, "read again"), *coming(schedule, now)]
            return [Item(at, self.name, what) for at, what in times]
        except STUCK as exc:  # the match busy for a moment (a command holds it): next run
            log.info("deadlines not kept now: %s", exc)
            return [Item(self.runner.clock() + AGAIN, self.name, "read again")]


@dataclass
class Timekeeper:
    sources: list[Source] = field(default_factory=list)
    clock: Callable[[], float] = clock_time
    wait: Callable[[float], Awaitable[None]] = asyncio.sleep
    nudge: asyncio.Event = field(default_factory=asyncio.Event)
    runs: int = 0
    """rounds of the keeper so far (tests wait on it)"""
    last_wait: float | None = None
    """the seconds of the latest sleep asked for (tests read it)"""
    _woken: set[str] = field(default_factory=set, init=False, repr=False)
    """the sources to run at once (`wake`)"""

    @property
    def match(self) -> MatchDeadlines | None:
        """The match's deadlines, if the keeper keeps a match's."""
        return next((s for s in self.sources if isinstance(s, MatchDeadlines)), None)

    @property
    def runner(self) -> Runner | None:
        match = self.match
        return None if match is None else match.runner

    def wake(self, source: Source | None = None) -> None:
        """Run `source` (None: every source) at once: something changed that it plans from."""
        names = [s.name for s in self.sources] if source is None else [source.name]
        self._woken.update(names)
        self.nudge.set()

    async def keep(self) -> None:
        """Run until no source has anything more to come (or the task is cancelled)."""
        plans: dict[str, list[Item]] = {}
        running: dict[str, asyncio.Task[None]] = {}
        self._woken.update(s.name for s in self.sources)  # every source runs first
        try:
            while self.sources or running:
                self.nudge.clear()
                now = self.clock()
                for name in self._woken - running.keys():  # a running one: after its run
                    plans[name] = [Item(now, name, "now")]
                self._woken = {n for n in self._woken if n in running}
                idle = [s for s in self.sources if s.name not in running]
                line = timeline((i for s in idle for i in plans.get(s.name, ())), now, LONGEST)
                for source in idle:
                    if source.name in line.sources:
                        task = asyncio.create_task(self._run(source, now, plans, running))
                        running[source.name] = task
                waiting = [s for s in idle if s.name not in running]
                later = timeline((i for s in waiting for i in plans.get(s.name, ())), now, LONGEST)
                self.runs += 1
                if not self.sources and not running:
                    return
                await self._sleep(later.wake - now)
        finally:
            for task in running.values():
                task.cancel()

    async def _run(
        self,
        source: Source,
        now: float,
        plans: dict[str, list[Item]],
        running: dict[str, asyncio.Task[None]],
    ) -> None:
        try:
            plans[source.name] = await source.run(now)
        except Exception:  # a source's own failure: logged, read again later
            log.exception("%s: not kept now", source.name)
            plans[source.name] = [Item(self.clock() + AGAIN, source.name, "read again")]
        finally:
            running.pop(source.name, None)
            if source.over:
                self.sources.remove(source)
            self.nudge.set()

    async def _sleep(self, seconds: float) -> None:
        """`wait(seconds)`, cut short by a nudge."""
        self.last_wait = seconds
        waiting = asyncio.ensure_future(self.wait(seconds))
        woken = asyncio.ensure_future(self.nudge.wait())
        try:
            await asyncio.wait((waiting, woken), return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (waiting, woken):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
