"""`festival discord` and `festival post`: map the match's Discord channels, and post a
round's announcements there (festival/discord/match_posting.py, through the match service;
discord.py is imported only when a command posts)."""

from __future__ import annotations

import argparse
import signal
import sys

from festival.discord import match_posting


def discord_setup(args: argparse.Namespace) -> int:
    done = match_posting.discord_setup(args.match, args.webhooks)
    print(
        "Discord channels mapped (by name; the webhook URLs stay in your file): "
        + ", ".join(done.channels)
        + "."
    )
    if done.users:
        print("Discord user ids for: " + ", ".join(done.users) + ".")
    if done.unmapped:
        print(
            "No channel for: " + ", ".join(done.unmapped) + " (their private reports are not "
            "posted; festival post names them)."
        )
    print(f"Keep the file private. Next: festival post {args.match}")
    return 0


def post(args: argparse.Namespace) -> int:
    from festival.discord.posting import Action, Decision

    decision = Decision.of(args.resend, args.mark_sent)
    done = match_posting.post(args.match, args.round, args.webhooks, decision)
    result = done.result
    rounds = ", ".join(map(str, done.rounds))
    for d in result.done:
        if d.action is Action.CORRECTED:
            print(f"  corrected: {d.label}")
        elif d.action is Action.RETRACTED:
            print(f"  corrected (no longer part of the post): {d.label}")
        elif d.action is Action.RECORDED:
            print(f"  recorded as sent, as you said: {d.label}")
    sent, kept = result.count(Action.SENT), result.count(Action.KEPT)
    fixed = result.count(Action.CORRECTED) + result.count(Action.RETRACTED)
    print(
        f"Round{'s' if len(done.rounds) > 1 else ''} {rounds}: {sent} message(s) sent, "
        f"{fixed} corrected, {kept} already on Discord as they should be."
    )
    for what in done.unmapped:
        print(f"  not posted (no channel mapped): {what}")
    question = result.question()
    if question:  # a message whose fate is unknown, held back: the host says
        print(f"festival: error: {question}", file=sys.stderr)
    if result.stopped:
        print(
            f"Stopped by {result.stopped}: every message sent is recorded; run "
            f"`festival post {args.match}` again to post the rest."
        )
        return 128 + signal.Signals[result.stopped].value
    return 2 if question else 0
