"""The schedule's tables in the match's SQLite file: each round's deadline, the host's
settings, and the journal of what the scheduler intended and did.

Like the Discord post log (festival/discord/post_log.py), the tables are made on first use,
so match files from before schedules existed keep opening as they are (the store's schema
version does not change). Every time is UTC epoch seconds.

The journal is the scheduler's memory across restarts: a step (a reminder, a round's close,
the host told of misses) is written as an *intent*, with the deadline's generation, in the
same transaction that checks it was not done; its *done* mark is written after it is acted on.
An intent without a done mark is a step a kill cut short: the scheduler does it again, and
every part of it is idempotent (posting through the post log; a round already resolved is
not resolved again).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from festival.core.sqlite_file import SqliteFile, now
from festival.match.schedule import Deadline, Settings

DEADLINES = "schedule_deadlines"
SETTINGS = "schedule_settings"
JOURNAL = "schedule_journal"

_SCHEMA = (
    f"""CREATE TABLE IF NOT EXISTS {DEADLINES} (
    round_no INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    generation INTEGER NOT NULL,
    paused_left INTEGER,
    changed_at TEXT NOT NULL)""",
    f"""CREATE TABLE IF NOT EXISTS {SETTINGS} (
    id INTEGER PRIMARY KEY, content TEXT NOT NULL, given_at TEXT NOT NULL)""",
    f"""CREATE TABLE IF NOT EXISTS {JOURNAL} (
    key TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    round_no INTEGER NOT NULL,
    generation INTEGER NOT NULL,
    player TEXT NOT NULL,
    late INTEGER NOT NULL DEFAULT 0,
    intended_at TEXT NOT NULL,
    done_at TEXT,
    outcome TEXT)""",
)


@dataclass(frozen=True)
class JournalEntry:
    key: str
    kind: str
    round_no: int
    generation: int
    player: str
    done: bool
    outcome: str | None = None
    """how it ended: "done", or "superseded" (its deadline changed before it was done)"""
    late: bool = False
    """a reminder sent late (its words say so, also when a restarted run sends it)"""


class ScheduleTables:
    """The schedule's tables of one match store."""

    def __init__(self, store: SqliteFile) -> None:
        self.store = store
        self.made = self._made()
        """the tables are there (reading a match without them writes nothing: a read-only
        copy of a match folder can be read)"""

    def _make(self) -> None:
        """The tables, made before the first write."""
        if not self.made:
            with self.store.transaction() as conn:
                for statement in _SCHEMA:
                    conn.execute(statement)
            self.made = True

    def _made(self) -> bool:
        names = {
            str(r[0])
            for r in self.store.conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'schedule_%'"
            )
        }
        return {DEADLINES, SETTINGS, JOURNAL} <= names

    # --- deadlines ----------------------------------------------------------------------

    def deadlines(self) -> dict[int, Deadline]:
        if not self.made:
            return {}
        rows = self.store.conn.execute(
            f"SELECT round_no, at, generation, paused_left FROM {DEADLINES} ORDER BY round_no"
        )
        return {int(r[0]): Deadline(int(r[0]), int(r[1]), int(r[2]), _int(r[3])) for r in rows}

    def put_deadlines(self, deadlines: list[Deadline]) -> None:
        """Write deadlines, all or nothing (each with the generation the caller gave it)."""
        self._make()
        with self.store.transaction() as c:
            c.executemany(
                f"INSERT INTO {DEADLINES} (round_no, at, generation, paused_left, changed_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (round_no) DO UPDATE SET at = excluded.at, "
                "generation = excluded.generation, paused_left = excluded.paused_left, "
                "changed_at = excluded.changed_at",
                [(d.round_no, d.at, d.generation, d.paused_left, now()) for d in deadlines],
            )

    # --- settings -----------------------------------------------------------------------

    def settings(self) -> Settings:
        if not self.made:
            return Settings()
        row = self.store.conn.execute(
            f"SELECT content FROM {SETTINGS} ORDER BY id DESC LIMIT 1"
        ).fetchone()
        if row is None:
            return Settings()
        data = json.loads(str(row[0]))
        return Settings(
            tuple(int(s) for s in data["reminders"]),
            bool(data["early_close"]),
            int(data["misses"]),
            None if data.get("zone") is None else str(data["zone"]),
            None if data.get("inbox") is None else str(data["inbox"]),
        )

    def put_settings(self, settings: Settings) -> None:
        self._make()
        content = {
            "reminders": list(settings.reminders),
            "early_close": settings.early_close,
            "misses": settings.misses,
            "zone": settings.zone,
            "inbox": settings.inbox,
        }
        with self.store.transaction() as c:
            c.execute(
                f"INSERT INTO {SETTINGS} (content, given_at) VALUES (?, ?)",
                (json.dumps(content), now()),
            )

    # --- the journal --------------------------------------------------------------------

    def journal(self) -> list[JournalEntry]:
        if not self.made:
            return []
        rows = self.store.conn.execute(
            "SELECT key, kind, round_no, generation, player, done_at, outcome, late "
            f"FROM {JOURNAL} ORDER BY rowid"
        )
        return [
            JournalEntry(
                str(r[0]),
                str(r[1]),
                int(r[2]),
                int(r[3]),
                str(r[4]),
                r[5] is not None,
                None if r[6] is None else str(r[6]),
                bool(r[7]),
            )
            for r in rows
        ]

    def intend(self, entry: JournalEntry) -> JournalEntry | None:
        """Record the intent of a step in the transaction that checks it is not done: None if
        it was done already; else the entry (new, or the intent an earlier run left)."""
        self._make()
        with self.store.transaction() as c:
            row = c.execute(f"SELECT done_at FROM {JOURNAL} WHERE key = ?", (entry.key,)).fetchone()
            if row is not None:
                return None if row[0] is not None else entry
            c.execute(
                f"INSERT INTO {JOURNAL} "
                "(key, kind, round_no, generation, player, late, intended_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    entry.key,
                    entry.kind,
                    entry.round_no,
                    entry.generation,
                    entry.player,
                    int(entry.late),
                    now(),
                ),
            )
            return entry

    def mark_done(self, key: str, outcome: str = "done") -> None:
        self._make()
        with self.store.transaction() as c:
            c.execute(
                f"UPDATE {JOURNAL} SET done_at = ?, outcome = ? WHERE key = ? AND done_at IS NULL",
                (now(), outcome, key),
            )


def _int(value: object) -> int | None:
    return None if value is None else int(str(value))
