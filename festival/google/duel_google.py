"""A simultaneous duel's Google Sheets, as the duel service reaches them: the port
(festival/duels/ports.py `OrderSpreadsheets`) a front end hands in with its command
(`GoogleSetup`, `OrderSheets(GoogleTabs)`, `ResolveOrders(FromTabs)`) and the duel's
dispatcher calls inside the duel's lock: which spreadsheet is whose, each turn's Orders tabs
pushed, and the tabs the turn is read from (festival/google/duel_sheets.py does the Google
part with the duel's values)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from festival.duels.host import Duel
from festival.google import duel_sheets
from festival.google.duel_sheets import GoogleOrderTabs


@dataclass(frozen=True)
class GoogleOrderSheets(GoogleOrderTabs):
    """The players' Google spreadsheets through one set of credentials (None: the
    environment's)."""

    def record(self, duel: Duel, sheets_file: Path) -> int:
        settings = duel_sheets.save_settings(duel, sheets_file, self.credentials)
        return len(settings.spreadsheets)

    def push(self, duel: Duel, force: bool) -> tuple[str, ...]:
        settings, gc = duel_sheets.client(duel, self.credentials)
        done = duel_sheets.push_orders(duel, gc, settings, force)
        tabs = f"Turn {duel.game.turn_number(duel.state())} Orders tabs"
        return tuple(done.lines(tabs, "the duel store"))


def order_sheets(credentials: Path | None) -> GoogleOrderSheets:
    """The players' spreadsheets, for the duel service's commands that name them."""
    return GoogleOrderSheets(credentials)
