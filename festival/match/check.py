"""`festival check MATCH`: is this match store sound?

Checked in order, each step only when the ones before it passed (a step relies on them):
SQLite's own integrity check; the schema (every table and column, the schema version); every
JSON value of every row, history included, parses and has its shape; one current row per
round, rounds 1..N without a gap; the configuration and the allocation load and the engines
exist; and replaying the current rounds from their stored submissions gives exactly the stored
reports, rankings and snapshots. Nothing is written: the file is opened read-only.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from festival.core.errors import EngineError, MatchError, StoreError, reason, shorten
from festival.core.sqlite_file import stored_json
from festival.match.allocation import Allocation
from festival.match.config import MatchConfig
from festival.match.match import HAND_EDIT_ERRORS, Match
from festival.match.replay import (
    decode_submissions,
    fingerprint,
    initial_states,
    play_round,
    rankings_json,
    restore,
    signed_elsewhere,
    snapshot_stamp,
)
from festival.match.store import (
    ROUND_QUERY,
    SCHEMA_VERSION,
    STORE_FILE,
    RoundRow,
    Store,
    read_round_row,
    schema_problems,
)


@dataclass(frozen=True)
class Finding:
    status: Literal["ok", "note", "FAIL"]
    """"ok", "note" (worth knowing, not damage) or "FAIL" (damage)"""
    text: str

    @property
    def ok(self) -> bool:
        return self.status != "FAIL"


@dataclass(frozen=True)
class CheckReport:
    path: Path
    findings: tuple[Finding, ...]

    @property
    def sound(self) -> bool:
        return all(f.ok for f in self.findings)

    @property
    def problems(self) -> list[str]:
        return [f.text for f in self.findings if not f.ok]

    def lines(self, check_it: Callable[[Path], str] = lambda folder: "check it") -> list[str]:
        """The report in lines; `check_it`: how the front end says to check the restored
        folder (the command line names its command)."""
        out = [f"Checking {self.path}"]
        out += [f"  {f.status:<4}  {f.text}" for f in self.findings]
        folder = self.path.parent
        if self.sound:
            out.append(
                "The store is sound. Back the match up by copying the whole folder "
                "while no festival command runs."
            )
        else:
            out.append(
                f"The store is damaged ({len(self.problems)} problem(s)). To restore: move "
                f"{folder} aside, copy your last backup of the folder to {folder}, "
                f"{check_it(folder)}, then resolve again, from the players' files, "
                "every round resolved after that backup was made."
            )
        return out


class _Stop(Exception):
    """A step failed in a way that makes the later steps meaningless."""


class _Findings(list[Finding]):
    def ok(self, text: str) -> None:
        self.append(Finding("ok", text))

    def note(self, text: str) -> None:
        self.append(Finding("note", text))

    def fail(self, text: str) -> None:
        self.append(Finding("FAIL", text))

    @property
    def failed(self) -> int:
        return sum(not f.ok for f in self)

    @property
    def remarks(self) -> int:
        return sum(f.status != "ok" for f in self)


def check_match(folder: Path) -> CheckReport:
    """Every check above, on the store in `folder` (StoreError: not a match folder)."""
    path = folder / STORE_FILE
    if not path.is_file():
        raise StoreError(f"{folder} is not a match folder (no {STORE_FILE})")
    findings = _Findings()
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        return CheckReport(path, (Finding("FAIL", f"cannot be opened ({exc})"),))
    try:
        _check(folder, conn, findings)
    except _Stop:
        pass
    finally:
        conn.close()
    return CheckReport(path, tuple(findings))


def _check(folder: Path, conn: sqlite3.Connection, findings: _Findings) -> None:
    ok, fail = findings.ok, findings.fail
    try:
        result = [str(r[0]) for r in conn.execute("PRAGMA integrity_check")]
    except sqlite3.DatabaseError as exc:
        fail(f"not a SQLite database, or damaged beyond reading ({exc})")
        raise _Stop from None
    if result != ["ok"]:
        fail("SQLite integrity check: " + "; ".join(shorten(r) for r in result[:5]))
        raise _Stop
    ok("SQLite integrity check")

    problems = schema_problems(conn)
    if problems:
        for p in problems:
            fail(f"schema: {p}")
        raise _Stop
    version = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    if version is None:
        fail("meta has no schema_version")
        raise _Stop
    if str(version[0]) != str(SCHEMA_VERSION):
        fail(f"schema version {shorten(str(version[0]))}; this festival reads {SCHEMA_VERSION}")
        raise _Stop
    ok(f"schema version {SCHEMA_VERSION}, every table and column")

    config_json, allocations, rows = _json_values(conn, findings)
    if config_json is None or rows is None:
        raise _Stop
    ok(f"JSON: the configuration, {len(allocations)} allocation(s), {len(rows)} round row(s)")

    current = [r for r in rows if r.superseded_at is None]
    counts = Counter(r.round_no for r in current)
    twice = sorted(n for n, c in counts.items() if c > 1)
    if twice:
        fail("more than one current row for round(s) " + ", ".join(map(str, twice)))
    expected = list(range(1, len(counts) + 1))
    if sorted(counts) != expected:
        fail(f"the current rounds are {sorted(counts)}, not 1..N without a gap")
    if twice or sorted(counts) != expected:
        raise _Stop
    ok(f"one current row for each of rounds 1-{len(counts)}" if counts else "no round resolved")

    unlinked = _raw_problems(conn, current)
    for problem in unlinked:
        fail(problem)
    if not unlinked:
        ok("every submission a round used, and every parse error, has its raw submission")

    try:
        config = MatchConfig.from_json(config_json)
    except HAND_EDIT_ERRORS as exc:
        fail(f"meta.config is not a match configuration ({reason(exc)})")
        raise _Stop from None
    for p in config.problems():
        fail(f"meta.config: {shorten(p)}")
    if findings.failed:
        raise _Stop
    ok(f"configuration: {len(config.players)} players, {config.rounds} rounds")

    if allocations:
        try:
            allocation = Allocation.from_json(allocations[-1])
        except HAND_EDIT_ERRORS as exc:
            fail(f"allocation.content is not an allocation ({reason(exc)})")
            raise _Stop from None
        unknown = {p for ps in allocation.members.values() for p in ps} - set(config.players)
        if unknown or set(allocation.members) - set(config.events):
            fail("the allocation names players or events the configuration does not have")
            raise _Stop
        schedule = allocation.schedule or {}
        if set(schedule) - set(config.events) or any(
            not 1 <= n <= config.rounds for rounds in schedule.values() for n in rounds
        ):
            fail("the allocation's schedule names events or rounds the configuration does not have")
            raise _Stop
        ok("allocation")
    elif current:
        fail("rounds are resolved but the allocation is missing")
        raise _Stop
    else:
        ok("not allocated yet")

    if current:
        _check_replay(folder, config, current, findings)


def _raw_problems(conn: sqlite3.Connection, current: list[RoundRow]) -> list[str]:
    """Submissions and parse errors whose raw submission (as received) is not in the store."""
    raw_ids = {int(r[0]) for r in conn.execute("SELECT id FROM raw_submissions")}
    problems: list[str] = []
    for row in current:
        for event, by_player in row.entries.items():
            for player, entry in by_player.items():
                played = entry.origin
                if played.raw_ref is None:
                    continue
                origin = played.text.removeprefix("kept:")
                if played.raw_id not in raw_ids:
                    problems.append(
                        f"round {row.round_no} (rounds row {row.id}): {shorten(player)}'s "
                        f"{shorten(event)} submission comes from {shorten(origin)}, which is not "
                        "in raw_submissions"
                    )
    orphans = conn.execute(
        "SELECT count(*) FROM parse_errors WHERE raw_id NOT IN (SELECT id FROM raw_submissions)"
    ).fetchone()[0]
    if orphans:
        problems.append(f"{orphans} parse error(s) name a raw submission that is not stored")
    return problems


def _json_values(
    conn: sqlite3.Connection, findings: _Findings
) -> tuple[dict[str, Any] | None, list[dict[str, Any]], list[RoundRow] | None]:
    """Every JSON value of the store, parsed and shape-checked; each failure reported."""
    damaged = False
    fail = findings.fail

    def parse(value: object, where: str, expect: type[dict[str, Any]] | type[list[Any]]) -> Any:
        nonlocal damaged
        try:
            return stored_json(value, where, expect)
        except ValueError as exc:
            fail(str(exc))
            damaged = True
            return expect()

    row = conn.execute("SELECT value FROM meta WHERE key = 'config'").fetchone()
    if row is None:
        fail("meta has no config")
        damaged = True
    config = parse(row[0], "meta.config", dict) if row is not None else None
    allocations = [
        parse(content, f"allocation.content of row {id_}", dict)
        for id_, content in conn.execute("SELECT id, content FROM allocation ORDER BY id")
    ]
    rows: list[RoundRow] = []
    for r in conn.execute(ROUND_QUERY + " ORDER BY round_no, id"):
        row_, problems = read_round_row(r)
        for problem in problems:
            fail(problem)
        damaged = damaged or bool(problems)
        if row_ is not None:
            rows.append(row_)
    return (None, [], None) if damaged else (config, allocations, rows)


def _check_replay(
    folder: Path, config: MatchConfig, rows: list[RoundRow], findings: _Findings
) -> None:
    """Replay the current rounds from their stored submissions and compare."""
    fail, before = findings.fail, findings.remarks
    store = Store.open(folder)
    try:
        match = Match(folder, store, config)
        try:
            states = initial_states(match)
            stamp = fingerprint(match)
        except (MatchError, EngineError) as exc:
            fail(f"the rules engines cannot be set up: {exc}")
            return
        other_code: list[int] = []
        other_machine: list[int] = []
        for row in rows:
            label = f"round {row.round_no} (rounds row {row.id})"
            try:
                states, reports = play_round(
                    match,
                    states,
                    row.round_no,
                    row.seed,
                    decode_submissions(match, states, row),
                )
            except (MatchError, EngineError, *HAND_EDIT_ERRORS) as exc:
                fail(f"{label} cannot be replayed ({reason(exc)})")
                return
            changed = row.snapshot is not None and snapshot_stamp(row.snapshot) != stamp
            if changed:
                other_code.append(row.round_no)
            foreign = row.snapshot is not None and not changed and signed_elsewhere(row.snapshot)
            if foreign:
                other_machine.append(row.round_no)
            differ = [
                what
                for what, replayed, stored in (
                    ("reports", [r.to_json() for r in reports], row.reports),
                    ("rankings", rankings_json(match, states), row.rankings),
                )
                if _canonical(replayed) != stored
            ]
            for what in differ:
                if changed:  # an upgrade, not damage: what was announced stays stored
                    findings.note(
                        f"{label}: the stored {what} differ from a replay with this version's "
                        "rules, which changed since the round was resolved"
                    )
                else:
                    fail(f"{label}: the stored {what} differ from a replay")
            if row.snapshot is not None and not changed and not foreign:
                cached = restore(row.snapshot, stamp)
                if cached is None:
                    fail(f"{label}: the snapshot cannot be read")
                elif cached != states:
                    fail(f"{label}: the snapshot differs from a replay")
        if rows and findings.remarks == before:
            note = (
                f"; snapshots of round(s) {', '.join(map(str, other_code))} were written by "
                "other rules code and are not used"
                if other_code
                else ""
            )
            if other_machine:
                note += (
                    f"; snapshots of round(s) {', '.join(map(str, other_machine))} were not "
                    "signed on this computer (a folder from elsewhere): never unpickled, the "
                    "rounds are replayed instead"
                )
            findings.ok(
                f"replay of rounds 1-{len(rows)} equals the stored reports, rankings "
                f"and snapshots{note}"
            )
    finally:
        store.close()


def _canonical(data: Any) -> Any:
    return json.loads(json.dumps(data))
