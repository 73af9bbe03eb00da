"""`festival duel discord` and `festival duel post`: the duel's Discord channel, and the board
after each turn posted there (festival/discord/duel_posting.py, through the duel service;
discord.py is imported only when a command posts)."""

from __future__ import annotations

import argparse
import signal
import sys

from festival.cli.duel_words import worded


@worded
def discord_setup(args: argparse.Namespace) -> int:
    """The host's `DiscordSetup`: the duel's channel recorded through the Discord adapter's
    port, inside the duel's lock."""
    from festival.discord import duel_posting  # the Discord client, when used
    from festival.duels import service
    from festival.duels.acts import DiscordSetup

    command = DiscordSetup(args.webhooks, duel_posting.DuelWebhooks())
    users = service.as_host(args.duel, command).pinged or ()
    pinged = ", ".join(users) if users else "nobody (no user column)"
    print(
        "The duel's Discord channel is mapped (the webhook URL stays in your file); "
        f"pinged to move: {pinged}."
    )
    print(f"Keep the file private. After each turn: festival duel post {args.duel}")
    return 0


@worded
def post(args: argparse.Namespace) -> int:
    """The host's `Post`: the board after the last turn posted through the Discord adapter's
    port, inside the duel's lock."""
    from festival.core.posted import Action
    from festival.discord import duel_posting  # the Discord client, when used
    from festival.duels import service
    from festival.duels.acts import Post

    command = Post(duel_posting.DuelWebhooks(), args.webhooks, args.resend, args.mark_sent)
    done = service.as_host(args.duel, command).posted
    assert done is not None
    words = {
        Action.SENT: "posted",
        Action.KEPT: "already posted",
        Action.CORRECTED: "corrected (the turn was taken back)",
        Action.RECORDED: "recorded as sent, as you said",
        Action.RETRACTED: "corrected",
    }
    for d in done.result.done:
        print(f"{d.label[0].upper()}{d.label[1:]}: {words[d.action]}.")
    question = done.result.question()
    if question:  # a post whose fate is unknown, held back: the host says
        print(f"festival: error: {question}", file=sys.stderr)
    if done.result.stopped:
        print(f"Stopped by {done.result.stopped}; run `festival duel post {args.duel}` again.")
        return 128 + signal.Signals[done.result.stopped].value
    return 2 if question else 0
