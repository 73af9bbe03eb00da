"""Every change to a duel as a typed command, who sends it (`Actor`) and why one may be
refused (`Refusal`). Front ends (the command line, the dashboard's desks, the Discord bot)
only translate their input into these values and hand them to the dispatcher
(festival/duels/dispatcher.py) with an `Origin` (festival/duels/origin.py); each words a
`Refusal` in its own terms.

A command marked `host` is the host's: anyone else is refused. A player's own command (not
`host`) is theirs alone: on their turn (a resignation, and sealed orders taken back, at any
time while the duel goes on).

A duel that does not exist yet is made by `NewDuel` (the host's) or `StartPractice` (a player
asks for a practice duel against the bot), through the service's one door for a new duel
(`festival.duels.service.begin`), which takes the same `Actor` and `Origin` and refuses in
the same typed `Refusal` values. A command that reaches a spreadsheet or Discord carries the
adapter's port (festival/duels/ports.py), which the dispatcher calls inside the lock."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from festival.duels.levels import DEFAULT_LEVEL, Level
from festival.duels.refusals import HostRefused as HostRefused
from festival.duels.refusals import Refusal as Refusal
from festival.duels.refusals import Refused as Refused
from festival.duels.refusals import players_wanted as players_wanted

if TYPE_CHECKING:
    from festival.duels.orders import OrderTabs
    from festival.duels.ports import DuelChannel, OrderSpreadsheets
    from festival.duels.practice import Asked


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


CLOCK_BOT = Actor(None, bot=True)
"""the Discord bot keeping the duel's clock (festival/bot/duel_clocks.py): it records and
announces its warnings and a loss on time"""


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
class GoogleTabs:
    """The turn's order tab pushed into every awaited player's spreadsheet through the
    adapter's `sheets`; `force` replaces tabs that hold typed values (stored first)."""

    sheets: OrderSpreadsheets
    force: bool = False


@dataclass(frozen=True)
class OrderSheets:
    """Sealed orders: every awaited player's order workbook for the turn (`Workbooks`), or
    their order tab in their spreadsheet (`GoogleTabs`)."""

    target: Workbooks | GoogleTabs
    host: bool = True


@dataclass(frozen=True)
class GoogleSetup:
    """Record which spreadsheet is whose (a file of player, spreadsheet), through the
    adapter's `sheets`."""

    sheets_file: Path
    sheets: OrderSpreadsheets
    host: bool = True


@dataclass(frozen=True)
class DiscordSetup:
    """Record the duel's Discord channel webhook and the players' user ids (a webhooks
    file), through the adapter's `channel`."""

    webhooks_file: Path
    channel: DuelChannel
    host: bool = True


@dataclass(frozen=True)
class Post:
    """Post the board after the last turn and its lines to the duel's channel, each message
    exactly once (positions taken back corrected), through the adapter's `channel`.
    `webhooks_file`: the file of the channel's webhook, if not where it was recorded;
    `resend` / `mark_sent` (the message's link): the host's word on a message whose request
    was cut (it never arrived / it is there)."""

    channel: DuelChannel
    webhooks_file: Path | None = None
    resend: bool = False
    mark_sent: str | None = None
    host: bool = True


@dataclass(frozen=True)
class AnnounceTimeOut:
    """The loss on time that ended the duel after `steps` actions was announced on Discord:
    recorded, so a bot started later does not announce it again (one taken back and a later
    one, after more actions, are announced anew). Sent by the bot that keeps the duel's clock
    (`CLOCK_BOT`) or the host; a player is refused."""

    steps: int
    host: bool = False


@dataclass(frozen=True)
class NoteClock:
    """A clock note's intent (a warning, a loss on time announced: festival/duels/
    clock_notes.py), recorded before the bot sends it: its `key` ("warn:STEPS:PLAYER",
    "lost:STEPS"), words and the users it pings. Answered `repeated` when the key was
    recorded before (sent, or being sent, by a bot: not to be sent again); a problem, nothing
    recorded, when the duel has moved on from the `steps` actions it was planned after. Sent
    by `CLOCK_BOT` or the host; a player is refused."""

    key: str
    text: str
    pings: tuple[int, ...]
    steps: int
    host: bool = False
    sender: str = ""
    """the recording bot's name while it runs (`clock_notes.Sending`): another bot started
    meanwhile leaves the note to it while it lives"""
    taking_over: str | None = None
    """a note recorded already by the sender named here, no longer running, taken over by
    `sender` to be sent (answered `repeated` if another bot took it first, or it was sent)"""


@dataclass(frozen=True)
class MarkClockNote:
    """The clock note `key` was sent. `CLOCK_BOT`'s or the host's."""

    key: str
    host: bool = False


@dataclass(frozen=True)
class PracticeAnswer:
    """In a practice duel, the practice bot plays its seat's turn when that seat alone is to
    act (nothing is done otherwise): sent by `PRACTICE_BOT` after each command."""

    host: bool = False


@dataclass(frozen=True)
class NewDuel:
    """A new duel of `game` (its name, title or an alias) for `players` (the first starts),
    on `board` (a board the game offers by name, or a board file), seated on Discord
    (`channel`, `users`: player to user id) when given. The host's."""

    game: str
    players: tuple[str, ...]
    variant: str | None = None
    options: tuple[tuple[str, Any], ...] = ()
    seed: int | None = None
    board: str | None = None
    channel: int | None = None
    users: tuple[tuple[str, int], ...] = ()
    host: bool = True


@dataclass(frozen=True)
class StartPractice:
    """A practice duel against the bot, as a player asked for it (`asked`), played in
    `channel` by Discord user `user` (seated as their `display` name); anyone may ask."""

    asked: Asked
    channel: int
    user: int
    display: str
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
    | OrderSheets
    | GoogleSetup
    | DiscordSetup
    | Post
    | AnnounceTimeOut
    | NoteClock
    | MarkClockNote
    | PracticeAnswer
)
