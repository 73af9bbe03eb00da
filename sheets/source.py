"""Where submissions come from: a `SubmissionSource` hands over one player's raw workbook.

`FolderSource` is the local one (a folder of `<player>.xlsx` files); a remote source (e.g.
Google Sheets) implements the same Protocol. `load` turns a `RawSubmission` into grids.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Protocol

from events.tables import Grid
from sheets.errors import CellProblem, SheetReadError
from sheets.google_values import CONTENT_TYPE, load_values
from sheets.limits import MAX_FILE_BYTES, MAX_STORED_BYTES, megabytes
from sheets.raw import TOO_LARGE as TOO_LARGE
from sheets.raw import RawSubmission as RawSubmission
from sheets.xlsx_reader import read_workbook_values

_IGNORED_IN_NAMES = re.compile(r"[\s_\-]+")

SPREADSHEET_SUFFIXES = frozenset(
    {".xls", ".xlsm", ".xlsb", ".xltx", ".ods", ".fods", ".csv", ".tsv", ".numbers", ".json"}
)
"""files a player may have meant as their workbook, saved in another format: told to save it
as .xlsx (anything else, a readme.txt or a photo, is told to leave the folder)"""


def shown_source(source: str) -> str:
    """A submission's origin as its player may see it: a file's own name, never the folder
    it sits in on the host's computer ("file:/home/host/inbox/Fern.xlsx" -> "Fern.xlsx")."""
    if source.startswith("file:"):
        return PurePath(source.removeprefix("file:")).name
    if source.startswith("google:"):
        return "your Google spreadsheet"
    if source.startswith("handin:"):  # "handin:<front end>:<the file's own name>"
        return PurePath(source.split(":", 2)[-1]).name
    return source


class SubmissionSource(Protocol):
    """Anything that can fetch a player's submission."""

    def describe(self) -> str:
        """Where submissions come from, for logs and reports ("folder /data/round3")."""
        ...

    def fetch(self, player: str) -> RawSubmission | None:
        """The player's submission, or None when they have not submitted.

        Raises `SheetReadError` when the submission exists but cannot be fetched.
        """
        ...


def name_key(name: str) -> str:
    """How file and player names are compared: case, spaces, '_' and '-' ignored.

    "Mr Cam", "mr_cam" and "MR-CAM" all give "mrcam". Unicode is NFKC-normalised first, so
    a name typed with a different but equivalent accent encoding still matches.
    """
    return _IGNORED_IN_NAMES.sub("", unicodedata.normalize("NFKC", name)).casefold()


@dataclass(frozen=True)
class FolderSource:
    """Submissions as `<folder>/<player>.xlsx`, matched by `name_key` on the file stem.

    Excel lock files ("~$alice.xlsx"), hidden files (".alice.xlsx", macOS "._alice.xlsx")
    and sub-folders are ignored; the ".xlsx" extension may be in any case. Every other file
    (an .ods, .xlsm or .csv, a folder named "alice.xlsx") is listed by `unsupported`, so the
    host is told instead of the player silently counting as missing.
    """

    folder: Path

    def describe(self) -> str:
        """Where submissions come from, as 'folder <path>'."""
        return f"folder {self.folder}"

    def fetch(self, player: str) -> RawSubmission | None:
        """The player's workbook bytes, or None if no file matches.

        Raises `SheetReadError` if the folder is missing, two files match the player
        (naming both), or the file cannot be read.
        """
        matches = self._files_by_key().get(name_key(player), [])
        if not matches:
            return None
        if len(matches) > 1:
            names = " and ".join(sorted(p.name for p in matches))
            raise SheetReadError(
                str(self.folder), f"both {names} match player {player!r}; keep only one"
            )
        return read_file(player, matches[0])

    def unsupported(self) -> list[tuple[Path, str]]:
        """Entries of the folder that festival cannot read as a workbook, with why."""
        found: list[tuple[Path, str]] = []
        for entry in sorted(self._entries()):
            if entry.name.startswith(("~$", ".")):
                continue
            is_xlsx = entry.suffix.lower() == ".xlsx"
            if entry.is_dir():
                if is_xlsx:
                    found.append((entry, "is a folder, not a workbook"))
            elif entry.suffix.lower() in SPREADSHEET_SUFFIXES:
                kind = entry.suffix.lower()
                found.append((entry, f"{kind} is not read: save it as an .xlsx workbook"))
            elif not is_xlsx:
                found.append((entry, "is not a workbook: move it out of the folder"))
        return found

    def workbooks(self) -> list[Path]:
        """Every candidate workbook of the folder (an .xlsx file, neither a lock file nor
        hidden), sorted."""
        return sorted(p for paths in self._files_by_key().values() for p in paths)

    def players_without_file(self, players: Iterable[str]) -> list[str]:
        """The players (in the order given) for whom no workbook is in the folder."""
        keys = self._files_by_key()
        return [p for p in players if name_key(p) not in keys]

    def files_without_player(self, players: Iterable[str]) -> list[Path]:
        """Workbooks in the folder that match none of `players` (often a misnamed file)."""
        wanted = {name_key(p) for p in players}
        found = self._files_by_key()
        return sorted(p for key, paths in found.items() if key not in wanted for p in paths)

    def _entries(self) -> list[Path]:
        try:
            return list(self.folder.iterdir())
        except FileNotFoundError as exc:
            raise SheetReadError(str(self.folder), "submissions folder not found") from exc
        except OSError as exc:
            raise SheetReadError(str(self.folder), f"cannot list the folder ({exc})") from exc

    def _files_by_key(self) -> dict[str, list[Path]]:
        """Candidate workbooks in the folder, grouped by `name_key` of their stem."""
        found: dict[str, list[Path]] = {}
        for entry in self._entries():
            name = entry.name
            if name.startswith(("~$", ".")) or entry.suffix.lower() != ".xlsx":
                continue
            if not entry.is_file():
                continue
            key = name_key(entry.stem)
            if key:
                found.setdefault(key, []).append(entry)
        return found


