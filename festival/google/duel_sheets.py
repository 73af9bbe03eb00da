"""A simultaneous duel's orders through Google Sheets, as the festival match does it
(festival/google/match_sheets.py): which spreadsheet is whose (kept in the duel store), each turn's
Orders tab pushed into every awaited player's spreadsheet, and the turn's tabs read back, one
values request per spreadsheet, stored as read before anything is parsed.

Each turn has its own tab, `R<turn> Orders`, so a new turn never touches an earlier one. The
tab's marker (sheets/google_tabs.py) names the duel ("elementarium <duel id>"), the turn and the
player, so a tab that another duel made in the same spreadsheet, an earlier turn's tab renamed,
or another player's tab is never taken for this one: `sheets --google` refuses it as a tab
festival did not make for this duel, and `resolve --google` reads each tab's marker with its
values and refuses it by name (`refusal`), after storing what it holds.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import gspread

from events.duel import DuelProblem
from events.tables import Grid
from events.template import Template
from festival.core.errors import DuelHostError, reason
from festival.duels.host import Duel
from festival.duels.order_books import MARK_CODE, order_template
from festival.duels.orders import TabOrders
from festival.duels.origin import Origin
from festival.google import match_sheets as gs
from sheets import google
from sheets.errors import SheetReadError
from sheets.google_http import Doing
from sheets.google_tabs import BookTab, tab_title
from sheets.source import RawSubmission
from sheets.stamp import DUEL, Stamp, mismatch

SETTINGS = "google"


def save_settings(duel: Duel, sheets_file: Path, credentials: Path | None) -> gs.GoogleSettings:
    """Read the player -> spreadsheet file (the match's format); each player needs their own
    spreadsheet, since orders are secret until the turn resolves."""
    sheets = gs.read_sheets_file(sheets_file, duel.players, "this duel")
    owners: dict[str, list[str]] = {}
    for player, key in sheets.items():
        owners.setdefault(key, []).append(player)
    shared = [f"{' and '.join(p)} ({key})" for key, p in owners.items() if len(p) > 1]
    if shared:
        raise DuelHostError(
            f"{sheets_file}: {'; '.join(shared)} share a spreadsheet; orders are secret until "
            "the turn resolves, so give each player their own"
        )
    settings = gs.GoogleSettings(sheets, None, str(credentials) if credentials else None)
    duel.store.set_setting(SETTINGS, json.dumps(settings.to_json()))
    return settings


def load_settings(duel: Duel) -> gs.GoogleSettings:
    text = duel.store.setting(SETTINGS)
    if text is None:
        raise DuelHostError(
            f"this duel has no Google spreadsheets yet: run `festival duel google {duel.folder} "
            "--sheets FILE` first"
        )
    try:
        settings = gs.settings_from_json(text, "meta.setting.google (the Google settings)")
    except gs.SETTINGS_DAMAGE as exc:
        raise duel.store.damaged(f"the Google settings cannot be read ({reason(exc)})") from None
    missing = [p for p in duel.players if p not in settings.spreadsheets]
    if missing:
        raise duel.store.damaged(f"the Google settings name no spreadsheet for {missing}")
    return settings


def client(duel: Duel, credentials: Path | None) -> tuple[gs.GoogleSettings, gspread.Client]:
    settings = load_settings(duel)
    return settings, gs.client_for(settings, credentials)


def orders_template(duel: Duel, state: Any, player: str) -> Template:
    """The player's Orders tab for the turn, its marker naming this duel."""
    template = order_template(duel, state, player)
    return replace(template, event=f"{template.event.lower()} {duel.duel_id}")


def _sheets_again(duel: Duel) -> str:
    return f"festival duel sheets {duel.folder} --google"


def push_orders(
    duel: Duel, gc: gspread.Client, settings: gs.GoogleSettings, force: bool
) -> gs.TemplatesDone:
    """The turn's Orders tab in every awaited player's spreadsheet (one read and at most one
    write per spreadsheet; typed values kept, or with `force` stored first and replaced)."""
    state = duel.state()
    books = {
        p: gs.Book(settings.spreadsheets[p], [orders_template(duel, state, p)])
        for p in duel.game.to_act(state)
    }

    def keep(owner: str, turn: int, raw: RawSubmission) -> None:
        duel.store.add_raw(owner, Origin.parse(raw.source), raw.content.decode())

    again = _sheets_again(duel)
    writing = Doing(
        "writing the order tabs into",
        "each spreadsheet is written in one request, whole or not at all",
        f"run `{again}` again (it keeps the tabs already there and what players typed in them)",
    )
    words = gs.PushWords(
        templates=f"the turn {duel.game.turn_number(state)} order tabs",
        force=f"{again} --force",
        store="the duel store",
        backup="duel sheets --force",
        whose="this duel",
        reading=Doing("reading", "nothing was written", writing.action),
        writing=writing,
    )
    return gs.push_books(gc, books, force, keep, words)


@dataclass(frozen=True)
class TabRead:
    """A player's Orders tab as read: its values (a values:batchGet answer, stored as read)
    and the tab as the spreadsheet lists it, with festival's marker (None: no tab of that
    title was listed)."""

    raw: RawSubmission
    tab: BookTab | None


def fetch_orders(
    duel: Duel,
    gc: gspread.Client,
    settings: gs.GoogleSettings,
    state: Any,
    players: Sequence[str],
) -> dict[str, TabRead]:
    """Every listed player's Orders tab of the turn: its values (one values:batchGet per
    spreadsheet), then its marker (one spreadsheets.get of the tab titles and markers, no
    values), all read before anything is stored (a failure stores and resolves nothing)."""
    reading = Doing(
        "reading",
        "nothing of the turn was stored or resolved",
        f"run `festival duel resolve {duel.folder} --google` again",
    )
    ranges = {p: google.ranges_of([orders_template(duel, state, p)]) for p in players}
    source = google.GoogleSource(gc, settings.spreadsheets, ranges, reading, _sheets_again(duel))
    fetched = {}
    for player in players:
        raw = source.fetch(player)
        if raw is None:  # not reached: every player has a spreadsheet and a range
            raise DuelHostError(f"{player} has no spreadsheet in this duel's Google settings")
        key, title = settings.spreadsheets[player], tab_of(duel, state, player)
        tabs = google.read_tabs(gc, player, key, values=False, doing=reading)
        fetched[player] = TabRead(raw, next((t for t in tabs if t.title == title), None))
    return fetched


def refusal(duel: Duel, state: Any, player: str, key: str, read: TabRead) -> DuelProblem | None:
    """Why the tab read as `player`'s Orders tab this turn is not theirs (None: it is): no
    festival marker, a marker of another duel, turn or player, or of another of festival's
    tabs. The one error (code `duel.mark`, as for an order workbook) says what the tab was
    made for and what to do."""
    template = orders_template(duel, state, player)
    title = tab_title(template, template.tabs[0])
    where = f"{player}: spreadsheet {key}, tab {title}"
    again = (
        f"rename or remove that tab, then run `{_sheets_again(duel)}` to make {player}'s "
        f"turn {template.round_no} tab"
    )
    marker = read.tab.marker if read.tab is not None else None
    if read.tab is None:
        said = "was not among the spreadsheet's tabs when its marker was read (renamed?)"
        return DuelProblem(MARK_CODE, f"{where} {said}: run `{_sheets_again(duel)}` again")
    if marker is None:
        said = "was not made by festival (it carries no festival marker)"
        return DuelProblem(MARK_CODE, f"{where} {said}: {again}")
    game, _, duel_id = marker.event.partition(" ")
    ours = template.event.partition(" ")[0]
    if game != ours or not duel_id or marker.tab != template.tabs[0].name:
        made = f"{marker.event or 'results'}: {marker.tab}"
        said = f"was made by festival for something else ({made}), not for a duel's orders"
        return DuelProblem(MARK_CODE, f"{where} {said}: {again}")
    found = Stamp(duel_id, marker.round_no, marker.player or player, DUEL)
    expected = duel.stamp(template.round_no, player)
    wrong = mismatch(found, expected, "tab")
    if not wrong:
        return None
    said = f"{' and '.join(wrong)} (made for {found.describe()}; expected {expected.describe()})"
    return DuelProblem(MARK_CODE, f"{where} {said}: {again}")


def tab_of(duel: Duel, state: Any, player: str) -> str:
    """The title of the player's Orders tab this turn ("R2 Orders")."""
    template = orders_template(duel, state, player)
    return tab_title(template, template.tabs[0])


@dataclass(frozen=True)
class GoogleOrderTabs:
    """The awaited players' Orders tabs read from their Google spreadsheets, for the duel
    service's `resolve_orders` (festival/duels/orders.py: `OrderTabs`)."""

    credentials: Path | None

    def read(self, duel: Duel, state: Any, awaited: tuple[str, ...]) -> dict[str, TabOrders]:
        settings, gc = client(duel, self.credentials)
        fetched = fetch_orders(duel, gc, settings, state, awaited)
        out: dict[str, TabOrders] = {}
        for player, read in fetched.items():
            key = settings.spreadsheets[player]
            refused = refusal(duel, state, player, key, read)
            grids: dict[str, Grid] | None = None
            unreadable: str | None = None
            if refused is None:
                try:
                    grids = google.load_values(read.raw)
                except SheetReadError as exc:
                    unreadable = str(exc)
            tab = tab_of(duel, state, player)
            out[player] = TabOrders(read.raw, key, tab, refused, grids, unreadable)
        return out
