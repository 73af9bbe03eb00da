"""`festival duel discord` and `festival duel post`: the duel's Discord channel, and the board
after each turn posted there (festival/discord/duel_posting.py, through the duel service;
discord.py is imported only when a command posts)."""

from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path

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


def post(args: argparse.Namespace) -> int:
    from festival.discord import duel_posting  # the Discord client, when used
    from festival.discord.posting import Action, Decision

    decision = Decision.of(args.resend, args.mark_sent)
    done = duel_posting.post(args.duel, args.webhooks, decision)
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


def add_parsers(dsub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = dsub.add_parser("discord", help="say which Discord channel (webhook) the duel posts to")
    p.add_argument("duel", type=Path)
    p.add_argument(
        "--webhooks",
        type=Path,
        required=True,
        help="a .csv or .xlsx with columns player, webhook[, user]: the row `host` is the "
        "duel's channel, a player's `user` their Discord user id (pinged to move)",
    )
    p.set_defaults(run=discord_setup)

    p = dsub.add_parser(
        "post", help="post the board after the last turn to Discord, pinging who is to move"
    )
    p.add_argument("duel", type=Path)
    p.add_argument("--webhooks", type=Path, help="the webhooks file (default: the one mapped)")
    cut = p.add_mutually_exclusive_group()
    cut.add_argument(
        "--resend", action="store_true", help="a cut post is not on Discord: send it again"
    )
    cut.add_argument("--mark-sent", metavar="LINK", help="a cut post is on Discord: its link or id")
    p.set_defaults(run=post)
