"""The schedule's reads for the front ends (`festival schedule`, `festival status`, `festival
run`), through the match service's opening; its changes go through `service.run`
(festival/match/schedule_acts.py).

Where a round's hand-ins are: the ones the match stores (Discord's `/submit`, `festival
hand-in`: the round table of festival/match/handin.py), read by `HandInReadiness`; and, if the
host collects files too, the host's inbox folder, `INBOX/round-N/` (a workbook per player, as
`festival resolve --from` reads it) or `INBOX/round-N.json` (the canonical JSON file).
`InboxReadiness` reads the folder's workbooks as `resolve` would (nothing stored) and says,
per player and event, ready, has problems or nothing yet (a JSON file: who is in it);
`HandInReadiness` takes each event's best of the two (a file in either counts at resolve).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from festival.core.errors import FestivalError
from festival.match import service
from festival.match.acts import FromFolder, FromHandIns, FromJson, ResolveSource, Via
from festival.match.round_status import RoundStatus
from festival.match.schedule import Deadline, HandIn, Readiness, Schedule
from festival.match.schedule_acts import Close, Closed, Intend, MarkDone, read_schedule
from festival.match.schedule_due import Step
from festival.match.schedule_store import JournalEntry, ScheduleTables
from festival.match.service import opened
from festival.match.verdict import RoundTable, VerdictKind
from sheets.errors import SheetReadError
from sheets.source import FolderSource, name_key


def schedule(folder: Path) -> Schedule:
    """The match's schedule and where it stands."""
    with opened(folder) as match:
        return read_schedule(match)


def journal(folder: Path) -> list[JournalEntry]:
    with opened(folder) as match:
        return ScheduleTables(match.store).journal()


_RANK = {HandIn.NOTHING: 0, HandIn.PROBLEMS: 1, HandIn.READY: 2}
_OF_VERDICT = {
    VerdictKind.READY: HandIn.READY,
    VerdictKind.BLANK: HandIn.READY,  # a blank handed in is a choice (docs/rulings.md)
    VerdictKind.PROBLEMS: HandIn.PROBLEMS,
    VerdictKind.NOTHING: HandIn.NOTHING,
}


@dataclass(frozen=True)
class HandInReadiness:
    """A `ReadinessSource` reading the hand-ins the match stores (the round table) and, if
    the host named one, the inbox folder too: each event's best of the two."""

    inbox: Path | None = None

    def __call__(self, folder: Path, round_no: int) -> Readiness:
        return self.of_table(folder, service.round_table(folder, round_no))

    def of_table(self, folder: Path, table: RoundTable) -> Readiness:
        """The readiness the round's hand-ins table gives, with the inbox's files."""
        players: dict[str, dict[str, HandIn]] = {}
        for cell in table.cells:
            players.setdefault(cell.player, {})[cell.event] = _OF_VERDICT[cell.kind]
        if self.inbox is not None:
            other = InboxReadiness(self.inbox)(folder, table.round_no).players
            for player, events in players.items():
                for event, state in events.items():
                    there = other.get(player, {}).get(event, HandIn.NOTHING)
                    events[event] = max(state, there, key=_RANK.__getitem__)
        return Readiness(table.round_no, players)


def source_of(inbox: Path | None, round_no: int) -> ResolveSource:
    """Where round `round_no` is resolved from at its deadline: the host's inbox (the hand-ins
    stored join it at resolve), else the hand-ins alone."""
    return FromHandIns() if inbox is None else round_source(inbox, round_no)


@dataclass(frozen=True)
class NextDeadline:
    """The next round's deadline and who is ready for it (the front ends' read)."""

    deadline: Deadline
    readiness: Readiness


def next_deadline(folder: Path) -> NextDeadline | None:
    """The next round's deadline (None: none is set, or the match is over) and who is ready:
    the hand-ins the match stores, with the inbox the host named once, if any."""
    now = schedule(folder)
    d = now.current
    if d is None:
        return None
    inbox = now.settings.inbox
    readiness = HandInReadiness(None if inbox is None else Path(inbox))(folder, d.round_no)
    return NextDeadline(d, readiness)


