"""What the scheduler must do now: `due(schedule, journal, readiness, now)`, pure, on the
clock the caller reads.

- A step an earlier run intended and did not finish comes first: it is done again if its
  deadline is still the one it was planned for (a reminder: and has not passed), else
  dropped (a step of an older generation of the deadline is never carried out: an extension
  or a pause supersedes it).
- At the deadline (or before it, when every player is ready and the host switched early
  close on): the round closes (hand-ins close, it is resolved, posted, and the next deadline
  announced), as one step of the deadline's generation.
- Before it: a reminder to each player whose submission for an event is missing or has
  problems, at each offset the host set (12 h, 2 h, 30 min before). Each reminder is sent at
  most once per deadline generation. When the scheduler was not running at a reminder's time
  and a later reminder's time has come too, the reminders missed are not sent one after the
  other: a single reminder, marked late, is sent for them.
- A player who missed the host's number of rounds in a row: the host is told, once for that
  run of misses.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from festival.match.schedule import HandIn, Readiness, Schedule
from festival.match.schedule_store import JournalEntry


class StepKind(StrEnum):
    REMIND = "remind"
    CLOSE = "close"
    TELL_HOST = "tell-host"
    DROP = "drop"
    """an unfinished intent of a superseded deadline: marked superseded, nothing done"""


@dataclass(frozen=True)
class Step:
    kind: StepKind
    round_no: int
    generation: int
    player: str = ""
    offset: int = 0
    """REMIND: seconds before the deadline; TELL_HOST: misses in a row"""
    late: bool = False
    """REMIND: a reminder whose time passed while the scheduler did not run"""
    wanting: tuple[tuple[str, HandIn], ...] = ()
    """REMIND: the player's events not ready, with their state"""
    early: bool = False
    """CLOSE: every player was ready before the deadline"""
    at: int = 0
    """the deadline (UTC epoch seconds) the step was planned for"""
    key_: str = ""
    """DROP: the key of the intent dropped"""

    @property
    def key(self) -> str:
        """The step's name in the journal: one step, one key."""
        if self.kind is StepKind.REMIND:
            return f"remind:{self.round_no}:{self.generation}:{self.player}:{self.offset}"
        if self.kind is StepKind.CLOSE:
            return f"close:{self.round_no}:{self.generation}"
        if self.kind is StepKind.TELL_HOST:
            return f"tell-host:{self.player}:{self.round_no}"
        return self.key_

    def entry(self) -> JournalEntry:
        return JournalEntry(
            self.key,
            self.kind.value,
            self.round_no,
            self.generation,
            self.player,
            False,
            None,
            self.late,
        )


def due(
    schedule: Schedule, journal: Sequence[JournalEntry], readiness: Readiness | None, now: int
) -> list[Step]:
    """The steps due at `now` (UTC epoch seconds), unfinished ones first. `readiness`: the
    hand-ins of the round the current deadline is for (None: unknown, no reminders and no
    early close)."""
    steps = _unfinished(schedule, journal, now)
    if any(s.kind is StepKind.CLOSE for s in steps):
        return steps  # a round closing: nothing else until it is done
    keys = {e.key for e in journal}
    deadline = schedule.current
    if deadline is not None and not deadline.paused:
        close = Step(StepKind.CLOSE, deadline.round_no, deadline.generation, at=deadline.at)
        ready = (
            readiness is not None
            and readiness.round_no == deadline.round_no
            and readiness.all_ready
        )
        if close.key not in keys and (
            now >= deadline.at or (schedule.settings.early_close and ready)
        ):
            steps.append(replace(close, early=now < deadline.at))
        elif now < deadline.at and readiness is not None:
            steps += _reminders(schedule, journal, readiness, now)
    for player, (missed, since) in sorted(schedule.misses.items()):
        if missed >= schedule.settings.misses:
            tell = Step(StepKind.TELL_HOST, since, 0, player, missed)
            if tell.key not in keys:
                steps.append(tell)
    return steps


def _unfinished(schedule: Schedule, journal: Sequence[JournalEntry], now: int) -> list[Step]:
    steps: list[Step] = []
    for e in journal:
        if e.done:
            continue
        deadline = schedule.deadlines.get(e.round_no)
        kind = StepKind(e.kind)
        current = deadline is not None and deadline.generation == e.generation
        if kind is StepKind.TELL_HOST:
            steps.append(Step(kind, e.round_no, 0, e.player, 0))
        elif kind is StepKind.CLOSE and (current or e.round_no <= schedule.resolved):
            # resolved already (cut before its done mark): post and announce again, idempotent
            assert deadline is not None or e.round_no <= schedule.resolved
            steps.append(Step(kind, e.round_no, e.generation, at=deadline.at if deadline else 0))
        elif (
            kind is StepKind.REMIND
            and current
            and e.round_no > schedule.resolved
            and deadline is not None
            and not deadline.paused
            and now < deadline.at
        ):
            offset = int(e.key.rsplit(":", 1)[1])
            steps.append(
                Step(kind, e.round_no, e.generation, e.player, offset, e.late, at=deadline.at)
            )
        else:
            steps.append(Step(StepKind.DROP, e.round_no, e.generation, e.player, key_=e.key))
    return steps


def _reminders(
    schedule: Schedule, journal: Sequence[JournalEntry], readiness: Readiness, now: int
) -> list[Step]:
    deadline = schedule.current
    assert deadline is not None
    passed = [o for o in schedule.settings.reminders if deadline.at - o <= now]
    if not passed:
        return []
    latest = min(passed)
    steps: list[Step] = []
    for player in readiness.players:
        wanting = readiness.wanting(player)
        if not wanting:
            continue
        sent = {
            int(e.key.rsplit(":", 1)[1])
            for e in journal
            if e.kind == StepKind.REMIND.value
            and e.round_no == deadline.round_no
            and e.generation == deadline.generation
            and e.player == player
        }
        if any(s <= latest for s in sent):
            continue  # reminded at this offset (or a later one) already
        missed = [o for o in passed if o > latest and not any(s <= o for s in sent)]
        steps.append(
            Step(
                StepKind.REMIND,
                deadline.round_no,
                deadline.generation,
                player,
                latest,
                late=bool(missed),
                wanting=wanting,
                at=deadline.at,
            )
        )
    return steps


def coming(schedule: Schedule, now: int) -> list[tuple[int, str]]:
    """The times after `now` at which a step of the current deadline comes due (its
    reminders, its close; a paused deadline: none), each with what comes, earliest first.
    What cannot be foreseen (every player ready for an early close, a host's change) is found
    by reading the schedule again."""
    d = schedule.current
    if d is None or d.paused:
        return []
    times = [(d.at, f"close:{d.round_no}:{d.generation}")] + [
        (d.at - o, f"remind:{d.round_no}:{d.generation}:{o}") for o in schedule.settings.reminders
    ]
    return sorted(t for t in times if t[0] > now)
