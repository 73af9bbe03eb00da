"""The duel service: the one way a front end (the command line, the dashboard, a bot) creates,
changes or reads a duel. Each operation opens the duel folder, takes the duel's lock when it
changes the duel (festival/duels/lock.py), records a time-out that has happened before anything
else (`changing`, `opened`: a read takes the lock only for that), always closes the store, and
returns a typed result (frozen dataclasses) for the front end to print or draw; it prints
nothing.

It speaks to no Discord or Google: posting (festival/discord/duel_posting.py) and the Google
spreadsheets (festival/google/duel_google.py, read through `OrderTabs`) are the adapters'
work, on this service's values. The workbook writer is imported by the operations that use it
only, so reading a duel costs no spreadsheet library.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from events.duel import ConcedeReason, DuelGame, DuelProblem, Picture, Step
from festival.core.errors import DuelHostError
from festival.core.names import normalise_name
from festival.duels import offers, practice
from festival.duels.bots import bot_turn, make_bot
from festival.duels.host import Duel, Played
from festival.duels.levels import DEFAULT_LEVEL, Level, parse_level
from festival.duels.lock import duel_exclusive
from festival.duels.orders import (
    OrderTabs,
    from_inbox,
    from_tabs,
    order_file_stem,
    play_order_workbook,
)
from festival.duels.origin import NO_ORDERS, Origin, Via
from festival.duels.words import board_picture, last_turn_start, step_words
from sheets.errors import SheetReadError
from sheets.json_input import load_json
from sheets.limits import MAX_FILE_BYTES, megabytes

if TYPE_CHECKING:
    pass

# --- results ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Situation:
    """Where the duel stands: over (the outcome's words), or whose turn and the turn so far."""

    over: str | None
    progress: str


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
class BotPlayed:
    player: str
    kind: str
    words: str | None
    """what it recorded (None: `player` was not to play, the bot waited)"""
    level: Level = DEFAULT_LEVEL
    turn_lines: tuple[str, ...] = ()  # what the turn its actions ended did (`Played`)


@dataclass(frozen=True)
class Turned:
    """A play, a draw or a bot's turn: the time rule first, then what was entered."""

    timed_out: bool
    entered: Entered | None
    bot: BotPlayed | None
    after: Situation


@dataclass(frozen=True)
class Undone:
    player: str
    words: str
    after: Situation


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
class History:
    """A duel as the dashboard draws it: every position, step and the words of each step."""

    duel: Duel
    states: tuple[Any, ...]
    steps: tuple[Step[Any], ...]
    words: tuple[str, ...]

    @property
    def game(self) -> DuelGame[Any, Any]:
        return self.duel.game

    def picture(self, shown: int) -> Picture:
        """The board after `shown` steps, the last turn's cells marked."""
        states = list(self.states[: shown + 1])
        return board_picture(self.game, states, list(self.steps[:shown]))


# --- opening ------------------------------------------------------------------------------


@contextmanager
def _open(folder: Path) -> Iterator[Duel]:
    duel = Duel.open(folder)
    try:
        yield duel
    finally:
        duel.close()


@contextmanager
def changing(folder: Path) -> Iterator[Duel]:
    """The duel, open under its lock, for an operation that changes it; a time-out that has
    happened is recorded first (`Duel.timed_out` names the player), so no operation acts in
    a position where a player whose time ran out is still to play."""
    with duel_exclusive(folder), _open(folder) as duel:
        duel.enforce_time()
        yield duel


@contextmanager
def opened(folder: Path) -> Iterator[Duel]:
    """The duel, open for reading, a time-out that has happened recorded first: what anyone
    reads is never a position where a player whose time ran out is still to play. Recording
    is a change, so only then is the duel's lock taken (and a read fails, busy, while another
    command holds it); a read with nothing to record takes no lock. Closed however the
    block ends."""
    with _open(folder) as duel:
        due = duel.time_out_due() is not None
    timed_out = None
    if due:
        with changing(folder) as duel:
            timed_out = duel.timed_out
    with _open(folder) as duel:
        duel.timed_out = timed_out
        yield duel


def situation(duel: Duel, state: Any) -> Situation:
    outcome = duel.game.outcome(state)
    if outcome is not None:
        return Situation(outcome.detail, "")
    return Situation(None, duel.game.progress(state))


def _entered(duel: Duel, played: Played) -> Entered:
    words = tuple(duel.game.format_action(s.action) for s in played.steps)
    turn_of = "" if duel.game.simultaneous else played.player
    return Entered(played.raw_id, words, played.errors, played.turn_lines, turn_of)


def _winner(duel: Duel, state: Any) -> Winner | None:
    outcome = duel.game.outcome(state)
    return None if outcome is None else Winner(outcome.winner, outcome.reason, outcome.detail)


# --- creating -----------------------------------------------------------------------------


def create(
    folder: Path,
    game: str,
    variant: str | None,
    options: dict[str, Any],
    players: list[str],
    seed: int | None,
    channel: int | None = None,
    users: dict[str, int] | None = None,
) -> Created:
    """A new duel; seated on Discord (`channel`, `users`: player to user id) when given, the
    seating checked before the duel is made."""
    seating = seating_settings([normalise_name(p) for p in players], channel, users or {})
    duel = Duel.create(folder, game, variant, options, players, seed)
    try:
        for name, value in seating.items():
            duel.store.set_setting(name, value)
        state = duel.state()
        first = "" if duel.game.simultaneous else duel.to_act(state)[0]
        return Created(
            duel.game.title,
            str(duel.config["variant"]),
            duel.players,
            duel.seed,
            duel.game.simultaneous,
            first,
            _seating(duel),
        )
    finally:
        duel.close()


def play_sample(folder: Path, sample_file: Path) -> Sampled:
    """Replay a shipped sample duel (fixtures/<game>/sample-duel.json) into a new folder."""
    sample = json.loads(sample_file.read_text())
    duel = Duel.create(
        folder,
        sample["game"],
        sample["variant"],
        sample.get("options", {}),
        sample["players"],
        sample["seed"],
    )
    try:
        for turn in sample["turns"]:
            played = duel.play_text(turn["text"], turn["player"], source=Origin(Via.DEMO))
            if not played.ok:
                raise DuelHostError(f"the sample duel does not play: {played.errors[0]}")
        states = duel.positions()[0]
        state = states[-1]
        rows = tuple(duel.game.public_view(state).get("rows", []))
        # turns as the game counts them (a simultaneous turn is one turn, not one per player):
        # the turn the last action was made in
        turns = duel.game.turn_number(states[-2]) if len(states) > 1 else 0
        return Sampled(rows, turns, _winner(duel, state))
    finally:
        duel.close()


# --- playing ------------------------------------------------------------------------------


def play(
    folder: Path,
    text: str | None = None,
    source: Path | None = None,
    player: str | None = None,
) -> Turned:
    """Record a player's turn as typed (`text`) or from a file (`source`): the time rule
    first (a player out of time loses); with neither, only the time rule."""
    with changing(folder) as duel:
        timed_out = duel.timed_out is not None
        entered = None
        if source is not None:
            entered = _entered(duel, _play_file(duel, source, player))
        elif text:
            entered = _entered(duel, duel.play_text(text, player))
        return Turned(timed_out, entered, None, situation(duel, duel.state()))


def draw(
    folder: Path, count: int, stones: str | None, player: str | None, verb: str | None = None
) -> Turned:
    """A shortcut verb of the duel's game (events/offers.py; Element's `take N`, the draw of
    the turn's stones), or what the host records as drawn elsewhere (`stones`); `verb` names
    the shortcut (needed only when the game declares more than one)."""
    with changing(folder) as duel:
        shortcut = offers.find_shortcut(duel.game.name, verb)
        if shortcut is None:
            raise DuelHostError(
                f"{duel.game.title} has no shortcut '{verb or 'verb'}': type the turn as the game "
                f"writes it (e.g. {duel.game.action_example(duel.state())})"
            )
        text = shortcut.text(count, stones)
        timed_out = duel.timed_out is not None
        entered = _entered(duel, duel.play_text(text, player, source=Origin(Via.DRAW)))
        return Turned(timed_out, entered, None, situation(duel, duel.state()))


DESK = Origin(Via.DESK)


def enter(folder: Path, text: str, player: str, source: Origin = DESK) -> Entered:
    """Record one player's input as typed at a desk (the dashboard)."""
    with changing(folder) as duel:
        return _entered(duel, duel.play_text(text, player, source=source))


def bot_plays(
    folder: Path,
    name: str,
    kind: str = "mcts",
    level: Level = DEFAULT_LEVEL,
    seconds: float | None = None,
) -> Turned:
    """Let a bot of `kind` play `name`'s turn at `level` (it waits when `name` is not to
    play); `seconds` instead lets the search run that long a turn (the time decides). A
    practice game anywhere (the command line, the dashboard, a Discord bot) calls this."""
    with changing(folder) as duel:
        timed_out = duel.timed_out is not None
        bot = _bot_plays(duel, name, kind, level, seconds)
        return Turned(timed_out, None, bot, situation(duel, duel.state()))


def _bot_plays(duel: Duel, name: str, kind: str, level: Level, seconds: float | None) -> BotPlayed:
    player = duel.resolve_player(name, duel.state())
    state = duel.state()
    if player not in duel.game.to_act(state):
        return BotPlayed(player, kind, None, level)
    recorded = _bot_steps(duel, player, kind, level, seconds)
    words = ", ".join(duel.game.format_action(s.action) for s in recorded)
    if duel.game.simultaneous and duel.game.sealed(duel.state()):
        words = "orders in (sealed until the turn resolves)"
    return BotPlayed(player, kind, words, level, duel.game.turn_lines(state, duel.state()))


def _bot_steps(
    duel: Duel, player: str, kind: str, level: Level, seconds: float | None
) -> list[Step[Any]]:
    """A bot's turn for `player` (seeded by the duel's seed and the steps so far): the
    steps it recorded."""
    bot = make_bot(kind, duel.game, duel.seed + duel.store.step_count(), level, seconds)
    done = bot_turn(duel, bot, player)
    return duel.positions()[1][-done:] if done else []


def desk_bot(folder: Path, player: str, level: Level = DEFAULT_LEVEL) -> int:
    """The dashboard's bot: the search bot plays `player`'s turn at `level`; the number of
    actions it recorded."""
    with changing(folder) as duel:
        return len(_bot_steps(duel, player, "mcts", level, None))


def _play_file(duel: Duel, path: Path, player: str | None) -> Played:
    if path.suffix.lower() in (".xlsx", ".xlsm"):
        ordered = play_order_workbook(duel, path, player)
        if ordered is not None:
            return ordered
        return duel.play_text(_workbook_text(path), player, source=Origin.file(path.name))
    content = file_bytes(path)
    if path.suffix.lower() == ".json":
        try:
            data = load_json(content, path.name)
        except SheetReadError as exc:
            text = content.decode("utf-8", errors="replace")
            raw_id = duel.store.add_raw(player or "?", Origin.file(path.name), text)
            duel.store.add_errors(raw_id, [("duel.json", str(exc))])
            raise DuelHostError(f"{exc}; kept as input {raw_id}") from exc
        return duel.play_json(data, player, source=Origin.file(path.name))
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raw_id = duel.store.add_raw(
            player or "?", Origin.file(path.name), content.decode("utf-8", errors="replace")
        )
        duel.store.add_errors(raw_id, [("duel.file", f"{path.name}: not UTF-8 text")])
        raise DuelHostError(f"{path}: not UTF-8 text; kept as input {raw_id}") from exc
    return duel.play_text(text, player, source=Origin.file(path.name))


def file_bytes(path: Path) -> bytes:
    """A turn file's bytes, within the limits of docs/formats.md (sheets/limits.py)."""
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise DuelHostError(
            f"{path}: the file is {megabytes(size)}; festival reads at most "
            f"{megabytes(MAX_FILE_BYTES)}"
        )
    return path.read_bytes()


def _workbook_text(path: Path) -> str:
    """The actions a player wrote in a workbook: every non-empty cell of the first sheet, row
    by row, read as notation."""
    from sheets.xlsx_reader import read_workbook

    words: list[str] = []
    for grid in read_workbook(path).values():
        for row in grid.rows:
            words.extend(str(v) for v in row if v not in (None, ""))
        break
    return ", ".join(words)


def undo(folder: Path) -> Undone:
    """Take back the last action not yet confirmed (kept in the log, marked undone)."""
    with changing(folder) as duel:
        step = duel.undo()
        words = duel.game.format_action(step.action)
        return Undone(step.player, words, situation(duel, duel.state()))


# --- the clock ----------------------------------------------------------------------------


def clock(folder: Path, running: bool | None = None) -> ClockShown:
    """Start (True) or stop (False) the clock, or only read it (None); the time rule applied
    first (a duel that is over reads as stopped, and its clock cannot start)."""
    if running is None:
        with opened(folder) as duel:
            return ClockShown(duel.timed_out is not None, duel.clock().describe())
    with changing(folder) as duel:
        timed_out = duel.timed_out is not None
        duel.set_clock(running)
        return ClockShown(timed_out, duel.clock().describe())


def enforce_time(folder: Path) -> bool:
    """Record the loss of a player whose time ran out; whether one did."""
    with changing(folder) as duel:
        return duel.timed_out is not None


# --- reading ------------------------------------------------------------------------------


def show(folder: Path) -> Shown:
    with opened(folder) as duel:
        states, steps, _ = duel.positions()
        state = states[-1]
        picture = board_picture(duel.game, states, steps)
        view = duel.game.public_view(state)
        rows = tuple(view.get("rows", []))
        after = situation(duel, state)
        key = duel.game.board_key(state)
        return Shown(view, rows, after, picture, duel.timed_out is not None, key)


def log(folder: Path) -> Logged:
    with opened(folder) as duel:
        states, steps, rows = duel.positions()
        said = step_words(duel.game, states, steps)
        lines = tuple(
            LogLine(n, step.player, said[n - 1], row.raw_id)
            for n, (step, row) in enumerate(zip(steps, rows, strict=True), start=1)
        )
        undone: list[tuple[str, str]] = []
        for row in duel.store.steps(include_undone=True):
            if row.undone_at is None:
                continue
            parsed = duel.game.action_from_json(row.action)
            words = (
                duel.game.format_action(parsed.value) if parsed.value is not None else row.action
            )
            if duel.game.simultaneous:  # taken back before the turn resolved: never revealed
                words = "orders taken back before the turn resolved"
            undone.append((row.player, words))
        return Logged(
            duel.game.title,
            str(duel.config["variant"]),
            duel.players,
            duel.seed,
            tuple(duel.game.public_view(s) for s in states),
            lines,
            tuple(undone),
            _winner(duel, states[-1]),
            duel.timed_out is not None,
        )


def status(folder: Path) -> Status:
    with opened(folder) as duel:
        timed_out = duel.timed_out is not None
        states, steps, _ = duel.positions()
        described = duel.clock().describe() if duel.store.clock_events() else None
        return Status(
            timed_out,
            duel.game.title,
            str(duel.config["variant"]),
            duel.players,
            len(steps),
            situation(duel, states[-1]),
            described,
            _sides(duel.game, states[-1], duel.players),
            duel.game.simultaneous,
        )


def _sides(
    game: DuelGame[Any, Any], state: Any, players: tuple[str, ...]
) -> tuple[tuple[str, ...], ...]:
    """The players grouped by who wins or loses together (`DuelGame.allies`), in the order
    of play."""
    out: list[tuple[str, ...]] = []
    for player in players:
        if not any(player in side for side in out):
            out.append(tuple(p for p in players if p in game.allies(state, player)))
    return tuple(out)


@contextmanager
def history(folder: Path) -> Iterator[History]:
    """Every position of the duel, for a page that steps through it (open while in use)."""
    with opened(folder) as duel:
        states, steps, _ = duel.positions()
        words = step_words(duel.game, states, steps)  # sealed orders stay secret
        yield History(duel, tuple(states), tuple(steps), tuple(words))


# --- sealed orders (Elementarium) ---------------------------------------------------------


def require_simultaneous(duel: Duel) -> None:
    if not duel.game.simultaneous:
        raise DuelHostError(f"{duel.game.title} is not played by sealed orders")


def resolve_orders(
    folder: Path,
    inbox: Path | None,
    tabs: OrderTabs | None,
    out: Path | None,
    hold_missing: bool = False,
) -> OrdersResolved:
    """Read every awaited player's orders in one pass, from the inbox or their Orders tabs
    (`tabs`: the Google adapter's); the turn resolves when all are in. A player with no order
    file in the inbox holds (recorded as "hold", origin NO_ORDERS) only with `hold_missing`:
    without it the turn is not resolved (the files found are recorded, as when another's is
    wrong)."""
    if tabs is not None and hold_missing:
        raise DuelHostError(
            "--hold-missing is for --from (every player's Google tab is read; an untouched "
            "tab holds)"
        )
    with changing(folder) as duel:
        require_simultaneous(duel)
        now = duel.state()
        awaited = duel.game.to_act(now)
        if not awaited:
            raise DuelHostError("the duel is over")
        missing: tuple[str, ...] = ()
        unmatched: tuple[str, ...] = ()
        if tabs is not None:
            received = from_tabs(duel, awaited, tabs)
        else:
            assert inbox is not None
            turn = duel.game.turn_number(now)
            received, found = from_inbox(duel, inbox, awaited, turn)
            missing, unmatched = found.missing, found.unmatched
        orders = tuple(
            Ordered(player, got.origin, got.played.raw_id, got.note, got.waiting, got.played.errors)
            for player, got in received.items()
        )
        without = () if hold_missing else missing
        if without or not all(o.waiting or o.ok for o in orders):
            return OrdersResolved(orders, False, (), (), (), "", (), False, without, unmatched)
        for player in missing:
            duel.play_text("hold", player, source=NO_ORDERS)
        after = duel.state()
        view = duel.game.public_view(after)
        written = _write_order_books(duel, after, out) if out is not None else ()
        return OrdersResolved(
            orders,
            True,
            missing,
            duel.game.turn_lines(now, after),
            tuple(view.get("rows", [])),
            duel.game.progress(after),
            written,
            bool(duel.game.to_act(after)),
        )


def resolve_desk_turn(folder: Path) -> tuple[list[tuple[str, Entered]], list[str]]:
    """The dashboard's resolve: every awaited player without orders holds; what each hold
    recorded, and the words of the resolved turn."""
    with changing(folder) as duel:
        before = duel.state()
        held = [
            (player, _entered(duel, duel.play_text("hold", player, source=DESK)))
            for player in duel.game.to_act(before)
        ]
        return held, list(duel.game.turn_lines(before, duel.state()))


def _write_order_books(duel: Duel, state: Any, out: Path) -> tuple[Path, ...]:
    from festival.duels.order_books import order_template, write_order_workbook

    out.mkdir(parents=True, exist_ok=True)
    written = []
    turn = duel.game.turn_number(state)
    for player in duel.game.to_act(state):
        path = out / f"{order_file_stem(player, turn)}.xlsx"
        write_order_workbook(order_template(duel, state, player), path, duel.stamp(turn, player))
        written.append(path)
    return tuple(written)


def order_sheets(folder: Path, out: Path, force: bool = False) -> SheetsDone:
    """Write the order workbook of every player awaited this turn (their Orders tab in their
    Google spreadsheet: festival/google/duel_google.py)."""
    with changing(folder) as duel:
        require_simultaneous(duel)
        if force:
            raise DuelHostError("--force is for --google (a workbook is always written anew)")
        return SheetsDone(_write_order_books(duel, duel.state(), out), ())


# --- players acting for themselves (the Discord bot) --------------------------------------

CHANNEL_SETTING = "discord.channel"
USER_SETTING = "discord.user."
ANNOUNCED_SETTING = "discord.time-out-announced"
"""+ the player's name: the Discord user id who plays them"""


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
class Actor:
    """Who sent a command: the player they play in this duel (None: a spectator), and whether
    they hold the host's role."""

    player: str | None
    host: bool = False


@dataclass(frozen=True)
class Acted:
    """A command sent by a person (not typed by the host at the command line).

    `refused`: the sender may not do this now (not their turn, not their duel, not the host):
    nothing was stored or changed. `repeated`: this delivery was handled before (the same
    origin is stored): nothing was done again. Otherwise the command was stored first, then
    done (`entered`, `said`) or found wrong (`entered.problems`, `problem`)."""

    after: Situation
    to_act: tuple[str, ...]
    refused: str | None = None
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

    @property
    def done(self) -> bool:
        return (
            self.refused is None
            and not self.repeated
            and self.problem is None
            and (self.entered is None or self.entered.ok)
        )


def seat(folder: Path, channel: int | None, users: dict[str, int]) -> Seating:
    """Record the duel's Discord channel and which Discord user plays which player."""
    with changing(folder) as duel:
        _seat(duel, channel, users)
        return _seating(duel)


def seat_as(folder: Path, actor: Actor, player: str, user: int, origin: Origin) -> Acted:
    """The host seats `player` as Discord user `user` (the bot's `/host seat`); stored first,
    once per origin."""

    def command(duel: Duel, state: Any) -> Acted:
        raw_id = duel.store.add_raw("host", origin, f"seat {player} {user}")
        try:
            (name,) = _seat(duel, None, {player: user})
        except DuelHostError as exc:
            duel.store.add_errors(raw_id, [("duel.seat", str(exc))])
            return _acted(duel, state, problem=str(exc))
        return _acted(duel, state, said=f"{name} is now played by Discord user {user}.")

    return _once(folder, origin, actor, command, host_only=True)


def _seat(duel: Duel, channel: int | None, users: dict[str, int]) -> tuple[str, ...]:
    """Record a seating (every name and id checked before anything is recorded); the players
    seated, as the duel names them."""
    settings = seating_settings(duel.players, channel, users)
    for name, value in settings.items():
        duel.store.set_setting(name, value)
    return tuple(name.removeprefix(USER_SETTING) for name in settings if name != CHANNEL_SETTING)


def seating_settings(
    players: Sequence[str], channel: int | None, users: dict[str, int]
) -> dict[str, str]:
    """The duel store's settings for a seating; DuelHostError names a player who does not
    play or an id that is not one."""
    by_key = {p.lower(): p for p in players}
    settings: dict[str, str] = {}
    for name, user in users.items():
        player = by_key.get(name.strip().lower())
        if player is None:
            raise DuelHostError(f"{name!r} does not play in this duel ({', '.join(players)})")
        problem = discord_id_problem(user, "user")
        if problem:
            raise DuelHostError(f"{name}: {problem}")
        settings[USER_SETTING + player] = str(user)
    if channel is not None:
        problem = discord_id_problem(channel, "channel")
        if problem:
            raise DuelHostError(problem)
        settings[CHANNEL_SETTING] = str(channel)
    return settings


DISCORD_ID_LIMIT = 2**64
"""Discord's ids (snowflakes) are unsigned 64-bit numbers"""


def discord_id_problem(value: int, what: str) -> str | None:
    """Why `value` cannot be a Discord `what` id (user, channel), or None."""
    if 0 < value < DISCORD_ID_LIMIT:
        return None
    return (
        f"{value} is not a Discord {what} id: a positive number below 2^64, 17 to 20 digits "
        "(in Discord, Developer Mode, then Copy ID)"
    )


def seating(folder: Path) -> Seating:
    with _open(folder) as duel:
        return _seating(duel)


def _seating(duel: Duel) -> Seating:
    def number(name: str) -> int | None:
        text = duel.store.setting(name)
        return int(text) if text and text.isdigit() else None

    users = [(p, number(USER_SETTING + p)) for p in duel.players]
    return Seating(number(CHANNEL_SETTING), tuple((p, u) for p, u in users if u is not None))


def _acted(duel: Duel, before: Any, **fields: Any) -> Acted:
    """The result of a command, and whether it ended the turn that `before` was in."""
    states, steps, _ = duel.positions()
    after = states[-1]
    acting, now = duel.game.to_act(before), duel.game.to_act(after)
    ended = not now or not set(now) <= set(acting)
    lines: tuple[str, ...] = ()
    if ended and fields.get("entered") is not None:
        lines = duel.game.turn_lines(states[last_turn_start(duel.game, states)], after)
    ended = ended and before is not after
    picture = board_picture(duel.game, states, steps) if ended else None
    return Acted(
        situation(duel, after),
        now,
        timed_out=duel.timed_out is not None,
        turn_ended=ended,
        turn_lines=lines,
        sealed=duel.game.sealed(after),
        picture=picture,
        **fields,
    )


def _repeated(duel: Duel, origin: Origin) -> Acted | None:
    """The answer to a delivery already handled (its origin is stored): nothing is redone."""
    earlier = duel.store.raw_from(origin)
    if earlier is None:
        return None
    state = duel.state()
    problems = tuple(DuelProblem(code, text) for code, text in duel.store.errors(earlier.id))
    entered = Entered(earlier.id, (), problems)
    return Acted(situation(duel, state), duel.game.to_act(state), repeated=True, entered=entered)


def _refusal(duel: Duel, state: Any, actor: Actor, any_time: bool = False) -> str | None:
    """Why `actor` may not act for themselves now (None: they may)."""
    outcome = duel.game.outcome(state)
    if outcome is not None:
        return f"The duel is over: {outcome.detail}."
    if actor.player is None:
        return "You do not play in this duel."
    acting = duel.game.to_act(state)
    if any_time or actor.player in acting:
        return None
    if duel.game.simultaneous:
        return f"Your orders for this turn are in; waiting for {', '.join(acting)}."
    return f"It is {', '.join(acting)}'s turn, not yours."


NOT_HOST = "Only the host may do that."


def _once(
    folder: Path,
    origin: Origin,
    actor: Actor,
    command: Callable[[Duel, Any], Acted],
    host_only: bool = False,
) -> Acted:
    """Run a command under the duel's lock once per origin: a delivery already handled is
    answered as before and nothing is redone; with `host_only` anyone but the host is refused.
    `command` gets the duel and its position."""
    with changing(folder) as duel:
        earlier = _repeated(duel, origin)
        if earlier is not None:
            return earlier
        state = duel.state()
        if host_only and not actor.host:
            return _acted(duel, state, refused=NOT_HOST)
        return command(duel, state)


def act(folder: Path, actor: Actor, text: str, origin: Origin) -> Acted:
    """A player's input (the game's notation: a move, a draw, confirm, their orders) for
    themselves, on their turn; stored, then checked and recorded all or nothing, once per
    origin. A player may not name a draw's outcome (`DuelGame.chance_named`): the duel's
    seed draws it."""

    def command(duel: Duel, state: Any) -> Acted:
        refused = _refusal(duel, state, actor)
        if refused is not None:
            return _acted(duel, state, refused=refused)
        assert actor.player is not None
        played = _play_own(duel, text, actor.player, origin, actor.host)
        return _acted(duel, state, entered=_entered(duel, played))

    return _once(folder, origin, actor, command)


def _play_own(duel: Duel, text: str, player: str, origin: Origin, host: bool) -> Played:
    raw_id = duel.store.add_raw(player, origin, text)
    parsed = duel.game.parse_actions(text)
    if not host and parsed.value is not None and any(map(duel.game.chance_named, parsed.value)):
        shortcut = offers.find_shortcut(duel.game.name, None)
        how = f" (/{shortcut.verb} N)" if shortcut else ""
        problem = DuelProblem(
            "duel.chance", f"the draw is made with the duel's seed: give only how many{how}"
        )
        return duel.reject(raw_id, (problem,))
    return duel.play_stored(raw_id, text, player)


def act_for(folder: Path, actor: Actor, player: str | None, text: str, origin: Origin) -> Acted:
    """The host records an input for a player (stones drawn elsewhere; None: the player to
    act): stored as that player's, checked and recorded as theirs, once per origin."""

    def command(duel: Duel, state: Any) -> Acted:
        who = duel.resolve_player(player, state)
        played = _play_own(duel, text, who, origin, host=True)
        return _acted(duel, state, entered=_entered(duel, played))

    return _once(folder, origin, actor, command, host_only=True)


def resign(
    folder: Path, actor: Actor, origin: Origin, player: str | None = None, time: bool = False
) -> Acted:
    """A player resigns (whenever the game allows, not only on their turn); or the host
    records `player`'s resignation or loss on time (`time`). Stored first, once per origin."""

    def command(duel: Duel, state: Any) -> Acted:
        if player is not None or time:
            who = duel.resolve_player(player or actor.player, state)
        else:
            refused = _refusal(duel, state, actor, any_time=True)
            if refused is not None:
                return _acted(duel, state, refused=refused)
            assert actor.player is not None
            who = actor.player
        reason = ConcedeReason.TIME if time else ConcedeReason.RESIGN
        action = duel.game.forfeit_action(who, reason)
        if action is None:
            return _acted(duel, state, refused=f"{duel.game.title} has no {reason.value}.")
        played = _play_own(duel, duel.game.format_action(action), who, origin, host=True)
        return _acted(duel, state, entered=_entered(duel, played))

    return _once(folder, origin, actor, command, host_only=player is not None or time)


def undo_as(folder: Path, actor: Actor, origin: Origin, host: bool = False) -> Acted:
    """Take back the last action not yet confirmed: a player their own, on their turn (their
    sealed orders: until the turn resolves); the host (`host`: the host's command) anyone's.
    Stored first (as the text "undo"), once per origin."""

    def command(duel: Duel, state: Any) -> Acted:
        if not host:  # sealed orders are taken back after they are in, before the turn ends
            steps = duel.positions()[1]
            refused = _refusal(duel, state, actor, any_time=duel.game.simultaneous)
            if refused is None and (not steps or steps[-1].player != actor.player):
                refused = "The last action is not yours to take back."
            if refused is not None:
                return _acted(duel, state, refused=refused)
        raw_id = duel.store.add_raw(actor.player or "host", origin, "undo")
        try:
            step = duel.undo()
        except DuelHostError as exc:
            duel.store.add_errors(raw_id, [("duel.undo", str(exc))])
            return _acted(duel, state, problem=str(exc))
        words = duel.game.format_action(step.action)
        if duel.game.simultaneous:
            words = "orders"
        return _acted(duel, state, said=f"Took back {step.player}'s {words} (kept in the log).")

    return _once(folder, origin, actor, command, host_only=host)


def clock_as(folder: Path, actor: Actor, running: bool, origin: Origin) -> Acted:
    """The host starts or stops the clock; stored first, once per origin."""

    def command(duel: Duel, state: Any) -> Acted:
        raw_id = duel.store.add_raw("host", origin, f"clock {'start' if running else 'stop'}")
        try:
            duel.set_clock(running)
        except DuelHostError as exc:
            duel.store.add_errors(raw_id, [("duel.clock", str(exc))])
            return _acted(duel, state, problem=str(exc))
        return _acted(duel, state, said=duel.clock().describe())

    return _once(folder, origin, actor, command, host_only=True)


@dataclass(frozen=True)
class Watched:
    """The clock as a watcher sees it: the time rule applied first."""

    after: Situation
    winner: Winner | None
    running: bool
    left: tuple[tuple[str, float], ...]
    """(player whose time runs, seconds before they lose: the turn's time plus reserve)"""
    steps: int
    """actions recorded (a new turn is a new count)"""
    announced: bool = False
    """the loss on time that ended the duel was announced on Discord (`time_out_announced`)"""


def watch(folder: Path) -> Watched:
    """What a clock watcher needs: a loss on time that has happened is recorded first."""
    with opened(folder) as duel:
        states, steps, _ = duel.positions()
        state = states[-1]
        left: tuple[tuple[str, float], ...] = ()
        running = False
        if duel.store.clock_events():
            reading = duel.clock()
            running = reading.running
            if reading.limited and running:
                left = tuple(
                    (p, reading.turn_left + reading.reserve_left.get(p, 0)) for p in reading.waiting
                )
        announced = duel.store.setting(ANNOUNCED_SETTING) == str(len(steps))
        winner = _winner(duel, state)
        return Watched(situation(duel, state), winner, running, left, len(steps), announced)


def time_out_announced(folder: Path, steps: int) -> None:
    """Record that the loss on time ending the duel after `steps` actions was announced on
    Discord, so a bot started later does not announce it again (one taken back and a later
    one, after more actions, are announced anew)."""
    with changing(folder) as duel:
        duel.store.set_setting(ANNOUNCED_SETTING, str(steps))


# --- practice duels against the bot (the Discord bot's /practice) -----------------------------


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
    """A practice duel started (`practice`); or why not, in one line (`problem`); or the
    command was handled before (`repeated`: nothing was done again)."""

    practice: Practice | None = None
    problem: str | None = None
    repeated: bool = False


def _practice(duel: Duel, picture: bool = False) -> Practice | None:
    """The duel as a practice duel (None: it is not one)."""
    seat = duel.store.setting(practice.BOT_SETTING)
    chosen = parse_level(duel.store.setting(practice.LEVEL_SETTING) or "")
    if seat not in duel.players or chosen is None:
        return None
    seating = _seating(duel)
    (player,) = [p for p in duel.players if p != seat]
    states, steps, _ = duel.positions()
    return Practice(
        duel.folder,
        duel.game.title,
        str(duel.config["variant"]),
        player,
        seat,
        chosen,
        seating.channel,
        seating.user_of(player),
        situation(duel, states[-1]),
        duel.game.to_act(states[-1]),
        duel.game.simultaneous,
        board_picture(duel.game, states, steps) if picture else None,
    )


def _live_practice(folder: Path) -> Practice | None:
    """The practice duel in `folder` while it goes on (None: over, or not one)."""
    with _open(folder) as duel:
        found = _practice(duel)
    return found if found is not None and found.after.over is None else None


def practices(base: Path) -> tuple[Practice, ...]:
    """The practice duels under `base` still going on (a bot started again picks them up)."""
    found = (_live_practice(folder) for folder in practice.practice_folders(base))
    return tuple(p for p in found if p is not None)


def practice_start(
    base: Path,
    asked: practice.Asked,
    channel: int,
    user: int,
    display: str,
    key: int,
    origin: Origin,
) -> PracticeStarted:
    """Start the practice duel a Discord user asked for in `channel` (`key`: the command's
    id, `origin`: where it came from), kept under `base`: the user seated as themselves
    (their `display` name), the bot's seat marked with its level, the seed drawn and
    recorded, the command stored in the duel. Once per `key`; refused while the user plays
    a practice duel in that channel that is not over."""
    if asked.problem is not None:
        return PracticeStarted(problem=asked.problem)
    mine = practice.player_folder(base, channel, user)
    if any(mine.glob(f"*-{key}")):
        return PracticeStarted(repeated=True)
    for folder in practice.practice_folders(mine, depth=1):
        if (live := _live_practice(folder)) is not None:
            return PracticeStarted(
                problem=f"You are playing {live.title} against {live.bot} here already: "
                "/resign ends it."
            )
    bot = practice.bot_name(asked.level)
    human = practice.player_name(display, asked.level)
    players = [bot, human] if asked.bot_first else [human, bot]
    folder = practice.practice_folder(base, asked.game, channel, user, key)
    settings = seating_settings(players, channel, {human: user})
    duel = Duel.create(folder, asked.game, None, {}, players, None)
    try:
        for name, value in settings.items():
            duel.store.set_setting(name, value)
        duel.store.set_setting(practice.BOT_SETTING, bot)
        duel.store.set_setting(practice.LEVEL_SETTING, asked.level.value)
        first = "bot" if asked.bot_first else "me"
        duel.store.add_raw(human, origin, f"practice {asked.game} {asked.level.value} {first}")
        return PracticeStarted(_practice(duel, picture=True))
    finally:
        duel.close()


def practice_answer(folder: Path) -> Acted | None:
    """The practice bot's turn in a practice duel, when its seat alone is to act (it starts,
    or the player's turn ended): the search bot at the duel's level plays it from what its
    seat knows (`DuelGame.known_to`: never the player's sealed orders), recorded as the bot's
    input. None (nothing done) in a duel that is not a practice duel, one that is over, or
    when the bot's seat is not the only one to act; it never acts for the player's seat."""
    with changing(folder) as duel:
        found = _practice(duel)
        state = duel.state()
        if found is None or found.after.over is not None or found.to_act != (found.bot,):
            return None
        recorded = _bot_steps(duel, found.bot, "mcts", found.level, None)
        if not recorded:
            return None
        words = tuple(duel.game.format_action(s.action) for s in recorded)
        if duel.game.sealed(duel.state()):  # orders in, not yet resolved: never said
            words = ()
        raw_id = duel.store.raws()[-1].id
        return _acted(duel, state, entered=Entered(raw_id, words, ()))
