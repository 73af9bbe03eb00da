"""The duel store: one SQLite file in the duel folder, the same kind as a match's.

It keeps the configuration (game, variant switches, players, seed), the duel's id, every raw
input exactly as received (stored and committed before it is parsed), the errors found in it,
every recorded action (chance resolved) with the input it came from, undone actions (kept,
marked), the host's clock starts and stops and the host's settings (the players' Google
spreadsheets). Positions are never stored: they are replayed from the actions.

This module is SQL only: it stores and returns values; festival/duels/host.py decides what.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from festival.core.errors import NoStore, StoreError
from festival.core.sqlite_file import SqliteFile, now, stored_json
from festival.duels.origin import Origin

SCHEMA_VERSION = 1
DUEL_FILE = "duel.sqlite"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS raw_inputs (
    id INTEGER PRIMARY KEY,
    received_at TEXT NOT NULL,
    player TEXT NOT NULL,
    source TEXT NOT NULL,
    content TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS input_errors (
    id INTEGER PRIMARY KEY,
    raw_id INTEGER NOT NULL REFERENCES raw_inputs(id),
    code TEXT NOT NULL,
    message TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS steps (
    id INTEGER PRIMARY KEY,
    raw_id INTEGER REFERENCES raw_inputs(id),
    player TEXT NOT NULL,
    action TEXT NOT NULL,
    taken_at REAL NOT NULL,
    undone_at REAL);
CREATE TABLE IF NOT EXISTS clock (
    id INTEGER PRIMARY KEY, at REAL NOT NULL, running INTEGER NOT NULL);
"""


def clock_now() -> float:
    """Seconds since the epoch (tests replace it to move time)."""
    return time.time()


@dataclass(frozen=True)
class StepRow:
    id: int
    raw_id: int | None
    player: str
    action: Any
    taken_at: float
    undone_at: float | None


@dataclass(frozen=True)
class RawInput:
    id: int
    received_at: str
    player: str
    source: Origin
    content: str


