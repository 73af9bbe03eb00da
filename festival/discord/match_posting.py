"""A match on Discord, for the front ends (`festival discord`, `festival post`): which
channel webhook is whose, and posting rounds exactly once. The match service opens the match
under its lock; this module reads its values (the announcements, the store's post log) and
does the Discord part (festival/discord/posting.py)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from festival.core.errors import MatchError
from festival.discord import webhooks
from festival.discord.match_posts import round_plan
from festival.discord.post_log import PostLog
from festival.discord.posting import Decision, PostResult, post_all
from festival.discord.sender import Sender
from festival.match.service import changing, resolved_round
from sheets.retry import Retry


@dataclass(frozen=True)
class DiscordMapped:
    channels: tuple[str, ...]
    """the game room and the players whose channels have a webhook, by name"""
    unmapped: tuple[str, ...]
    """players without a channel"""
    users: tuple[str, ...]
    """players with a Discord user id"""


@dataclass(frozen=True)
class Posted:
    rounds: tuple[int, ...]
    """the rounds brought up to date on Discord"""
    result: PostResult
    unmapped: tuple[str, ...]


def discord_setup(folder: Path, webhooks_file: Path) -> DiscordMapped:
    """Record which channel webhook is whose: the file's path and the channel names only."""
    webhooks.check_place(webhooks_file, folder)
    with changing(folder) as match:
        players = match.config.players
        hooks = webhooks.read_webhooks(webhooks_file, players)
        settings = webhooks.settings_for(webhooks_file, hooks)
        match.store.set_host_input(webhooks.SETTINGS, json.dumps(settings.to_json()))
        return DiscordMapped(
            settings.channels,
            tuple(p for p in players if p not in hooks.hooks),
            tuple(hooks.users),
        )


def post(
    folder: Path,
    round_no: int | None,
    webhooks_file: Path | None = None,
    decision: Decision | None = None,
    retry: Retry | None = None,
) -> Posted:
    """Post a round (default: the last resolved) to Discord, and correct every round posted
    before whose messages changed; idempotent (festival/discord/posting.py)."""
    with changing(folder) as match:
        number = resolved_round(match, round_no)
        settings = webhooks.stored_settings(match.store.host_input(webhooks.SETTINGS), str(folder))
        hooks = webhooks.load_webhooks(
            settings, match.config.players, webhooks_file, str(folder), folder
        )
        log = PostLog(match.store)
        resolved = {r.round_no for r in match.store.rounds()}
        if number not in resolved:
            done = ", ".join(str(r) for r in sorted(resolved)) or "none"
            what = (
                f"the match has {match.config.rounds} rounds"
                if number > match.config.rounds
                else f"rounds resolve in order, next round {match.last_resolved_round() + 1}: "
                f"`festival resolve {folder} --from FOLDER`"
            )
            raise MatchError(
                f"--round {number}: that round is not resolved, so there is nothing to post "
                f"(resolved: {done}); {what}"
            )
        rounds = sorted(({number} | {r.key.round_no for r in log.rows()}) & resolved)
        plan = round_plan(match, rounds, hooks.hooks)
        sender = Sender(hooks, retry, f"`festival post {folder} --round {number}`")
        try:
            result = post_all(
                log,
                sender,
                plan.messages,
                "the round was resolved again",
                decision,
                lambda cut: f"festival post {folder} --round {cut}",
            )
        finally:
            sender.close()
        return Posted(tuple(rounds), result, plan.unmapped)
