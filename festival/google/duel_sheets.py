"""A simultaneous duel's orders through Google Sheets, as the festival match does it
(festival/google/match_sheets.py): which spreadsheet is whose (kept in the duel store), each turn's
Orders tab pushed into every awaited player's spreadsheet, and the turn's tabs read back, one
values request per spreadsheet, stored as read before anything is parsed.

Each turn has its own tab, `R<turn> Orders`, so a new turn never touches an earlier one. The
tab's marker (sheets/google_tabs.py) names the duel ("elementarium <duel id>"), so a tab that
another duel made in the same spreadsheet is never taken for this duel's (`sheets --google`
refuses it as a tab festival did not make for this duel).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import gspread

from events.template import Template
from festival.duels.host import Duel, DuelHostError
from festival.duels.order_books import order_template
from festival.duels.origin import Origin
from festival.google import match_sheets as gs
from festival.match.store import reason
from sheets import google
from sheets.google_http import Doing
from sheets.google_tabs import tab_title
from sheets.source import RawSubmission

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


def fetch_orders(
    duel: Duel,
    gc: gspread.Client,
    settings: gs.GoogleSettings,
    state: Any,
    players: Sequence[str],
) -> dict[str, RawSubmission]:
    """Every listed player's Orders tab of the turn, one values:batchGet per spreadsheet, all
    read before anything is stored (a failure stores and resolves nothing)."""
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
        fetched[player] = raw
    return fetched


def tab_of(duel: Duel, state: Any, player: str) -> str:
    """The title of the player's Orders tab this turn ("R2 Orders")."""
    template = orders_template(duel, state, player)
    return tab_title(template, template.tabs[0])
