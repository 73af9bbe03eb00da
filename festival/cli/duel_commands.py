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

from festival.cli import bot_commands
from festival.cli.dashboard_launch import streamlit_command, url
from festival.cli.duel_parser import samples
from festival.cli.duel_read_commands import say_timed_out, situation_line
from festival.cli.duel_words import worded
from festival.core import registry
from festival.core.errors import DuelHostError
from festival.core.paths import fixture
from festival.duels import service
from festival.duels.acts import BotMove, NewDuel, Play, PlayFile, Seat, SetClock, Undo
from festival.duels.levels import Level
from festival.duels.service import Entered


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


@worded
def draw(args: argparse.Namespace) -> int:
    """A game's shortcut verb (events/offers.py): `festival duel draw DIR N` is Element's take."""
    done = service.draw(args.duel, args.count, args.detail, args.player, args.verb)
    say_timed_out(done.timed_out)
    assert done.entered is not None
    code = _report(done.entered)
    if code == 0:
        print(situation_line(done.after))
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
    say_timed_out(done.timed_out)
    code = _report(done.entered) if done.entered is not None else 0
    if done.entered is None and not args.bot:
        raise DuelHostError("give the TURN as typed, --from FILE, or --bot PLAYER")
    if code == 0 and args.bot:
        level = Level(args.bot_level)
        move = BotMove(args.bot, args.bot_kind, level, args.seconds)
        done = service.as_host(args.duel, move)
        say_timed_out(done.timed_out)
        assert done.bot is not None
        if done.bot.words is None:
            print(f"{done.bot.player} is not to play now; the bot waits.")
        else:
            bot = f"{done.bot.kind} bot" + (f", {level.value}" if done.bot.kind != "random" else "")
            print(f"{done.bot.player} ({bot}): {done.bot.words}")
            for line in done.bot.turn_lines:
                print(f"  {line}")
    print(situation_line(done.after))
    return code


@worded
def undo(args: argparse.Namespace) -> int:
    done = service.as_host(args.duel, Undo(host=True))
    assert done.took_back is not None
    player, words = done.took_back
    print(f"Took back {player}'s {words!r} (kept in the log).")
    print(situation_line(done.after))
    return 0


@worded
def clock(args: argparse.Namespace) -> int:
    running = {"start": True, "stop": False}.get(args.action)
    if running is None:
        shown = service.clock(args.duel)
        say_timed_out(shown.timed_out)
        print(shown.clock)
        return 0
    done = service.as_host(args.duel, SetClock(running))
    say_timed_out(done.timed_out)
    print(done.said)
    return 0


def demo(args: argparse.Namespace) -> int:
    """Replay the shipped sample duel into a new folder and show it."""
    folder = args.folder or _free_folder(Path.cwd(), "duel-demo")
    entry = registry.find_duel(args.game)
    if entry is None or entry.sample is None:
        raise DuelHostError(f"no sample duel of {args.game!r}: {', '.join(samples())}")
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
