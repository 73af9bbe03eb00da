"""The schedule's messages on Discord (a reminder in a player's channel, the game room's word
that a round closed and when the next one does, the host channel's word on misses), posted
exactly once through the match's post log (festival/discord/posting.py), through the channel
webhooks `festival discord` mapped. Called by the channels adapter (match_posting.py
`DiscordChannels`) for the `PostNotes` command, inside the match service's lock."""

from __future__ import annotations

from pathlib import Path

from festival.discord import webhooks
from festival.discord.post_log import PostKey, PostLog
from festival.discord.posting import Outgoing, post_all
from festival.discord.sender import Sender
from festival.match.acts import Note as Note
from festival.match.match import Match
from festival.match.results import NotesPosted as NotesPosted


def posted_before(match: Match, channel: str, round_no: int, kind: str) -> bool:
    """Whether the post log holds this note (sent, or its request cut)."""
    return PostLog(match.store).get(PostKey(channel, round_no, kind, 1)) is not None


def post(match: Match, notes: tuple[Note, ...], webhooks_file: Path | None) -> NotesPosted:
    """Post `notes` on the open match, each once (a note in the post log already is not sent
    again)."""
    folder = match.folder
    text = match.store.host_input(webhooks.SETTINGS)
    if text is None:
        return NotesPosted(None, tuple(n.label for n in notes))
    settings = webhooks.stored_settings(text, str(folder))
    hooks = webhooks.load_webhooks(
        settings, match.config.players, webhooks_file, str(folder), folder
    )
    log = PostLog(match.store)
    messages, unmapped = [], []
    for n in notes:
        if n.channel not in hooks.hooks:
            unmapped.append(n.label)
            continue
        user = hooks.users.get(n.channel) if n.ping else None
        content = f"<@{user}> {n.text}" if user else n.text
        messages.append(Outgoing(PostKey(n.channel, n.round_no, n.kind, 1), content, (), n.label))
    if not messages:
        return NotesPosted(None, tuple(unmapped))
    sender = Sender(hooks, None, f"`festival run {folder}`")
    try:
        result = post_all(log, sender, messages, "", None, f"festival run {folder}")
    finally:
        sender.close()
    return NotesPosted(result, tuple(unmapped))
