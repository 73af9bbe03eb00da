"""The season folder's store: one SQLite file (festival/core/sqlite_file.py) holding the
roster, the rules and the ledger's entries, nothing else. Everything read back is checked as
data (a season folder from another machine is never run: no pickles, no code); a row that is
not what festival writes is refused as damaged, naming the table, the row and what is wrong.
The lock is core's (festival/core/lock.py): one command at a time per season."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

from festival.core.errors import StoreDamaged, StoreError
from festival.core.lock import folder_lock
from festival.core.sqlite_file import SqliteFile, stored_json
from festival.season.channels import DISCORD_META, KeptChannels
from festival.season.ledger import Entry, Kind, Source, SourceKind
from festival.season.rules import SeasonRules

SEASON_FILE = "season.sqlite"
SEASON_LOCK = "season.lock"
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE players (
    position INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    discord INTEGER
);
CREATE TABLE entries (
    seq INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    player TEXT,
    amount INTEGER NOT NULL,
    other TEXT,
    why TEXT NOT NULL,
    at TEXT NOT NULL,
    source_kind TEXT NOT NULL,
    source_id TEXT NOT NULL,
    source_detail TEXT NOT NULL,
    corrects INTEGER,
    actor TEXT NOT NULL,
    via TEXT NOT NULL
);
CREATE UNIQUE INDEX one_episode_per_match ON entries (source_id) WHERE kind = 'episode'
"""


class SeasonDamaged(StoreDamaged):
    """A season store festival did not write as it is: the message says where."""

    def __init__(self, path: Path, what: str) -> None:
        self.path = path
        self.what = what
        StoreError.__init__(
            self,
            f"{path} is damaged: {what}. Put back your last copy of the season folder "
            "(docs/host-guide.md: Running a season)",
        )


@contextmanager
def season_lock(folder: Path) -> Iterator[None]:
    busy = (
        f"another festival command is using the season {folder}; "
        "wait for it to finish and run this again"
    )
    with folder_lock(folder, SEASON_FILE, SEASON_LOCK, busy):
        yield


class SeasonStore(SqliteFile):
    @staticmethod
    def create(
        folder: Path, name: str, rules: SeasonRules, players: list[tuple[str, int | None]]
    ) -> SeasonStore:
        path = folder / SEASON_FILE
        taken = f"{folder} already holds a season ({SEASON_FILE})"
        if path.exists():
            raise StoreError(taken)
        folder.mkdir(parents=True, exist_ok=True)
        store = SeasonStore(path, sqlite3.connect(path, isolation_level=None))
        meta = {
            "schema_version": str(SCHEMA_VERSION),
            "kind": "season",
            "name": name,
            "rules": json.dumps(rules.to_json()),
        }
        store.lay_out(_SCHEMA, meta, taken)
        with store.transaction() as conn:
            conn.executemany(
                "INSERT INTO players VALUES (?, ?, ?)",
                [(n, p, d) for n, (p, d) in enumerate(players, 1)],
            )
        return store

    @staticmethod
    def open(folder: Path) -> SeasonStore:
        path = folder / SEASON_FILE
        if not path.is_file():
            raise StoreError(
                f"{folder} is not a season folder (no {SEASON_FILE}); "
                "run `festival season new` first"
            )
        where = f"file:{quote(str(path.resolve()))}?mode=rw"  # opened, never made here
        store = SeasonStore(path, sqlite3.connect(where, uri=True, isolation_level=None))
        try:
            kind, version = store.meta("kind"), store.meta("schema_version")
        except sqlite3.DatabaseError as exc:
            store.close()
            raise StoreError(f"{path} is not a festival season store ({exc})") from exc
        if kind != "season" or version != str(SCHEMA_VERSION):
            store.close()
            raise StoreError(
                f"{path} has season store version {version}; this festival reads {SCHEMA_VERSION}"
            )
        return store

    def damaged(self, what: str) -> SeasonDamaged:
        return SeasonDamaged(self.path, what)

    def name(self) -> str:
        return self.meta("name") or self.path.parent.name

    def rules(self) -> SeasonRules:
        try:
            data = stored_json(self.meta("rules"), "meta.rules", dict)
            return SeasonRules.from_json(data)
        except ValueError as exc:
            raise self.damaged(str(exc)) from None

    def channels(self) -> KeptChannels | None:
        """The Discord channels kept (festival/season/channels.py), checked as data."""
        text = self.meta(DISCORD_META)
        if text is None:
            return None
        try:
            return KeptChannels.from_json(self.name(), json.loads(text))
        except ValueError as exc:
            raise self.damaged(f"meta.{DISCORD_META} {exc}") from None

    def keep_channels(self, kept: KeptChannels) -> None:
        with self.transaction() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO meta VALUES (?, ?)",
                (DISCORD_META, json.dumps(kept.to_json())),
            )

    def players(self) -> list[tuple[str, int | None]]:
        out: list[tuple[str, int | None]] = []
        for position, name, discord in self.conn.execute(
            "SELECT position, name, discord FROM players ORDER BY position"
        ):
            if not isinstance(name, str) or not name:
                raise self.damaged(f"players row {position} has no name")
            if discord is not None and type(discord) is not int:
                raise self.damaged(
                    f"players row {position} ({name}) has a Discord id that is no number"
                )
            out.append((name, discord))
        return out

    def entries(self) -> list[Entry]:
        names = {p for p, _ in self.players()}
        out: list[Entry] = []
        for row in self.conn.execute("SELECT * FROM entries ORDER BY seq"):
            out.append(self._entry(row, names))
        return out

    def _entry(self, row: tuple[Any, ...], names: set[str]) -> Entry:
        seq, kind, player, amount, other, why, at, skind, sid, sdetail, corrects, actor, via = row
        where = f"entries row {seq}"
        try:
            kind_ = Kind(kind)
            source_kind = SourceKind(skind)
        except ValueError:
            raise self.damaged(
                f"{where} has the kind {str(kind)[:40]!r}, which festival does not write"
            ) from None
        if type(amount) is not int or amount < 0:
            raise self.damaged(f"{where} has an amount that is not a whole number >= 0")
        texts = (why, at, sid, sdetail, actor, via)
        if not all(isinstance(t, str) for t in texts):
            raise self.damaged(f"{where} holds something other than text where text belongs")
        if kind_ is not Kind.CORRECTION and player not in names:
            raise self.damaged(f"{where} names {str(player)[:40]!r}, no player of the season")
        given = kind_ in (Kind.GIVE, Kind.DEATH_MATCH) or (
            kind_ is Kind.TOKEN_GIVEN and other is not None
        )
        if given and other not in names:
            raise self.damaged(f"{where} names {str(other)[:40]!r}, no player of the season")
        if corrects is not None and type(corrects) is not int:
            raise self.damaged(f"{where} corrects something that is no entry number")
        return Entry(
            seq,
            kind_,
            player,
            amount,
            why,
            at,
            Source(source_kind, sid, sdetail),
            other if isinstance(other, str) else None,
            corrects,
            actor,
            via,
        )

    def add(self, entries: list[Entry]) -> None:
        with self.transaction() as conn:
            conn.executemany(
                "INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        e.seq,
                        str(e.kind),
                        e.player,
                        e.amount,
                        e.other,
                        e.why,
                        e.at,
                        str(e.source.kind),
                        e.source.id,
                        e.source.detail,
                        e.corrects,
                        e.actor,
                        e.via,
                    )
                    for e in entries
                ],
            )
