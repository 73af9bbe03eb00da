"""Simultaneous duels (Elementarium) at the host's desk: every player's order workbook for
the turn, the turn resolved from an inbox of order files in one pass, the log with sealed
orders kept secret, and the words of a resolved turn."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from events.duel import DuelError, DuelGame, Step
from festival.duel_host import Duel, DuelHostError, Played

if TYPE_CHECKING:
    from festival.elementarium_sheets import WorkbookOrders

SEALED = "orders in (sealed until the turn resolves)"
SUFFIXES = (".json", ".txt", ".xlsx")


def step_words(game: DuelGame[Any, Any], states: list[Any], steps: list[Step[Any]]) -> list[str]:
    """What each step may say publicly: its notation, or SEALED for the orders of the turn
    still open (the steps after the last position in which no orders were sealed)."""
    words = [game.format_action(step.action) for step in steps]
    n = len(steps)
    while n > 0 and game.sealed(states[n]):
        words[n - 1] = SEALED
        n -= 1
    return words


def turn_words(view: dict[str, Any]) -> list[str]:
    """The last resolved turn of an Elementarium public view, for people."""
    last = view.get("last_turn") or {}
    names = view.get("players", ["?", "?"])
    lines = []
    for m in last.get("moved", []):
        lines.append(f"{names[m['player']]} moved {m['from']} to {m['to']}")
    for m in last.get("cancelled", []):
        lines.append(
            f"{names[m['player']]}'s {m['from']}-{m['to']} was cancelled by the Source (stays)"
        )
    for c in last.get("clashes", []):
        who = ", ".join(f"{names[u['player']]}'s {u['type']} from {u['from']}" for u in c["units"])
        kept = "both removed" if c["survivor"] is None else f"{names[c['survivor']]} keeps it"
        how = "passing through each other" if c.get("passing") else "on"
        lines.append(f"clash {how} {c['field']}: {who}: {kept}")
    for s in last.get("spawned", []):
        lines.append(f"{names[s['player']]} spawned {s['type']} on {s['field']}")
    return lines


def _find(inbox: Path, player: str) -> Path | None:
    found = sorted(
        p
        for p in inbox.iterdir()
        if p.is_file()
        and p.suffix.lower() in SUFFIXES
        and (p.stem.lower() == player.lower() or p.stem.lower().startswith(player.lower() + "-"))
    )
    return found[-1] if found else None


@dataclass(frozen=True)
class Received:
    """One player's orders as read: what was recorded (or refused), and a note for the host."""

    played: Played
    note: str | None = None


def _play_workbook(duel: Duel, path: Path, player: str) -> Received:
    """An order workbook: its cells stored first, then its mark checked against this turn's
    (another duel's, turn's or player's workbook is refused), then its orders read."""
    from festival.elementarium_sheets import check_mark, read_orders, workbook_content
    from sheets.errors import SheetReadError
    from sheets.xlsx_reader import read_workbook

    source = f"file:{path.name}"
    try:
        book = read_workbook(path)
    except SheetReadError as exc:
        raw_id = duel.store.add_raw(
            player, source, json.dumps({"file": path.name, "unreadable": str(exc)})
        )
        return Received(
            duel.reject(raw_id, [DuelError("elementarium.workbook", f"{player}: {exc}")])
        )
    raw_id = duel.store.add_raw(player, source, workbook_content(path.name, book))
    state = duel.state()
    refused, note = check_mark(book, duel.stamp(state.turn, player), path.name)
    if refused is not None:
        return Received(duel.reject(raw_id, [refused]))
    b = state.setup.board
    read = read_orders(book, player, path.name, b.width, b.height)
    return Received(_play_read(duel, raw_id, read, player), note)


def _play_read(duel: Duel, raw_id: int, read: WorkbookOrders, player: str) -> Played:
    """Orders read from stored cells, recorded under that input; errors name their cell."""
    if read.errors:
        return duel.reject(raw_id, read.errors)
    played = duel.play_stored(raw_id, read.text, player)
    named = tuple(
        replace(e, message=f"{read.where(e.square, player)}: {e.message}") for e in played.errors
    )
    return Played(played.raw_id, played.steps, named)


