"""A season's standing posted to the game room exactly once per change, as a round's
announcements are (festival/discord/posting.py): the adapter that fills the season's game
room port (festival/season/room.py) with Discord's channel webhooks, the sender and the post
log kept in the season's own file. The season service calls it inside the season's lock, on
the open store, for the typed command `Post` (festival/season/acts.py), and hands it the
season's public Markdown; this module cuts it into messages and posts what the post log does
not hold yet (a changed season edits the episode's post in place, marked corrected)."""

from __future__ import annotations

from festival.core.sqlite_file import SqliteFile
from festival.discord import season_channels, webhooks
from festival.discord.messages import discord_messages
from festival.discord.post_log import PostKey, PostLog
from festival.discord.posting import Decision, Outgoing, PostResult, post_all
from festival.discord.sender import Sender
from festival.season.acts import Post
from festival.season.room import Said
from sheets.retry import Retry

KIND = "season"


class DiscordGameRoom:
    """The season's game room on Discord (festival/season/room.py `GameRoom`). `retry`: how
    long and how often a request is tried again (default: festival/discord/sender.py)."""

    def __init__(self, retry: Retry | None = None) -> None:
        self.retry = retry

    def post(self, store: SqliteFile, command: Post, said: Said) -> PostResult:
        folder, named = said.folder, command.webhooks_file
        # the file named now, else the one the season keeps (season_channels.py)
        webhooks_file = season_channels.webhooks_file(folder, said.channels, named)
        hooks = season_channels.read_season_webhooks(webhooks_file, list(said.players), folder)
        if webhooks.GAME_ROOM not in hooks.hooks:
            raise webhooks.WebhookError(
                f"{webhooks_file} has no row for the game room (player: host)"
            )
        parts = discord_messages(said.markdown)
        messages = [
            Outgoing(
                PostKey(webhooks.GAME_ROOM, said.number, KIND, n),
                text,
                (),
                f"the season's post, message {n} of {len(parts)}",
            )
            for n, text in enumerate(parts, 1)
        ]
        rerun = f"festival season post {folder}" + (f" --webhooks {named}" if named else "")
        sender = Sender(hooks, self.retry, f"`{rerun}`", f"`{rerun}`")
        decision = Decision.of(command.resend, command.mark_sent)
        try:
            return post_all(PostLog(store), sender, messages, "the season changed", decision, rerun)
        finally:
            sender.close()
