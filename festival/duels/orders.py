"""A turn's sealed orders as the players hand them in: order files in an inbox (JSON, the
notation, or order workbooks, whose mark must be this turn's) or the turn's Orders tabs in
their Google spreadsheets. Everything is stored as received before it is read; every order is
checked, its errors naming player, tab and cell."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

from events.duel import DuelProblem, TemplateOrders
from events.tables import Grid
from festival.core.errors import DuelHostError
from festival.duels.host import Duel, Played
from festival.duels.order_books import check_mark, order_template, workbook_content
from festival.duels.origin import Origin
from sheets.errors import SheetReadError
from sheets.json_input import load_json
from sheets.limits import MAX_FILE_BYTES, MAX_STORED_BYTES, megabytes
from sheets.raw import RawSubmission
from sheets.stamp import DUEL, Stamp, StampError, mismatch, read_stamp

SUFFIXES = (".json", ".txt", ".xlsx")


def order_file_stem(player: str, turn: int) -> str:
    """The name `duel sheets --out` gives a player's order workbook for a turn (plus .xlsx)."""
    return f"{player}-turn{turn}"


def _find(inbox: Path, player: str, turn: int | None) -> Path | None:
    """The player's order file: `<player>.json|.txt|.xlsx` or `<player>-<anything>.<same>`.
    Several (an inbox kept from turn to turn holds every turn's workbooks): the one named for
    this turn (`Ash-turn3.xlsx`); else the host is asked to keep only one, since picking by
    name would read `Ash-turn9` after `Ash-turn10`. A folder with such a name is refused."""
    key = player.lower()
    found = sorted(
        p
        for p in inbox.iterdir()
        if p.suffix.lower() in SUFFIXES
        and not p.name.startswith(("~$", "."))
        and (p.stem.lower() == key or p.stem.lower().startswith(key + "-"))
    )
    folders = [p.name for p in found if not p.is_file()]
    if folders:
        raise DuelHostError(f"{inbox / folders[0]} is a folder, not {player}'s order file")
    if len(found) > 1 and turn is not None:
        this_turn = [p for p in found if p.stem.lower() == order_file_stem(key, turn)]
        found = this_turn or found
    if len(found) > 1:
        names = ", ".join(p.name for p in found)
        hint = (
            f" (or name this turn's {order_file_stem(player, turn)}{found[0].suffix.lower()})"
            if turn is not None
            else ""
        )
        raise DuelHostError(f"{inbox}: {names} all match player {player!r}; keep only one{hint}")
    return found[0] if found else None


@dataclass(frozen=True)
class Received:
    """One player's orders as read: what was recorded (or refused), where they came from, and
    a note for the host."""

    played: Played
    origin: str
    note: str | None = None
    waiting: bool = False
    """read and right, but not recorded: another player's orders were not (Google)"""


def _play_workbook(duel: Duel, path: Path, player: str) -> Received:
    """An order workbook: its cells stored first, then its mark checked against this turn's
    (another duel's, turn's or player's workbook is refused), then its orders read."""
    from sheets.xlsx_reader import read_workbook

    source = Origin.file(path.name)
    try:
        book = read_workbook(path)
    except SheetReadError as exc:
        raw_id = duel.store.add_raw(
            player, source, json.dumps({"file": path.name, "unreadable": str(exc)})
        )
        error = DuelProblem("elementarium.workbook", f"{player}: {exc}")
        return Received(duel.reject(raw_id, [error]), path.name)
    raw_id = duel.store.add_raw(player, source, workbook_content(path.name, book))
    state = duel.state()
    refused, note = check_mark(book, duel.stamp(duel.game.turn_number(state), player), path.name)
    if refused is not None:
        return Received(duel.reject(raw_id, [refused]), path.name)
    tab = order_template(duel, state, player).tabs[0].name
    read = duel.game.read_order_template(state, player, book, path.name, tab)
    return Received(_play_read(duel, raw_id, read, player), path.name, note)


def _order_tab(duel: Duel, state: Any) -> str | None:
    """The title of the game's order tab ("Orders"); None for a game without order workbooks."""
    awaited = duel.game.to_act(state)
    template = duel.game.order_template(state, awaited[0]) if awaited else None
    return template.tabs[0].name if template is not None else None


def play_order_workbook(duel: Duel, path: Path, player: str | None) -> Played | None:
    """`duel play --from` given a workbook: when it is an order workbook (it carries a duel
    or match mark, or it has the game's order tab), its orders read as `_play_workbook` reads
    them (stored first; a workbook of another duel, turn or player refused in one coded
    error); None for any other workbook (its first tab is read as notation). A marked
    workbook this duel cannot use is refused in one line saying what it is."""
    from sheets.xlsx_reader import read_workbook

    book = read_workbook(path)
    try:
        mark = read_stamp(book)
    except StampError:
        mark = None
        changed = True
    else:
        changed = False
    state = duel.state()
    if not duel.game.to_act(state):
        return None  # the duel is over: playing says so
    tab = _order_tab(duel, state)
    if mark is None and not changed and (tab is None or tab not in book):
        return None
    if mark is not None and mark.kind is not DUEL:
        raise DuelHostError(
            f"{path.name} is a festival {mark.kind.name} workbook ({mark.describe()}), not "
            "orders for this duel"
        )
    if tab is None:
        made = f" ({mark.describe()})" if mark is not None else ""
        raise DuelHostError(
            f"{path.name} is an order workbook{made}; {duel.game.title} takes no order "
            "workbooks: give the turn as typed, a .json turn, or a workbook of moves"
        )
    if player is None and mark is not None:
        if mark.player.lower() not in {p.lower() for p in duel.players}:
            raise DuelHostError(
                f"{path.name} is the order workbook of {mark.describe()}, not of this duel "
                f"({', '.join(duel.players)})"
            )
        player = mark.player
    who = duel.resolve_player(player, state)
    return _play_workbook(duel, path, who).played


