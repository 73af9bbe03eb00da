"""`/status` for a bot that serves a match and its duels (issue #39): one command answering
for the channel it is typed in. In a duel's channel, the duel's status (as before,
festival/bot/duel_commands.py); anywhere else, the match's open round, its deadline as
Discord timestamps and who is ready, through the match's read model
(festival/match/schedule_service.py `round_status`), answered privately:

- a member with the host's role: the host's table (every player's events, where each
  hand-in came from), as `festival status MATCH` lists it;
- a seated player in their own channel: their own events in detail, and of the others only
  how many players are ready (docs/rulings.md, "Who is ready");
- anyone else, or a player elsewhere: the round, its deadline and how many are ready.

discord.py is imported here: only the bot imports this module.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from festival.bot.duel_commands import Desk, read
from festival.bot.hand_ins import BUSY, Answer, Hall, send
from festival.bot.patience import patiently
from festival.bot.who import holds_role
from festival.core.errors import FestivalError, StoreError
from festival.core.registry import event_title
from festival.match import service
from festival.match.round_status import host_text, player_text, public_text
from festival.match.schedule import system_now
from festival.match.schedule_service import round_status

log = logging.getLogger(__name__)
DESCRIPTION = "a duel's channel: the duel; elsewhere: the round, its deadline, who is ready"


def status_words(
    hall: Hall, user: int, roles: list[tuple[int, str]], channel: int | None, host_role: str
) -> str:
    """The match's status for whoever asks where they ask (off the event loop: it reads the
    store)."""
    runner = None if hall.keeper is None else hall.keeper.runner
    now = runner.clock() if runner is not None else system_now()
    status = round_status(hall.folder)
    if holds_role(roles, host_role):
        return host_text(status, now, event_title)
    seat = service.seats(hall.folder).of_user(user)
    if seat is not None and seat.channel is not None and seat.channel == channel:
        return player_text(status.of_player(seat.player), now, event_title)
    return public_text(status.public(), now)


async def match_status(interaction: discord.Interaction[Any], hall: Hall, host_role: str) -> None:
    """/status outside a duel's channel: the match's status, privately."""
    roles = [(role.id, role.name) for role in getattr(interaction.user, "roles", [])]
    try:
        said = await patiently(
            status_words, hall, interaction.user.id, roles, interaction.channel_id, host_role
        )
    except (FestivalError, StoreError) as exc:
        log.warning("status of %s not read: %s", hall.folder.name, exc)
        said = BUSY
    await send(interaction, Answer(said))


def status_command(desk: Desk, hall: Hall) -> app_commands.Command[Any, Any, Any]:
    """The one `/status`: the duel's in a duel's channel (or the user's practice duel there),
    the match's anywhere else."""

    @app_commands.command(name="status", description=DESCRIPTION)
    async def status(interaction: discord.Interaction[Any]) -> None:
        if desk.table(interaction.channel_id or 0, interaction.user.id) is not None:
            await read(interaction, desk, False)
            return
        await match_status(interaction, hall, desk.host_role)

    return status
