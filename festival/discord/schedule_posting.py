"""The schedule's messages on Discord (a reminder in a player's channel, the game room's word
that a round closed and when the next one does, the host channel's word on misses), posted
exactly once through the match's post log (festival/discord/posting.py), under the match's
lock, through the channel webhooks `festival discord` mapped."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from festival.discord import webhooks
from festival.discord.post_log import PostKey, PostLog
from festival.discord.posting import Outgoing, PostResult, post_all
from festival.discord.sender import Sender
from festival.match.service import changing


@dataclass(frozen=True)
class Note:
    """One message of the schedule's: to a channel (a player, the game room or the host
    channel), for a round, of a kind (one key in the post log)."""

    channel: str
    round_no: int
    kind: str
    text: str
    label: str
    ping: bool = False
    """mention the channel's player (their Discord user id, if the webhooks file gives it)"""


@dataclass(frozen=True)
class NotesPosted:
    result: PostResult | None
    """None: the match has no Discord channels"""
    unmapped: tuple[str, ...]
    """the notes whose channel has no webhook (by label)"""


def on_discord(folder: Path) -> bool:
    from festival.match.service import opened

    with opened(folder) as match:
        return match.store.host_input(webhooks.SETTINGS) is not None


def already_posted(folder: Path, channel: str, round_no: int, kind: str) -> bool:
    """Whether the post log holds this note (sent, or its request cut)."""
    with changing(folder) as match:
        return PostLog(match.store).get(PostKey(channel, round_no, kind, 1)) is not None


def post_notes(folder: Path, notes: Sequence[Note], webhooks_file: Path | None) -> NotesPosted:
    """Post `notes`, each once (a note in the post log already is not sent again)."""
    with changing(folder) as match:
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
            messages.append(
                Outgoing(PostKey(n.channel, n.round_no, n.kind, 1), content, (), n.label)
            )
        if not messages:
            return NotesPosted(None, tuple(unmapped))
        sender = Sender(hooks, None, f"`festival run {folder}`")
        try:
            result = post_all(log, sender, messages, "", None, f"festival run {folder}")
        finally:
            sender.close()
        return NotesPosted(result, tuple(unmapped))
