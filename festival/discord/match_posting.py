"""A match on Discord: the adapter that fills the match's channels port (festival/match/
channels.py) with Discord's channel webhooks, the sender and the post log kept in the match
store. The match service calls it inside the match's lock, on the open match, for the typed
commands `DiscordSetup`, `Post`, `TellSheetChanges` (sheet_posting.py) and `PostNotes`
(schedule_posting.py) (festival/match/acts.py); it hands over each round's announcements as
Markdown, which this module cuts into messages and posts exactly once
(festival/discord/posting.py). `discord_setup`, `post`, `tell_changes`, `post_notes` and
`already_posted` are the front ends' calls (the command line, the bot, the deadlines'
runner): each goes through the match service's door, as the host."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from festival.discord import schedule_posting, sheet_posting, webhooks
from festival.discord.match_posts import round_plan
from festival.discord.post_log import PostLog
from festival.discord.posting import Decision, Resolution, post_all
from festival.discord.sender import Sender
from festival.match import service
from festival.match.acts import HOST, DiscordSetup, Note, Post, PostNotes, TellSheetChanges, Via
from festival.match.announce import Announcements
from festival.match.match import Match
from festival.match.results import ChannelsMapped, NotesPosted, Posted, SheetsTold
from sheets.retry import Retry

DiscordMapped = ChannelsMapped
"""what `festival discord` recorded (the match's own value)"""


class DiscordChannels:
    """The match's channels on Discord (festival/match/channels.py `Channels`). `retry`: how
    long and how often a request is tried again (default: festival/discord/sender.py)."""

    def __init__(self, retry: Retry | None = None) -> None:
        self.retry = retry

    def record(self, match: Match, webhooks_file: Path) -> ChannelsMapped:
        """Record which channel webhook is whose: the file's path and the channel names only."""
        webhooks.check_place(webhooks_file, match.folder)
        players = match.config.players
        hooks = webhooks.read_webhooks(webhooks_file, players)
        settings = webhooks.settings_for(webhooks_file, hooks)
        match.store.set_host_input(webhooks.SETTINGS, json.dumps(settings.to_json()))
        return ChannelsMapped(
            settings.channels,
            tuple(p for p in players if p not in hooks.hooks),
            tuple(hooks.users),
        )

    def posted_rounds(self, match: Match) -> set[int]:
        return {r.key.round_no for r in PostLog(match.store).rows()}

    def post(
        self,
        match: Match,
        command: Post,
        round_no: int,
        rounds: tuple[int, ...],
        announced: Callable[[int], Announcements],
    ) -> Posted:
        """Post `rounds` (each message once; what changed is edited, marked corrected)."""
        folder = match.folder
        settings = webhooks.stored_settings(match.store.host_input(webhooks.SETTINGS), str(folder))
        hooks = webhooks.load_webhooks(
            settings, match.config.players, command.webhooks_file, str(folder), folder
        )
        plan = round_plan(match, rounds, hooks.hooks, announced)
        sender = Sender(hooks, self.retry, f"`festival post {folder} --round {round_no}`")
        try:
            result = post_all(
                PostLog(match.store),
                sender,
                plan.messages,
                "the round was resolved again",
                Decision.of(command.resend, command.mark_sent),
                lambda cut: f"festival post {folder} --round {cut}",
            )
        finally:
            sender.close()
        return Posted(rounds, result, plan.unmapped)

    def tell_sheet_changes(self, match: Match, command: TellSheetChanges) -> SheetsTold:
        return sheet_posting.tell(match, command.webhooks_file, self.retry)

    def post_notes(self, match: Match, command: PostNotes) -> NotesPosted:
        return schedule_posting.post(match, command.notes, command.webhooks_file)

    def has_posted(self, match: Match, channel: str, round_no: int, kind: str) -> bool:
        return schedule_posting.posted_before(match, channel, round_no, kind)


def discord_setup(folder: Path, webhooks_file: Path) -> ChannelsMapped:
    """Record which channel webhook is whose (the `DiscordSetup` command, as the host)."""
    return service.run(folder, DiscordSetup(webhooks_file), channels=DiscordChannels())


def post(
    folder: Path,
    round_no: int | None,
    webhooks_file: Path | None = None,
    decision: Decision | None = None,
    retry: Retry | None = None,
    via: Via = Via.CLI,
    key: str | None = None,
) -> Posted:
    """Post a round (default: the last resolved) to Discord, and correct every round posted
    before whose messages changed; idempotent (the `Post` command, as the host, through `via`
    with the front end's apply-once `key`)."""
    resend = decision is not None and decision.resolution is Resolution.RESEND
    mark_sent = decision.link if decision is not None and not resend else None
    command = Post(round_no, webhooks_file, resend, mark_sent)
    return service.run(folder, command, HOST, via, key, channels=DiscordChannels(retry))


def tell_changes(
    folder: Path, webhooks_file: Path | None = None, retry: Retry | None = None
) -> SheetsTold:
    """Tell each player their spreadsheet's verdict changes not told yet, in their own channel
    (the `TellSheetChanges` command, as the host)."""
    command = TellSheetChanges(webhooks_file)
    return service.run(folder, command, channels=DiscordChannels(retry))


def post_notes(
    folder: Path,
    notes: list[Note],
    webhooks_file: Path | None,
    via: Via = Via.CLI,
    key: str | None = None,
) -> NotesPosted:
    """Post the schedule's notes, each once (the `PostNotes` command, as the host, through
    `via` with the front end's apply-once `key`)."""
    command = PostNotes(tuple(notes), webhooks_file)
    return service.run(folder, command, HOST, via, key, channels=DiscordChannels())


def already_posted(folder: Path, channel: str, round_no: int, kind: str) -> bool:
    """Whether the post log holds this note (sent, or its request cut)."""
    return service.channel_posted(folder, DiscordChannels(), channel, round_no, kind)
