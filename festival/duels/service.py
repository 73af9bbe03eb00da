"""The duel service: the one door through which a front end (the command line, the dashboard,
a bot) creates, changes or reads a duel. Every change is a typed command
(festival/duels/acts.py) done by the dispatcher (festival/duels/dispatcher.py: the
duel's lock, a time-out recorded first, who may act, once per origin); a duel not made yet
is made through one door, `begin` (festival/duels/creating.py: `NewDuel`, `StartPractice`,
with the same actor and origin, refused typed); a command that reaches the players'
spreadsheets or the duel's Discord channel carries the adapter's port
(festival/duels/ports.py), called inside the lock; a command returns values
(festival/duels/acted.py), and reads return values (festival/duels/reads.py, results.py).
The functions here are the host's commands in the words a front end uses (`play`, `undo`,
`clock`...): each is the command it names, sent by the host, its result read back as the
front end prints it. Each operation opens the duel folder, always closes the store, and
returns a typed result; it prints nothing.

The service imports no Google or Discord client (the adapters' ports are handed in), and the
workbook writer only when workbooks are written, so reading a duel costs no network or
spreadsheet library.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from festival.core.errors import DuelHostError
from festival.duels.acted import (
    Acted,
    BotPlayed,
    Created,
    Ordered,
    OrdersResolved,
    Practice,
    PracticeStarted,
    Sampled,
    SheetsDone,
    Turned,
)
from festival.duels.acts import (
    CLOCK_BOT,
    HOST,
    PRACTICE_BOT,
    Actor,
    AnnounceTimeOut,
    BotMove,
    Command,
    DiscordSetup,
    FromTabs,
    GoogleSetup,
    GoogleTabs,
    HoldAll,
    HostRefused,
    Inbox,
    MarkClockNote,
    NewDuel,
    NoteClock,
    OrderSheets,
    Play,
    PlayFile,
    PracticeAnswer,
    Refusal,
    Refused,
    Resign,
    ResolveOrders,
    Seat,
    SetClock,
    StartPractice,
    Undo,
    Verb,
    Workbooks,
)
from festival.duels.creating import begin
from festival.duels.dispatcher import dispatch
from festival.duels.levels import DEFAULT_LEVEL, Level
from festival.duels.opening import changing, opened, situation, winner_of
from festival.duels.origin import Origin, Via
from festival.duels.practice_duels import practices
from festival.duels.reads import (
    History,
    clock_time,
    duel_id,
    history,
    log,
    show,
    status,
    watch,
)
from festival.duels.results import (
    ClockNote,
    ClockShown,
    Entered,
    Logged,
    LogLine,
    Seating,
    Shown,
    Situation,
    Status,
    Watched,
    Winner,
)
from festival.duels.sealed import require_simultaneous
from festival.duels.seating import (
    CHANNEL_SETTING,
    USER_SETTING,
    discord_id_problem,
    seating,
    seating_settings,
)
from festival.duels.store import DUEL_FILE
from festival.duels.turn_files import file_bytes

__all__ = [
    "CHANNEL_SETTING",
    "CLOCK_BOT",
    "CLOCK_WATCH",
    "DESK",
    "DRAW",
    "DUEL_FILE",
    "HOST",
    "TEXT_ORIGIN",
    "USER_SETTING",
    "Acted",
    "Actor",
    "AnnounceTimeOut",
    "BotMove",
    "BotPlayed",
    "ClockNote",
    "ClockShown",
    "Command",
    "Created",
    "DiscordSetup",
    "DuelHostError",
    "Entered",
    "FromTabs",
    "GoogleSetup",
    "GoogleTabs",
    "History",
    "HoldAll",
    "HostRefused",
    "Inbox",
    "LogLine",
    "Logged",
    "MarkClockNote",
    "NewDuel",
    "NoteClock",
    "OrderSheets",
    "Ordered",
    "OrdersResolved",
    "Play",
    "PlayFile",
    "Practice",
    "PracticeStarted",
    "Refusal",
    "Refused",
    "Resign",
    "ResolveOrders",
    "Sampled",
    "Seat",
    "Seating",
    "SetClock",
    "SheetsDone",
    "Shown",
    "Situation",
    "StartPractice",
    "Status",
    "Turned",
    "Undo",
    "Verb",
    "Watched",
    "Winner",
    "Workbooks",
    "as_host",
    "begin",
    "changing",
    "clock_time",
    "discord_id_problem",
    "dispatch",
    "duel_id",
    "file_bytes",
    "history",
    "log",
    "opened",
    "practice_answer",
    "practice_start",
    "practices",
    "require_simultaneous",
    "seating",
    "seating_settings",
    "show",
    "status",
    "watch",
]


TEXT_ORIGIN = Origin(Via.TEXT)
DESK = Origin(Via.DESK)
DRAW = Origin(Via.DRAW)
CLOCK_WATCH = Origin(Via.BOT, "clock")
"""the Discord bot keeping the duel's clock (`NoteClock`, `MarkClockNote`, `AnnounceTimeOut`)"""
DEMO = Origin(Via.DEMO)
"""`festival duel demo`: a shipped sample duel replayed"""