class DuelStore(SqliteFile):
    """Access to one duel's SQLite file."""

    @staticmethod
    def create(folder: Path, config: dict[str, Any], duel_id: str) -> DuelStore:
        path = folder / DUEL_FILE
        if path.exists():
            raise StoreError(f"{folder} already holds a duel ({DUEL_FILE})")
        folder.mkdir(parents=True, exist_ok=True)
        store = DuelStore(path, sqlite3.connect(path, isolation_level=None))
        meta = {"schema_version": str(SCHEMA_VERSION), "created_at": now(),
                "config": json.dumps(config), "duel_id": duel_id}  # fmt: skip
        store.lay_out(_SCHEMA, meta, f"{folder} already holds a duel ({DUEL_FILE})")
        return store

    @staticmethod
    def open(folder: Path) -> DuelStore:
        path = folder / DUEL_FILE
        if not path.is_file():
            raise NoStore(folder, "duel", DUEL_FILE)
        store = DuelStore(path, sqlite3.connect(path, isolation_level=None))
        try:
            version = store.meta("schema_version")
        except sqlite3.DatabaseError as exc:
            store.close()
            raise StoreError(f"{path} is not a festival duel store ({exc})") from exc
        if version != str(SCHEMA_VERSION):
            store.close()
            raise StoreError(
                f"{path} has duel store version {version}; this festival reads {SCHEMA_VERSION}"
            )
        return store

    def config(self) -> dict[str, Any]:
        text = self.meta("config")
        if text is None:
            raise StoreError(f"{self.path} has no configuration")
        value: dict[str, Any] = self._json(text, "meta.config", dict)
        shape = {"game": str, "players": list, "seed": int, "options": dict}
        wrong = [k for k, kind in shape.items() if not isinstance(value.get(k), kind)]
        if wrong or not all(isinstance(p, str) for p in value["players"]):
            raise self.damaged(f"meta.config lacks a proper {', '.join(wrong) or 'players'}")
        return value

    def duel_id(self) -> str | None:
        """The id given at creation (None in a store made before duels had one)."""
        return self.meta("duel_id")

    def created_at(self) -> str:
        return self.meta("created_at") or ""

    def setting(self, name: str) -> str | None:
        """A host's setting for the duel (such as its Google spreadsheets), as stored."""
        return self.meta(f"setting.{name}")

    def set_setting(self, name: str, value: str) -> None:
        with self.transaction() as c:
            c.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (f"setting.{name}", value))

    def _json(
        self, value: object, where: str, expect: type[dict[str, Any]] | type[list[Any]]
    ) -> Any:
        """JSON read back from the duel file, through the match store's guarded loader."""
        try:
            return stored_json(value, where, expect)
        except ValueError as exc:
            raise self.damaged(str(exc)) from None

    def damaged(self, what: str) -> StoreError:
        return StoreError(
            f"{self.path} is damaged: {what}; put back your last copy of the duel folder"
        )

    # --- raw inputs ---------------------------------------------------------------------

    def add_raw(self, player: str, source: Origin, content: str) -> int:
        """Store an input exactly as received; committed at once, before it is parsed."""
        with self.transaction() as c:
            cur = c.execute(
                "INSERT INTO raw_inputs (received_at, player, source, content) VALUES (?, ?, ?, ?)",
                (now(), player, str(source), content),
            )
            return int(cur.lastrowid or 0)

    def raws(self) -> list[RawInput]:
        rows = self.conn.execute(
            "SELECT id, received_at, player, source, content FROM raw_inputs ORDER BY id"
        )
        return [
            RawInput(i, at, player, Origin.parse(source), text)
            for i, at, player, source, text in rows
        ]

    def raw_from(self, source: Origin) -> RawInput | None:
        """The input that came from `source` (the first, if several did): how a delivery seen
        twice (a Discord interaction) is found."""
        row = self.conn.execute(
            "SELECT id, received_at, player, source, content FROM raw_inputs WHERE source = ? "
            "ORDER BY id LIMIT 1",
            (str(source),),
        ).fetchone()
        if row is None:
            return None
        i, at, player, text, content = row
        return RawInput(i, at, player, Origin.parse(text), content)

    def add_errors(self, raw_id: int, errors: Sequence[tuple[str, str]]) -> None:
        with self.transaction() as c:
            c.executemany(
                "INSERT INTO input_errors (raw_id, code, message) VALUES (?, ?, ?)",
                [(raw_id, code, message) for code, message in errors],
            )

    def errors(self, raw_id: int) -> list[tuple[str, str]]:
        rows = self.conn.execute(
            "SELECT code, message FROM input_errors WHERE raw_id = ? ORDER BY id", (raw_id,)
        )
        return [(str(a), str(b)) for a, b in rows]

    # --- steps --------------------------------------------------------------------------

    def add_steps(
        self,
        raw_id: int | None,
        steps: Sequence[tuple[str, Any]],
        expected_count: int,
        at: float,
    ) -> None:
        """Record actions at once. `expected_count` is the number of step rows (undone ones
        included) the caller computed from; if another command wrote meanwhile, nothing is
        written (StoreError)."""
        with self.transaction() as c:
            (count,) = c.execute("SELECT COUNT(*) FROM steps").fetchone()
            if count != expected_count:
                raise StoreError(
                    "the duel changed while this input was being checked (another command?); "
                    "nothing was recorded: run the command again"
                )
            c.executemany(
                "INSERT INTO steps (raw_id, player, action, taken_at) VALUES (?, ?, ?, ?)",
                [(raw_id, player, json.dumps(action), at) for player, action in steps],
            )

    def steps(self, include_undone: bool = False) -> list[StepRow]:
        sql = "SELECT id, raw_id, player, action, taken_at, undone_at FROM steps"
        if not include_undone:
            sql += " WHERE undone_at IS NULL"
        return [
            StepRow(
                r[0], r[1], r[2], self._json(r[3], f"steps.action of row {r[0]}", dict), r[4], r[5]
            )
            for r in self.conn.execute(sql + " ORDER BY id")
        ]

    def step_count(self) -> int:
        (count,) = self.conn.execute("SELECT COUNT(*) FROM steps").fetchone()
        return int(count)

    def mark_undone(self, step_id: int, at: float) -> None:
        with self.transaction() as c:
            c.execute("UPDATE steps SET undone_at = ? WHERE id = ?", (at, step_id))

    # --- the clock ----------------------------------------------------------------------

    def set_clock(self, running: bool, at: float) -> None:
        with self.transaction() as c:
            c.execute("INSERT INTO clock (at, running) VALUES (?, ?)", (at, int(running)))

    def clock_events(self) -> list[tuple[float, bool]]:
        rows = self.conn.execute("SELECT id, at, running FROM clock ORDER BY id")
        events: list[tuple[float, bool]] = []
        for row_id, at, running in rows:
            if isinstance(at, bool) or not isinstance(at, int | float) or at != at:
                raise self.damaged(f"clock.at of row {row_id} is not a time")
            events.append((float(at), bool(running)))
        return events

    def dump(self) -> list[str]:
        return list(self.conn.iterdump())
