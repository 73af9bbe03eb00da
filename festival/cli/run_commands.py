"""`festival run MATCH [--inbox INBOX]`: keep the match's deadlines without the bot: remind the
players who have not handed in, close each round at its deadline (resolve it, post it, announce
the next deadline) and tell the host of misses in a row, posting through the match's webhooks.
`--once` does what is due now and exits (for a host's cron job, and the tests)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Keep the deadlines `festival schedule` set: reminders, each round closed, resolved "
        "and posted on time. Stop it with Ctrl-C; run it again and it carries on where it was "
        "(nothing is sent or resolved twice)."
    )
    p.add_argument("match", type=Path)
    p.add_argument(
        "--inbox",
        type=Path,
        help="where files the host collected are: INBOX/round-N/ (a workbook each) or "
        "INBOX/round-N.json (default: the one `festival schedule --inbox` gave; none: the "
        "hand-ins on Discord alone)",
    )
    p.add_argument("--webhooks", type=Path, help="the webhooks file (default: the one mapped)")
    p.add_argument("--once", action="store_true", help="do what is due now, then exit")
    p.set_defaults(run=run_command)


def run_command(args: argparse.Namespace) -> int:
    from festival.discord.schedule_runner import Runner, loop
    from festival.match.schedule_service import HandInReadiness, schedule, source_of

    folder: Path = args.match
    kept = schedule(folder).settings.inbox
    inbox = args.inbox or (None if kept is None else Path(kept))

    def say(line: str) -> None:
        print(line, flush=True)

    runner = Runner(
        folder, HandInReadiness(inbox), lambda n: source_of(inbox, n), args.webhooks, say=say
    )
    if args.once:
        done = runner.once()
        if not done:
            print("Nothing is due now.")
        return 1 if any(d.failed for d in done) else 0
    print(f"Keeping the deadlines of {folder} (Ctrl-C stops).", flush=True)
    try:
        loop(runner)
    except KeyboardInterrupt:
        print("Stopped: what was done is recorded; run it again to carry on.", file=sys.stderr)
        return 130
    print("The match is over: every round is resolved.")
    return 0
