"""Event states are derived, never stored as truth: set up, then replay the resolved rounds.

A resolved round is stored as its seed and the canonical JSON of every submission it used,
so replaying it gives exactly the states and reports it gave first. Snapshots of the states
after each round are cached in the store to save the replay; `verify_snapshots` proves the
cache equals a fresh replay.
"""

from __future__ import annotations

import pickle
from collections.abc import Mapping, Sequence
from typing import Any

from events.report import RoundReport
from festival import seeds
from festival.match import Match, MatchError
from festival.store import RoundRow

States = dict[str, Any]
"""event -> that event's state"""

Submissions = dict[str, dict[str, Any]]
"""event -> player -> typed submission"""


def initial_states(match: Match) -> States:
    """Every event with an engine, set up for its participants with the match seed."""
    return {
        event: engine.setup(
            match.participants(event),
            match.options(event),
            seeds.stream(match.config.seed, "setup", match.event_index(event)),
        )
        for event, engine in match.engines.items()
    }


def play_round(
    match: Match, states: States, round_no: int, seed: int, submissions: Submissions
) -> tuple[States, list[RoundReport]]:
    """Resolve `round_no` for every event that plays it: pure, nothing is written."""
    new = dict(states)
    reports: list[RoundReport] = []
    for event in match.events_in_round(round_no):
        engine = match.engine(event)
        expected = engine.next_round(states[event])
        if expected != round_no:
            raise MatchError(f"{engine.title} is ready for round {expected}, not round {round_no}")
        rng = seeds.event_rng(seed, match.event_index(event))
        new[event], report = engine.resolve_round(states[event], submissions[event], rng)
        reports.append(report)
    return new, reports


def decode_submissions(match: Match, row: RoundRow) -> Submissions:
    """The typed submissions a stored round used, from their canonical JSON."""
    out: Submissions = {}
    for event, by_player in row.submissions.items():
        engine = match.engine(event)
        out[event] = {}
        for player, entry in by_player.items():
            result = engine.from_json(player, row.round_no, entry["submission"])
            if result.submission is None:
                problems = "; ".join(str(e) for e in result.errors)
                raise MatchError(f"round {row.round_no} in the store does not parse: {problems}")
            out[event][player] = result.submission
    return out


def replay(match: Match, rows: Sequence[RoundRow], upto: int | None = None) -> States:
    """States after the given resolved rounds (up to and including round `upto`)."""
    states = initial_states(match)
    for row in rows:
        if upto is not None and row.round_no > upto:
            break
        states, _ = play_round(
            match, states, row.round_no, row.seed, decode_submissions(match, row)
        )
    return states


def states_after(match: Match, round_no: int) -> States:
    """States after `round_no` (0: after setup), from the cached snapshot when there is one."""
    rows = [r for r in match.store.rounds() if r.round_no <= round_no]
    if not rows:
        return initial_states(match)
    last = rows[-1]
    if last.snapshot is not None:
        return restore(last.snapshot)
    return replay(match, rows)


def current_states(match: Match) -> States:
    return states_after(match, match.last_resolved_round())


def snapshot(states: Mapping[str, Any]) -> bytes:
    """A cache of the states, written with each resolved round (never the source of truth)."""
    return pickle.dumps(dict(states), protocol=pickle.HIGHEST_PROTOCOL)


def restore(blob: bytes) -> States:
    value: States = pickle.loads(blob)
    return value


def verify_snapshots(match: Match) -> list[int]:
    """The rounds whose cached snapshot differs from a fresh replay (empty when all agree)."""
    rows = match.store.rounds()
    states = initial_states(match)
    bad: list[int] = []
    for row in rows:
        states, _ = play_round(
            match, states, row.round_no, row.seed, decode_submissions(match, row)
        )
        if row.snapshot is not None and restore(row.snapshot) != states:
            bad.append(row.round_no)
    return bad
