"""`festival run MATCH [--inbox INBOX]`: keep the match's deadlines without the bot: remind the
players who have not handed in, close each round at its deadline (resolve it, post it, announce
the next deadline) and tell the host of misses in a row, posting through the match's webhooks.
`--once` does what is due now and exits (for a host's cron job, and the tests)."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from festival.core.registry import event_title
from festival.discord.schedule_runner import Done, Runner
from festival.match import service
from festival.match.schedule_due import Step, StepKind
from festival.match.verdict import VerdictKind


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
    from festival.discord.schedule_runner import loop
    from festival.match.schedule_service import HandInReadiness, schedule, source_of

    folder: Path = args.match
    kept = schedule(folder).settings.inbox
    inbox = args.inbox or (None if kept is None else Path(kept))

    def say(line: str) -> None:
        print(line, flush=True)

    runner = HostRunner(
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


class HostRunner(Runner):
    """`festival run`'s runner: each round it closes also tells the host who played the rules'
    default and, with no channels mapped, how to post it."""

    def execute(self, step: Step) -> Done | None:
        done = super().execute(step)
        if done is None or done.failed or step.kind is not StepKind.CLOSE:
            return done
        return replace(done, said="\n".join([done.said, *closed_lines(self.folder, step.round_no)]))


def closed_lines(folder: Path, round_no: int) -> list[str]:
    """What a closed round means for the host: whoever handed in nothing valid played the
    rules' default, and where the match has no channels, the commands that post it."""
    cells = service.round_table(folder, round_no).cells
    defaulted = [c for c in cells if c.kind in _DEFAULT]
    lines = []
    if cells and len(defaulted) == len(cells):
        lines.append(
            f"  nothing valid was handed in for round {round_no}: every player played the "
            "rules' default"
        )
    elif defaulted:
        who = ", ".join(f"{c.player} ({event_title(c.event)})" for c in defaulted)
        lines.append(f"  nothing valid handed in, the rules' default played: {who}")
    if not service.on_discord(folder):
        lines.append(
            f"  to post it: festival discord {folder} --webhooks FILE (once), then "
            f"festival post {folder} --round {round_no}"
        )
    return lines


_DEFAULT = (VerdictKind.NOTHING, VerdictKind.PROBLEMS)
