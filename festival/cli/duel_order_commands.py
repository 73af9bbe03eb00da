"""Simultaneous duels (Elementarium) at the host's desk: every player's order workbook or
Google tab for the turn, the turn resolved from an inbox of order files or the Google tabs in
one pass (festival/duels/orders.py reads them), and the log with sealed orders kept secret."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from events.duel import DuelGame, Step
from festival.duels.host import Duel, DuelHostError
from festival.duels.origin import NO_ORDERS

SEALED = "orders in (sealed until the turn resolves)"


def step_words(game: DuelGame[Any, Any], states: list[Any], steps: list[Step[Any]]) -> list[str]:
    """What each step may say publicly: its notation, or SEALED for the orders of the turn
    still open (the steps after the last position in which no orders were sealed)."""
    words = [game.format_action(step.action) for step in steps]
    n = len(steps)
    while n > 0 and game.sealed(states[n]):
        words[n - 1] = SEALED
        n -= 1
    return words


def resolve(args: argparse.Namespace) -> int:
    """Read every awaited player's orders in one pass, from the inbox or their Google
    spreadsheets; a player with no order file holds (recorded as "hold", source
    "resolve:no-orders"); the turn resolves when all are in."""
    from festival.cli.duel_commands import opened
    from festival.duels.orders import from_google, from_inbox

    with opened(args.duel) as duel:
        if not duel.game.simultaneous:
            raise DuelHostError(f"{duel.game.title} is not played by sealed orders")
        now = duel.state()
        awaited = duel.game.to_act(now)
        if not awaited:
            raise DuelHostError("the duel is over")
        missing: list[str] = []
        if args.google:
            received = from_google(duel, awaited, args.credentials)
        else:
            turn = duel.game.turn_number(now)
            received, missing = from_inbox(duel, args.inbox, awaited, turn)
        failed = False
        for player, got in received.items():
            played = got.played
            if got.note:
                print(f"  note: {got.note}")
            if got.waiting:
                print(
                    f"{player}: orders read from {got.origin} (input {played.raw_id}) and right;"
                    " not recorded until every player's are."
                )
            elif played.ok:
                print(f"{player}: orders in from {got.origin} (input {played.raw_id}).")
            else:
                failed = True
                print(
                    f"{player}: nothing recorded from {got.origin} (input {played.raw_id} kept):",
                    file=sys.stderr,
                )
                for error in played.errors:
                    print(f"  {error}", file=sys.stderr)
        if failed:
            print(
                "The turn is not resolved: fix the orders named above and run resolve again.",
                file=sys.stderr,
            )
            return 1
        for player in missing:
            duel.play_text("hold", player, source=NO_ORDERS)
            print(f"{player}: no orders in {args.inbox}: holds every unit still.")
        after = duel.state()
        for line in duel.game.turn_lines(now, after):
            print(f"  {line}")
        for line in duel.game.public_view(after).get("rows", []):
            print(line)
        print(duel.game.progress(after))
        if args.out is not None:
            write_order_books(duel, after, args.out)
        elif args.google and duel.game.to_act(after):
            print(f"Next: festival duel sheets {args.duel} --google")
    return 0


def write_order_books(duel: Duel, state: Any, out: Path) -> None:
    from festival.duels.order_books import order_template, write_order_workbook
    from festival.duels.orders import order_file_stem

    out.mkdir(parents=True, exist_ok=True)
    turn = duel.game.turn_number(state)
    for player in duel.game.to_act(state):
        path = out / f"{order_file_stem(player, turn)}.xlsx"
        write_order_workbook(order_template(duel, state, player), path, duel.stamp(turn, player))
        print(f"Wrote {path}")


def sheets(args: argparse.Namespace) -> int:
    """Write the order workbook of every player awaited this turn, or push their Orders tab
    into their Google spreadsheet."""
    from festival.cli.duel_commands import opened

    with opened(args.duel) as duel:
        if not duel.game.simultaneous:
            raise DuelHostError(f"{duel.game.title} is not played by sealed orders")
        if args.force and not args.google:
            raise DuelHostError("--force is for --google (a workbook is always written anew)")
        if not args.google:
            write_order_books(duel, duel.state(), args.out)
            return 0
        from festival.google import duel_sheets as duel_google

        settings, gc = duel_google.client(duel, args.credentials)
        done = duel_google.push_orders(duel, gc, settings, args.force)
        tabs = f"Turn {duel.game.turn_number(duel.state())} Orders tabs"
        print("\n".join(done.lines(tabs, "the duel store")))
        print(
            "Next: ask each player to choose their targets, then: "
            f"festival duel resolve {args.duel} --google"
        )
    return 0


def google_setup(args: argparse.Namespace) -> int:
    """Record which Google spreadsheet is whose (`festival duel google`)."""
    from festival.cli.duel_commands import opened
    from festival.google import duel_sheets as duel_google

    with opened(args.duel) as duel:
        if not duel.game.simultaneous:
            raise DuelHostError(f"{duel.game.title} is not played by sealed orders")
        settings = duel_google.save_settings(duel, args.sheets, args.credentials)
    print(f"{len(settings.spreadsheets)} player spreadsheets recorded.")
    print(f"Next: festival duel sheets {args.duel} --google")
    return 0


def add_parsers(dsub: Any) -> None:
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
    p.set_defaults(run=resolve)

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
    p.set_defaults(run=sheets)

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
    p.set_defaults(run=google_setup)
