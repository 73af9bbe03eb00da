"""Keeping a match's deadlines: what is due now (festival/match/schedule_due.py) carried out
through the match service and posted through the match's webhooks. The command line's
`festival run` loops on it; the bot runs the same `Runner.once` on its own clock, as one
source of its timekeeper (festival/bot/keep_time.py), beside the clocks of its duels.

Each step is recorded before it is acted on: `Intend` writes the step and its deadline's
generation to the journal in the transaction that checks it was not done; then it is done;
then `MarkDone`. A run killed in between leaves the intent, and the next run does the step
again, idempotently: a message in the post log is not sent again, a round resolved is not
resolved again (its posts and the next deadline are brought up to date), and a step whose
deadline changed meanwhile (extended, paused) is dropped, never carried out.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from festival.core.errors import FestivalError, StoreError
from festival.core.registry import event_title
from festival.discord import match_posting
from festival.discord.match_posting import already_posted, post_notes
from festival.discord.webhooks import GAME_ROOM, HOST_CHANNEL
from festival.match import schedule_service, service
from festival.match.acts import AlreadyApplied, Note, ResolveSource, Via
from festival.match.results import NotesPosted
from festival.match.schedule import ReadinessSource, system_now
from festival.match.schedule_acts import Closed, Superseded
from festival.match.schedule_due import Step, StepKind, coming, due
from festival.match.schedule_words import closed_text, misses_text, reminder_text
from sheets.errors import SheetReadError

STUCK = (FestivalError, StoreError, SheetReadError)
"""what stops a step for now (the host is told; the next run tries again)"""
CLOSED = "closed"
"""the post log's kind of the game room's word that a round closed"""
MISSES = "misses"


def remind_kind(step: Step) -> str:
    """The post log's kind of a reminder: one kind per message (posting retracts a message
    of a round whose kind a later post of the same kind no longer holds)."""
    return f"remind-g{step.generation}-{step.offset}-{step.player}"


@dataclass(frozen=True)
class Done:
    """What one step did, for the host."""

    step: Step
    said: str
    failed: bool = False
    """not done: tried again on the next run"""


@dataclass
class Runner:
    folder: Path
    readiness: ReadinessSource
    source_of: Callable[[int], ResolveSource]
    """where round N's hand-ins are, to resolve it"""
    webhooks_file: Path | None = None
    clock: Callable[[], int] = system_now
    say: Callable[[str], None] = print
    done: list[Done] = field(default_factory=list)

    def once(self) -> list[Done]:
        """Carry out every step due now; what each did."""
        now = self.clock()
        schedule = schedule_service.schedule(self.folder)
        current, settings = schedule.current, schedule.settings
        # the hand-ins are read (every workbook of the inbox) only when they can matter:
        # early close, or a reminder's time come
        wanted = (
            current is not None
            and not current.paused
            and now < current.at
            and (settings.early_close or any(current.at - o <= now for o in settings.reminders))
        )
        readiness = self.readiness(self.folder, current.round_no) if wanted and current else None
        journal = schedule_service.journal(self.folder)
        finished: list[Done] = []
        for step in due(schedule, journal, readiness, now):
            result = self.execute(step)
            if result is not None:
                finished.append(result)
                self.say(result.said)
        self.done += finished
        return finished

    def next_wake(self, now: int) -> int:
        """When something may next be due (at most a minute away: the host may change the
        schedule meanwhile)."""
        schedule = schedule_service.schedule(self.folder)
        times = [now + 60] + [at for at, _ in coming(schedule, now)]
        return max(now + 1, min(times))

    def execute(self, step: Step) -> Done | None:
        """Carry out one step: its intent recorded, done, marked done. A step that cannot be
        done now (the inbox cannot be read as a whole, Discord refused, another command holds
        the match) stays unfinished, is tried again on the next run, and the host is told
        (a round that cannot close: once, in the host channel)."""
        try:
            return self._execute(step)
        except Superseded:
            self._mark(step, "superseded")
            dropped = f"round {step.round_no}: its deadline changed; the old one is dropped"
            return Done(step, dropped)
        except STUCK as exc:
            return Done(step, self._stuck(step, exc), failed=True)

    def _execute(self, step: Step) -> Done | None:
        if step.kind is StepKind.DROP:
            self._mark(step, "superseded")
            return None
        if schedule_service.intend(self.folder, step) is None:
            return None  # done already (another runner?)
        said = self.act(step)
        self._mark(step, "done")
        return Done(step, said)

    def _stuck(self, step: Step, exc: Exception) -> str:
        what = {
            StepKind.REMIND: f"round {step.round_no}: the reminder to {step.player}",
            StepKind.CLOSE: f"round {step.round_no} could not be closed at its deadline",
        }.get(step.kind, "the host's note")
        if step.kind is StepKind.CLOSE and _resolved(self.folder) >= step.round_no:
            what = f"round {step.round_no} is resolved, but posting it stopped"
        said = f"{what}: {exc}. festival run tries again each time it runs"
        if step.kind is StepKind.CLOSE:
            note = Note(HOST_CHANNEL, step.round_no, f"stuck-g{step.generation}", said, what)
            with contextlib.suppress(*STUCK):  # AlreadyApplied too: told once
                self._post_notes(step, "stuck", [note])
        return said

    def _post_notes(self, step: Step, act: str, notes: list[Note]) -> NotesPosted | None:
        """The notes posted through the door as the scheduler (None: posted already, by a
        run cut after posting them)."""
        try:
            return post_notes(
                self.folder, notes, self.webhooks_file, Via.SCHEDULER, key_of(step, act)
            )
        except AlreadyApplied:
            return None

    def _mark(self, step: Step, outcome: str) -> None:
        schedule_service.mark_done(self.folder, step, outcome)

    # --- the steps ------------------------------------------------------------------------

    def act(self, step: Step) -> str:
        if step.kind is StepKind.REMIND:
            return self._remind(step)
        if step.kind is StepKind.CLOSE:
            return self._close(step)
        return self._tell_host(step)

    def _remind(self, step: Step) -> str:
        kind = remind_kind(step)
        if already_posted(self.folder, step.player, step.round_no, kind):
            return f"round {step.round_no}: {step.player} was reminded already"
        wanting = step.wanting
        if not wanting:  # a reminder an earlier run was cut in: who is still missing?
            readiness = self.readiness(self.folder, step.round_no)
            wanting = readiness.wanting(step.player)
            if not wanting:
                return f"round {step.round_no}: {step.player} is ready; no reminder"
            step = replace(step, wanting=wanting)
        text = reminder_text(step, event_title)
        label = f"round {step.round_no}, {step.player}'s reminder"
        posted = self._post_notes(
            step, "remind", [Note(step.player, step.round_no, kind, text, label, True)]
        )
        if posted is None:
            return f"round {step.round_no}: {step.player} was reminded already"
        where = "not posted: no channel" if posted.unmapped else "posted"
        late = "late " if step.late else ""
        return f"round {step.round_no}: {late}reminder to {step.player} ({where})" + _held(posted)

    def _close(self, step: Step) -> str:
        source = self.source_of(step.round_no)
        try:
            closed = schedule_service.close(self.folder, step, source, key_of(step, "close"))
        except AlreadyApplied:  # a run cut after closing it
            closed = Closed(step.round_no, None)
        words = [
            f"round {step.round_no}: "
            + ("resolved" if closed.resolved is not None else "resolved already")
            + (" (early: every player is ready)" if step.early else "")
        ]
        if not service.on_discord(self.folder):
            return words[0] + "; the match has no Discord channels: nothing posted"
        try:
            posted = match_posting.post(
                self.folder,
                step.round_no,
                self.webhooks_file,
                via=Via.SCHEDULER,
                key=key_of(step, "post"),
            )
        except AlreadyApplied:  # a run cut after posting it
            words.append("posted already")
        else:
            words.append(f"posted ({len(posted.result.done)} messages up to date)")
            if posted.result.held:
                words.append(str(posted.result.question()))
        schedule = schedule_service.schedule(self.folder)
        following = step.round_no + 1 if step.round_no < schedule.rounds else None
        deadline = schedule.deadlines.get(following) if following else None
        at = None if deadline is None else deadline.at
        text = closed_text(step.round_no, step.early, following, at)
        note = Note(GAME_ROOM, step.round_no, CLOSED, text, f"round {step.round_no}, closed")
        announced = self._post_notes(step, "announce", [note])
        words.append("next deadline announced" + _held(announced))
        return "; ".join(words)

    def _tell_host(self, step: Step) -> str:
        schedule = schedule_service.schedule(self.folder)
        missed, since = schedule.misses.get(step.player, (step.offset, step.round_no))
        text = misses_text(step.player, missed, since)
        note = Note(
            HOST_CHANNEL, step.round_no, f"{MISSES}-{step.player}", text, f"{step.player}'s misses"
        )
        posted = self._post_notes(step, "tell", [note])
        told = posted is None or posted.result is not None
        where = "" if told else " (no host channel in the webhooks file)"
        return f"host: {text}{where}"


def key_of(step: Step, act: str) -> str:
    """The scheduler's apply-once key of a command it gives for `step` (the door records it
    with the command: a run cut after the command gives it again and finds it applied)."""
    return f"{step.key}:{act}"


def _resolved(folder: Path) -> int:
    with contextlib.suppress(*STUCK):
        return schedule_service.schedule(folder).resolved
    return 0


def _held(posted: object) -> str:
    result = getattr(posted, "result", None)
    question = None if result is None else result.question()
    return f"; {question}" if question else ""


def loop(
    runner: Runner,
    sleep: Callable[[float], None] = time.sleep,
    stop: Callable[[], bool] = lambda: False,
) -> None:
    """Run until `stop` says so (or the match is over): do what is due, sleep until the next
    time something may be."""
    while not stop():
        try:
            runner.once()
        except STUCK as exc:  # the match busy or unreadable for a moment: the next run
            runner.say(f"not now: {exc}")
        schedule = schedule_service.schedule(runner.folder)
        if schedule.resolved >= schedule.rounds:
            return
        now = runner.clock()
        sleep(max(1, runner.next_wake(now) - now))
