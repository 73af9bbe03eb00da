"""`festival discord` and `festival post`: map the match's Discord channels, and post a
round's announcements there: typed commands (`DiscordSetup`, `Post`) given to the match
service's door as the host, with the Discord adapter of the match's channels
(festival/discord/match_posting.py; discord.py is imported only when a command posts)."""

from __future__ import annotations

import argparse
import signal
import sys

from festival.match import service
from festival.match.acts import DiscordSetup, Post


def discord_setup(args: argparse.Namespace) -> int:
    from festival.discord.match_posting import DiscordChannels

    done = service.run(args.match, DiscordSetup(args.webhooks), channels=DiscordChannels())
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
    from festival.core.posted import Action
    from festival.discord.match_posting import DiscordChannels

    command = Post(args.round, args.webhooks, bool(args.resend), args.mark_sent)
    done = service.run(args.match, command, channels=DiscordChannels())
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
