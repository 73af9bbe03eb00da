"""Read models of a match: values (never a live Match, store or Google client) that a front
end draws, built through the match service (festival/match/service.py).

- `MatchData`: the match as the dashboard's pages show it to one `Audience`, built once per
  match version (`store_version`) and audience and shared: the host's holds every event's
  views, rankings and stored reports and the standings; the public's only what the rules make
  public (`public_only`), so a value kept for the host can never be drawn for the public;
- `DeskData`: what the round desk needs to know about the next round;
- `ReadSource`: the players' spreadsheets as read once, a submission source that asks Google
  nothing more (the round desk keeps it until the host reads again).
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path
from typing import Any, Generic, TypeVar

from festival.match.match import Match
from festival.match.replay import states_after
from festival.match.standings_view import standings_json
from festival.match.store import STORE_FILE
from sheets.errors import SheetReadError
from sheets.source import RawSubmission, SubmissionSource

GOOGLE_SETTINGS = "google"
"""the host input that records the players' Google spreadsheets (festival/google/
match_sheets.py writes it): named here so that reading whether there are any loads no Google
client"""


class Audience(StrEnum):
    """Who a read model is for: the public (what the rules make public; safe on a stream) or
    the host (everything)."""

    PUBLIC = "public"
    HOST = "host"


@dataclass(frozen=True)
class EventData:
    event: str
    title: str
    participants: tuple[str, ...]
    public: dict[str, Any]
    host: dict[str, Any]
    ranking: list[dict[str, Any]]
    final_lines: tuple[str, ...]
    """what the event reveals publicly at the end (empty before)"""
    reports: dict[int, dict[str, Any]]
    """round -> the event's stored report (host data included: only for host mode)"""
    rankings: dict[int, list[dict[str, Any]]]
    """round -> the event's ranking after that round (host mode)"""


@dataclass(frozen=True)
class MatchData:
    folder: Path
    players: tuple[str, ...]
    """the roster, in its order (which gives each player's colour)"""
    round_no: int
    rounds: int
    finished: bool
    events: dict[str, EventData]
    standings: dict[str, Any]
    """as `festival standings --json` prints them"""


def match_data(match: Match) -> MatchData:
    rows = match.store.rounds()  # read once: every round's reports are large
    last = max((r.round_no for r in rows), default=0)
    finished = last >= match.config.rounds
    states = states_after(match, last, rows) if match.allocated else {}
    events: dict[str, EventData] = {}
    for event, state in states.items():
        engine = match.engine(event)
        gamewide = match.config.gamewide
        events[event] = EventData(
            event=event,
            title=engine.title,
            participants=match.participants(event),
            public=dict(engine.public_view(state)),
            host=dict(engine.host_view(state)),
            ranking=[e.to_json() for e in engine.ranking(state, gamewide)],
            final_lines=engine.final_announcement(state, gamewide) if finished else (),
            reports={
                row.round_no: report
                for row in rows
                for report in row.reports
                if report["event"] == event
            },
            rankings={row.round_no: row.rankings[event] for row in rows if event in row.rankings},
        )
    standings = standings_json(match, states) if events else {}
    return MatchData(
        match.folder,
        tuple(match.config.players),
        last,
        match.config.rounds,
        finished,
        events,
        standings,
    )


def public_only(data: MatchData) -> MatchData:
    """What the public may see of `data`: each event's public view and, once the match is
    over, its final announcement and the standings; no host view, ranking, stored report or
    standings before the end (the dashboard reveals them only at the end, as the rules do)."""
    events = {
        name: replace(
            event,
            host={},
            ranking=[],
            reports={},
            rankings={},
            final_lines=event.final_lines if data.finished else (),
        )
        for name, event in data.events.items()
    }
    return replace(data, events=events, standings=data.standings if data.finished else {})


Version = tuple[int, ...]

CHANGE_COUNTER = slice(24, 28)
"""where an SQLite file's header keeps its file change counter, which SQLite adds one to at
every committed write (the store keeps its rollback journal: festival never turns WAL on)"""


def store_version(folder: Path) -> Version:
    """What changes whenever the match store changes (a resolved round, an allocation, a host
    input): SQLite's own change counter in the store's header, with the file's identity, size
    and modification time (a store made anew in the same folder starts counting again), and
    those of a journal left beside it. Read from the file alone: no connection, no lock."""
    stamp: list[int] = []
    for name in (STORE_FILE, STORE_FILE + "-wal", STORE_FILE + "-journal"):
        try:
            info = os.stat(folder / name)
        except OSError:
            stamp += [0, 0, 0]
        else:
            stamp += [info.st_ino, info.st_mtime_ns, info.st_size]
    try:
        with open(folder / STORE_FILE, "rb") as file:
            header = file.read(CHANGE_COUNTER.stop)
    except OSError:
        header = b""
    stamp.append(int.from_bytes(header[CHANGE_COUNTER], "big") if len(header) == 28 else -1)
    return tuple(stamp)


T = TypeVar("T")


class Built(Generic[T]):
    """A read model built once per match version, folder and audience, shared by every caller
    (the dashboard's sessions are threads): the newest few kept. The audience is part of
    every key, so a value built for the host is never handed to the public."""

    def __init__(self, keep: int = 8) -> None:
        self.keep = keep
        self._lock = threading.Lock()
        self._values: dict[tuple[str, Version, Audience], T] = {}

    def get(self, folder: Path, version: Version, audience: Audience) -> T | None:
        with self._lock:
            return self._values.get((str(folder.resolve()), version, audience))

    def put(self, folder: Path, version: Version, audience: Audience, value: T) -> T:
        with self._lock:
            self._values[(str(folder.resolve()), version, audience)] = value
            while len(self._values) > self.keep:
                self._values.pop(next(iter(self._values)))
        return value


@dataclass(frozen=True)
class DeskData:
    """The round desk's facts: the last resolved round, whether the match is over, whether
    the players' Google spreadsheets are recorded, and who hands in the next round."""

    folder: Path
    last: int
    finished: bool
    google: bool
    expected: tuple[str, ...]
    """the players who hand in the next round (none once the match is over)"""

    @property
    def next_round(self) -> int:
        return self.last + 1

    @property
    def inbox(self) -> Path:
        """Where the host puts the next round's workbooks, unless told otherwise."""
        return self.folder / "inbox" / f"round-{self.next_round}"


@dataclass(frozen=True)
class ReadSource:
    """Every player's spreadsheet as read once: a SubmissionSource that asks Google nothing."""

    described: str
    raws: dict[str, RawSubmission | None] = field(default_factory=dict)
    failures: dict[str, SheetReadError] = field(default_factory=dict)

    @staticmethod
    def read(source: SubmissionSource, players: tuple[str, ...] | list[str]) -> ReadSource:
        read = ReadSource(source.describe())
        for player in players:
            try:
                read.raws[player] = source.fetch(player)
            except SheetReadError as exc:  # kept, and raised again where the round reads it
                read.failures[player] = exc
        return read

    def describe(self) -> str:
        return self.described

    def fetch(self, player: str) -> RawSubmission | None:
        if player in self.failures:
            raise self.failures[player]
        return self.raws.get(player)
