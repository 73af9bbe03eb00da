"""What the dashboard shows, read from a match folder (views only; no rules computed here)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from festival.match.match import Match
from festival.match.replay import states_after
from festival.match.standings_view import standings_json
from festival.match.store import STORE_FILE


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


def load(folder: Path) -> MatchData:
    match = Match.open(folder)
    try:
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
                rankings={
                    row.round_no: row.rankings[event] for row in rows if event in row.rankings
                },
            )
        standings = standings_json(match, states) if events else {}
        return MatchData(
            folder,
            tuple(match.config.players),
            last,
            match.config.rounds,
            finished,
            events,
            standings,
        )
    finally:
        match.close()


def store_stamp(folder: Path) -> tuple[int, ...]:
    """What changes whenever the match store changes (a resolved round, an allocation): the
    size and modification time of the store file and of its journal, if any. The dashboard
    keeps the replayed match until this changes."""
    stamp: list[int] = []
    for name in (STORE_FILE, STORE_FILE + "-wal", STORE_FILE + "-journal"):
        try:
            info = os.stat(folder / name)
        except OSError:
            stamp += [0, 0]
        else:
            stamp += [info.st_mtime_ns, info.st_size]
    return tuple(stamp)