def round_status(folder: Path) -> RoundStatus:
    """Where the open round stands (festival/match/round_status.py): its deadline, who is
    ready (the hand-ins stored, with the inbox the host named, as the deadline reads them)
    and the host's table of where each came from. The host's value: a front end shows a
    player only its `public()` or `of_player()` part."""
    now = schedule(folder)
    opened_round = now.resolved + 1
    state = service.status(folder)
    if not state.allocated or state.finished or opened_round > now.rounds:
        return RoundStatus(None, now.rounds, state.finished, None, None, None)
    inbox = None if now.settings.inbox is None else Path(now.settings.inbox)
    folder_in = None
    if inbox is not None and isinstance(source := round_source(inbox, opened_round), FromFolder):
        folder_in = source.folder if source.folder.is_dir() else None
    table = service.round_table(folder, opened_round, folder_in)
    hand_ins = service.round_table(folder, opened_round) if folder_in is not None else table
    readiness = HandInReadiness(inbox).of_table(folder, hand_ins)
    deadline = now.deadlines.get(opened_round)
    return RoundStatus(opened_round, now.rounds, False, deadline, readiness, table)


def round_source(inbox: Path, round_no: int) -> ResolveSource:
    """Where round `round_no`'s hand-ins are in the host's inbox: its folder of workbooks, or
    its JSON file if there is one and no folder."""
    folder, file = inbox / f"round-{round_no}", inbox / f"round-{round_no}.json"
    if not folder.exists() and file.is_file():
        return FromJson(file)
    return FromFolder(folder)


@dataclass(frozen=True)
class InboxReadiness:
    """A `ReadinessSource` reading the host's inbox folder (see the module's words)."""

    inbox: Path

    def __call__(self, folder: Path, round_no: int) -> Readiness:
        with opened(folder) as match:
            plays = {p: match.events_of(p, round_no) for p in match.config.players}
        plays = {p: events for p, events in plays.items() if events}
        source = round_source(self.inbox, round_no)
        checked = _checked(folder, round_no, source, plays)
        if checked is not None:
            return checked
        handed = _handed_in(source, plays)
        return Readiness(
            round_no,
            {
                p: {e: HandIn.READY if e in handed.get(p, ()) else HandIn.NOTHING for e in events}
                for p, events in plays.items()
            },
        )


def _checked(
    folder: Path, round_no: int, source: ResolveSource, plays: dict[str, list[str]]
) -> Readiness | None:
    """A folder's workbooks read and checked as `resolve` would (nothing stored): a player's
    event is ready, has problems, or has nothing yet. None: the folder cannot be read as a
    whole (two files for one player...): `resolve` will say why; who handed in is then told by
    the files' names only."""
    if not isinstance(source, FromFolder) or not source.folder.is_dir():
        return None
    try:
        check = service.preview(folder, round_no, source)
    except (FestivalError, SheetReadError):
        return None
    problems, missing = set(check.invalid), set(check.missing)

    def state(player: str, event: str) -> HandIn:
        if (player, event) in problems:
            return HandIn.PROBLEMS
        return HandIn.NOTHING if (player, event) in missing else HandIn.READY

    return Readiness(round_no, {p: {e: state(p, e) for e in events} for p, events in plays.items()})


def _handed_in(source: ResolveSource, plays: dict[str, list[str]]) -> dict[str, set[str]]:
    if isinstance(source, FromJson):
        try:
            data = json.loads(source.path.read_text(encoding="utf-8"))
            given = data["submissions"]
            return {p: {str(e) for e in given.get(p, {})} for p in plays}
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            return {}
    if not isinstance(source, FromFolder) or not source.folder.is_dir():
        return {}
    there = FolderSource(source.folder)
    missing = set(there.players_without_file(plays))
    keys = {name_key(p) for p in plays} - {name_key(p) for p in missing}
    return {p: set(events) for p, events in plays.items() if name_key(p) in keys}


# --- the scheduler's commands, typed (each through `service.run`) ----------------------------


def intend(folder: Path, step: Step) -> JournalEntry | None:
    """Record a step's intent (None: it was done already)."""
    entry = service.run(folder, Intend(step), via=Via.SCHEDULER)
    assert entry is None or isinstance(entry, JournalEntry)
    return entry


def mark_done(folder: Path, step: Step, outcome: str) -> None:
    service.run(folder, MarkDone(step.key, outcome), via=Via.SCHEDULER)


def close(folder: Path, step: Step, source: ResolveSource, key: str | None = None) -> Closed:
    """Close the step's round (Superseded if its deadline changed since the step was planned;
    AlreadyApplied if `key`, the scheduler's name for it, was applied before)."""
    command = Close(step.round_no, step.generation, source)
    closed = service.run(folder, command, via=Via.SCHEDULER, key=key)
    assert isinstance(closed, Closed)
    return closed