def create(
    folder: Path,
    game: str,
    variant: str | None,
    options: dict[str, Any],
    players: list[str],
    seed: int | None,
    channel: int | None = None,
    users: dict[str, int] | None = None,
    board: str | None = None,
) -> Created:
    """A new duel (`NewDuel`, sent by the host at the command line through `begin`); seated
    on Discord (`channel`, `users`: player to user id) when given, the seating checked
    before the duel is made."""
    command = NewDuel(
        game,
        tuple(players),
        variant,
        tuple(options.items()),
        seed,
        board,
        channel,
        tuple((users or {}).items()),
    )
    return begin(folder, command, HOST, TEXT_ORIGIN)


def play_sample(folder: Path, sample_file: Path) -> Sampled:
    """Replay a shipped sample duel (fixtures/<game>/sample-duel.json) into a new folder:
    the duel made through the door for a new duel, each turn a `Play` the host sends as its
    player, through the dispatcher."""
    sample = json.loads(sample_file.read_text())
    options = tuple(sample.get("options", {}).items())
    new = NewDuel(
        sample["game"], tuple(sample["players"]), sample["variant"], options, sample["seed"]
    )
    begin(folder, new, HOST, DEMO)
    for turn in sample["turns"]:
        done = dispatch(folder, Play(turn["text"], turn["player"], host=True), HOST, DEMO)
        entered = done.entered
        if done.refused is not None:
            raise HostRefused(done.refused)
        if entered is None or not entered.ok:
            problem = entered.problems[0] if entered else done.problem
            raise DuelHostError(f"the sample duel does not play: {problem}")
    with opened(folder) as duel:
        states = duel.positions()[0]
        state = states[-1]
        rows = tuple(duel.game.public_view(state).get("rows", []))
        # turns as the game counts them (a simultaneous turn is one turn, not one per player):
        # the turn the last action was made in
        turns = duel.game.turn_number(states[-2]) if len(states) > 1 else 0
        return Sampled(rows, turns, winner_of(duel, state))


# --- the host's commands, as the command line and the dashboard's desks name them --------


def as_host(folder: Path, command: Command, origin: Origin = TEXT_ORIGIN) -> Acted:
    """`command` sent by the host (the command line, a desk of the dashboard): a command
    that could not be done raises DuelHostError, in its words (a refusal: `HostRefused`)."""
    done = dispatch(folder, command, HOST, origin)
    if done.refused is not None:
        raise HostRefused(done.refused)
    if done.problem is not None:
        raise DuelHostError(done.problem)
    return done


def play(
    folder: Path,
    text: str | None = None,
    source: Path | None = None,
    player: str | None = None,
) -> Turned:
    """Record a player's turn as typed (`text`) or from a file (`source`): the time rule
    first (a player out of time loses); with neither, only the time rule."""
    command: Command | None = None
    if source is not None:
        command = PlayFile(source, player)
    elif text:
        command = Play(text, player, host=True)
    if command is None:
        with changing(folder) as duel:
            return Turned(duel.timed_out is not None, None, None, situation(duel, duel.state()))
    done = as_host(folder, command)
    return Turned(done.timed_out, done.entered, None, done.after)


def draw(
    folder: Path, count: int, stones: str | None, player: str | None, verb: str | None = None
) -> Turned:
    """A shortcut verb of the duel's game (events/offers.py; Element's `take N`, the draw of
    the turn's stones), or what the host records as drawn elsewhere (`stones`); `verb` names
    the shortcut (needed only when the game declares more than one)."""
    command = Verb(verb, (str(count), *([stones] if stones else [])), player, host=True)
    done = as_host(folder, command, DRAW)
    return Turned(done.timed_out, done.entered, None, done.after)


def bot_plays(
    folder: Path,
    name: str,
    kind: str = "mcts",
    level: Level = DEFAULT_LEVEL,
    seconds: float | None = None,
) -> Turned:
    """Let a bot of `kind` play `name`'s turn at `level` (it waits when `name` is not to
    play); `seconds` instead lets the search run that long a turn (the time decides)."""
    done = as_host(folder, BotMove(name, kind, level, seconds))
    return Turned(done.timed_out, None, done.bot, done.after)


def clock(folder: Path, running: bool | None = None) -> ClockShown:
    """Start (True) or stop (False) the clock, or only read it (None); the time rule applied
    first (a duel that is over reads as stopped, and its clock cannot start)."""
    if running is None:
        with opened(folder) as duel:
            return ClockShown(duel.timed_out is not None, duel.clock().describe())
    done = as_host(folder, SetClock(running))
    return ClockShown(done.timed_out, done.said)


def seat(folder: Path, channel: int | None, users: dict[str, int]) -> Seating:
    """Record the duel's Discord channel and which Discord user plays which player."""
    as_host(folder, Seat(tuple(users.items()), channel))
    return seating(folder)


def practice_start(
    base: Path, command: StartPractice, actor: Actor, origin: Origin
) -> PracticeStarted:
    """A practice duel a player asked for (`StartPractice`, through `begin`), kept under
    `base`."""
    return begin(base, command, actor, origin)


def practice_answer(folder: Path) -> Acted | None:
    """The practice bot's turn in a practice duel when its seat alone is to act
    (`PracticeAnswer`); None: nothing was done."""
    done = dispatch(folder, PracticeAnswer(), PRACTICE_BOT, Origin(Via.BOT, "practice"))
    return done if done.entered is not None else None
