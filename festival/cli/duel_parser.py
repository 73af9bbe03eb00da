"""The `festival duel` subcommands' parser: each subcommand's arguments, and its body named
as "module:function" (festival/cli/command.py), imported when it runs. Building it imports
the registry and what the games offer (shortcut verbs, boards), the bots' kinds and levels,
and no duel service: `festival duel status` loads the duel's reads only
(festival/cli/duel_read_commands.py), a command that changes a duel the whole service
(festival/cli/duel_commands.py, duel_order_commands.py, duel_discord_commands.py)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from festival.cli import bot_commands
from festival.cli.command import Command
from festival.cli.dashboard_launch import add_address, port_number
from festival.core import registry
from festival.duels import offers
from festival.duels.bots import BOTS
from festival.duels.levels import DEFAULT_LEVEL, LEVEL_NAMES


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
    p.set_defaults(run=Command("festival.cli.duel_commands", "new"))

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
        p.set_defaults(
            run=Command("festival.cli.duel_commands", "draw"), verb=shortcut.verb, detail=None
        )

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
    p.set_defaults(run=Command("festival.cli.duel_commands", "play"))

    p = dsub.add_parser("undo", help="take back the last action not yet confirmed")
    p.add_argument("duel", type=Path)
    p.set_defaults(run=Command("festival.cli.duel_commands", "undo"))

    p = dsub.add_parser("show", help="the board now")
    p.add_argument("duel", type=Path)
    p.add_argument("--png", type=Path, help="also write the board as PNG (for Discord)")
    p.add_argument("--svg", type=Path, help="also write the board as SVG")
    p.add_argument("--json", action="store_true", help="the state JSON (docs/formats.md)")
    p.set_defaults(run=Command("festival.cli.duel_read_commands", "show"))

    p = dsub.add_parser("log", help="every recorded action")
    p.add_argument("duel", type=Path)
    p.add_argument("--json", action="store_true", help="the state JSON of every position")
    p.set_defaults(run=Command("festival.cli.duel_read_commands", "log"))

    p = dsub.add_parser("status", help="whose turn, the turn so far, the clock, the winner")
    p.add_argument("duel", type=Path)
    p.set_defaults(run=Command("festival.cli.duel_read_commands", "status"))

    p = dsub.add_parser("clock", help="start or stop the clock (the host keeps time)")
    p.add_argument("duel", type=Path)
    p.add_argument("action", choices=("start", "stop", "show"))
    p.set_defaults(run=Command("festival.cli.duel_commands", "clock"))

    p = dsub.add_parser("dashboard", help="open the dashboard's Duels page for a duel folder")
    p.add_argument("duel", type=Path)
    p.add_argument("--port", type=port_number, help="the local port (Streamlit's default: 8501)")
    add_address(p)
    p.set_defaults(run=Command("festival.cli.duel_commands", "dashboard"))

    p = dsub.add_parser("seat", help="name a duel's Discord channel and who plays whom")
    p.add_argument("duel", type=Path)
    p.add_argument("--channel", type=int, help="the Discord channel id the duel is played in")
    p.add_argument(
        "--user", action="append", default=[], metavar="PLAYER=ID", help="a player's user id"
    )
    p.set_defaults(run=Command("festival.cli.duel_commands", "seat"))

    p = dsub.add_parser("bot", help="run the Discord bot (token: $FESTIVAL_DISCORD_TOKEN)")
    bot_commands.add_bot_arguments(p, "a duel folder, or a match (every duel in duels/)")
    p.set_defaults(run=Command("festival.cli.duel_commands", "bot"))

    p = dsub.add_parser("demo", help="play the shipped sample duel in a new folder")
    p.add_argument("folder", type=Path, nargs="?")
    p.add_argument("--game", choices=samples(), default="element", help="whose sample")
    p.set_defaults(run=Command("festival.cli.duel_commands", "demo"))

    _order_parsers(dsub)
    _discord_parsers(dsub)


def _order_parsers(dsub: Any) -> None:
    """Simultaneous duels at the host's desk (festival/cli/duel_order_commands.py)."""
    credentials = "the service-account JSON file (default: FESTIVAL_GOOGLE_CREDENTIALS)"
    p = dsub.add_parser("resolve", help="resolve a turn from every player's orders")
    p.add_argument("duel", type=Path)
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument("--from", dest="inbox", type=Path, help="folder: NAME.json/.txt/.xlsx")
    where.add_argument(
        "--google", action="store_true", help="read each player's Orders tab in Google Sheets"
    )
    p.add_argument("--credentials", type=Path, help=credentials)
    p.add_argument("--out", type=Path, help="then write next turn's order workbooks here")
    p.add_argument(
        "--hold-missing",
        action="store_true",
        help="with --from: a player with no order file holds every unit still "
        "(without it such an inbox is refused)",
    )
    p.set_defaults(run=Command("festival.cli.duel_order_commands", "resolve"))

    p = dsub.add_parser("sheets", help="each awaited player's order workbook or Google tab")
    p.add_argument("duel", type=Path)
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument("--out", type=Path, help="the folder for the workbooks")
    where.add_argument(
        "--google", action="store_true", help="make the turn's Orders tab in each spreadsheet"
    )
    p.add_argument(
        "--force",
        action="store_true",
        help="with --google: replace tabs that hold typed values when they changed "
        "(the values are kept in the duel store first)",
    )
    p.add_argument("--credentials", type=Path, help=credentials)
    p.set_defaults(run=Command("festival.cli.duel_order_commands", "sheets"))

    p = dsub.add_parser("google", help="say which Google spreadsheet is whose")
    p.add_argument("duel", type=Path)
    p.add_argument(
        "--sheets",
        type=Path,
        required=True,
        help="a .csv or .xlsx with columns player, spreadsheet (key or URL)",
    )
    p.add_argument(
        "--credentials", type=Path, help="the service-account JSON file's path (kept as a path)"
    )
    p.set_defaults(run=Command("festival.cli.duel_order_commands", "google_setup"))


def _discord_parsers(dsub: Any) -> None:
    """The duel's Discord channel and posts (festival/cli/duel_discord_commands.py)."""
    p = dsub.add_parser("discord", help="say which Discord channel (webhook) the duel posts to")
    p.add_argument("duel", type=Path)
    p.add_argument(
        "--webhooks",
        type=Path,
        required=True,
        help="a .csv or .xlsx with columns player, webhook[, user]: the row `host` is the "
        "duel's channel, a player's `user` their Discord user id (pinged to move)",
    )
    p.set_defaults(run=Command("festival.cli.duel_discord_commands", "discord_setup"))

    p = dsub.add_parser(
        "post", help="post the board after the last turn to Discord, pinging who is to move"
    )
    p.add_argument("duel", type=Path)
    p.add_argument("--webhooks", type=Path, help="the webhooks file (default: the one mapped)")
    cut = p.add_mutually_exclusive_group()
    cut.add_argument(
        "--resend", action="store_true", help="a cut post is not on Discord: send it again"
    )
    cut.add_argument("--mark-sent", metavar="LINK", help="a cut post is on Discord: its link or id")
    p.set_defaults(run=Command("festival.cli.duel_discord_commands", "post"))


def _seconds(text: str) -> float:
    """A bot's time per turn: a number of seconds above 0 (and at most an hour)."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"{text[:40]!r}: give a number of seconds above 0")
    return value


def samples() -> list[str]:
    """The duel games that ship a sample duel."""
    return sorted(d.name for d in registry.duels() if d.sample is not None)
