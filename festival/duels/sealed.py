"""Sealed orders (Elementarium): the host resolves a turn from every awaited player's orders
(an inbox of order files, or their Orders tabs read through an adapter's `OrderTabs`) and
writes the turn's order workbooks or pushes its order tabs (`OrderSheets`), and records whose
spreadsheet is whose (`GoogleSetup`); the dashboard's orders desk holds for the players still
awaited. The Google spreadsheets are the adapter's (festival/google/duel_google.py), handed
in as a port (festival/duels/ports.py) and called here, inside the duel's lock."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from festival.core.errors import DuelHostError
from festival.duels.acted import Ordered, OrdersResolved, SheetsDone
from festival.duels.acts import FromTabs, GoogleSetup, Inbox, OrderSheets, ResolveOrders, Workbooks
from festival.duels.host import Duel
from festival.duels.orders import from_inbox, from_tabs, order_file_stem
from festival.duels.origin import NO_ORDERS


def require_simultaneous(duel: Duel) -> None:
    if not duel.game.simultaneous:
        raise DuelHostError(f"{duel.game.title} is not played by sealed orders")


def resolve_orders(duel: Duel, command: ResolveOrders) -> OrdersResolved:
    """Read every awaited player's orders in one pass, from the inbox or their Google
    spreadsheets; the turn resolves when all are in. A player with no order file in the
    inbox holds (recorded as "hold", origin NO_ORDERS) only with `hold_missing`: without it
    the turn is not resolved (the files found are recorded, as when another's is wrong)."""
    source, out = command.source, command.out
    require_simultaneous(duel)
    now = duel.state()
    awaited = duel.game.to_act(now)
    if not awaited:
        raise DuelHostError("the duel is over")
    hold_missing = isinstance(source, Inbox) and source.hold_missing
    missing: tuple[str, ...] = ()
    unmatched: tuple[str, ...] = ()
    if isinstance(source, FromTabs):
        received = from_tabs(duel, awaited, source.tabs)
    else:
        turn = duel.game.turn_number(now)
        received, found = from_inbox(duel, source.folder, awaited, turn)
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


def order_sheets(duel: Duel, command: OrderSheets) -> SheetsDone:
    """Write the order workbook of every player awaited this turn, or push their order tab
    into their spreadsheet through the adapter's port."""
    require_simultaneous(duel)
    target = command.target
    if isinstance(target, Workbooks):
        return SheetsDone(_write_order_books(duel, duel.state(), target.folder), ())
    return SheetsDone((), target.sheets.push(duel, target.force))


def google_setup(duel: Duel, command: GoogleSetup) -> int:
    """Record which spreadsheet is whose, through the adapter's port; how many."""
    require_simultaneous(duel)
    return command.sheets.record(duel, command.sheets_file)
