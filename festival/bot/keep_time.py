"""The bot keeps a match's deadlines (issue #39): the same `Runner` as `festival run`
(festival/discord/schedule_runner.py), in the background of the bot. Reminders, the round's
announcement, its private reports and the next deadline are posted through the match's
webhooks and their exactly-once post log, as `festival run` posts them (a match with no
webhooks mapped: the round is resolved on time, nothing is posted, the host is told in the
bot's log).

One journal: a bot and a `festival run` for the same match at once never both act on a
step. Each step's intent is recorded in the match's journal under the match's lock before it
is done (`Intend`, refused for a step recorded already), so whichever comes second finds it
done.

Time comes from the bot's clock (`clock`, UTC epoch seconds) and the wait between runs from
`wait` (both injected in tests: the tests never sleep on time). A host's `/host` change
wakes it at once (`nudge`). The task is cancelled by the bot's `close()` and stops at its
next await (a step under way in its thread finishes; the journal has the rest).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from festival.discord.schedule_runner import STUCK, Runner
from festival.match import schedule_service
from festival.match.schedule import system_now
from festival.match.schedule_service import HandInReadiness, source_of

log = logging.getLogger(__name__)


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
class Timekeeper:
    runner: Runner
    wait: Callable[[float], Awaitable[None]] = asyncio.sleep
    nudge: asyncio.Event = field(default_factory=asyncio.Event)
    runs: int = 0
    """runs of the runner so far (tests wait on it)"""

    async def keep(self) -> None:
        """Run until the match is over (or the task is cancelled)."""
        while True:
            self.nudge.clear()
            over, seconds = await asyncio.to_thread(self._run)
            self.runs += 1
            if over:
                log.info("%s: every round is resolved", self.runner.folder.name)
                return
            waiting = asyncio.ensure_future(self.wait(seconds))
            woken = asyncio.ensure_future(self.nudge.wait())
            try:
                await asyncio.wait((waiting, woken), return_when=asyncio.FIRST_COMPLETED)
            finally:
                for task in (waiting, woken):
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await task

    def _run(self) -> tuple[bool, float]:
        """One run of what is due (in a thread): whether the match is over, and the seconds
        until something may next be due."""
        try:
            self.runner.once()
            schedule = schedule_service.schedule(self.runner.folder)
            if schedule.resolved >= schedule.rounds:
                return True, 0.0
            now = self.runner.clock()
            return False, float(max(1, self.runner.next_wake(now) - now))
        except STUCK as exc:  # the match busy for a moment (a command holds it): next run
            log.info("deadlines not kept now: %s", exc)
            return False, 60.0