def _named(read: TemplateOrders, errors: Sequence[DuelProblem], player: str) -> list[DuelProblem]:
    """Errors about moves read from cells, each naming the cell of its move (which says
    where it is: not the place of a move in a list the player never wrote)."""
    return [
        replace(e, message=f"{read.where(e.square, player)}: {e.message}", square=None, action=None)
        for e in errors
    ]


def _play_read(duel: Duel, raw_id: int, read: TemplateOrders, player: str) -> Played:
    """Orders read from stored cells, recorded under that input; errors name their cell."""
    if read.errors:
        return duel.reject(raw_id, read.errors)
    played = duel.play_stored(raw_id, read.text, player)
    errors = tuple(_named(read, played.errors, player))
    return Played(played.raw_id, played.steps, errors, played.turn_lines)


def _refused_file(
    duel: Duel, player: str, path: Path, content: str, message: str, code: str = "duel.file"
) -> Received:
    """A file that cannot be read as orders: stored as received, refused in words."""
    raw_id = duel.store.add_raw(player, Origin.file(path.name), content)
    return Received(duel.reject(raw_id, [DuelProblem(code, f"{player}: {message}")]), path.name)


def _play_order_file(duel: Duel, path: Path, player: str) -> Received:
    if path.suffix.lower() == ".xlsx":
        return _play_workbook(duel, path, player)
    size = path.stat().st_size
    if size > MAX_STORED_BYTES:
        said = f"{path.name}: the file is {megabytes(size)}; festival reads at most " + megabytes(
            MAX_FILE_BYTES
        )
        from sheets.source import describe_file  # the workbook reader, for a refused file

        return _refused_file(duel, player, path, describe_file(path, size).decode(), said)
    content = path.read_bytes()
    if path.suffix.lower() == ".json":
        try:
            data = load_json(content, path.name)
        except SheetReadError as exc:
            kept = content.decode("utf-8", errors="replace")
            return _refused_file(duel, player, path, kept, str(exc), "duel.json")
        named = data.get("player") if isinstance(data, dict) else None
        if named is not None and str(named).lower() != player.lower():
            said = f"{path.name} holds the orders of {named!r}, not of {player}: send {player}'s"
            return _refused_file(duel, player, path, content.decode("utf-8-sig"), said)
        return Received(duel.play_json(data, player, source=Origin.file(path.name)), path.name)
    if size > MAX_FILE_BYTES:
        said = f"{path.name}: the file is {megabytes(size)}; festival reads at most " + megabytes(
            MAX_FILE_BYTES
        )
        return _refused_file(duel, player, path, content.decode("utf-8", "replace"), said)
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        kept = content.decode("utf-8", errors="replace")
        return _refused_file(duel, player, path, kept, f"{path.name}: not UTF-8 text")
    return Received(duel.play_text(text, player, source=Origin.file(path.name)), path.name)


def _candidates(inbox: Path) -> list[Path]:
    """The files of an inbox festival could read as orders (no lock or hidden files)."""
    return sorted(
        p
        for p in inbox.iterdir()
        if p.suffix.lower() in SUFFIXES and not p.name.startswith(("~$", ".")) and p.is_file()
    )


def _mark_of(path: Path) -> Stamp | str | None:
    """An .xlsx file's festival mark; None without one; what it is in words when it cannot
    be read as a workbook or its mark was changed."""
    from sheets.xlsx_reader import read_workbook

    try:
        return read_stamp(read_workbook(path))
    except SheetReadError:
        return "not a readable workbook"
    except StampError:
        return "its mark was changed"


def _owner(duel: Duel, turn: int, awaited: tuple[str, ...], mark: Stamp | str | None) -> str | None:
    """The awaited player whose order workbook for this duel and turn the mark says it is."""
    if not isinstance(mark, Stamp) or mark.player not in awaited:
        return None
    return None if mismatch(mark, duel.stamp(turn, mark.player)) else mark.player


@dataclass(frozen=True)
class InboxFiles:
    """Whose order file is which, in an inbox: by name, else by the workbook's mark."""

    files: dict[str, Path]
    """player -> their order file for the turn"""
    missing: tuple[str, ...]
    """awaited players with no file"""
    unmatched: tuple[str, ...]
    """the other files, each with what it is: "orders_Ash.xlsx (Ash, turn 1 of duel ...)" """


