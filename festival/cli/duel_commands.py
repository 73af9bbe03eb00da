"""What each `festival duel` subcommand does: read the arguments, make them the duel command
they name (festival/duels/acts.py), sent by the host, or the read they ask for, through
the duel service (festival/duels/service.py), and print what it returns."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from festival.cli import bot_commands, duel_discord_commands
from festival.cli.dashboard_launch import add_address, streamlit_command, url
from festival.cli.duel_order_commands import add_parsers
from festival.cli.duel_words import worded
from festival.core import registry
from festival.core.errors import DuelHostError
from festival.core.paths import fixture
from festival.duels import offers, service
from festival.duels.acts import BotMove, NewDuel, Play, PlayFile, Seat, SetClock, Undo
from festival.duels.bots import BOTS
from festival.duels.levels import DEFAULT_LEVEL, LEVEL_NAMES, Level
from festival.duels.service import Entered, Situation


def _options(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise DuelHostError(f"--option {pair!r}: write NAME=VALUE")
        try:
            parsed: Any = json.loads(value)
        except json.JSONDecodeError:
            parsed = value
        if key.strip() in out and out[key.strip()] != parsed:
            raise DuelHostError(f"--option {key.strip()} is given twice; give one value")
        out[key.strip()] = parsed
    return out


@worded
def new(args: argparse.Namespace) -> int:
    """The host's `NewDuel`, through the duel service's door for a new duel."""
    players = tuple(p for p in str(args.players).replace(";", ",").split(","))
    command = NewDuel(
        args.game,
        players,
        args.variant,
        tuple(_options(args.option).items()),
        args.seed,
        getattr(args, "board", None),
        args.discord_channel,
        tuple(_users(args.discord_user, "--discord-user").items()),
    )
    made = service.begin(args.duel, command, service.HOST, service.TEXT_ORIGIN)
    starts = "Both send orders each turn." if made.simultaneous else f"{made.first} starts."
    print(
        f"Created {made.title} duel {args.duel} ({made.variant}) for "
        f"{', '.join(made.players)}; seed {made.seed}. {starts}"
    )
    if made.seated.channel is not None or made.seated.users:
        print(_seated_line(args.duel, made.seated))
    return 0


def _report(entered: Entered) -> int:
    if not entered.ok:
        # a refused move names whose turn it was taken as (a command typed twice by mistake
        # is taken as the next player's turn)
        turn = f" for {entered.turn_of}, whose turn it is;" if entered.turn_of else ";"
        print(
            f"Nothing recorded{turn} what was typed is kept in the duel's log as input "
            f"{entered.raw_id}:",
            file=sys.stderr,
        )
        for error in entered.problems:
            print(f"  {error}", file=sys.stderr)
        return 1
    print(f"Recorded: {', '.join(entered.words)}")
    for line in entered.turn_lines:
        print(f"  {line}")
    return 0


TIMED_OUT = "Time ran out: recorded."


def _timed_out(happened: bool, json_out: bool = False) -> None:
    """Say that a loss on time was recorded before the command (beside JSON: on stderr)."""
    if happened:
        print(TIMED_OUT, file=sys.stderr if json_out else sys.stdout)


def _situation(now: Situation) -> str:
    return f"The duel is over: {now.over}." if now.over is not None else now.progress


@worded
def draw(args: argparse.Namespace) -> int:
    """A game's shortcut verb (events/offers.py): `festival duel draw DIR N` is Element's take."""
    done = service.draw(args.duel, args.count, args.detail, args.player, args.verb)
    _timed_out(done.timed_out)
    assert done.entered is not None
    code = _report(done.entered)
    if code == 0:
        print(_situation(done.after))
    return code


def turn_command(args: argparse.Namespace) -> Play | PlayFile | None:
    """The turn `duel play` was given: a file (--from), as typed, or none (a bot's turn)."""
    if args.source is not None:
        return PlayFile(args.source, args.player)
    if args.turn:
        return Play(args.turn, args.player, host=True)
    return None


@worded
def play(args: argparse.Namespace) -> int:
    turn = turn_command(args)
    done = service.as_host(args.duel, turn) if turn is not None else service.play(args.duel)
    _timed_out(done.timed_out)
    code = _report(done.entered) if done.entered is not None else 0
    if done.entered is None and not args.bot:
        raise DuelHostError("give the TURN as typed, --from FILE, or --bot PLAYER")
    if code == 0 and args.bot:
        level = Level(args.bot_level)
        move = BotMove(args.bot, args.bot_kind, level, args.seconds)
        done = service.as_host(args.duel, move)
        _timed_out(done.timed_out)
        assert done.bot is not None
        if done.bot.words is None:
            print(f"{done.bot.player} is not to play now; the bot waits.")
        else:
            bot = f"{done.bot.kind} bot" + (f", {level.value}" if done.bot.kind != "random" else "")
            print(f"{done.bot.player} ({bot}): {done.bot.words}")
            for line in done.bot.turn_lines:
                print(f"  {line}")
    print(_situation(done.after))
    return code


@worded
def undo(args: argparse.Namespace) -> int:
    done = service.as_host(args.duel, Undo(host=True))
    assert done.took_back is not None
    player, words = done.took_back
    print(f"Took back {player}'s {words!r} (kept in the log).")
    print(_situation(done.after))
    return 0


def show(args: argparse.Namespace) -> int:
    shown = service.show(args.duel)
    _timed_out(shown.timed_out, args.json)
    if args.json:
        print(json.dumps(shown.view, indent=1))
    else:
        for line in (*shown.rows, *shown.key):
            print(line)
        print(_situation(shown.after))
    if args.png or args.svg:
        from festival.core import picture as duel_picture  # the imaging library, when asked

        if args.png:
            args.png.write_bytes(duel_picture.png(shown.picture))
            print(f"Wrote {args.png}", file=sys.stderr)
        if args.svg:
            args.svg.write_text(duel_picture.svg(shown.picture))
            print(f"Wrote {args.svg}", file=sys.stderr)
    return 0


def log(args: argparse.Namespace) -> int:
    logged = service.log(args.duel)
    _timed_out(logged.timed_out, args.json)
    if args.json:
        print(json.dumps(list(logged.views), indent=1))
        return 0
    title = f"{logged.title} ({logged.variant}), {' vs '.join(logged.players)}"
    print(f"{title}, seed {logged.seed}")
    for line in logged.lines:
        print(f"{line.n:>4}. {line.player}: {line.words}  (input {line.raw_id})")
    for player, words in logged.undone:
        print(f"      undone: {player}: {words}")
    if logged.winner:
        w = logged.winner
        print(f"Winner: {w.player} ({w.reason}): {w.detail}.")
    return 0


def status(args: argparse.Namespace) -> int:
    now = service.status(args.duel)
    _timed_out(now.timed_out)
    sides = now.sides or tuple((p,) for p in now.players)
    versus = " vs ".join(" & ".join(side) for side in sides)
    print(f"{now.title} duel {args.duel}: {versus} ({now.variant})")
    print(f"{now.actions} action(s) recorded.")
    print(_situation(now.after))
    if now.clock is not None:
        print(now.clock)
    return 0


@worded
def clock(args: argparse.Namespace) -> int:
    running = {"start": True, "stop": False}.get(args.action)
    if running is None:
        shown = service.clock(args.duel)
        _timed_out(shown.timed_out)
        print(shown.clock)
        return 0
    done = service.as_host(args.duel, SetClock(running))
    _timed_out(done.timed_out)
    print(done.said)
    return 0


def demo(args: argparse.Namespace) -> int:
    """Replay the shipped sample duel into a new folder and show it."""
    folder = args.folder or _free_folder(Path.cwd(), "duel-demo")
    entry = registry.find_duel(args.game)
    if entry is None or entry.sample is None:
        raise DuelHostError(f"no sample duel of {args.game!r}: {', '.join(_samples())}")
    sampled = service.play_sample(folder, fixture(*entry.sample))
    for line in sampled.rows:
        print(line)
    print(f"Sample duel in {folder}: {sampled.turns} turns.")
    if sampled.winner:
        print(f"Winner: {sampled.winner.player}: {sampled.winner.detail}.")
    print(f"Next: festival duel log {folder}; festival duel show {folder} --png board.png")
    return 0


def dashboard(args: argparse.Namespace) -> int:
    """Open the dashboard on the Duels page for one duel folder (or a folder of duels)."""
    import os

    from festival.core.child import run_child

    if not args.duel.is_dir():
        raise DuelHostError(f"{args.duel} is not a duel folder (or a folder of duels)")
    command = streamlit_command(args.port, args.address)  # this computer only, unless told
    env = {**os.environ, "FESTIVAL_DUELS": str(args.duel.resolve())}
    env.pop("FESTIVAL_MATCH", None)
    where = url(args.port, args.address)
    print(f"Opening the dashboard's Duels page for {args.duel} at {where} (Ctrl-C to stop).")
    return run_child(command, env)


_USER = re.compile(r"<@!?([0-9]+)>|([0-9]+)")


def _users(pairs: list[str], flag: str) -> dict[str, int]:
    """`PLAYER=DISCORD_USER_ID` pairs as typed (the id as a number or as Discord's mention,
    `<@ID>`, which is what a copied mention pastes as); a player named twice is refused."""
    users: dict[str, int] = {}
    seen: set[str] = set()
    for pair in pairs:
        name, sep, number = pair.partition("=")
        found = _USER.fullmatch(number.strip()) if sep else None
        if found is None:
            raise DuelHostError(f"{flag} {pair!r}: write PLAYER=DISCORD_USER_ID (a number)")
        if name.strip().casefold() in seen:
            raise DuelHostError(f"{flag}: {name.strip()} is named twice; give each player once")
        seen.add(name.strip().casefold())
        users[name.strip()] = int(found.group(1) or found.group(2))
    return users


def _seated_line(folder: Path, seated: service.Seating) -> str:
    where = f"channel {seated.channel}" if seated.channel is not None else "no channel yet"
    people = ", ".join(f"{p} = user {u}" for p, u in seated.users) or "nobody seated yet"
    return f"Duel {folder} on Discord: {where}; {people}."


@worded
def seat(args: argparse.Namespace) -> int:
    """Record the duel's Discord channel and which Discord user plays whom."""
    users = tuple(_users(args.user, "--user").items())
    service.as_host(args.duel, Seat(users, args.channel))
    print(_seated_line(args.duel, service.seating(args.duel)))
    return 0


def bot(args: argparse.Namespace) -> int:
    """Run the Discord bot for a duel folder, every duel of a folder, or a match (its players'
    hand-ins too): `festival bot`, until Ctrl-C."""
    return bot_commands.bot(args)


def _free_folder(base: Path, stem: str) -> Path:
    n = 1
    while (base / f"{stem}-{n}").exists():
        n += 1
    return base / f"{stem}-{n}"


def add_arguments(duel: argparse.ArgumentParser) -> None:
    """The `festival duel` subcommands, in the parser festival/cli/main.py made for them."""
    dsub = duel.add_subparsers(dest="duel_command", metavar="DUEL_COMMAND", required=True)

    p = dsub.add_parser("new", help="create a duel folder")
    p.add_argument("duel", type=Path)
    p.add_argument("--game", default="element", help=", ".join(d.name for d in registry.duels()))
    if offers.boards():  # the games' own boards (events/offers.py)
        p.add_argument("--board", help=offers.boards_help())
    p.add_argument("--variant", help=f"the rule text's variant ({offers.variants_help()})")
    p.add_argument("--players", required=True, help='the players, the first starts: "A,B"')
    p.add_argument("--seed", type=int, help="the duel's seed (drawn and recorded if not given)")
    p.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="change a switch"
    )
    p.add_argument(
        "--discord-channel", type=int, metavar="ID", help="the Discord channel it is played in"
    )
    p.add_argument(
        "--discord-user",
        action="append",
        default=[],
        metavar="PLAYER=ID",
        help="a player's Discord user id (as `festival duel seat --user`)",
    )
    p.set_defaults(run=new)

    for shortcut, titles in offers.shortcuts():  # Element's `take N`: festival duel draw DIR N
        whose = " and ".join(titles)
        p = dsub.add_parser(
            shortcut.command, help=f"{shortcut.help} ({whose}'s /{shortcut.verb} N)"
        )
        p.add_argument("duel", type=Path)
        p.add_argument("count", type=int, help=shortcut.count)
        if shortcut.detail:
            p.add_argument(
                f"--{shortcut.detail}",
                dest="detail",
                metavar=shortcut.detail.upper(),
                help=f"{shortcut.host_help}, {shortcut.detail_help}",
            )
        p.add_argument("--player", help="who acts (default: the player to act)")
        p.set_defaults(run=draw, verb=shortcut.verb, detail=None)

    p = dsub.add_parser("play", help="record a player's actions as typed")
    p.add_argument("duel", type=Path)
    examples = "; ".join(f'{d.name}: "{d.example}"' for d in registry.duels() if d.example)
    p.add_argument("turn", nargs="?", help=f"the actions as the game writes them, e.g. {examples}")
    p.add_argument(
        "--from", dest="source", type=Path, help="a .json turn, a text file or a workbook"
    )
    p.add_argument("--player", help="who acts (default: the player to act)")
    p.add_argument("--bot", metavar="PLAYER", help="then let a bot play for PLAYER")
    p.add_argument("--bot-kind", choices=BOTS, default="mcts", help="the bot (mcts)")
    p.add_argument(
        "--bot-level",
        choices=LEVEL_NAMES,
        default=DEFAULT_LEVEL.value,
        help=f"how strong the search bot plays ({DEFAULT_LEVEL.value}; docs/duels-guide.md)",
    )
    p.add_argument(
        "--seconds",
        type=_seconds,
        help="instead of a level, let the bot search this long a turn (not reproducible)",
    )
    p.set_defaults(run=play)

    p = dsub.add_parser("undo", help="take back the last action not yet confirmed")
    p.add_argument("duel", type=Path)
    p.set_defaults(run=undo)

    p = dsub.add_parser("show", help="the board now")
    p.add_argument("duel", type=Path)
    p.add_argument("--png", type=Path, help="also write the board as PNG (for Discord)")
    p.add_argument("--svg", type=Path, help="also write the board as SVG")
    p.add_argument("--json", action="store_true", help="the state JSON (docs/formats.md)")
    p.set_defaults(run=show)

    p = dsub.add_parser("log", help="every recorded action")
    p.add_argument("duel", type=Path)
    p.add_argument("--json", action="store_true", help="the state JSON of every position")
    p.set_defaults(run=log)

    p = dsub.add_parser("status", help="whose turn, the turn so far, the clock, the winner")
    p.add_argument("duel", type=Path)
    p.set_defaults(run=status)

    p = dsub.add_parser("clock", help="start or stop the clock (the host keeps time)")
    p.add_argument("duel", type=Path)
    p.add_argument("action", choices=("start", "stop", "show"))
    p.set_defaults(run=clock)

    p = dsub.add_parser("dashboard", help="open the dashboard's Duels page for a duel folder")
    p.add_argument("duel", type=Path)
    p.add_argument("--port", type=int, help="the local port (Streamlit's default: 8501)")
    add_address(p)
    p.set_defaults(run=dashboard)

    p = dsub.add_parser("seat", help="name a duel's Discord channel and who plays whom")
    p.add_argument("duel", type=Path)
    p.add_argument("--channel", type=int, help="the Discord channel id the duel is played in")
    p.add_argument(
        "--user", action="append", default=[], metavar="PLAYER=ID", help="a player's user id"
    )
    p.set_defaults(run=seat)

    p = dsub.add_parser("bot", help="run the Discord bot (token: $FESTIVAL_DISCORD_TOKEN)")
    bot_commands.add_bot_arguments(p, "a duel folder, or a match (every duel in duels/)")
    p.set_defaults(run=bot)

    p = dsub.add_parser("demo", help="play the shipped sample duel in a new folder")
    p.add_argument("folder", type=Path, nargs="?")
    p.add_argument("--game", choices=_samples(), default="element", help="whose sample")
    p.set_defaults(run=demo)

    add_parsers(dsub)
    duel_discord_commands.add_parsers(dsub)


def _seconds(text: str) -> float:
    """A bot's time per turn: a number of seconds above 0 (and at most an hour)."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"{text[:40]!r}: give a number of seconds above 0")
    return value


def _samples() -> list[str]:
    """The duel games that ship a sample duel."""
    return sorted(d.name for d in registry.duels() if d.sample is not None)
