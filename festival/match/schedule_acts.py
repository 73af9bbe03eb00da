"""The schedule's typed commands, done by the match service's one door (`service.run`), and
their typed refusals (each front end words them: festival/cli/schedule_commands.py).

The host's commands: `SetSchedule`, `Configure`, `Extend`, `Pause`, `Resume`, `ResolveNow`.
The scheduler's: `Intend` and `MarkDone` (the journal, festival/match/schedule_store.py) and
`Close` (a round's deadline: resolved only if the deadline is still the generation the step
was planned for, so an extension can never be followed by the old deadline's resolution).
Every command carries the time it was given (`now`, UTC epoch seconds): the service reads no
clock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from festival.match.acts import FromFolder, FromSource, Refused, Resolve, ResolveSource
from festival.match.match import Match
from festival.match.origin import OriginKind
from festival.match.results import Resolved
from festival.match.schedule import Deadline, Schedule, Settings
from festival.match.schedule_due import Step
from festival.match.schedule_store import ScheduleTables
from sheets.source import FileSource

# --- the host's commands ------------------------------------------------------------------


@dataclass(frozen=True)
class SetSchedule:
    """Deadlines for rounds: (round, UTC epoch seconds) each."""

    deadlines: tuple[tuple[int, int], ...]
    now: int


@dataclass(frozen=True)
class Configure:
    """The host's settings; None leaves one as it is."""

    now: int
    reminders: tuple[int, ...] | None = None
    early_close: bool | None = None
    misses: int | None = None
    zone: str | None = None
    inbox: Path | None = None


@dataclass(frozen=True)
class Extend:
    """Move a round's deadline (default: the next round's) to `to`."""

    to: int
    now: int
    round_no: int | None = None


@dataclass(frozen=True)
class Pause:
    now: int
    round_no: int | None = None


@dataclass(frozen=True)
class Resume:
    now: int
    round_no: int | None = None


@dataclass(frozen=True)
class ResolveNow:
    """The round's deadline is now: the scheduler closes it at once."""

    now: int
    round_no: int | None = None


# --- the scheduler's commands ---------------------------------------------------------------


@dataclass(frozen=True)
class Intend:
    step: Step


@dataclass(frozen=True)
class MarkDone:
    key: str
    outcome: str = "done"


@dataclass(frozen=True)
class Close:
    """Close a round at its deadline: resolve it from `source`, the rules' default played for
    whoever handed in nothing or something invalid, if its deadline is still `generation`."""

    round_no: int
    generation: int
    source: ResolveSource


HostCommand = SetSchedule | Configure | Extend | Pause | Resume | ResolveNow
ScheduleCommand = HostCommand | Intend | MarkDone | Close
SCHEDULE_COMMANDS = (
    SetSchedule,
    Configure,
    Extend,
    Pause,
    Resume,
    ResolveNow,
    Intend,
    MarkDone,
    Close,
)


@dataclass(frozen=True)
class Closed:
    round_no: int
    resolved: Resolved | None
    """None: the round was resolved already (a run cut after resolving it)"""


# --- refusals -------------------------------------------------------------------------------


class PastTime(Refused):
    def __init__(self, round_no: int, at: int, now: int) -> None:
        self.round_no, self.at, self.now = round_no, at, now
        super().__init__(f"round {round_no}: the deadline asked for is past")


class RoundResolvedAlready(Refused):
    def __init__(self, round_no: int) -> None:
        self.round_no = round_no
        super().__init__(f"round {round_no} is already resolved: its deadline cannot change")


class NoSuchRound(Refused):
    def __init__(self, round_no: int, rounds: int) -> None:
        self.round_no, self.rounds = round_no, rounds
        super().__init__(f"round {round_no}: the match has rounds 1 to {rounds}")


class NoDeadline(Refused):
    def __init__(self, round_no: int) -> None:
        self.round_no = round_no
        super().__init__(f"round {round_no} has no deadline yet: set one first")


class AlreadyPaused(Refused):
    def __init__(self, round_no: int) -> None:
        self.round_no = round_no
        super().__init__(f"round {round_no}'s deadline is paused already")


class NotPaused(Refused):
    def __init__(self, round_no: int) -> None:
        self.round_no = round_no
        super().__init__(f"round {round_no}'s deadline is not paused")


class Paused(Refused):
    """An extension of a paused deadline (resume it first, or it resumes with what was left)."""

    def __init__(self, round_no: int) -> None:
        self.round_no = round_no
        super().__init__(f"round {round_no}'s deadline is paused: resume it first")


class BadSetting(Refused):
    def __init__(self, what: str) -> None:
        self.what = what
        super().__init__(what)


class Superseded(Refused):
    """A step planned for a deadline that has changed since: it is not carried out."""

    def __init__(self, round_no: int, generation: int, current: int | None) -> None:
        self.round_no, self.generation, self.current = round_no, generation, current
        super().__init__(f"round {round_no}'s deadline changed since this step was planned")


# --- reading --------------------------------------------------------------------------------


def read_schedule(match: Match) -> Schedule:
    """The match's schedule and where the match stands (misses in a row included)."""
    tables = ScheduleTables(match.store)
    return Schedule(
        tables.deadlines(),
        tables.settings(),
        match.config.rounds,
        match.last_resolved_round(),
        misses_in_a_row(match),
    )


