"""Simultaneous duels (Elementarium) at the host's desk: every player's order workbook or
Google tab for the turn, the turn resolved from an inbox of order files or the Google tabs in
one pass (festival/duels/service.py does it), and what it did, printed."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from festival.cli.duel_words import worded
from festival.duels import service
from festival.duels.acts import (
    FromTabs,
    GoogleSetup,
    GoogleTabs,
    Inbox,
    OrderSheets,
    ResolveOrders,
    Workbooks,
)


@worded
def resolve(args: argparse.Namespace) -> int:
    """Read every awaited player's orders in one pass, from the inbox or their Google
    spreadsheets; a player with no order file holds only with --hold-missing; the turn
    resolves when all are in."""
    done = service.as_host(args.duel, ResolveOrders(_orders_source(args), args.out)).orders
    assert done is not None
    for got in done.orders:
        if got.note:
            print(f"  note: {got.note}")
        if got.waiting:
            print(
                f"{got.player}: orders read from {got.origin} (input {got.raw_id}) and right;"
                " not recorded until every player's are."
            )
        elif got.ok:
            print(f"{got.player}: orders in from {got.origin} (input {got.raw_id}).")
        else:
            print(
                f"{got.player}: nothing recorded from {got.origin}; what was read is kept in "
                f"the duel's log as input {got.raw_id}:",
                file=sys.stderr,
            )
            for error in got.problems:
                print(f"  {error}", file=sys.stderr)
    if done.without:
        _without(done, args.inbox)
    if not done.resolved:
        print(
            "The turn is not resolved: fix what is named above and run resolve again.",
            file=sys.stderr,
        )
        return 1
    for player in done.held:
        print(f"{player}: no orders in {args.inbox}: holds every unit still (--hold-missing).")
    for line in done.turn_lines:
        print(f"  {line}")
    for line in done.rows:
        print(line)
    print(done.progress)
    if args.out is not None:
        for path in done.written:
            print(f"Wrote {path}")
    elif args.google and done.awaited:
        print(f"Next: festival duel sheets {args.duel} --google")
    return 0


def _orders_source(args: argparse.Namespace) -> Inbox | FromTabs:
    """Where `duel resolve` reads the orders, as its flags say."""
    if not args.google:
        return Inbox(args.inbox, args.hold_missing)
    if args.hold_missing:
        raise service.DuelHostError(
            "--hold-missing is for --from (every player's Google tab is read; an untouched "
            "tab holds)"
        )
    from festival.google import duel_google  # the Google client, when used

    return FromTabs(duel_google.order_sheets(args.credentials))


def _without(done: service.OrdersResolved, inbox: Path) -> None:
    """The players the inbox holds no orders of, and the files that matched nobody."""
    who = ", ".join(done.without)
    print(f"No orders in {inbox} for {who}.", file=sys.stderr)
    if done.unmatched:
        print("  Files that match no player's orders for this turn:", file=sys.stderr)
        for line in done.unmatched:
            print(f"    {line}", file=sys.stderr)
    print(
        f"  Name each player's file for them ({done.without[0]}.xlsx), or run resolve again "
        f"with --hold-missing to have {who} hold every unit still.",
        file=sys.stderr,
    )


@worded
def sheets(args: argparse.Namespace) -> int:
    """Write the order workbook of every player awaited this turn, or push their Orders tab
    into their Google spreadsheet."""
    if args.force and not args.google:
        raise service.DuelHostError("--force is for --google (a workbook is always written anew)")
    if not args.google:
        done = service.as_host(args.duel, OrderSheets(Workbooks(args.out))).sheets
        assert done is not None
        written = done.written
        for path in written:
            print(f"Wrote {path}")
        if written:
            print(
                "Next: send each player theirs, collect the filled-in workbooks into one "
                f"folder, then: festival duel resolve {args.duel} --from FOLDER"
            )
        return 0
    from festival.google import duel_google  # the Google client, when used

    tabs = GoogleTabs(duel_google.order_sheets(args.credentials), args.force)
    pushed = service.as_host(args.duel, OrderSheets(tabs)).sheets
    assert pushed is not None
    print("\n".join(pushed.google_lines))
    print(
        "Next: ask each player to choose their targets, then: "
        f"festival duel resolve {args.duel} --google"
    )
    return 0


@worded
def google_setup(args: argparse.Namespace) -> int:
    """Record which Google spreadsheet is whose (`festival duel google`)."""
    from festival.google import duel_google  # the Google client, when used

    command = GoogleSetup(args.sheets, duel_google.order_sheets(args.credentials))
    count = service.as_host(args.duel, command).spreadsheets
    print(f"{count} player spreadsheets recorded.")
    print(f"Next: festival duel sheets {args.duel} --google")
    return 0
