"""One SQLite file of festival's, a match's or a duel's (stdlib sqlite3, no server): its
connection, all-or-nothing transactions, the `meta` table both kinds keep, and JSON read back
from it, checked on the way out. What each kind stores is its own domain's
(festival/match/store.py, festival/duels/store.py)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from festival.core.errors import StoreError, shorten

T = TypeVar("T")


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def stored_json(value: object, where: str, expect: type[dict[str, Any]] | type[list[Any]]) -> Any:
    """The JSON text `value` read back from the store (`where`: table.column and row),
    checked to be a JSON object or array (`expect`).

    Every way it can fail becomes one ValueError naming what is wrong (the caller adds the
    file): not text, not JSON, nested deeper than the parser's recursion limit (about 1000
    levels), a number too long (over 4300 digits), the wrong shape.
    """
    if not isinstance(value, str | bytes):
        raise ValueError(f"{where} is not JSON text")
    try:
        data = json.loads(value)
    except RecursionError:
        raise ValueError(f"{where} is JSON nested too deeply to read") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"{where} is not valid JSON ({exc.msg} at character {exc.pos})") from None
    except UnicodeDecodeError:
        raise ValueError(f"{where} is not UTF-8 text") from None
    except ValueError as exc:  # an integer beyond Python's digit limit (4300 digits)
        raise ValueError(f"{where} holds a number too long to read ({shorten(str(exc))})") from None
    if not isinstance(data, expect):
        kind = "object" if expect is dict else "array"
        raise ValueError(f"{where} is not a JSON {kind}, as it should be")
    return data


class SqliteFile:
    """One SQLite file of festival's (a match's or a duel's): its connection, all-or-nothing
    transactions and the `meta` table both kinds keep."""

    def __init__(self, path: Path, conn: sqlite3.Connection) -> None:
        self.path = path
        self.conn = conn

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """All or nothing: an exception inside rolls every write back. Inside `then_record`'s
        transaction, a savepoint of it (all or nothing still; committed with it)."""
        if self.conn.in_transaction:
            self.conn.execute("SAVEPOINT inner")
            try:
                yield self.conn
            except BaseException:
                if self.conn.in_transaction:  # SQLite may have ended it already
                    self.conn.execute("ROLLBACK TO inner")
                    self.conn.execute("RELEASE inner")
                raise
            self.conn.execute("RELEASE inner")
            return
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    def then_record(self, change: Callable[[], T], record: Callable[[T], None]) -> T:
        """`change`, then `record` (writing down that the change was made), in one
        transaction: the record reaches the file with the change's writes, or neither does.
        If `change` raises, the writes it completed (each of its transactions all or nothing)
        are kept, as they would have been without the record, and nothing is recorded."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            done = change()
        except BaseException:
            if self.conn.in_transaction:  # SQLite may have ended it already
                self.conn.execute("COMMIT")
            raise
        try:
            record(done)
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")
        return done

    def meta(self, key: str) -> str | None:
        row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def lay_out(self, schema: str, meta: Mapping[str, str], taken: str) -> None:
        """A new file's tables and meta rows, all or nothing; `taken` is the error when
        another command created the file since the caller looked. The connection is closed
        if anything fails."""
        try:
            with self.transaction() as conn:
                if conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                    raise StoreError(taken)
                for statement in schema.strip().split(";"):
                    if statement.strip():
                        conn.execute(statement)
                conn.executemany("INSERT INTO meta VALUES (?, ?)", list(meta.items()))
        except BaseException:
            self.conn.close()
            raise
