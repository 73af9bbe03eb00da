"""The `festival` command line: the subcommands in the order a host uses them."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sqlite3
import sys
from collections.abc import Collection, Sequence
from pathlib import Path

from festival.cli import bot_commands
from festival.cli.command import Command
from festival.cli.dashboard_launch import add_address, port_number
from festival.core import registry
from festival.core.errors import EngineError, FestivalError, StoreError
from sheets.errors import GoogleError, SheetReadError

USER_ERRORS = (FestivalError, StoreError, SheetReadError, EngineError, GoogleError)

GROUPS = {
    "duel": (
        "festival.cli.duel_parser",
        f"host a duel game ({', '.join(d.title for d in registry.duels())}): "
        "new, play, undo, show...",
    ),
    "schedule": (
        "festival.cli.schedule_commands",
        "set or show the deadlines: reminders, extend, pause, resume, resolve now",
    ),
    "run": (
        "festival.cli.run_commands",
        "keep the deadlines: remind, resolve and post on time (or --once: what is due now)",
    ),
    "season": (
        "festival.cli.season_commands",
        "a season: garnets and Tokens of Life as a ledger, episodes, Death Matches",
    ),
    "simulate": (
        "festival.cli.lab_commands",
        "the balance lab: play many festivals (or games of one event) with bot strategies",
    ),
}
"""command -> (the module that fills its parser, its line in `festival --help`). A group's
module is imported only when its command is run or asked for help: building the parser for
`festival --help` or `festival status` imports no duel, lab or spreadsheet code. The duel
group's parser names each subcommand's body as a `Command`, so `festival duel status` imports
the duel's reads and no command of the duel service."""


def _match(function: str) -> Command:
    return Command("festival.cli.match_commands", function)


def _discord(function: str) -> Command:
    return Command("festival.cli.discord_commands", function)


def _bot(function: str) -> Command:
    return Command("festival.cli.bot_commands", function)


