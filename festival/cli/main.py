"""The `festival` command line: the subcommands in the order a host uses them."""

from __future__ import annotations

import argparse
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

from festival.cli import duel_commands
from festival.cli import lab_commands as lab_cli
from festival.cli import match_commands as commands
from festival.match.engines import EngineError
from festival.match.lock import exclusive
from festival.match.match import MatchError
from festival.match.store import StoreError, sqlite_failure
from sheets.errors import SheetReadError
from sheets.google import GoogleError

USER_ERRORS = (MatchError, StoreError, SheetReadError, EngineError, GoogleError)

EXCLUSIVE = frozenset(
    {"allocate", "templates", "resolve", "google", "publish", "choose-candidate", "check"}
)
"""One at a time per match (festival/match/lock.py): the commands that change the match or
work from its next round, and `check`, which reads it whole."""


def build_parser() -> argparse.ArgumentParser:
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
    p.set_defaults(run=commands.new)

    p = sub.add_parser("allocate", help="allocate events from the preferences")
    p.add_argument("match", type=Path)
    p.add_argument(
        "--fewest-unmet",
        action="store_true",
        help="leave as few players without a listed event as any allocation with no justified "
        "complaint allows, instead of granting claims strictly in order (docs/rulings.md)",
    )
    p.set_defaults(run=commands.allocate)

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
    p.set_defaults(run=commands.templates)

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
        "--credentials",
        type=Path,
        help="the service-account JSON file (default: FESTIVAL_GOOGLE_CREDENTIALS)",
    )
    p.set_defaults(run=commands.resolve)

    p = sub.add_parser("standings", help="each event's ranking and the festival standings")
    p.add_argument("match", type=Path)
    p.add_argument("--json", action="store_true", help="machine-readable (docs/formats.md)")
    p.add_argument("--xlsx", type=Path, help="also write them as a results workbook")
    p.set_defaults(run=commands.standings)

    p = sub.add_parser("announce", help="a round's public announcements and private reports")
    p.add_argument("match", type=Path)
    p.add_argument("--round", type=int, help="the round (default: the last resolved)")
    p.add_argument("--out", type=Path, help="also write them as Markdown files to this folder")
    p.set_defaults(run=commands.announce)

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
    p.set_defaults(run=commands.google_setup)

    p = sub.add_parser("publish", help="write a round's results into the Google spreadsheets")
    p.add_argument("match", type=Path)
    p.add_argument("--round", type=int, help="the round (default: the last resolved)")
    p.add_argument("--credentials", type=Path, help="the service-account JSON file")
    p.set_defaults(run=commands.publish)

    p = sub.add_parser(
        "choose-candidate", help="record the sole winner's choice of Elimination Candidate"
    )
    p.add_argument("match", type=Path)
    p.add_argument("player", help="the player the sole winner chose")
    p.set_defaults(run=commands.choose_candidate)

    p = sub.add_parser("status", help="the match's rounds, events and what comes next")
    p.add_argument("match", type=Path)
    p.set_defaults(run=commands.status)

    p = sub.add_parser(
        "check", help="verify a match store: integrity, JSON, and replay equals what is stored"
    )
    p.add_argument("match", type=Path)
    p.set_defaults(run=commands.check)

    p = sub.add_parser("dashboard", help="open the host dashboard (Streamlit) for a match")
    p.add_argument("match", type=Path)
    p.add_argument("--port", type=int, help="the local port (Streamlit's default: 8501)")
    p.add_argument(
        "--address",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this computer only; "
        "0.0.0.0 for every network interface)",
    )
    p.set_defaults(run=commands.dashboard)

    p = sub.add_parser("demo", help="run a whole sample festival in a new folder")
    p.add_argument(
        "folder",
        type=Path,
        nargs="?",
        help="where to create it (default: a new festival-demo-N folder here)",
    )
    p.set_defaults(run=commands.demo)

    duel_commands.add_parser(sub)
    lab_cli.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command in EXCLUSIVE:
            with exclusive(args.match):
                code: int = args.run(args)
        else:
            code = args.run(args)
    except USER_ERRORS as exc:
        print(f"festival: error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        where = f": {exc.filename}" if exc.filename else ""
        print(f"festival: error: {exc.strerror or exc}{where}", file=sys.stderr)
        return 2
    except sqlite3.Error as exc:
        print(
            f"festival: error: {sqlite_failure(getattr(args, 'match', None), exc)}", file=sys.stderr
        )
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