@dataclass(frozen=True)
class FileSource:
    """Submissions from files already sorted by player (festival/match/inbox.py takes a
    misnamed workbook for the player its mark names)."""

    files: Mapping[str, Path]
    """player -> their workbook"""

    def describe(self) -> str:
        """Where submissions come from, as 'N files'."""
        return f"{len(self.files)} files"

    def fetch(self, player: str) -> RawSubmission | None:
        """The player's workbook bytes, or None if no file is theirs."""
        path = self.files.get(player)
        return None if path is None else read_file(player, path)


def read_file(player: str, path: Path) -> RawSubmission:
    """A workbook file as `player`'s raw submission (a file over the size limit as its size
    and digest, to be refused by name); SheetReadError when it cannot be opened."""
    try:
        size = path.stat().st_size
        if size > MAX_STORED_BYTES:
            return RawSubmission(player, f"file:{path}", describe_file(path, size), TOO_LARGE)
        content = path.read_bytes()
    except OSError as exc:
        raise SheetReadError(str(path), f"cannot open the file ({exc.strerror})") from exc
    return RawSubmission(player, f"file:{path}", content, "xlsx")


def load(raw: RawSubmission) -> dict[str, Grid]:
    """Parse a fetched submission into grids (tab name -> Grid), as `read_workbook` does.

    Raises `SheetReadError` naming `raw.source` if the content is not a readable workbook
    or its content_type is not one this layer can parse.
    """
    grids, formulas = load_with_formulas(raw)
    if formulas:
        raise SheetReadError(raw.source, "; ".join(map(str, formulas)), formulas)
    return grids


def load_with_formulas(raw: RawSubmission) -> tuple[dict[str, Grid], tuple[CellProblem, ...]]:
    """`load`, except that formulas with no saved value are returned, not refused
    (`read_workbook_values`)."""
    if raw.content_type == TOO_LARGE:
        raise SheetReadError(
            raw.source,
            f"the file is too large ({raw.content.decode('ascii', 'replace')}); festival reads "
            f"files of at most {megabytes(MAX_FILE_BYTES)}",
        )
    if raw.content_type == CONTENT_TYPE:
        return load_values(raw), ()
    if raw.content_type != "xlsx":
        raise SheetReadError(raw.source, f"cannot parse content of type {raw.content_type!r}")
    return read_workbook_values(raw.content, name=raw.source)


def describe_file(path: Path, size: int) -> bytes:
    """'<size> bytes, SHA-256 <hex>' of a file, read in chunks (never whole in memory)."""
    with path.open("rb") as handle:
        digest = hashlib.file_digest(handle, "sha256").hexdigest()
    return f"{size} bytes, SHA-256 {digest}".encode()
