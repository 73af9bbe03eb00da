"""`festival hand-in`: the host hands in a player's file (one they sent by direct message)
through the match service, and prints the same answer the bot would send them; and the
hand-ins table `festival status` prints."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from festival.core.registry import event_title as title
from festival.match import service
from festival.match.acts import HOST, Via
from festival.match.handin_acts import HandIn, HandInTooLarge
from festival.match.schedule import system_now
from festival.match.verdict import RoundTable
from sheets.limits import MAX_FILE_BYTES


def hand_in(args: argparse.Namespace) -> int:
    path: Path = args.file
    size = path.stat().st_size  # an OSError is said in one line by main
    if size > MAX_FILE_BYTES:  # not read into memory: refused as the service refuses it
        raise HandInTooLarge(path.name, size)
    at = system_now()  # held against the round's deadline
    command = HandIn(args.player, path.name, path.read_bytes(), args.event, at)
    done = service.run(args.match, command, HOST, Via.CLI)
    print(done.markdown())
    drawn = [(v.event, name, picture) for v in done.events for name, picture in v.pictures]
    if drawn and args.pictures is None:
        names = ", ".join(name for _, name, _ in drawn)
        print(f"(pictures: {names}; --pictures FOLDER writes them as PNG to send with this)")
    elif drawn:
        from festival.core.picture import png  # Pillow, only when there is something to draw

        args.pictures.mkdir(parents=True, exist_ok=True)
        for event, name, picture in drawn:
            stem = re.sub(r"[^A-Za-z0-9]+", "-", f"{done.player} round {done.round_no} {event}")
            path = args.pictures / f"{stem.strip('-').lower()}-{_slug(name)}.png"
            path.write_bytes(png(picture))
            print(f"Wrote {path}")
    return 0


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()


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
