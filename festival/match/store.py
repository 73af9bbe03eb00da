"""The match store: one SQLite file in the match folder (stdlib sqlite3, no server).

It keeps the configuration, the allocation, every raw submission as received (before it is
parsed), parse errors, host inputs, and each resolved round: its seed, the canonical
submissions it used, its reports and rankings, and a cached snapshot of the event states.
A re-resolved round's old rows stay, marked superseded, as history. Only the newest
unsuperseded row of each round counts.

This module is SQL only: it stores and returns values; the round pipeline decides what.
Everything it reads back is checked on the way out: a store that is not a SQLite file, lacks a
table, or holds JSON that was edited by hand and no longer parses (or is too deep, holds a
number too long to read, or has the wrong shape) raises StoreDamaged, naming the table, column
and row, and saying how to restore the folder from a copy; never a traceback.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from events.report import RoundReport
from festival.core.errors import NoStore, StoreDamaged, StoreError, reason, shorten
from festival.core.sqlite_file import SqliteFile, now, stored_json
from festival.match.origin import StoredEntries, stored_entries

SCHEMA_VERSION = 1
STORE_FILE = "match.sqlite"
BUSY_SECONDS = 10.0
"""How long a statement waits for another connection's transaction to end (SQLite's busy
timeout) before failing with "database is locked". Commands that write hold the match lock
(festival/match/lock.py), so this only covers a reader meeting a commit, or the reverse."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS allocation (
    id INTEGER PRIMARY KEY, created_at TEXT NOT NULL, content TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS raw_submissions (
    id INTEGER PRIMARY KEY,
    round_no INTEGER NOT NULL,
    player TEXT NOT NULL,
    source TEXT NOT NULL,
    received_at TEXT NOT NULL,
    content_type TEXT NOT NULL,
    content BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS parse_errors (
    id INTEGER PRIMARY KEY,
    raw_id INTEGER NOT NULL REFERENCES raw_submissions(id),
    player TEXT NOT NULL,
    event TEXT NOT NULL,
    code TEXT NOT NULL,
    tab TEXT,
    cell TEXT,
    message TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS host_inputs (
    id INTEGER PRIMARY KEY, key TEXT NOT NULL, value TEXT NOT NULL, given_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rounds (
    id INTEGER PRIMARY KEY,
    round_no INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    resolved_at TEXT NOT NULL,
    superseded_at TEXT,
    submissions TEXT NOT NULL,
    reports TEXT NOT NULL,
    rankings TEXT NOT NULL,
    snapshot BLOB);
"""


@dataclass(frozen=True)
class RawRow:
    id: int
    round_no: int
    player: str
    source: str
    received_at: str
    content_type: str
    content: bytes


@dataclass(frozen=True)
class RoundRow:
    id: int
    round_no: int
    seed: int
    resolved_at: str
    superseded_at: str | None
    submissions: dict[str, Any]
    reports: list[dict[str, Any]]
    rankings: dict[str, Any]
    snapshot: bytes | None
    entries: StoredEntries = field(default_factory=dict, compare=False, repr=False)
    """`submissions` with each origin parsed (festival/match/origin.py), once, when read"""


@dataclass(frozen=True)
class NewRound:
    """A resolved round, ready to be written."""

    round_no: int
    seed: int
    submissions: dict[str, Any]
    reports: list[dict[str, Any]]
    rankings: dict[str, Any]
    snapshot: bytes | None


_DAMAGE_SIGNS = ("no such table", "no such column")


def sqlite_failure(folder: Path | None, exc: sqlite3.Error) -> str:
    """What to tell the host when SQLite fails in the middle of a command on `folder`."""
    if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
        return (
            f"the match store is busy ({exc}): another program is writing to it; "
            "wait for it to finish and run this again"
        )
    # "file is not a database", "database disk image is malformed", a dropped table
    damaged = type(exc) is sqlite3.DatabaseError or str(exc).startswith(_DAMAGE_SIGNS)
    if damaged and folder is not None:
        return str(StoreDamaged(folder / STORE_FILE, str(exc)))
    return f"the match store cannot be used: {exc}"


def _tables() -> dict[str, tuple[str, ...]]:
    """table -> its columns, as the schema above creates them."""
    conn = sqlite3.connect(":memory:")
    try:
        conn.executescript(_SCHEMA)
        names = [
            str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        ]
        return {n: tuple(str(r[1]) for r in conn.execute(f"PRAGMA table_info({n})")) for n in names}
    finally:
        conn.close()


TABLES = _tables()


def schema_problems(conn: sqlite3.Connection) -> list[str]:
    """The tables and columns of the schema that the database lacks."""
    problems: list[str] = []
    names = {str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not names & set(TABLES):
        return ["it holds none of festival's tables (an empty file, or another program's database)"]
    for table, columns in TABLES.items():
        have = {str(r[1]) for r in conn.execute(f"PRAGMA table_info({table})")}
        if not have:
            problems.append(f"table {table} is missing")
            continue
        lacking = [c for c in columns if c not in have]
        if lacking:
            problems.append(f"table {table} lacks column(s) {', '.join(lacking)}")
    return problems


ROUND_QUERY = (
    "SELECT id, round_no, seed, resolved_at, superseded_at, submissions, reports, rankings, "
    "snapshot FROM rounds"
)
"""A round row's columns, in the order `read_round_row` takes them."""


def read_round_row(r: Sequence[Any]) -> tuple[RoundRow | None, list[str]]:
    """A row of ROUND_QUERY as a RoundRow, and every problem found in it (None: unreadable)."""
    where = f"row {r[0]} (round {shorten(str(r[1]))})"
    if not all(type(r[i]) is int for i in (0, 1, 2)):
        return None, [f"rounds {where}: round_no and seed must be whole numbers"]
    problems: list[str] = []

    def parse(i: int, column: str, expect: type[dict[str, Any]] | type[list[Any]]) -> Any:
        try:
            return stored_json(r[i], f"rounds.{column} of {where}", expect)
        except ValueError as exc:
            problems.append(str(exc))
            return expect()

    submissions = parse(5, "submissions", dict)
    reports = parse(6, "reports", list)
    rankings = parse(7, "rankings", dict)
    if r[8] is not None and not isinstance(r[8], bytes):
        problems.append(f"rounds.snapshot of {where} is not a blob")
    row = RoundRow(
        r[0],
        r[1],
        r[2],
        str(r[3]),
        None if r[4] is None else str(r[4]),
        submissions,
        reports,
        rankings,
        r[8] if isinstance(r[8], bytes) else None,
    )
    if not problems and (shape := round_shape_problem(row)) is not None:
        problems.append(shape)
    if not problems:
        row = replace(row, entries=stored_entries(submissions))
    return row, problems


def round_shape_problem(row: RoundRow) -> str | None:
    """What is wrong with the shape of a stored round's JSON (None: nothing)."""
    where = f"rounds row {row.id} (round {row.round_no})"
    for event, by_player in row.submissions.items():
        if not isinstance(by_player, dict):
            return f"{where}: submissions of {shorten(event)} are not an object"
        for player, entry in by_player.items():
            if (
                not isinstance(entry, dict)
                or not isinstance(entry.get("from"), str)
                or "submission" not in entry
            ):
                return (
                    f"{where}: the submission of {shorten(player)} in {shorten(event)} lacks "
                    '"from" or "submission"'
                )
    if not all(isinstance(r, dict) for r in row.reports):
        return f"{where}: reports are not a list of objects"
    for i, report in enumerate(row.reports, 1):
        try:
            RoundReport.from_json(report)
        except (LookupError, TypeError, ValueError, AttributeError) as exc:
            return f"{where}: report {i} is not a round report ({reason(exc)})"
    for event, ranking in row.rankings.items():
        if not isinstance(ranking, list) or not all(
            isinstance(e, dict) and isinstance(e.get("player"), str) and type(e.get("rank")) is int
            for e in ranking
        ):
            return (
                f"{where}: the ranking of {shorten(event)} is not a list of entries "
                "with a player and a rank"
            )
    return None


class Store(SqliteFile):
    """Access to one match's SQLite file."""

    @staticmethod
    def create(folder: Path, config: dict[str, Any], match_id: str) -> Store:
        path = folder / STORE_FILE
        if path.exists():
            raise StoreError(f"{folder} already holds a match ({STORE_FILE})")
        folder.mkdir(parents=True, exist_ok=True)
        store = Store(path, sqlite3.connect(path, isolation_level=None, timeout=BUSY_SECONDS))
        meta = {"schema_version": str(SCHEMA_VERSION), "created_at": now(),
                "config": json.dumps(config), "match_id": match_id}  # fmt: skip
        store.lay_out(_SCHEMA, meta, f"{folder} already holds a match ({STORE_FILE})")
        return store

    @staticmethod
    def open(folder: Path) -> Store:
        path = folder / STORE_FILE
        if not path.is_file():
            raise NoStore(folder, "match", STORE_FILE)
        conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_SECONDS)
        store = Store(path, conn)
        try:
            problems = schema_problems(conn)
            version = None if problems else store.meta("schema_version")
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise StoreDamaged(path, f"it is not a festival match store ({exc})") from exc
        if problems:
            conn.close()
            raise StoreDamaged(path, "; ".join(problems))
        if version is None:
            conn.close()
            raise StoreDamaged(path, "meta has no schema_version")
        if version != str(SCHEMA_VERSION):
            conn.close()
            raise StoreError(
                f"{path} has store version {shorten(version)}; this festival reads {SCHEMA_VERSION}"
            )
        return store

    def damaged(self, what: str) -> StoreDamaged:
        return StoreDamaged(self.path, what)

    def _json(
        self, value: object, where: str, expect: type[dict[str, Any]] | type[list[Any]]
    ) -> Any:
        try:
            return stored_json(value, where, expect)
        except ValueError as exc:
            raise self.damaged(str(exc)) from None

    # --- configuration ------------------------------------------------------------------

    def config(self) -> dict[str, Any]:
        row = self.conn.execute("SELECT value FROM meta WHERE key = 'config'").fetchone()
        if row is None:
            raise self.damaged("meta has no config")
        value: dict[str, Any] = self._json(row[0], "meta.config", dict)
        return value

    # --- allocation ---------------------------------------------------------------------

    def save_allocation(self, content: dict[str, Any]) -> None:
        with self.transaction() as c:
            c.execute(
                "INSERT INTO allocation (created_at, content) VALUES (?, ?)",
                (now(), json.dumps(content)),
            )

    def allocation(self) -> dict[str, Any] | None:
        row = self.conn.execute(
            "SELECT id, content FROM allocation ORDER BY id DESC LIMIT 1"
        ).fetchone()
        if row is None:
            return None
        value: dict[str, Any] = self._json(row[1], f"allocation.content of row {row[0]}", dict)
        return value

    # --- raw submissions and parse errors -----------------------------------------------

    def add_raw(
        self, round_no: int, player: str, source: str, content_type: str, content: bytes
    ) -> int:
        """Store a submission exactly as received; committed at once.

        The same content from the same player is stored once: a retry with the same file
        (for this round or, by mistake, another) returns the id of the row already there, so
        a 50 MB workbook sent again and again does not grow the store.
        """
        with self.transaction() as c:
            same = c.execute(
                "SELECT id FROM raw_submissions WHERE player = ? AND content_type = ? "
                "AND length(content) = ? AND content = ? ORDER BY id LIMIT 1",
                (player, content_type, len(content), content),
            ).fetchone()
            if same is not None:
                return int(same[0])
            cur = c.execute(
                "INSERT INTO raw_submissions "
                "(round_no, player, source, received_at, content_type, content) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (round_no, player, source, now(), content_type, content),
            )
            return int(cur.lastrowid or 0)

    def raw(self, raw_id: int) -> RawRow:
        row = self.conn.execute(
            "SELECT id, round_no, player, source, received_at, content_type, content "
            "FROM raw_submissions WHERE id = ?",
            (raw_id,),
        ).fetchone()
        if row is None:
            raise StoreError(f"no raw submission {raw_id}")
        return RawRow(*row)

    def raws(self, round_no: int | None = None) -> list[RawRow]:
        sql = (
            "SELECT id, round_no, player, source, received_at, content_type, content "
            "FROM raw_submissions"
        )
        args: tuple[int, ...] = ()
        if round_no is not None:
            sql += " WHERE round_no = ?"
            args = (round_no,)
        return [RawRow(*r) for r in self.conn.execute(sql + " ORDER BY id", args)]

    def add_parse_errors(self, raw_id: int, errors: Sequence[dict[str, Any]]) -> None:
        with self.transaction() as c:
            c.executemany(
                "INSERT INTO parse_errors (raw_id, player, event, code, tab, cell, message) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (raw_id, e["player"], e["event"], e["code"], e["tab"], e["cell"], e["message"])
                    for e in errors
                ],
            )

    def parse_errors(self, raw_id: int) -> list[dict[str, Any]]:
        cur = self.conn.execute(
            "SELECT player, event, code, tab, cell, message FROM parse_errors "
            "WHERE raw_id = ? ORDER BY id",
            (raw_id,),
        )
        keys = ("player", "event", "code", "tab", "cell", "message")
        return [dict(zip(keys, r, strict=True)) for r in cur]

    # --- host inputs --------------------------------------------------------------------

    def set_host_input(self, key: str, value: str) -> None:
        with self.transaction() as c:
            c.execute(
                "INSERT INTO host_inputs (key, value, given_at) VALUES (?, ?, ?)",
                (key, value, now()),
            )

    def marks(
        self, round_no: int, raw_ids: Sequence[int], inputs: Sequence[str]
    ) -> tuple[Any, ...]:
        """What moves whenever a round's announcements could read differently without a new
        round row: the newest raw submission of the round, the newest problem stored with
        those or with `raw_ids` (the submissions that counted), the newest allocation, the
        newest of the host inputs named, the match's id and when it was made (a match made
        anew in the same folder is another); one read."""
        ids = ",".join("?" * len(raw_ids)) or "NULL"
        names = ",".join("?" * len(inputs)) or "NULL"
        row = self.conn.execute(
            "SELECT (SELECT max(id) FROM raw_submissions WHERE round_no = ?), "
            "(SELECT max(id) FROM parse_errors WHERE raw_id IN (SELECT id FROM raw_submissions "
            f"WHERE round_no = ?) OR raw_id IN ({ids})), (SELECT max(id) FROM allocation), "
            f"(SELECT max(id) FROM host_inputs WHERE key IN ({names})), "
            "(SELECT value FROM meta WHERE key = 'match_id'), "
            "(SELECT value FROM meta WHERE key = 'created_at')",
            (round_no, round_no, *raw_ids, *inputs),
        ).fetchone()
        return tuple(row)

    def set_host_inputs(self, pairs: Sequence[tuple[str, str]]) -> None:
        """Several host inputs at once, all or nothing (a hand-in and its answer)."""
        stamp = now()
        with self.transaction() as c:
            c.executemany(
                "INSERT INTO host_inputs (key, value, given_at) VALUES (?, ?, ?)",
                [(key, value, stamp) for key, value in pairs],
            )

    def host_input_history(self, key: str) -> list[tuple[str, str]]:
        """Every value given for `key`, oldest first, with when it was given."""
        cur = self.conn.execute(
            "SELECT value, given_at FROM host_inputs WHERE key = ? ORDER BY id", (key,)
        )
        return [(str(r[0]), str(r[1])) for r in cur]

    def host_input(self, key: str) -> str | None:
        row = self.conn.execute(
            "SELECT value FROM host_inputs WHERE key = ? ORDER BY id DESC LIMIT 1", (key,)
        ).fetchone()
        return None if row is None else str(row[0])

    # --- rounds -------------------------------------------------------------------------

    def commit_rounds(
        self, rounds: Sequence[NewRound], expected_current: Sequence[int] | None = None
    ) -> None:
        """Write resolved rounds at once, superseding any current rows of the same rounds.

        `expected_current` are the ids of the current round rows the caller computed from;
        if another command changed them meanwhile, nothing is written (StoreError).
        """
        stamp = now()
        with self.transaction() as c:
            if expected_current is not None:
                ids = [r[0] for r in c.execute("SELECT id FROM rounds WHERE superseded_at IS NULL")]
                if sorted(ids) != sorted(expected_current):
                    raise StoreError(
                        "the match changed while this round was being resolved (another "
                        "command?); nothing was written: run the command again"
                    )
            for r in rounds:
                c.execute(
                    "UPDATE rounds SET superseded_at = ? "
                    "WHERE round_no = ? AND superseded_at IS NULL",
                    (stamp, r.round_no),
                )
                c.execute(
                    "INSERT INTO rounds (round_no, seed, resolved_at, submissions, reports, "
                    "rankings, snapshot) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        r.round_no,
                        r.seed,
                        stamp,
                        json.dumps(r.submissions),
                        json.dumps(r.reports),
                        json.dumps(r.rankings),
                        r.snapshot,
                    ),
                )

    def rounds(self, include_superseded: bool = False) -> list[RoundRow]:
        sql = ROUND_QUERY
        if not include_superseded:
            sql += " WHERE superseded_at IS NULL"
        rows = self.conn.execute(sql + " ORDER BY round_no, id").fetchall()
        return [self._round_row(r) for r in rows]

    def _round_row(self, r: Sequence[Any]) -> RoundRow:
        row, problems = read_round_row(r)
        if row is None or problems:
            raise self.damaged(problems[0])
        return row

    def dump(self) -> list[str]:
        """The whole database as SQL text (for tests that prove nothing changed)."""
        return list(self.conn.iterdump())
