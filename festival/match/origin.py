"""Where a stored submission came from: a typed value, read once where the store is read.

A resolved round keeps, beside each player's canonical submission, its origin as text (the
"from" of the stored entry): "raw:<id>" (handed in), "kept:raw:<id>" (kept from an earlier
resolution of the round), "default: missing", "default: blank", "default: invalid" or
"default: invalid after re-resolution". The text is stored as it always was (match folders
written before this module read the same); the pipeline and the announcements look at the
`Origin` parsed from it, never at the text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class OriginKind(StrEnum):
    PLAYED = "played"
    """a submission handed in ("raw:<id>"), or kept from an earlier resolution ("kept:...")"""
    MISSING = "missing"
    """nothing handed in: the default played"""
    BLANK = "blank"
    """a workbook handed in with the event's tabs blank: the default, chosen"""
    INVALID = "invalid"
    """refused (or no longer valid after a re-resolution): the default played"""
    DEFAULT = "default"
    """another default (a text this festival does not write)"""
    UNKNOWN = "unknown"
    """a text that names none of these (a store edited by hand)"""


_DEFAULTS = (
    ("default: invalid", OriginKind.INVALID),
    ("default: missing", OriginKind.MISSING),
    ("default: blank", OriginKind.BLANK),
    ("default", OriginKind.DEFAULT),
)


@dataclass(frozen=True)
class Origin:
    """A stored submission's origin: its kind, the raw submission it names, and its text."""

    text: str
    """as stored ("from")"""
    kind: OriginKind
    kept: bool = False
    """"kept:...": kept from an earlier resolution of the round"""
    raw_ref: str | None = None
    """what follows "raw:" (after any "kept:"): the raw submission's id as written"""

    @staticmethod
    def parse(text: str) -> Origin:
        kept = text.startswith("kept:")
        inner = text.removeprefix("kept:")
        raw_ref = inner.removeprefix("raw:") if inner.startswith("raw:") else None
        if kept or raw_ref is not None:
            return Origin(text, OriginKind.PLAYED, kept, raw_ref)
        kind = next((k for prefix, k in _DEFAULTS if text.startswith(prefix)), OriginKind.UNKNOWN)
        return Origin(text, kind)

    @staticmethod
    def raw(raw_id: int) -> Origin:
        """Handed in: the raw submission `raw_id`."""
        return Origin.parse(f"raw:{raw_id}")

    @staticmethod
    def default(kind: OriginKind, after_reresolution: bool = False) -> Origin:
        """The default played: nothing handed in, handed in blank, or refused."""
        text = f"default: {kind.value}" + (" after re-resolution" if after_reresolution else "")
        return Origin.parse(text)

    def kept_again(self) -> Origin:
        """The origin of a played submission kept by a later resolution of the round."""
        return Origin.parse("kept:" + self.text.removeprefix("kept:"))

    @property
    def raw_id(self) -> int | None:
        """The raw submission played (None: a default, or an id that is not a number)."""
        ref = self.raw_ref
        return int(ref) if ref is not None and ref.isdigit() else None

    @property
    def is_default(self) -> bool:
        return self.kind not in (OriginKind.PLAYED, OriginKind.UNKNOWN)

    def __str__(self) -> str:
        return self.text


MISSING = Origin.default(OriginKind.MISSING)
BLANK = Origin.default(OriginKind.BLANK)
INVALID = Origin.default(OriginKind.INVALID)
INVALID_AFTER = Origin.default(OriginKind.INVALID, after_reresolution=True)


@dataclass(frozen=True)
class StoredEntry:
    """One player's entry in an event of a stored round, its origin parsed."""

    origin: Origin
    submission: Any
    """the canonical JSON"""
    refused: int | None = None
    """the raw submission refused ("default: invalid")"""
    untouched: int | None = None
    """the raw submission handed in with the event's tabs blank"""

    @staticmethod
    def of(entry: Mapping[str, Any]) -> StoredEntry:
        return StoredEntry(
            Origin.parse(str(entry.get("from", ""))),
            entry.get("submission"),
            _raw_id(entry.get("refused")),
            _raw_id(entry.get("untouched")),
        )

    @property
    def counted_raw(self) -> int | None:
        """The raw submission played or refused, or the blank one; None for a default played
        with no submission behind it."""
        if self.origin.raw_id is not None:
            return self.origin.raw_id
        return self.refused if self.refused is not None else self.untouched


StoredEntries = Mapping[str, Mapping[str, StoredEntry]]
"""event -> player -> entry"""


def stored_entries(submissions: Mapping[str, Any]) -> dict[str, dict[str, StoredEntry]]:
    """A stored round's submissions (shape checked: store.round_shape_problem), typed."""
    return {
        event: {player: StoredEntry.of(entry) for player, entry in by_player.items()}
        for event, by_player in submissions.items()
    }


def _raw_id(value: object) -> int | None:
    return value if type(value) is int else None


class CameFrom(StrEnum):
    """Where a raw submission reached festival (its stored `source`, read once)."""

    DISCORD = "Discord"
    """handed in on Discord (`/submit`): source "handin:bot:<file name>" """
    CLI = "CLI"
    """handed in by the host for a player (`festival hand-in`): "handin:cli:<file name>" """
    INBOX = "inbox"
    """a workbook in the round's inbox folder: "file:<path>" """
    JSON = "JSON file"
    """a canonical JSON file of the round: "file:<path>" stored for "*" """
    GOOGLE = "Google"
    """the player's Google spreadsheet: "google:<key>" """
    OTHER = "other"
    """a source this festival does not write"""


HAND_IN = "handin:"
"""the stored source of a hand-in starts so: "handin:<front end>:<the file's own name>" """


def hand_in_source(front_end: str, name: str) -> str:
    """The stored source of a hand-in through `front_end` ("bot", "cli") of a file `name`."""
    return f"{HAND_IN}{front_end}:{name}"


def came_from(source: str, content_type: str = "xlsx") -> CameFrom:
    """Where a raw submission with this stored `source` came from."""
    if source.startswith(HAND_IN):
        front_end = source.removeprefix(HAND_IN).split(":", 1)[0]
        return CameFrom.DISCORD if front_end == "bot" else CameFrom.CLI
    if source.startswith("google:"):
        return CameFrom.GOOGLE
    if source.startswith("file:"):
        return CameFrom.JSON if content_type == "json" else CameFrom.INBOX
    return CameFrom.OTHER
