"""`festival hand-in`: the host hands in a player's file (one they sent by direct message)
through the match service, and prints the same answer the bot would send them; and the
hand-ins table `festival status` prints."""

from __future__ import annotations

import argparse
from pathlib import Path

from festival.core.registry import event_title as title
from festival.match import service
from festival.match.acts import HOST, Via
from festival.match.handin_acts import HandIn, HandInTooLarge
from festival.match.verdict import RoundTable
from sheets.limits import MAX_FILE_BYTES


def hand_in(args: argparse.Namespace) -> int:
    path: Path = args.file
    size = path.stat().st_size  # an OSError is said in one line by main
    if size > MAX_FILE_BYTES:  # not read into memory: refused as the service refuses it
        raise HandInTooLarge(path.name, size)
    command = HandIn(args.player, path.name, path.read_bytes(), args.event)
    done = service.run(args.match, command, HOST, Via.CLI)
    print(done.markdown())
    for verdict in done.events:
        for name, _picture in verdict.pictures:
            print(f"(picture: {name}; the bot sends it with the answer)")
    return 0


def table_lines(table: RoundTable, folder: Path) -> list[str]:
    """The round's hand-ins for `festival status`: a line per player and event, when any
    player handed in (a match that takes no hand-ins prints nothing more)."""
    if all(c.came_from is None for c in table.cells):
        return []
    width = max(len(c.player) for c in table.cells)
    lines = [f"Round {table.round_no} hand-ins (the latest counts):"]
    for c in table.cells:
        where = f" ({c.came_from.value})" if c.came_from is not None else ""
        lines.append(f"  {c.player:<{width}}  {title(c.event)}: {c.kind.value}{where}")
    lines.append(
        f"They count when the round is resolved, with --from or --google, or alone: festival "
        f"resolve {folder} --hand-ins"
    )
    return lines
