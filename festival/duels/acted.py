"""What the duel service's commands return (festival/duels/dispatcher.py and the service's
operations): frozen values a front end prints, draws or words. The results a read returns,
and those both share, are in festival/duels/results.py."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from events.duel import DuelProblem, Picture
from festival.core.posted import PostResult
from festival.duels.levels import DEFAULT_LEVEL, Level
from festival.duels.results import Entered, Seating, Situation, Winner

if TYPE_CHECKING:
    from festival.duels.refusals import Refusal


@dataclass(frozen=True)
class Created:
    title: str
    variant: str
    players: tuple[str, ...]
    seed: int
    simultaneous: bool
    """both players send orders each turn (else `first` starts)"""
    first: str
    seated: Seating
    """its Discord channel and players' user ids (none unless given)"""


@dataclass(frozen=True)
class BotPlayed:
    player: str
    kind: str
    words: str | None
    """what it recorded (None: `player` was not to play, the bot waited)"""
    level: Level = DEFAULT_LEVEL
    turn_lines: tuple[str, ...] = ()  # what the turn its actions ended did (`Played`)
    actions: int = 0
    """how many actions it recorded"""


@dataclass(frozen=True)
class Turned:
    """A play, a draw or a bot's turn: the time rule first, then what was entered."""

    timed_out: bool
    entered: Entered | None
    bot: BotPlayed | None
    after: Situation


@dataclass(frozen=True)
class Sampled:
    """The sample duel, replayed into a new folder."""

    rows: tuple[str, ...]
    turns: int
    winner: Winner | None


@dataclass(frozen=True)
class Ordered:
    """One player's orders as `duel resolve` read them."""

    player: str
    origin: str
    raw_id: int
    note: str | None
    waiting: bool
    problems: tuple[DuelProblem, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class OrdersResolved:
    orders: tuple[Ordered, ...]
    resolved: bool
    """False: some orders are wrong; nothing more was done"""
    held: tuple[str, ...]
    """players with no order file, who hold (the host passed --hold-missing)"""
    turn_lines: tuple[str, ...]
    rows: tuple[str, ...]
    progress: str
    written: tuple[Path, ...]
    """next turn's order workbooks (with `out`)"""
    awaited: bool
    """players are to act after it"""
    without: tuple[str, ...] = ()
    """players with no order file, the turn not resolved (no --hold-missing)"""
    unmatched: tuple[str, ...] = ()
    """the inbox's other files, each with what it is (`orders.InboxFiles.unmatched`)"""


@dataclass(frozen=True)
class SheetsDone:
    written: tuple[Path, ...]
    """the order workbooks written (without Google)"""
    google_lines: tuple[str, ...]
    """what was done to the Google tabs (with Google)"""


@dataclass(frozen=True)
class Posted:
    """What posting the duel's board to its channel did (`acts.Post`)."""

    step: int
    """the steps recorded when posted"""
    result: PostResult


@dataclass(frozen=True)
class Acted:
    """What a command (festival/duels/acts.py) came to, as the dispatcher returns it.

    `refused`: the sender may not do this now (not their turn, not their duel, not the host):
    nothing was stored or changed. `repeated`: this delivery was handled before (the same
    origin is stored): nothing was done again. Otherwise the command was done (`entered`,
    `said`, `bot`) or found wrong (`entered.problems`, `problem`); a delivery (a Discord
    command) is stored first."""

    after: Situation
    to_act: tuple[str, ...]
    refused: Refusal | None = None
    repeated: bool = False
    entered: Entered | None = None
    problem: str | None = None
    """a stored command that could not be done (an undo, the clock), in words"""
    said: str = ""
    """what an undo or the clock did, in words"""
    timed_out: bool = False
    turn_ended: bool = False
    """the command ended a turn: someone else is to act now (or the duel is over)"""
    turn_lines: tuple[str, ...] = ()
    """what the turn it ended did that the board does not say (`DuelGame.turn_lines`)"""
    sealed: bool = False
    """the orders entered are sealed until every player's are in: say them to their player
    only"""
    picture: Picture | None = None
    """the board when the command ended a turn (the public picture, the turn's cells marked)"""
    bot: BotPlayed | None = None
    """what a bot's move recorded (`commands.BotMove`)"""
    took_back: tuple[str, str] | None = None
    """(player, words) of the action an undo took back"""
    held: tuple[tuple[str, Entered], ...] = ()
    """(player, what their hold recorded) of each player a `HoldAll` held"""
    orders: OrdersResolved | None = None
    """what resolving sealed orders read and did (`ResolveOrders`)"""
    sheets: SheetsDone | None = None
    """the order workbooks written or tabs pushed (`OrderSheets`)"""
    spreadsheets: int | None = None
    """how many player spreadsheets were recorded (`GoogleSetup`)"""
    pinged: tuple[str, ...] | None = None
    """the duel's Discord channel was recorded: the players pinged to move (`DiscordSetup`)"""
    posted: Posted | None = None
    """what posting to the duel's channel did (`Post`)"""

    @property
    def done(self) -> bool:
        return (
            self.refused is None
            and not self.repeated
            and self.problem is None
            and (self.entered is None or self.entered.ok)
        )


@dataclass(frozen=True)
class Practice:
    """A practice duel: its folder, the player's seat and the bot's, and where it stands."""

    folder: Path
    title: str
    variant: str
    player: str
    bot: str
    level: Level
    channel: int | None
    user: int | None
    """the Discord user who plays `player`"""
    after: Situation
    to_act: tuple[str, ...]
    simultaneous: bool
    """the players send sealed orders each turn"""
    picture: Picture | None = None
    """the board (when it was started)"""


@dataclass(frozen=True)
class PracticeStarted:
    """A practice duel started (`practice`); or why not, in one line (`problem`: what was
    asked for is not offered) or typed (`refused`: one is going on); or the command was
    handled before (`repeated`: nothing was done again)."""

    practice: Practice | None = None
    problem: str | None = None
    repeated: bool = False
    refused: Refusal | None = None
