"""The duel service's results a read returns (festival/duels/reads.py: the board, the log, the
status, the clock as the bot keeping it sees it), and those every result shares: frozen values
a front end prints, draws or words (never a live duel, store or clock). What a command returns
is in festival/duels/acted.py: a read loads none of it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from events.duel import DuelProblem, Picture


@dataclass(frozen=True)
class Situation:
    """Where the duel stands: over (the outcome's words), or whose turn and the turn so far."""

    over: str | None
    progress: str


@dataclass(frozen=True)
class Entered:
    """One input: the actions recorded (in notation), or the problems (nothing recorded)."""

    raw_id: int
    words: tuple[str, ...]
    problems: tuple[DuelProblem, ...]
    turn_lines: tuple[str, ...] = ()  # what the turn these actions ended did (`Played`)
    turn_of: str = ""  # a turn-based duel's player the input was taken as ('' otherwise)

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class Shown:
    view: dict[str, Any]
    rows: tuple[str, ...]
    after: Situation
    picture: Picture
    timed_out: bool = False
    """a player's time had run out: their loss was recorded before the duel was read"""
    key: tuple[str, ...] = ()
    """what the text board's letters mean (`DuelGame.board_key`)"""


@dataclass(frozen=True)
class LogLine:
    n: int
    player: str
    words: str
    raw_id: int | None


@dataclass(frozen=True)
class Winner:
    player: str | None
    reason: str
    detail: str


@dataclass(frozen=True)
class Logged:
    title: str
    variant: str
    players: tuple[str, ...]
    seed: int
    views: tuple[dict[str, Any], ...]
    lines: tuple[LogLine, ...]
    undone: tuple[tuple[str, str], ...]
    """(player, words) of each action taken back"""
    winner: Winner | None
    timed_out: bool = False
    """a player's time had run out: their loss was recorded before the duel was read"""


@dataclass(frozen=True)
class Status:
    timed_out: bool
    title: str
    variant: str
    players: tuple[str, ...]
    actions: int
    after: Situation
    clock: str | None
    """the clock's words (None: the host never started it)"""
    sides: tuple[tuple[str, ...], ...] = ()
    """who wins or loses together, in the order of play (a team game's teams; else one player
    a side)"""
    simultaneous: bool = False
    """the players send sealed orders each turn"""


@dataclass(frozen=True)
class ClockShown:
    timed_out: bool
    clock: str


@dataclass(frozen=True)
class Seating:
    """Where a duel is played on Discord: its channel, and which Discord user plays whom."""

    channel: int | None
    users: tuple[tuple[str, int], ...]
    """(player, Discord user id), in the duel's order of players"""

    def player_of(self, user_id: int) -> str | None:
        return next((p for p, u in self.users if u == user_id), None)

    def user_of(self, player: str) -> int | None:
        return next((u for p, u in self.users if p == player), None)


@dataclass(frozen=True)
class ClockNote:
    """A warning or a loss on time the bot announces, recorded in the duel's store before it
    is sent (`NoteClock`) and marked sent after (`MarkClockNote`): festival/duels/clock_notes.py."""

    key: str
    """what it is about: "warn:STEPS:PLAYER" or "lost:STEPS\""""
    text: str
    pings: tuple[int, ...]
    done: bool = False
    """marked sent"""
    sender: str = ""
    """the bot that recorded it, while it runs (`clock_notes.sending`); "" in notes recorded
    before senders were named"""


@dataclass(frozen=True)
class Watched:
    """The clock as a keeper of the duel's clock sees it: the time rule applied first."""

    after: Situation
    winner: Winner | None
    running: bool
    left: tuple[tuple[str, float], ...]
    """(player whose time runs, seconds the clock may run before they lose on time: the
    turn's time left plus the reserve they had when the turn began), while the clock runs"""
    steps: int
    """actions recorded (a new turn is a new count)"""
    announced: bool = False
    """the loss on time that ended the duel was announced on Discord (`time_out_announced`)"""
    at: float = 0.0
    """when the clock was read (UTC epoch seconds, the duels' clock)"""
    notes: tuple[ClockNote, ...] = ()
    """the clock notes recorded (the latest; `clock_notes.KEEP`)"""