def _play_order_file(duel: Duel, path: Path, player: str) -> Received:
    if path.suffix.lower() == ".xlsx":
        return _play_workbook(duel, path, player)
    if path.suffix.lower() == ".json":
        try:
            data = json.loads(path.read_text())
        except json.JSONDecodeError as exc:
            raw_id = duel.store.add_raw(
                player, f"file:{path.name}", path.read_text(errors="replace")
            )
            message = f"{player}: {path.name} is not JSON: {exc}"
            return Received(duel.reject(raw_id, [DuelError("duel.json", message)]))
        return Received(duel.play_json(data, player, source=f"file:{path.name}"))
    return Received(duel.play_text(path.read_text(), player, source=f"file:{path.name}"))


def resolve(args: argparse.Namespace) -> int:
    """Read every awaited player's orders from the inbox in one pass; a player with no file
    holds (recorded as "hold", source "resolve:no-orders"); the turn resolves when all are in."""
    from festival.duel_commands import opened

    with opened(args.duel) as duel:
        if not duel.game.simultaneous:
            raise DuelHostError(f"{duel.game.title} is not played by sealed orders")
        if not args.inbox.is_dir():
            raise DuelHostError(f"{args.inbox} is not a folder of order files")
        state = duel.state()
        awaited = duel.game.to_act(state)
        if not awaited:
            raise DuelHostError("the duel is over")
        failed = False
        missing = []
        for player in awaited:
            path = _find(args.inbox, player)
            if path is None:
                missing.append(player)
                continue
            received = _play_order_file(duel, path, player)
            played = received.played
            if received.note:
                print(f"  note: {received.note}")
            if played.ok:
                print(f"{player}: orders in from {path.name} (input {played.raw_id}).")
            else:
                failed = True
                print(
                    f"{player}: nothing recorded from {path.name} (input {played.raw_id} kept):",
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
            played = duel.play_text("hold", player, source="resolve:no-orders")
            print(f"{player}: no orders in {args.inbox}: holds every unit still.")
        after = duel.state()
        view = duel.game.public_view(after)
        for line in turn_words(view):
            print(f"  {line}")
        for line in view.get("rows", []):
            print(line)
        print(view.get("progress", ""))
        if args.out is not None:
            write_order_books(duel, after, args.out)
    return 0


def write_order_books(duel: Duel, state: Any, out: Path) -> None:
    from festival.elementarium_sheets import write_order_workbook

    out.mkdir(parents=True, exist_ok=True)
    for player in duel.game.to_act(state):
        path = out / f"{player}-turn{state.turn}.xlsx"
        write_order_workbook(state, player, path, duel.stamp(state.turn, player))
        print(f"Wrote {path}")


def sheets(args: argparse.Namespace) -> int:
    """Write the order workbook of every player awaited this turn."""
    from festival.duel_commands import opened

    with opened(args.duel) as duel:
        if not duel.game.simultaneous:
            raise DuelHostError(f"{duel.game.title} is not played by sealed orders")
        write_order_books(duel, duel.state(), args.out)
    return 0


def add_parsers(dsub: Any) -> None:
    p = dsub.add_parser("resolve", help="resolve a turn from every player's order file")
    p.add_argument("duel", type=Path)
    p.add_argument(
        "--from", dest="inbox", type=Path, required=True, help="folder: NAME.json/.txt/.xlsx"
    )
    p.add_argument("--out", type=Path, help="then write next turn's order workbooks here")
    p.set_defaults(run=resolve)
    p = dsub.add_parser("sheets", help="write each awaited player's order workbook")
    p.add_argument("duel", type=Path)
    p.add_argument("--out", type=Path, required=True, help="the folder for the workbooks")
    p.set_defaults(run=sheets)
