"""A simultaneous duel's Google Sheets, for the front ends (`festival duel google`, `festival
duel sheets --google`, `festival duel resolve --google`): which spreadsheet is whose, each
turn's Orders tabs pushed, and the tabs to read the turn from. The duel service opens the duel
under its lock and plays the orders; this module does the Google part
(festival/google/duel_sheets.py) with the duel's values."""

from __future__ import annotations

from pathlib import Path

from festival.duels.service import SheetsDone, changing, require_simultaneous
from festival.google import duel_sheets
from festival.google.duel_sheets import GoogleOrderTabs


def google_setup(folder: Path, sheets_file: Path, credentials: Path | None) -> int:
    """Record which Google spreadsheet is whose; the number of player spreadsheets."""
    with changing(folder) as duel:
        require_simultaneous(duel)
        settings = duel_sheets.save_settings(duel, sheets_file, credentials)
        return len(settings.spreadsheets)


def push_orders(folder: Path, force: bool, credentials: Path | None) -> SheetsDone:
    """Push the Orders tab of every player awaited this turn into their Google spreadsheet
    (`force`: replace tabs that hold typed values, stored first)."""
    with changing(folder) as duel:
        require_simultaneous(duel)
        settings, gc = duel_sheets.client(duel, credentials)
        done = duel_sheets.push_orders(duel, gc, settings, force)
        tabs = f"Turn {duel.game.turn_number(duel.state())} Orders tabs"
        return SheetsDone((), tuple(done.lines(tabs, "the duel store")))


def order_tabs(credentials: Path | None) -> GoogleOrderTabs:
    """The players' Orders tabs, for the duel service's `resolve_orders`."""
    return GoogleOrderTabs(credentials)