def misses_in_a_row(match: Match) -> dict[str, tuple[int, int]]:
    """player -> (resolved rounds in a row, back from the last, in which they handed in
    nothing for any event they play; the first of those rounds). A round in which a player
    plays no event neither counts nor breaks the run."""
    rows = sorted(match.store.rounds(), key=lambda r: r.round_no, reverse=True)
    found: dict[str, tuple[int, int]] = {}
    for player in match.config.players:
        count, since = 0, 0
        for row in rows:
            mine = [e[player] for e in row.entries.values() if player in e]
            if not mine:
                continue
            if not all(e.origin.kind is OriginKind.MISSING for e in mine):
                break
            count, since = count + 1, row.round_no
        if count:
            found[player] = (count, since)
    return found


# --- doing ----------------------------------------------------------------------------------

Resolver = Callable[[Match, Resolve], Resolved]
"""the service's resolution (festival/match/service.py), handed in: no import cycle"""


def apply_schedule(match: Match, command: ScheduleCommand, resolve: Resolver) -> object:
    tables = ScheduleTables(match.store)
    if isinstance(command, Intend):
        return tables.intend(command.step.entry())
    if isinstance(command, MarkDone):
        tables.mark_done(command.key, command.outcome)
        return None
    if isinstance(command, Close):
        return _close(match, tables, command, resolve)
    if isinstance(command, Configure):
        tables.put_settings(_settings(tables.settings(), command))
        return read_schedule(match)
    if isinstance(command, SetSchedule):
        _set(match, tables, command)
        return read_schedule(match)
    _change(match, tables, command)
    return read_schedule(match)


def _settings(old: Settings, command: Configure) -> Settings:
    new = old
    if command.reminders is not None:
        if any(r <= 0 for r in command.reminders):
            raise BadSetting("reminders are times before the deadline, each more than nothing")
        new = replace(new, reminders=tuple(sorted(set(command.reminders), reverse=True)))
    if command.early_close is not None:
        new = replace(new, early_close=command.early_close)
    if command.misses is not None:
        if command.misses < 1:
            raise BadSetting("the misses in a row before the host is told: at least 1")
        new = replace(new, misses=command.misses)
    if command.zone is not None:
        new = replace(new, zone=command.zone)
    if command.inbox is not None:
        new = replace(new, inbox=str(command.inbox.resolve()))
    return new


def _open_round(match: Match, round_no: int) -> None:
    if not 1 <= round_no <= match.config.rounds:
        raise NoSuchRound(round_no, match.config.rounds)
    if round_no <= match.last_resolved_round():
        raise RoundResolvedAlready(round_no)


def _set(match: Match, tables: ScheduleTables, command: SetSchedule) -> None:
    old = tables.deadlines()
    new: list[Deadline] = []
    for round_no, at in command.deadlines:
        _open_round(match, round_no)
        if at <= command.now:
            raise PastTime(round_no, at, command.now)
        before = old.get(round_no)
        new.append(Deadline(round_no, at, 1 if before is None else before.generation + 1))
    tables.put_deadlines(new)


def _change(
    match: Match, tables: ScheduleTables, command: Extend | Pause | Resume | ResolveNow
) -> None:
    round_no = command.round_no
    if round_no is None:  # round 0 is refused by _open_round, not taken for the next round
        round_no = match.last_resolved_round() + 1
    _open_round(match, round_no)
    deadline = tables.deadlines().get(round_no)
    if deadline is None:
        raise NoDeadline(round_no)
    now, bumped = command.now, deadline.generation + 1
    if isinstance(command, Extend):
        if deadline.paused:
            raise Paused(round_no)
        if command.to <= now:
            raise PastTime(round_no, command.to, now)
        changed = Deadline(round_no, command.to, bumped)
    elif isinstance(command, Pause):
        if deadline.paused:
            raise AlreadyPaused(round_no)
        changed = Deadline(round_no, deadline.at, bumped, max(0, deadline.at - now))
    elif isinstance(command, Resume):
        if deadline.paused_left is None:
            raise NotPaused(round_no)
        changed = Deadline(round_no, now + deadline.paused_left, bumped)
    else:
        changed = Deadline(round_no, now, bumped)
    tables.put_deadlines([changed])


def _close(match: Match, tables: ScheduleTables, command: Close, resolve: Resolver) -> Closed:
    round_no = command.round_no
    if round_no <= match.last_resolved_round():
        return Closed(round_no, None)
    deadline = tables.deadlines().get(round_no)
    if deadline is None or deadline.generation != command.generation or deadline.paused:
        raise Superseded(
            round_no, command.generation, None if deadline is None else deadline.generation
        )
    source = command.source
    if isinstance(source, FromFolder) and not _holds_anything(source.folder):
        source = FromSource(FileSource({}))  # nobody handed anything in: everyone's default
    return Closed(round_no, resolve(match, Resolve(source, round_no, default_invalid=True)))


def _holds_anything(folder: Path) -> bool:
    return folder.is_dir() and any(folder.iterdir())
