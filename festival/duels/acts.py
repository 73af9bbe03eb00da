"""Every change to a duel as a typed command, who sends it (`Actor`) and why one may be
refused (`Refusal`). Front ends (the command line, the dashboard's desks, the Discord bot)
only translate their input into these values and hand them to the dispatcher
(festival/duels/dispatcher.py) with an `Origin` (festival/duels/origin.py); each words a
`Refusal` in its own terms.

A command marked `host` is the host's: anyone else is refused. A player's own command (not
`host`) is theirs alone: on their turn (a resignation, and sealed orders taken back, at any
time while the duel goes on)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

from festival.duels.levels import DEFAULT_LEVEL, Level

if TYPE_CHECKING:
    from festival.duels.orders import OrderTabs


@dataclass(frozen=True)
class Actor:
    """Who sent a command: the player they play in this duel (None: a spectator, or the host
    at the command line), whether they hold the host's role, and whether a bot plays them."""

    player: str | None
    host: bool = False
    bot: bool = False


HOST = Actor(None, host=True)
"""the host at the command line or a desk of the dashboard"""


PRACTICE_BOT = Actor(None, bot=True)
"""the practice bot (it plays only its own seat of a practice duel)"""


@dataclass(frozen=True)
class Play:
    """Actions in the game's notation (a move, a draw, confirm, sealed orders). Without
    `host`: the actor's own, on their turn, never naming a draw's outcome. With `host`: as
    `player`'s (None: the player to act)."""

    text: str
    player: str | None = None
    host: bool = False


@dataclass(frozen=True)
class Verb:
    """A shortcut verb a game offers (events/offers.py; Element's `take`): the verb and its
    words, entered as the game's notation "VERB WORD...", as `Play` is. `verb` None: the
    game's only shortcut."""

    verb: str | None
    words: tuple[str, ...] = ()
    player: str | None = None
    host: bool = False

    def text(self, verb: str) -> str:
        """The notation, with the verb as the game declares it."""
        return " ".join((verb, *(w for w in self.words if w)))


@dataclass(frozen=True)
class PlayFile:
    """The host enters a player's turn from a file (text, JSON, a workbook or an order
    workbook)."""

    path: Path
    player: str | None = None
    host: bool = True


@dataclass(frozen=True)
class Undo:
    """Take back the last action not yet confirmed: without `host`, the actor's own (their
    sealed orders until the turn resolves); with `host`, anyone's."""

    host: bool = False


@dataclass(frozen=True)
class Resign:
    """The actor resigns; or the host records `player`'s resignation or (`time`) loss on
    time."""

    player: str | None = None
    time: bool = False

    @property
    def host(self) -> bool:
        return self.player is not None or self.time


@dataclass(frozen=True)
class SetClock:
    """The host starts (True) or stops the clock."""

    running: bool
    host: bool = True


@dataclass(frozen=True)
class Seat:
    """The host seats players (name to Discord user id) and, with `channel`, the duel's
    channel."""

    users: tuple[tuple[str, int], ...]
    channel: int | None = None
    host: bool = True


@dataclass(frozen=True)
class BotMove:
    """A bot of `kind` plays `player`'s turn at `level` (it waits when `player` is not to
    act); `seconds` instead lets the search run that long."""

    player: str
    kind: str = "mcts"
    level: Level = DEFAULT_LEVEL
    seconds: float | None = None
    host: bool = True


@dataclass(frozen=True)
class HoldAll:
    """Sealed orders: every player still awaited holds, so the turn resolves (the orders
    desk's resolve)."""

    host: bool = True


@dataclass(frozen=True)
class Inbox:
    """Order files in a folder (NAME.json, .txt, .xlsx): with `hold_missing`, a player with
    no file holds every unit still; without it such an inbox resolves nothing."""

    folder: Path
    hold_missing: bool = False


@dataclass(frozen=True)
class FromTabs:
    """Each awaited player's Orders tab, read through an adapter's `OrderTabs` (the Google
    spreadsheets: festival/google/duel_google.py `order_tabs`); an untouched tab holds."""

    tabs: OrderTabs


@dataclass(frozen=True)
class Workbooks:
    """Order workbooks written into `folder`."""

    folder: Path


@dataclass(frozen=True)
class ResolveOrders:
    """Sealed orders: the turn resolved from every awaited player's orders, read in one
    pass from `source`; with `out`, the next turn's order workbooks written there."""

    source: Inbox | FromTabs
    out: Path | None = None
    host: bool = True


@dataclass(frozen=True)
class PracticeAnswer:
    """In a practice duel, the practice bot plays its seat's turn when that seat alone is to
    act (nothing is done otherwise): sent by `PRACTICE_BOT` after each command."""

    host: bool = False


Command = (
    Play
    | Verb
    | PlayFile
    | Undo
    | Resign
    | SetClock
    | Seat
    | BotMove
    | HoldAll
    | ResolveOrders
    | PracticeAnswer
)


class Refused(Enum):
    """Why a command is refused."""

    OVER = "over"
    """the duel is over (`Refusal.detail`: the outcome's words)"""
    SPECTATOR = "spectator"
    """the sender does not play in this duel"""
    NOT_YOUR_TURN = "not-your-turn"
    """`Refusal.waiting` are to act"""
    ORDERS_IN = "orders-in"
    """their sealed orders are in; `Refusal.waiting` are still awaited"""
    NOT_HOST = "not-host"
    NOT_YOURS = "not-yours"
    """the last action (to take back) is another player's"""
    NO_FORFEIT = "no-forfeit"
    """the game has no such forfeit (`Refusal.detail`: the game's title, `Refusal.what`)"""


@dataclass(frozen=True)
class Refusal:
    """A command refused: nothing was stored or changed."""

    why: Refused
    detail: str = ""
    waiting: tuple[str, ...] = ()
    what: str = ""
