"""Telling players what festival read in their Google spreadsheet (`festival watch`, the
bot's watch): each change of a player's verdict the match recorded (festival/match/watch.py)
posted once to the player's own channel, with the pictures of their own view (Continuum
board, Summoner's map) as `/submit` sends them, through the match's webhooks and the post log
(posting.py), so a change is told exactly once whatever stops the run between the check and
the post. Called by the channels adapter (match_posting.py `DiscordChannels`) for the
`TellSheetChanges` command, inside the match service's lock."""

from __future__ import annotations

from pathlib import Path

from events.duel import Picture
from festival.discord import webhooks
from festival.discord.messages import discord_messages
from festival.discord.post_log import PostKey, PostLog
from festival.discord.posting import Outgoing, post_all
from festival.discord.sender import Attachment, Sender
from festival.match.match import Match
from festival.match.results import SheetsTold as SheetsTold
from festival.match.watch import to_tell
from sheets.retry import Retry

KIND = "sheet-{seq}"
"""a change's kind in the post log: one message (or post) per change, never an edit of the
last one (an edit tells the player nothing)"""


def _pngs(pictures: tuple[tuple[str, Picture], ...]) -> tuple[Attachment, ...]:
    """The player's own pictures as PNG attachments, as `/submit` sends them (at most
    Discord's 10 files on one message)."""
    if not pictures:
        return ()
    from festival.core.picture import png  # Pillow, only when there is something to draw

    return tuple(Attachment(f"{name}.png", png(picture)) for name, picture in pictures[:10])


def tell(match: Match, webhooks_file: Path | None, retry: Retry | None) -> SheetsTold:
    """Post every recorded change of a player's spreadsheet verdict not posted yet, each to
    the player's own channel (only theirs: a private message), on the open match."""
    folder = match.folder
    settings = webhooks.stored_settings(match.store.host_input(webhooks.SETTINGS), str(folder))
    hooks = webhooks.load_webhooks(
        settings, match.config.players, webhooks_file, str(folder), folder
    )
    messages: list[Outgoing] = []
    unmapped: list[str] = []
    for change in to_tell(match):
        if change.player not in hooks.hooks:
            if change.player not in unmapped:
                unmapped.append(change.player)
            continue
        texts = discord_messages(change.text)
        pictures = _pngs(change.pictures)
        for part, text in enumerate(texts, 1):
            key = PostKey(change.player, change.round_no, KIND.format(seq=change.seq), part)
            label = f"round {change.round_no}, {change.player}'s sheet check {change.seq}"
            files = pictures if part == len(texts) else ()
            messages.append(Outgoing(key, text, files, label))
    sender = Sender(hooks, retry, f"`festival watch {folder}`")
    try:
        result = post_all(
            PostLog(match.store),
            sender,
            messages,
            "the sheet was read again",
            None,
            lambda cut: f"festival watch {folder}",
        )
    finally:
        sender.close()
    return SheetsTold(result, tuple(unmapped))
