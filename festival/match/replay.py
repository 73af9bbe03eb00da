"""Event states are derived, never stored as truth: set up, then replay the resolved rounds.

A resolved round is stored as its seed and the canonical JSON of every submission it used,
so replaying it gives exactly the states and reports it gave first. Snapshots of the states
after each round are cached in the store to save the replay; `verify_snapshots` proves the
cache equals a fresh replay. A snapshot is used only by the same rules code that wrote it (a
fingerprint of the engines' source); after an upgrade the rounds are simply replayed.
Snapshots are pickles, so each is signed with this computer's key (festival/core/machine_key.py)
and unpickled only when the signature is this computer's: a match folder from someone else is
replayed from its stored JSON, never unpickled.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import pickle
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import events
from events.report import RoundReport
from festival.core import seeds
from festival.core.errors import MatchError
from festival.core.machine_key import sign, signed_here
from festival.match.engines import engine_specs
from festival.match.match import Match
from festival.match.store import RoundRow

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


def rankings_json(match: Match, states: States) -> dict[str, list[dict[str, Any]]]:
    """Each event's ranking in `states`, as a resolved round stores it."""
    return {
        event: [x.to_json() for x in match.engine(event).ranking(state, match.config.gamewide)]
        for event, state in states.items()
    }


def decode_submissions(match: Match, states: States, row: RoundRow) -> Submissions:
    """The typed submissions a stored round used, from their canonical JSON (`states`: the
    events before that round)."""
    out: Submissions = {}
    for event, by_player in row.submissions.items():
        engine = match.engine(event)
        out[event] = {}
        for player, entry in by_player.items():
            result = engine.from_json(states[event], player, row.round_no, entry["submission"])
            if result.value is None:
                problems = "; ".join(str(e) for e in result.errors)
                raise MatchError(f"round {row.round_no} in the store does not parse: {problems}")
            out[event][player] = result.value
    return out


def replay(match: Match, rows: Sequence[RoundRow], upto: int | None = None) -> States:
    """States after the given resolved rounds (up to and including round `upto`)."""
    states = initial_states(match)
    for row in rows:
        if upto is not None and row.round_no > upto:
            break
        states, _ = play_round(
            match, states, row.round_no, row.seed, decode_submissions(match, states, row)
        )
    return states


def states_after(match: Match, round_no: int, current: Sequence[RoundRow] | None = None) -> States:
    """States after `round_no` (0: after setup), from the cached snapshot when it is valid.
    `current`: the store's current rounds, when the caller has already read them."""
    current = match.store.rounds() if current is None else current
    rows = [r for r in current if r.round_no <= round_no]
    if not rows:
        return initial_states(match)
    cached = restore(rows[-1].snapshot, fingerprint(match)) if rows[-1].snapshot else None
    return cached if cached is not None else replay(match, rows)


def current_states(match: Match) -> States:
    return states_after(match, match.last_resolved_round())


_MAGIC = b"festival-snapshot:"


def fingerprint(match: Match) -> str:
    """What a snapshot depends on: the engines the match uses and the rules code's source."""
    return _code_fingerprint(
        json.dumps(sorted(engine_specs(match.config.engines, match.config.events).items()))
    )


@cache
def _code_fingerprint(specs: str) -> str:
    digest = hashlib.sha256(specs.encode())
    roots = {Path(events.__file__).parent}
    for spec in json.loads(specs):
        module = importlib.import_module(spec[1].partition(":")[0])
        if module.__file__:
            roots.add(Path(module.__file__).parent)
    for root in sorted(roots):
        for path in sorted(root.rglob("*.py")):
            digest.update(path.read_bytes())
    return digest.hexdigest()


def snapshot(states: Mapping[str, Any], stamp: str) -> bytes | None:
    """A cache of the states, written with each resolved round (never the source of truth):
    the rules code's fingerprint, this computer's signature and the pickle. None when this
    computer has no key to sign with (the rounds are then replayed when read)."""
    body = pickle.dumps(dict(states), pickle.HIGHEST_PROTOCOL)
    signature = sign(stamp.encode() + b"\n" + body)
    if signature is None:
        return None
    return _MAGIC + stamp.encode() + b"\n" + signature.encode() + b"\n" + body


def _parts(blob: bytes) -> tuple[str, str, bytes] | None:
    """(fingerprint, signature, pickle) of a snapshot, or None when it is not one."""
    head, sep, rest = blob.partition(b"\n")
    signature, sep2, body = rest.partition(b"\n")
    if not sep or not sep2 or not head.startswith(_MAGIC):
        return None
    return head.removeprefix(_MAGIC).decode(errors="replace"), signature.decode("latin-1"), body


def signed_elsewhere(blob: bytes) -> bool:
    """True for a snapshot this computer did not sign (a match folder from another machine, or
    one written before snapshots were signed): it is never unpickled here."""
    parts = _parts(blob)
    if parts is None:
        return blob.startswith(_MAGIC)
    stamp, signature, body = parts
    return not signed_here(stamp.encode() + b"\n" + body, signature)


def restore(blob: bytes, stamp: str) -> States | None:
    """The cached states, or None when the snapshot was written by other rules code, was not
    signed by this computer, or cannot be read (the rounds are then replayed). Nothing is
    unpickled before its signature is checked."""
    parts = _parts(blob)
    if parts is None or parts[0] != stamp:
        return None
    _, signature, body = parts
    if not signed_here(stamp.encode() + b"\n" + body, signature):
        return None
    try:
        value = pickle.loads(body)
    except Exception:  # a signed pickle of other code can still fail to load
        return None
    return value if isinstance(value, dict) else None


def snapshot_stamp(blob: bytes) -> str | None:
    """The fingerprint of the rules code that wrote a snapshot (None: not a snapshot)."""
    parts = _parts(blob)
    if parts is not None:
        return parts[0]
    head, sep, _ = blob.partition(b"\n")
    if not sep or not head.startswith(_MAGIC):
        return None
    return head.removeprefix(_MAGIC).decode(errors="replace")


def verify_snapshots(match: Match) -> list[int]:
    """The rounds whose cached snapshot differs from a fresh replay (empty when all agree)."""
    rows = match.store.rounds()
    states = initial_states(match)
    bad: list[int] = []
    for row in rows:
        states, _ = play_round(
            match, states, row.round_no, row.seed, decode_submissions(match, states, row)
        )
        if row.snapshot is not None and restore(row.snapshot, fingerprint(match)) != states:
            bad.append(row.round_no)
    return bad
