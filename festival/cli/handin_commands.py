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
from festival.match.origin import CameFrom
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
    """Who is where for `festival status`: a line per player and event, when anything was
    handed in, watched or found in the inbox folder named (else nothing more), what a
    player's hand-in and inbox file together do, and why an inbox file is left out."""
    if all(c.came_from is None for c in table.cells):
        return [*table.notes]
    hand_ins = {CameFrom.DISCORD, CameFrom.CLI}
    seen = {c.came_from for c in table.cells} | {a for c in table.cells for a in c.also}
    width = max(len(c.player) for c in table.cells)
    if seen - hand_ins - {None}:
        lines = [
            f"Round {table.round_no}, who is where (a hand-in counts over an inbox file or a "
            "Google sheet; the latest hand-in counts):"
        ]
    else:
        lines = [f"Round {table.round_no} hand-ins (the latest counts):"]
    for c in table.cells:
        where = f" ({c.where})" if c.came_from is not None else ""
        lines.append(f"  {c.player:<{width}}  {title(c.event)}: {c.kind.value}{where}")
    both = sorted(
        {c.player for c in table.cells if c.came_from in hand_ins and CameFrom.INBOX in c.also}
    )
    if both:
        lines.append(
            f"{', '.join(both)} handed in and also {'has' if len(both) == 1 else 'have'} a "
            "file in the inbox: resolve --from refuses the round until you move one of the two "
            "out (docs/rulings.md, Hand-ins)"
        )
    if seen & hand_ins:
        lines.append(
            f"Hand-ins count when the round is resolved, with --from or --google, or alone: "
            f"festival resolve {folder} --hand-ins"
        )
    return [*lines, *table.notes]
