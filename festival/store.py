"""The match store: one SQLite file in the match folder (stdlib sqlite3, no server).

It keeps the configuration, the allocation, every raw submission as received (before it is
parsed), parse errors, host inputs, and each resolved round: its seed, the canonical
submissions it used, its reports and rankings, and a cached snapshot of the event states.
A re-resolved round's old rows stay, marked superseded, as history. Only the newest
unsuperseded row of each round counts.

This module is SQL only: it stores and returns values; the round pipeline decides what.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 1
STORE_FILE = "match.sqlite"

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


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


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


@dataclass(frozen=True)
class NewRound:
    """A resolved round, ready to be written."""

    round_no: int
    seed: int
    submissions: dict[str, Any]
    reports: list[dict[str, Any]]
    rankings: dict[str, Any]
    snapshot: bytes | None


class StoreError(Exception):
    """The match folder has no store, or a store of another version."""


class Store:
    """Access to one match's SQLite file."""

    def __init__(self, path: Path, conn: sqlite3.Connection) -> None:
        self.path = path
        self.conn = conn

    @staticmethod
    def create(folder: Path, config: dict[str, Any]) -> Store:
        path = folder / STORE_FILE
        if path.exists():
            raise StoreError(f"{folder} already holds a match ({STORE_FILE})")
        folder.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(path, isolation_level=None)
        store = Store(path, conn)
        with store.transaction():
            for statement in _SCHEMA.strip().split(";"):
                if statement.strip():
                    conn.execute(statement)
            conn.execute("INSERT INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
            conn.execute("INSERT INTO meta VALUES ('created_at', ?)", (now(),))
            conn.execute("INSERT INTO meta VALUES ('config', ?)", (json.dumps(config),))
        return store

    @staticmethod
    def open(folder: Path) -> Store:
        path = folder / STORE_FILE
        if not path.is_file():
            raise StoreError(
                f"{folder} is not a match folder (no {STORE_FILE}); run `festival new`"
            )
        conn = sqlite3.connect(path, isolation_level=None)
        store = Store(path, conn)
        try:
            version = store.meta("schema_version")
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise StoreError(f"{path} is not a festival match store ({exc})") from exc
        if version != str(SCHEMA_VERSION):
            raise StoreError(
                f"{path} has store version {version}; this festival reads {SCHEMA_VERSION}"
            )
        return store

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """All or nothing: an exception inside rolls every write back."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    # --- meta and configuration ---------------------------------------------------------

    def meta(self, key: str) -> str | None:
        row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def config(self) -> dict[str, Any]:
        text = self.meta("config")
        if text is None:
            raise StoreError(f"{self.path} has no configuration")
        value: dict[str, Any] = json.loads(text)
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
            "SELECT content FROM allocation ORDER BY id DESC LIMIT 1"
        ).fetchone()
        if row is None:
            return None
        value: dict[str, Any] = json.loads(row[0])
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
        sql = (
            "SELECT id, round_no, seed, resolved_at, superseded_at, submissions, reports, "
            "rankings, snapshot FROM rounds"
        )
        if not include_superseded:
            sql += " WHERE superseded_at IS NULL"
        rows = self.conn.execute(sql + " ORDER BY round_no, id").fetchall()
        return [
            RoundRow(
                r[0],
                r[1],
                r[2],
                r[3],
                r[4],
                json.loads(r[5]),
                json.loads(r[6]),
                json.loads(r[7]),
                r[8],
            )
            for r in rows
        ]

    def dump(self) -> list[str]:
        """The whole database as SQL text (for tests that prove nothing changed)."""
        return list(self.conn.iterdump())