def build_parser(groups: Collection[str] | None = None) -> argparse.ArgumentParser:
    """The `festival` parser. `groups`: the command groups (GROUPS) whose parsers are filled in
    (None: all); the others are listed by name and help line only."""
    parser = argparse.ArgumentParser(
        prog="festival",
        description="Run the AWA Festival main match: from preferences to final standings.",
        epilog="A host runs: new -> allocate -> (templates -> resolve -> announce) per round "
        "-> standings. `festival demo` shows a whole festival.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = sub.add_parser("new", help="create a match folder from a roster and preferences file")
    p.add_argument("match", type=Path, help="the match folder to create")
    p.add_argument(
        "--roster",
        type=Path,
        required=True,
        help="roster and preferences (.csv or .xlsx): player, first, second, garnets[, tiebreak]",
    )
    p.add_argument("--seed", type=int, help="the match seed (drawn and recorded if not given)")
    p.add_argument(
        "--tiebreak",
        help="the Gamewide Tiebreak, comma-separated, first wins ties "
        "(default: the roster's tiebreak column, else a seeded shuffle)",
    )
    p.add_argument("--capacity", type=int, default=7, help="players per event at most (7)")
    p.add_argument("--events-per-player", type=int, default=2, help="events per player (2)")
    p.add_argument("--rounds", type=int, default=6, help="rounds in the match (6)")
    p.add_argument(
        "--engine",
        action="append",
        default=[],
        metavar="EVENT=MODULE:CLASS",
        help="run EVENT with another engine (for designers and tests)",
    )
    p.add_argument(
        "--catalog",
        action="append",
        default=[],
        metavar="EVENT=FILE",
        help="an event's catalog workbook (default: the shipped one in fixtures/)",
    )
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="EVENT.NAME=JSON",
        help="set an event option, e.g. continuum.carry_hits=false",
    )
    p.add_argument(
        "--small-match",
        action="store_true",
        help="create it although the roster has fewer than the 10 players the rules plan for "
        "(each event then has fewer than 6 or 7; docs/rulings.md)",
    )
    p.set_defaults(run=_match("new"))

    p = sub.add_parser("allocate", help="allocate events from the preferences")
    p.add_argument("match", type=Path)
    p.add_argument(
        "--fewest-unmet",
        action="store_true",
        help="leave as few players without a listed event as any allocation with no justified "
        "complaint allows, instead of granting claims strictly in order (docs/rulings.md)",
    )
    p.add_argument(
        "--small-match",
        action="store_true",
        help="allocate although an event gets fewer than the 6 or 7 players the rules plan "
        "for (implied when the match was created with --small-match)",
    )
    p.set_defaults(run=_match("allocate"))

    p = sub.add_parser("templates", help="write each player's submission workbook for a round")
    p.add_argument("match", type=Path)
    p.add_argument("--round", type=int, help="the round (default: the next to resolve)")
    p.add_argument(
        "--out", type=Path, help="folder for the workbooks (default: MATCH/templates/round-N)"
    )
    p.add_argument(
        "--google",
        action="store_true",
        help="create or refresh the tabs in each player's Google spreadsheet",
    )
    p.add_argument(
        "--force",
        action="store_true",
        help="with --google: replace tabs that hold typed values when the templates changed "
        "(the values are kept in the match store first)",
    )
    p.add_argument(
        "--credentials",
        type=Path,
        help="the service-account JSON file (default: FESTIVAL_GOOGLE_CREDENTIALS)",
    )
    p.set_defaults(run=_match("templates"))

    p = sub.add_parser("resolve", help="resolve a round from player workbooks or a JSON file")
    p.add_argument("match", type=Path)
    p.add_argument(
        "--from",
        dest="source",
        type=Path,
        help="a folder of <player>.xlsx workbooks, or a canonical .json file",
    )
    p.add_argument(
        "--round",
        type=int,
        help="the round (default: the next; an earlier one re-resolves it and every later round)",
    )
    p.add_argument(
        "--default-invalid",
        action="store_true",
        help="play the rules' default for invalid submissions instead of stopping",
    )
    p.add_argument(
        "--google",
        action="store_true",
        help="read every player's Google spreadsheet (instead of --from)",
    )
    p.add_argument(
        "--hand-ins",
        action="store_true",
        help="the players' hand-ins alone (Discord, festival hand-in), instead of --from; "
        "they count with --from and --google too",
    )
    p.add_argument(
        "--credentials",
        type=Path,
        help="the service-account JSON file (default: FESTIVAL_GOOGLE_CREDENTIALS)",
    )
    p.set_defaults(run=_match("resolve"))

    p = sub.add_parser(
        "hand-in", help="hand in a player's file for the open round (as the bot takes it)"
    )
    p.add_argument("match", type=Path)
    p.add_argument("file", type=Path, help="the player's .xlsx workbook or JSON submission")
    p.add_argument("--player", required=True, help="whose file it is")
    p.add_argument(
        "--event", help="the one event it is handed in for (default: every event it holds)"
    )
    p.add_argument(
        "--pictures", type=Path, help="write the answer's pictures (PNG) into this folder"
    )
    p.set_defaults(run=Command("festival.cli.handin_commands", "hand_in"))

    p = sub.add_parser(
        "watch",
        help="read the players' Google spreadsheets every few minutes and tell each player "
        "on Discord when what festival reads there changes",
    )
    p.add_argument("match", type=Path)
    p.add_argument(
        "--every",
        type=float,
        default=5.0,
        help="minutes between two reads of every spreadsheet (default 5; never below what "
        "Google's read quota allows)",
    )
    p.add_argument("--once", action="store_true", help="read once, tell, and stop")
    p.add_argument("--webhooks", type=Path, help="the webhooks file (default: the one mapped)")
    p.add_argument("--credentials", type=Path, help="the service-account JSON file")
    p.set_defaults(run=Command("festival.cli.watch_commands", "watch"))

    p = sub.add_parser("standings", help="each event's ranking and the festival standings")
    p.add_argument("match", type=Path)
    p.add_argument("--json", action="store_true", help="machine-readable (docs/formats.md)")
    p.add_argument("--xlsx", type=Path, help="also write them as a results workbook")
    p.set_defaults(run=_match("standings"))

    p = sub.add_parser("announce", help="a round's public announcements and private reports")
    p.add_argument("match", type=Path)
    p.add_argument("--round", type=int, help="the round (default: the last resolved)")
    p.add_argument("--out", type=Path, help="also write them as Markdown files to this folder")
    p.set_defaults(run=_match("announce"))

    p = sub.add_parser("google", help="say which Google spreadsheet is whose")
    p.add_argument("match", type=Path)
    p.add_argument(
        "--sheets",
        type=Path,
        required=True,
        help="a .csv or .xlsx with columns player, spreadsheet (key or URL)",
    )
    p.add_argument("--host-sheet", help="the host's spreadsheet for the public posts")
    p.add_argument(
        "--credentials", type=Path, help="the service-account JSON file's path (kept as a path)"
    )
    p.set_defaults(run=_match("google_setup"))

    p = sub.add_parser("publish", help="write a round's results into the Google spreadsheets")
    p.add_argument("match", type=Path)
    p.add_argument("--round", type=int, help="the round (default: the last resolved)")
    p.add_argument("--credentials", type=Path, help="the service-account JSON file")
    p.set_defaults(run=_match("publish"))

    p = sub.add_parser("discord", help="say which Discord channel (webhook) is whose")
    p.add_argument("match", type=Path)
    p.add_argument(
        "--webhooks",
        type=Path,
        required=True,
        help="a .csv or .xlsx with columns player, webhook[, user]; the row `host` is the game "
        "room (kept as a path: the URLs are secrets)",
    )
    p.set_defaults(run=_discord("discord_setup"))

    p = sub.add_parser(
        "post", help="post a round's announcements to Discord (again: only what is missing)"
    )
    p.add_argument("match", type=Path)
    p.add_argument(
        "--round",
        type=int,
        help="the round (default: the last resolved); rounds posted before are corrected "
        "where they changed",
    )
    p.add_argument("--webhooks", type=Path, help="the webhooks file (default: the one mapped)")
    cut = p.add_mutually_exclusive_group()
    cut.add_argument(
        "--resend",
        action="store_true",
        help="a run was cut while sending a message, and it is not on Discord: send it again",
    )
    cut.add_argument(
        "--mark-sent",
        metavar="LINK",
        help="a run was cut while sending a message, and it is on Discord: its link (Copy "
        "Message Link) or id",
    )
    p.set_defaults(run=_discord("post"))

    p = sub.add_parser(
        "seat", help="say which Discord user plays a player, and their private channel (the bot)"
    )
    bot_commands.add_seat_arguments(p)
    p.set_defaults(run=_bot("seat"))

    p = sub.add_parser(
        "bot", help="run the Discord bot: hand-ins and duels (token: $FESTIVAL_DISCORD_TOKEN)"
    )
    bot_commands.add_bot_arguments(p, "the match folder (its players and its duels/)")
    p.set_defaults(run=_bot("bot"))

    p = sub.add_parser(
        "choose-candidate", help="record the sole winner's choice of Elimination Candidate"
    )
    p.add_argument("match", type=Path)
    p.add_argument("player", help="the player the sole winner chose")
    p.set_defaults(run=_match("choose_candidate"))

    p = sub.add_parser("status", help="the match's rounds, events and what comes next")
    p.add_argument("match", type=Path)
    p.add_argument(
        "--from",
        dest="inbox",
        type=Path,
        metavar="FOLDER",
        help="the open round's inbox folder: its workbooks are checked and shown with the "
        "hand-ins (nothing is stored)",
    )
    p.set_defaults(run=_match("status"))

    p = sub.add_parser(
        "check", help="verify a match store: integrity, JSON, and replay equals what is stored"
    )
    p.add_argument("match", type=Path)
    p.set_defaults(run=_match("check"))

    p = sub.add_parser("dashboard", help="open the host dashboard (Streamlit) for a match")
    p.add_argument("match", type=Path)
    p.add_argument("--port", type=port_number, help="the local port (Streamlit's default: 8501)")
    add_address(p)
    p.set_defaults(run=_match("dashboard"))

    p = sub.add_parser("demo", help="run a whole sample festival in a new folder")
    p.add_argument(
        "folder",
        type=Path,
        nargs="?",
        help="where to create it (default: a new festival-demo-N folder here)",
    )
    p.set_defaults(run=_match("demo"))

    for name, (module, line) in GROUPS.items():
        p = sub.add_parser(name, help=line)
        if groups is None or name in groups:
            importlib.import_module(module).add_arguments(p)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    command = next((w for w in words if not w.startswith("-")), None)
    args = build_parser({command} if command else ()).parse_args(words)
    try:
        code: int = args.run(args)
        sys.stdout.flush()  # a reader that stopped early (`| head`) is met here, not at exit
    except BrokenPipeError:
        _stop_writing()
        return 1
    except USER_ERRORS as exc:
        print(f"festival: error: {_error_words(exc)}", file=sys.stderr)
        return 2
    except OSError as exc:
        where = f": {exc.filename}" if exc.filename else ""
        print(f"festival: error: {exc.strerror or exc}{where}", file=sys.stderr)
        return 2
    except sqlite3.Error as exc:
        from festival.match import service as match_service  # only when SQLite failed

        print(
            f"festival: error: {match_service.store_failure(getattr(args, 'match', None), exc)}",
            file=sys.stderr,
        )
        return 2
    return code


def _error_words(exc: Exception) -> str:
    """What a command's error says: a typed refusal of the match service in the command
    line's words (festival/cli/match_words.py), a store missing or damaged in its words
    (festival/cli/store_words.py), any other error its own."""
    from festival.cli.store_words import store_words

    if (said := store_words(exc)) is not None:
        return said
    if "festival.match.acts" not in sys.modules:
        return str(exc)  # the match service was not imported: no refusal of it was raised
    # the match command group's words, imported when a command failed: a duel command
    # builds its parser, runs and fails without importing the match service (not a cycle)
    from festival.cli.match_words import refusal_words
    from festival.match.acts import Refused

    return refusal_words(exc) if isinstance(exc, Refused) else str(exc)


def _stop_writing() -> None:
    """The reader of standard output went away (`festival announce M | head`): nothing is
    wrong and nothing more is said; what is left in the buffer goes nowhere, so Python's own
    flush at exit does not complain either."""
    with contextlib.suppress(OSError, ValueError):  # a captured stdout has no descriptor
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
