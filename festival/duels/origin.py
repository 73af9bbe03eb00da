"""Where a duel's input came from, typed: how it arrived (`Via`) and, for some ways, which
file, spreadsheet, bot or reason. The duel store keeps it as text ("file:Ash-turn2.xlsx",
"resolve:no-orders", "text"); `Origin.parse` reads that text back, so stores written before
the type existed read the same."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Via(Enum):
    """How an input arrived."""

    TEXT = "text"
    """typed at the command line"""
    JSON = "json"
    DRAW = "draw"
    """`festival duel draw`"""
    DEMO = "demo"
    DESK = "desk"
    """the dashboard's duel desk"""
    CLOCK = "clock"
    """the clock recorded a loss on time"""
    FILE = "file"
    GOOGLE = "google"
    BOT = "bot"
    DISCORD = "discord"
    """a slash command of the Discord bot (detail: the interaction id and the user id)"""
    RESOLVE = "resolve"
    """`festival duel resolve` recorded it (a player without orders holds)"""
    UNKNOWN = "unknown"
    """stored text that names none of the above (kept whole as the detail)"""


PRESS = "press "
"""a desk press's detail begins so (`Origin.press`)"""


@dataclass(frozen=True)
class Origin:
    """How an input arrived, and the file, spreadsheet, bot or reason (`detail`)."""

    via: Via
    detail: str = ""

    def __str__(self) -> str:
        if self.via is Via.UNKNOWN:
            return self.detail
        return f"{self.via.value}:{self.detail}" if self.detail else self.via.value

    @property
    def delivered(self) -> bool:
        """A delivery of one message (a Discord interaction, a press of a dashboard desk's
        button): stored before it is done and done once, however often it arrives."""
        return self.via is Via.DISCORD or (self.via is Via.DESK and self.detail.startswith(PRESS))

    @staticmethod
    def parse(text: str) -> Origin:
        """The origin a stored source text names (exactly: `str` gives the text back)."""
        head, sep, detail = text.partition(":")
        via = next((v for v in Via if v.value == head and v is not Via.UNKNOWN), None)
        if via is None or (sep and not detail):
            return Origin(Via.UNKNOWN, text)
        return Origin(via, detail)

    @staticmethod
    def press(key: str) -> Origin:
        """A press of a button of a dashboard desk, by the key the desk drew for it: a double
        click or a rerun of the same press is done once."""
        return Origin(Via.DESK, f"{PRESS}{key}")

    @staticmethod
    def file(name: str) -> Origin:
        return Origin(Via.FILE, name)

    @staticmethod
    def discord(interaction_id: int, user_id: int) -> Origin:
        """A Discord slash command: the interaction's id (Discord never reuses one, so a
        delivery seen twice is found by it) and the id of the user who sent it."""
        return Origin(Via.DISCORD, f"interaction {interaction_id} user {user_id}")


TEXT = Origin(Via.TEXT)
JSON = Origin(Via.JSON)
NO_ORDERS = Origin(Via.RESOLVE, "no-orders")
"""a player without an order file holds (`festival duel resolve`)"""
