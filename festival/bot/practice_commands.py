"""The Discord bot's `/practice GAME LEVEL [first]`: a practice duel against the search bot,
played in the channel where it was asked for (one of the bot's practice channels) with the
commands of any duel (festival/bot/duel_commands.py routes a player's commands there to
their practice duel). The duel service creates it (`StartPractice`, through its door for a
new duel) and plays the bot's turns (`PracticeAnswer`); this module only reads who asked and
sends the answers.

discord.py is imported here: only `festival duel bot` imports this module.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from festival.bot.duel_commands import Desk, Practising, Table, bot_answers, send
from festival.bot.duel_replies import Reply, practice_started, refusal_words
from festival.core import registry
from festival.core.errors import FestivalError, StoreError
from festival.duels import practice, service
from festival.duels.acts import Actor, StartPractice
from festival.duels.levels import LEVEL_NAMES
from festival.duels.origin import Origin

NO_PRACTICE = "Practice duels are not played in this channel."
SEATED = "You play the duel in this channel: practise in another channel."
REPEATED = "Already handled; nothing was done again."


def practising(folder: Path, channels: frozenset[int]) -> Practising:
    """The practice duels kept in `folder` (those going on picked up again), offered in
    `channels`."""
    room = Practising(folder, channels)
    for going in service.practices(folder):
        if going.channel is not None and going.user is not None:
            table = Table(going.folder, going.channel, going.simultaneous, bot=going.bot)
            room.playing[(going.channel, going.user)] = table
    return room


async def start(
    interaction: discord.Interaction[Any], desk: Desk, game: str, level: str, first: str
) -> None:
    """Start the practice duel asked for, answer with its board, and let the bot play first
    when it starts."""
    room = desk.practice
    channel = interaction.channel_id or 0
    if room is None or channel not in room.channels:
        await send(interaction, Reply(NO_PRACTICE, private=True))
        return
    user = interaction.user
    async with room.lock:
        try:
            hosted = desk.tables.get(channel)
            if hosted is not None:
                seating = await asyncio.to_thread(service.seating, hosted.folder)
                if seating.player_of(user.id) is not None:
                    await send(interaction, Reply(SEATED, private=True))
                    return
            asked = StartPractice(
                practice.ask(game, level, first), channel, user.id, user.display_name
            )
            started = await asyncio.to_thread(
                service.practice_start,
                room.folder,
                asked,
                Actor(None),  # anyone in a practice channel may ask
                Origin.discord(interaction.id, user.id),
            )
        except (FestivalError, StoreError) as exc:
            await send(interaction, Reply(str(exc).splitlines()[0], private=True))
            return
        if started.practice is None:
            said = refusal_words(started.refused) if started.refused else started.problem
            await send(interaction, Reply(said or REPEATED, private=True))
            return
        went = started.practice
        table = Table(went.folder, channel, went.simultaneous, bot=went.bot)
        await table.lock.acquire()  # the player's commands wait for the start and the bot
        room.playing[(channel, user.id)] = table
    try:
        await send(interaction, practice_started(went))
        after = await bot_answers(interaction, table)
        if after is not None:
            desk.finished(table, after)
    finally:
        table.lock.release()


def practice_command(desk: Desk) -> app_commands.Command[Any, Any, Any]:
    """`/practice`, with the registered duel games and the levels offered as choices."""
    games = [app_commands.Choice(name=d.title, value=d.name) for d in registry.duels()]
    levels = [app_commands.Choice(name=name, value=name) for name in LEVEL_NAMES]
    firsts = [app_commands.Choice(name=name, value=name) for name in ("me", "bot")]

    @app_commands.command(name="practice", description="a practice duel against the bot, here")
    @app_commands.describe(
        game="the duel game", level="how strong the bot plays", first="who starts (you)"
    )
    @app_commands.choices(game=games, level=levels, first=firsts)
    async def command(
        interaction: discord.Interaction[Any], game: str, level: str, first: str = "me"
    ) -> None:
        await start(interaction, desk, game, level, first)

    return command
