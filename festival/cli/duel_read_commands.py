"""What the `festival duel` subcommands that read a duel print: the board (`show`), the log
and the status, as the duel service's reads (festival/duels/reads.py) return them. Reading
loads no command, dispatcher or order code: a `festival duel status` costs the reads only."""

from __future__ import annotations

import argparse
import json
import sys

from festival.duels import reads as duel_reads
from festival.duels.results import Situation

TIMED_OUT = "Time ran out: recorded."


def say_timed_out(happened: bool, json_out: bool = False) -> None:
    """Say that a loss on time was recorded before the command (beside JSON: on stderr)."""
    if happened:
        print(TIMED_OUT, file=sys.stderr if json_out else sys.stdout)


def situation_line(now: Situation) -> str:
    return f"The duel is over: {now.over}." if now.over is not None else now.progress


def show(args: argparse.Namespace) -> int:
    shown = duel_reads.show(args.duel)
    say_timed_out(shown.timed_out, args.json)
    if args.json:
        print(json.dumps(shown.view, indent=1))
    else:
        for line in (*shown.rows, *shown.key):
            print(line)
        print(situation_line(shown.after))
    if args.png or args.svg:
        from festival.core import picture as duel_picture  # the imaging library, when asked

        if args.png:
            args.png.write_bytes(duel_picture.png(shown.picture))
            print(f"Wrote {args.png}", file=sys.stderr)
        if args.svg:
            args.svg.write_text(duel_picture.svg(shown.picture))
            print(f"Wrote {args.svg}", file=sys.stderr)
    return 0


def log(args: argparse.Namespace) -> int:
    logged = duel_reads.log(args.duel)
    say_timed_out(logged.timed_out, args.json)
    if args.json:
        print(json.dumps(list(logged.views), indent=1))
        return 0
    title = f"{logged.title} ({logged.variant}), {' vs '.join(logged.players)}"
    print(f"{title}, seed {logged.seed}")
    for line in logged.lines:
        print(f"{line.n:>4}. {line.player}: {line.words}  (input {line.raw_id})")
    for player, words in logged.undone:
        print(f"      undone: {player}: {words}")
    if logged.winner:
        w = logged.winner
        print(f"Winner: {w.player} ({w.reason}): {w.detail}.")
    return 0


def status(args: argparse.Namespace) -> int:
    now = duel_reads.status(args.duel)
    say_timed_out(now.timed_out)
    sides = now.sides or tuple((p,) for p in now.players)
    versus = " vs ".join(" & ".join(side) for side in sides)
    print(f"{now.title} duel {args.duel}: {versus} ({now.variant})")
    print(f"{now.actions} action(s) recorded.")
    print(situation_line(now.after))
    if now.clock is not None:
        print(now.clock)
    return 0