def inbox_files(duel: Duel, inbox: Path, awaited: tuple[str, ...], turn: int) -> InboxFiles:
    """Each awaited player's file: named for them (`_find`), or, named for nobody, an order
    workbook whose mark is this duel's, this turn's and theirs (`orders_Ash.xlsx`, `Birch
    (1).xlsx`). Two files for one player are refused, as two named files are."""
    if not inbox.is_dir():
        raise DuelHostError(f"{inbox} is not a folder of order files")
    named = {player: _find(inbox, player, turn) for player in awaited}
    files = {p: path for p, path in named.items() if path is not None}
    keys = [p.lower() for p in duel.players]
    unmatched: list[str] = []
    for path in _candidates(inbox):
        stem = path.stem.lower()
        if any(stem == k or stem.startswith(k + "-") for k in keys):
            continue
        mark = _mark_of(path) if path.suffix.lower() == ".xlsx" else None
        owner = _owner(duel, turn, awaited, mark)
        if owner is not None:
            if owner in files:
                raise DuelHostError(
                    f"{inbox}: {files[owner].name} and {path.name} both hold {owner}'s turn "
                    f"{turn} orders; keep only one"
                )
            files[owner] = path
            continue
        unmarked = "no festival mark" if path.suffix.lower() == ".xlsx" else "named for no player"
        what = mark.describe() if isinstance(mark, Stamp) else mark or unmarked
        unmatched.append(f"{path.name} ({what})")
    missing = tuple(p for p in awaited if p not in files)
    return InboxFiles({p: files[p] for p in awaited if p in files}, missing, tuple(unmatched))


def from_inbox(
    duel: Duel, inbox: Path, awaited: tuple[str, ...], turn: int
) -> tuple[dict[str, Received], InboxFiles]:
    """Each awaited player's order file for `turn`, stored and played; and whose file is
    which (the players without one, the files that matched nobody). Every player's file is
    found before any is stored, so an inbox the host must tidy stores nothing."""
    found = inbox_files(duel, inbox, awaited, turn)
    received = {p: _play_order_file(duel, path, p) for p, path in found.files.items()}
    return received, found


@dataclass(frozen=True)
class TabOrders:
    """A player's Orders tab of the turn as an adapter read it from their spreadsheet: what it
    answered (stored as read), where, and whether it is theirs and readable."""

    raw: RawSubmission
    spreadsheet: str
    """the spreadsheet's key"""
    tab: str
    """the tab's title ("R2 Orders")"""
    refused: DuelProblem | None
    """why the tab is not the player's Orders tab of this turn (None: it is)"""
    grids: Mapping[str, Grid] | None
    """its values as grids (None: refused, or `unreadable`)"""
    unreadable: str | None = None
    """why its values cannot be read"""


class OrderTabs(Protocol):
    """The awaited players' Orders tabs of the turn, all read at once: an adapter's
    (festival/google/duel_sheets.py: `GoogleOrderTabs`)."""

    def read(self, duel: Duel, state: Any, awaited: tuple[str, ...]) -> Mapping[str, TabOrders]:
        """Each awaited player's tab, read (its values, then its marker) and checked."""
        ...


def from_tabs(duel: Duel, awaited: tuple[str, ...], tabs: OrderTabs) -> dict[str, Received]:
    """Each awaited player's Orders tab of the turn: all read (its values, then its marker),
    then all stored as read, then all checked: a tab whose marker is not this duel's, turn's
    and player's is refused by name and not read as orders; recorded only when every one is
    right (a player may still edit their tab, so none is sealed while the turn cannot
    resolve)."""
    state = duel.state()
    fetched = tabs.read(duel, state, awaited)
    stored = {
        p: duel.store.add_raw(p, Origin.parse(read.raw.source), read.raw.content.decode())
        for p, read in fetched.items()
    }
    origins: dict[str, str] = {}
    reads: dict[str, TemplateOrders] = {}
    errors: dict[str, list[DuelProblem]] = {}
    for player, read in fetched.items():
        origins[player] = f"spreadsheet {read.spreadsheet}, tab {read.tab}"
        if read.refused is not None:
            errors[player] = [read.refused]
            continue
        if read.grids is None:
            errors[player] = [DuelProblem("duel.google", f"{player}: {read.unreadable}")]
            continue
        reads[player] = duel.game.read_order_template(
            state, player, read.grids, f"spreadsheet {read.spreadsheet}", read.tab
        )
        if reads[player].errors:
            errors[player] = list(reads[player].errors)
    checked = duel.trial([(p, r.text) for p, r in reads.items() if p not in errors])
    for player, found in checked.items():
        errors[player] = _named(reads[player], found, player)
    received: dict[str, Received] = {}
    for player in fetched:
        raw_id, origin = stored[player], origins[player]
        if player in errors:
            received[player] = Received(duel.reject(raw_id, errors[player]), origin)
        elif errors:
            received[player] = Received(Played(raw_id, (), ()), origin, waiting=True)
        else:
            received[player] = Received(_play_read(duel, raw_id, reads[player], player), origin)
    return received
