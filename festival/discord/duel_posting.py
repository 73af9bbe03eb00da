"""A duel on Discord, for the front ends (`festival duel discord`, `festival duel post`): the
duel's channel webhook recorded (the duel service's `DiscordSetup` command) and the board after
each turn posted exactly once (its `Post` command). This module's `DuelWebhooks` is the port
(festival/duels/ports.py `DuelChannel`) the dispatcher calls inside the duel's lock, on the
duel it opened: it reads the duel's values, the steps and the store's post log, and does the
Discord part (festival/discord/posting.py)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from festival.discord import webhooks
from festival.discord.duel_posts import duel_posts
from festival.discord.post_log import PostLog
from festival.discord.posting import Decision, post_all
from festival.discord.sender import Sender
from festival.duels.acted import Posted
from festival.duels.host import Duel
from festival.duels.seating import seating_of
from sheets.retry import Retry


@dataclass(frozen=True)
class DuelWebhooks:
    """The duel's channel as a webhooks file maps it (festival/duels/ports.py
    `DuelChannel`): the file's path and the players' user ids are recorded, never the
    webhook URL. `retry`: how long and how often a request is tried again (default:
    festival/discord/sender.py). `room` and `others`, for a season's Death Match: the
    season's webhooks file is recorded with its `death match` row as the duel's channel, the
    rows of the season's other players passed over (festival/discord/webhooks.py
    `DiscordSettings`)."""

    retry: Retry | None = None
    room: str = webhooks.GAME_ROOM
    others: tuple[str, ...] = ()

    def record(self, duel: Duel, webhooks_file: Path) -> tuple[str, ...]:
        webhooks.check_place(webhooks_file, duel.folder)
        rooms = () if self.room == webhooks.GAME_ROOM else (self.room,)
        of = webhooks.DUEL
        read = webhooks.read_webhooks(webhooks_file, duel.players, of, rooms, self.others)
        hooks = webhooks.in_room(read, self.room)
        settings = webhooks.settings_for(webhooks_file, hooks, self.room, self.others)
        duel.store.set_setting(webhooks.SETTINGS, json.dumps(settings.to_json()))
        return tuple(_pinged(duel, hooks))

    def post(
        self, duel: Duel, webhooks_file: Path | None, resend: bool, mark_sent: str | None
    ) -> Posted:
        """Post the board after the last turn and its lines, pinging whoever is to move
        (positions taken back corrected first), each message once."""
        folder = duel.folder
        settings = webhooks.duel_settings(duel.store.setting(webhooks.SETTINGS), str(folder))
        hooks = webhooks.load_webhooks(settings, duel.players, webhooks_file, webhooks.DUEL, folder)
        log = PostLog(duel.store)
        # positions taken back, then the last
        messages = duel_posts(duel, _pinged(duel, hooks), log)
        rerun = f"festival duel post {folder}"
        setup = f"`festival duel discord {folder} --webhooks FILE`"
        sender = Sender(hooks, self.retry, f"`{rerun}`", setup)
        decision = Decision.of(resend, mark_sent)
        try:
            result = post_all(log, sender, messages, "the turn was taken back", decision, rerun)
        finally:
            sender.close()
        return Posted(len(duel.store.steps()), result)


def _pinged(duel: Duel, hooks: webhooks.Webhooks) -> dict[str, str]:
    """Who is pinged to move: the webhooks file's `user` column, else the duel's seating
    (the ids a season's Death Match is made with, `festival duel seat`)."""
    seated = {p: str(u) for p, u in seating_of(duel).users}
    return {p: u for p in duel.players if (u := hooks.users.get(p) or seated.get(p))}
