"""The record of every Discord message festival sent, kept in the match's (or duel's) own
SQLite file, so posting is idempotent: a message is known by its channel (by name), its
round (or turn), its kind and its part; its row holds Discord's message id and the hash of
what it says.

Before each request festival records an *intent* (a row with no message id yet) and commits
it; when Discord answers, the message id and hash are recorded at once. A row left without a
message id is a request that was cut (a kill, a dropped connection): Discord may or may not
have the message, and only the host can tell (festival/discord/posting.py asks).

The table is made on first use, so match and duel files from before posting existed keep
opening as they are. Webhook URLs are never stored here.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass

from festival.core.sqlite_file import SqliteFile, now

TABLE = "discord_posts"
_SCHEMA = f"""
CREATE TABLE IF NOT EXISTS {TABLE} (
    id INTEGER PRIMARY KEY,
    channel TEXT NOT NULL,
    round_no INTEGER NOT NULL,
    kind TEXT NOT NULL,
    part INTEGER NOT NULL,
    content_hash TEXT NOT NULL,
    message_id TEXT,
    corrected INTEGER NOT NULL DEFAULT 0,
    asked_at TEXT NOT NULL,
    sent_at TEXT,
    UNIQUE (channel, round_no, kind, part))
"""


@dataclass(frozen=True)
class PostKey:
    """Which message: channel name, round (or turn), kind ("public", "private", "turn")
    and part (1, 2, ... of a post cut into messages)."""

    channel: str
    round_no: int
    kind: str
    part: int


@dataclass(frozen=True)
class PostRow:
    key: PostKey
    content_hash: str
    message_id: str | None
    """None: an intent, the request cut before its answer was recorded"""
    corrected: bool
    asked_at: str


class PostLog:
    """The posts table of one store (a match's or a duel's SQLite file)."""

    def __init__(self, store: SqliteFile) -> None:
        self.store = store
        with store.transaction() as conn:
            conn.execute(_SCHEMA)

    def rows(self) -> list[PostRow]:
        cur = self.store.conn.execute(
            f"SELECT channel, round_no, kind, part, content_hash, message_id, corrected, asked_at "
            f"FROM {TABLE} ORDER BY id"
        )
        return [_row(r) for r in cur]

    def get(self, key: PostKey) -> PostRow | None:
        return next(iter(self._where(key)), None)

    def _where(self, key: PostKey) -> Iterator[PostRow]:
        cur = self.store.conn.execute(
            f"SELECT channel, round_no, kind, part, content_hash, message_id, corrected, asked_at "
            f"FROM {TABLE} WHERE channel = ? AND round_no = ? AND kind = ? AND part = ?",
            (key.channel, key.round_no, key.kind, key.part),
        )
        return (_row(r) for r in cur)

    def intend(self, key: PostKey, content_hash: str) -> None:
        """Record, committed, that this message is about to be sent."""
        with self.store.transaction() as c:
            c.execute(
                f"INSERT INTO {TABLE} (channel, round_no, kind, part, content_hash, asked_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (key.channel, key.round_no, key.kind, key.part, content_hash, now()),
            )

    def sent(self, key: PostKey, message_id: str, content_hash: str, corrected: bool) -> None:
        """Record, committed, that Discord holds the message (sent or edited) as `content_hash`."""
        with self.store.transaction() as c:
            c.execute(
                f"UPDATE {TABLE} SET message_id = ?, content_hash = ?, corrected = ?, sent_at = ? "
                "WHERE channel = ? AND round_no = ? AND kind = ? AND part = ?",
                (message_id, content_hash, int(corrected), now(), *_where_args(key)),
            )

    def forget(self, key: PostKey) -> None:
        """Drop an intent (the host says the message never arrived: it is sent again)."""
        with self.store.transaction() as c:
            c.execute(
                f"DELETE FROM {TABLE} WHERE message_id IS NULL AND channel = ? AND round_no = ? "
                "AND kind = ? AND part = ?",
                _where_args(key),
            )


def _where_args(key: PostKey) -> tuple[str, int, str, int]:
    return (key.channel, key.round_no, key.kind, key.part)


def _row(r: sqlite3.Row | tuple[object, ...]) -> PostRow:
    key = PostKey(str(r[0]), int(str(r[1])), str(r[2]), int(str(r[3])))
    return PostRow(key, str(r[4]), None if r[5] is None else str(r[5]), bool(r[6]), str(r[7]))
