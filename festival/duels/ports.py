"""What the duel service reaches through an adapter, as ports the adapter fills and a front
end hands in with its command: the players' order spreadsheets (festival/google/
duel_google.py: the Google spreadsheets) and the duel's Discord channel
(festival/discord/duel_posting.py: its webhook). The dispatcher calls them inside the
duel's lock, on the open duel; the duel domain imports no Google or Discord client."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from festival.duels.orders import OrderTabs

if TYPE_CHECKING:
    from festival.duels.acted import Posted
    from festival.duels.host import Duel


class OrderSpreadsheets(OrderTabs, Protocol):
    """The players' spreadsheets of a duel played by sealed orders, through one set of
    credentials: recorded, each turn's order tabs pushed, and read (`OrderTabs`)."""

    def record(self, duel: Duel, sheets_file: Path) -> int:
        """Record which spreadsheet is whose; how many player spreadsheets."""
        ...

    def push(self, duel: Duel, force: bool) -> tuple[str, ...]:
        """The turn's order tab in every awaited player's spreadsheet (`force`: replace tabs
        that hold typed values, stored first): what was done, a line each."""
        ...


class DuelChannel(Protocol):
    """The duel's Discord channel, as an adapter records it (a webhooks file)."""

    def record(self, duel: Duel, webhooks_file: Path) -> tuple[str, ...]:
        """Record the channel's webhook and the players' user ids; the players pinged."""
        ...

    def post(
        self, duel: Duel, webhooks_file: Path | None, resend: bool, mark_sent: str | None
    ) -> Posted:
        """Bring the channel to the duel's posts (the board after each turn, positions
        taken back corrected), each message exactly once (`acts.Post`: `webhooks_file`,
        the host's word on a cut message)."""
        ...
