"""The errors a host sees in words, shared by every layer; defined here, apart from the code
that raises them, so a front end can catch them without importing that code.

`FestivalError` is what a host (or a player) asked for that cannot be done now; a match's
(`MatchError`) and a duel's (`DuelHostError`) are two kinds of it, neither a kind of the
other. `StoreError` is a match's or a duel's SQLite file that cannot be used (no store, another
version, `StoreDamaged`, `StoreBusy`). `reason` puts any exception in a few words."""

from __future__ import annotations

from pathlib import Path


class FestivalError(Exception):
    """Something asked for cannot be done now; the message says why and what to do."""


class MatchError(FestivalError):
    """Something the host asked of a match cannot be done now; the message says why and what
    to do."""


class DuelHostError(FestivalError):
    """A duel command that cannot be done now; the message says why."""


class EngineError(Exception):
    """An engine named in a match cannot be loaded."""


class StoreError(Exception):
    """The folder has no store, or a store of another version."""


class StoreDamaged(StoreError):
    """The store is damaged: the message says where, and how to restore the folder."""

    def __init__(self, path: Path, what: str) -> None:
        self.path = path
        self.what = what
        super().__init__(
            f"{path} is damaged: {what}. A check of {path.parent} lists every problem; "
            + self.restore
        )

    restore = (
        "to restore, put back your last copy of the match folder (docs/host-guide.md: "
        "Checking and restoring a match folder)"
    )


class NoStore(StoreError):
    """A folder with no store of this `kind` ("match" or "duel"; `file`: the store's file
    name): a front end names the command that creates one."""

    def __init__(self, folder: Path, kind: str, file: str) -> None:
        self.folder, self.kind, self.file = folder, kind, file
        super().__init__(f"{self.plain}; create a {kind} there first")

    @property
    def plain(self) -> str:
        return f"{self.folder} is not a {self.kind} folder (no {self.file})"


class StoreBusy(StoreError):
    """Another festival command is using the match (or the duel) right now."""


def shorten(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def reason(exc: BaseException) -> str:
    """An exception in a few words, for a message: its kind and at most ~80 characters."""
    return f"{type(exc).__name__}: {shorten(str(exc))}" if str(exc) else type(exc).__name__
