"""A season's standing posted to the game room exactly once per change, as a round's
announcements are (festival/discord/posting.py): the season service opens the season under
its lock and gives its public Markdown; this module cuts it into messages and posts what the
post log in the season's own file does not hold yet (a changed season edits the episode's
post in place, marked corrected)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from festival.discord import webhooks
from festival.discord.messages import discord_messages
from festival.discord.post_log import PostKey, PostLog
from festival.discord.posting import Decision, Outgoing, PostResult, post_all
from festival.discord.sender import Sender
from festival.season import service
from sheets.retry import Retry

KIND = "season"


@dataclass(frozen=True)
class SeasonPosted:
    episode: int
    """the post's number: the episodes taken so far (0 before the first)"""
    result: PostResult


def post(
    folder: Path,
    webhooks_file: Path,
    decision: Decision | None = None,
    retry: Retry | None = None,
) -> SeasonPosted:
    webhooks.check_place(webhooks_file, folder)
    with service.changing(folder) as (season, store):
        players = [s.player for s in season.state.standings]
        hooks = webhooks.read_webhooks(webhooks_file, players, "this season")
        if webhooks.GAME_ROOM not in hooks.hooks:
            raise webhooks.WebhookError(
                f"{webhooks_file} has no row for the game room (player: host)"
            )
        number = len(season.state.episodes)
        parts = discord_messages(service.public_markdown(season))
        messages = [
            Outgoing(
                PostKey(webhooks.GAME_ROOM, number, KIND, n),
                text,
                (),
                f"the season's post, message {n} of {len(parts)}",
            )
            for n, text in enumerate(parts, 1)
        ]
        log = PostLog(store)
        rerun = f"festival season post {folder} --webhooks {webhooks_file}"
        sender = Sender(hooks, retry, f"`{rerun}`", f"`{rerun}`")
        try:
            result = post_all(log, sender, messages, "the season changed", decision, rerun)
        finally:
            sender.close()
        return SeasonPosted(number, result)
