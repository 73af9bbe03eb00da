"""Whose is each file of a round's inbox folder (issue #36, item 4).

A workbook is taken for the player its name gives (`<player>.xlsx`; case, spaces, '_' and '-'
ignored). A workbook named for no player is opened: the workbooks festival makes carry their
player in their mark (sheets/stamp.py), so "Wren (1).xlsx", or "Zoe Ng.xlsx" for Zoë Ng, is
taken for the player its mark names, and the host is told. Its mark is then checked as any
workbook's is, so a workbook of another round or match stays refused for that player.

What festival does not read (a notes.txt, a photo, an .xlsm or .ods beside the player's
.xlsx) is named to the host and skipped. The round is stopped only where the owner of a file
cannot be told, or a player's file would be taken for silence:
- two files for one player (by name or by mark): which one counts?
- a workbook named for no player whose mark names no player of the round (or that has none);
- a file festival cannot read (another spreadsheet format, a folder named "x.xlsx") named for,
  or close to, a player of the round who handed in no workbook: it is most likely theirs.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from events.errors import close_matches
from festival.match.acts import TemplatesFolderGiven
from festival.match.match import Match, templates_folder
from sheets.errors import SheetReadError
from sheets.limits import MAX_STORED_BYTES
from sheets.source import SPREADSHEET_SUFFIXES, FolderSource, name_key
from sheets.stamp import MATCH, StampError, read_stamp
from sheets.xlsx_reader import read_workbook


@dataclass(frozen=True)
class Inbox:
    """A round's inbox folder, sorted."""

    files: dict[str, Path]
    """player -> the workbook taken for them (by its name, else by its mark)"""
    notes: list[str]
    """for the host: files taken by their mark, files skipped"""
    problems: list[str]
    """why the round cannot be resolved from the folder as it is (empty: it can)"""
    held: list[str]
    """the players whose files are among the problems, or whose name a problem's "did you
    mean" gives (they did hand something in)"""


def sort_inbox(match: Match, round_no: int, folder: Path) -> Inbox:
    """Each file of `folder` given to its player, skipped, or named as a problem.

    The match's own templates folder is refused: its workbooks are the blank ones festival
    wrote, and taking them would play every player's default as if each had handed in blank."""
    made = templates_folder(match.folder).resolve()
    if folder.resolve() == made or made in folder.resolve().parents:
        raise TemplatesFolderGiven(folder)
    source = FolderSource(folder)
    players = [p for p in match.config.players if match.events_of(p, round_no)]
    by_key = {name_key(p): p for p in players}
    owned: dict[str, list[Path]] = {}
    notes: list[str] = []
    problems: list[str] = []
    held: list[str] = []
    for path in source.workbooks():
        player = by_key.get(name_key(path.stem))
        if player is None:
            player, said = _marked_player(path, match, players)
            if player is None:
                close = close_player(path.stem, players)
                held += [close] if close and not said else []
                problems.append(
                    f"{path.name} matches no player of round {round_no}"
                    + (said or did_you_mean(path.stem, players))
                )
                continue
            notes.append(
                f"{path.name} is named for no player; its mark says it is {player}'s: read as "
                f"{player}'s workbook"
            )
        owned.setdefault(player, []).append(path)
    for player, paths in owned.items():
        if len(paths) > 1:
            held.append(player)
            names = " and ".join(p.name for p in paths)
            problems.append(f"{names} are both {player}'s (by name or mark): keep only one")
    for path, why in source.unsupported():
        player = close_player(path.stem, players)
        spreadsheet = path.is_dir() or path.suffix.lower() in SPREADSHEET_SUFFIXES
        if spreadsheet and player is not None and player not in owned:
            problems.append(f"{path.name} {why}")
            held.append(player)
        else:
            notes.append(f"{path.name} was skipped: {_skipped(path, spreadsheet)}")
    files = {p: paths[0] for p, paths in owned.items() if len(paths) == 1}
    return Inbox(files, notes, problems, held)


def _skipped(path: Path, spreadsheet: bool) -> str:
    if path.is_dir():
        return "it is a folder, not a workbook"
    if spreadsheet:
        return "festival reads only .xlsx workbooks"
    return "it is not a workbook"


def _marked_player(path: Path, match: Match, players: Sequence[str]) -> tuple[str | None, str]:
    """The player of the round whose mark a workbook carries, or None and what it says
    instead (" (its mark says ...)"; "" when it has no mark or cannot be read)."""
    try:
        if path.stat().st_size > MAX_STORED_BYTES:
            return None, ""
        stamp = read_stamp(read_workbook(path.read_bytes(), name=path.name))
    except (OSError, SheetReadError, StampError):
        return None, ""
    if stamp is None:
        return None, ""
    if stamp.kind == MATCH and stamp.player in players:
        return stamp.player, ""
    made = "this match" if stamp.game_id == match.match_id else f"{stamp.kind.name} {stamp.game_id}"
    return None, f" (its mark says {stamp.player}, {stamp.kind.step} {stamp.number} of {made})"


def did_you_mean(stem: str, players: Sequence[str]) -> str:
    """ " (did you mean Zoë Ng?)" for a file named like a player but for accents, spacing or a
    slip of the keyboard; "" when no player's name is close."""
    player = close_player(stem, players)
    return f" (did you mean {player}?)" if player else ""


def close_player(stem: str, players: Sequence[str]) -> str | None:
    """The player a file is named for, or nearly (but for accents, spacing or a slip of the
    keyboard); None when no player's name is close."""
    plain = {_unaccented(name_key(p)): p for p in players}
    key = _unaccented(name_key(stem))
    if key in plain:
        return plain[key]
    hits = close_matches(key, list(plain), limit=1)
    return plain[hits[0]] if hits else None


def _unaccented(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))
