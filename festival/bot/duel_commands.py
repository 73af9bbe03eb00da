"""The Discord bot's slash commands: each reads who sent it (festival/bot/who.py), becomes a
duel command (festival/duels/acts.py) that the duel service's dispatcher does with a
Discord origin (the interaction id and the user id, so a delivery seen twice is applied
once), and sends what festival/bot/duel_replies.py makes of the result. One command at
a time per duel (an asyncio lock per table; a command line holding the duel's own lock makes
the bot answer "busy", changing nothing).

discord.py is imported here: only `festival duel bot` imports this module.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import discord
from discord import app_commands

from events.duel import Picture
from events.offers import Shortcut
from festival.bot.duel_replies import (
    Reply,
    bot_replies,
    replies,
    situation_line,
    status_text,
)
from festival.bot.who import actor as actor_of
from festival.core.errors import FestivalError, StoreError
from festival.duels import offers, service
from festival.duels.acts import Command, Play, Resign, Seat, SetClock, Undo, Verb
from festival.duels.games import examples
from festival.duels.origin import Origin
from festival.duels.service import Situation

log = logging.getLogger(__name__)

ANSWERED = 40060
"""Discord's error code for a second answer to one interaction (a delivery seen twice)"""
DESCRIPTION = 100
"""the most characters Discord takes in a command's or an option's description"""
NO_DUEL = "No duel is played in this channel."
NOT_SEALED = "This duel is not played by sealed orders: use /play."
SEALED = "This duel is played by sealed orders: send them with /orders (only you see them)."


@dataclass
class Table:
    """One duel the bot hosts, in its channel."""

    folder: Path
    channel: int
    simultaneous: bool
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot: str | None = None
    """a practice duel's bot seat (None: not a practice duel; the bot never plays in it)"""


@dataclass
class Practising:
    """Practice duels against the bot: the folder they are kept in, the channels where a
    player may start one (`/practice`), and those going on, by (channel, Discord user)."""

    folder: Path
    channels: frozenset[int]
    playing: dict[tuple[int, int], Table] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    """one /practice at a time (a command delivered twice starts one duel)"""


@dataclass
class Desk:
    """The duels the bot hosts, by channel, the host's role, and practice duels (None: the
    bot offers none)."""

    tables: dict[int, Table]
    host_role: str
    practice: Practising | None = None
    changed: Callable[[Table], None] = lambda table: None
    """told after each command to a duel (the bot's timekeeper reads its clock again)"""

    def table(self, channel: int, user: int, own: bool = True) -> Table | None:
        """The duel a command sent in `channel` by `user` is for: the user's practice duel
        there (`own`), else the channel's duel."""
        if own and self.practice is not None:
            mine = self.practice.playing.get((channel, user))
            if mine is not None:
                return mine
        return self.tables.get(channel)

    def finished(self, table: Table, after: Situation) -> None:
        """A practice duel that is over is no longer the user's duel in its channel."""
        if self.practice is not None and table.bot is not None and after.over is not None:
            for key, playing in list(self.practice.playing.items()):
                if playing is table:
                    del self.practice.playing[key]


def _roles(user: discord.abc.User) -> list[tuple[int, str]]:
    return [(role.id, role.name) for role in getattr(user, "roles", [])]


def png(board: Picture) -> bytes:
    from festival.core import picture  # the imaging library

    return picture.png(board)


async def messages(reply: Reply) -> list[tuple[str, dict[str, Any]]]:
    """A reply's messages, each with discord.py's arguments: only the users it pings are
    notified, and the board goes with the last part of a reply that asks for it."""
    parts = reply.parts()
    mentions = discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in reply.pings]
    )
    out: list[tuple[str, dict[str, Any]]] = []
    for i, text in enumerate(parts):
        kwargs: dict[str, Any] = {"allowed_mentions": mentions}
        if reply.board is not None and i == len(parts) - 1:
            data = await asyncio.to_thread(png, reply.board)
            kwargs["file"] = discord.File(io.BytesIO(data), filename="board.png")
        out.append((text, kwargs))
    return out


async def send(interaction: discord.Interaction[Any], reply: Reply) -> None:
    """Answer the interaction (its first reply) or follow it up."""
    for text, kwargs in await messages(reply):
        kwargs["ephemeral"] = reply.private
        try:
            if not interaction.response.is_done():
                await interaction.response.send_message(text, **kwargs)
            else:
                await interaction.followup.send(text, **kwargs)
        except discord.HTTPException as exc:
            if exc.code == ANSWERED:
                log.info("interaction %s was answered before", interaction.id)
            else:
                log.warning("interaction %s: Discord refused the answer (%s)", interaction.id, exc)
            return


async def _table(
    interaction: discord.Interaction[Any], desk: Desk, own: bool = True
) -> Table | None:
    table = desk.table(interaction.channel_id or 0, interaction.user.id, own)
    if table is None:
        await send(interaction, Reply(NO_DUEL, private=True))
    return table


async def run(
    interaction: discord.Interaction[Any],
    desk: Desk,
    command: Command,
    orders: bool = False,
    host: bool = False,
) -> None:
    """A command that changes the duel: who sent it (the player of their Discord id, with
    the host's role or not), the dispatcher's answer, the replies."""
    table = await _table(interaction, desk, own=not host)
    if table is None:
        return
    async with table.lock:
        try:
            seating = await asyncio.to_thread(service.seating, table.folder)
            actor = actor_of(seating, interaction.user.id, _roles(interaction.user), desk.host_role)
            origin = Origin.discord(interaction.id, interaction.user.id)
            acted = await asyncio.to_thread(service.dispatch, table.folder, command, actor, origin)
        except (FestivalError, StoreError) as exc:  # busy (a command line holds it), or damaged
            await send(interaction, Reply(str(exc).splitlines()[0], private=True))
            return
        desk.changed(table)
        who = "the host" if host or actor.player is None else actor.player
        for reply in replies(acted, seating, who, orders):
            await send(interaction, reply)
        after = await bot_answers(interaction, table) or acted.after  # a practice duel's bot
        desk.finished(table, after)


async def bot_answers(interaction: discord.Interaction[Any], table: Table) -> Situation | None:
    """In a practice duel, the bot's turn when its seat alone is to act, told to the channel
    after the command's answer; searched off the event loop (up to its level's time cap), so
    the gateway's heartbeat goes on. Where the duel stands after it (None: it did not act)."""
    if table.bot is None:
        return None
    try:
        acted = await asyncio.to_thread(service.practice_answer, table.folder)
        if acted is None:
            return None
        seating = await asyncio.to_thread(service.seating, table.folder)
    except (FestivalError, StoreError) as exc:  # busy (a command line holds it), or damaged
        await send(interaction, Reply(str(exc).splitlines()[0], private=True))
        return None
    for reply in bot_replies(acted, seating, table.bot):
        await send(interaction, reply)
    return acted.after


async def read(interaction: discord.Interaction[Any], desk: Desk, board: bool) -> None:
    """/board or /status: what anyone in the channel may see."""
    table = await _table(interaction, desk)
    if table is None:
        return
    async with table.lock:
        try:
            if board:
                shown = await asyncio.to_thread(service.show, table.folder)
                await send(interaction, Reply(situation_line(shown.after), board=shown.picture))
                return
            seating = await asyncio.to_thread(service.seating, table.folder)
            now = await asyncio.to_thread(service.status, table.folder)
            await send(interaction, Reply(status_text(now, seating)))
        except (FestivalError, StoreError) as exc:
            await send(interaction, Reply(str(exc).splitlines()[0], private=True))


def _kind_refusal(desk: Desk, interaction: discord.Interaction[Any], orders: bool) -> str | None:
    table = desk.table(interaction.channel_id or 0, interaction.user.id)
    if table is None or table.simultaneous == orders:
        return None
    return NOT_SEALED if orders else SEALED


async def typed(interaction: discord.Interaction[Any], desk: Desk, text: str, orders: bool) -> None:
    """/play or /orders (`orders`): the player's text, once the duel is played that way."""
    refusal = _kind_refusal(desk, interaction, orders)
    if refusal is not None:
        await send(interaction, Reply(refusal, private=True))
        return
    await run(interaction, desk, Play(text), orders=orders)


def player_commands(desk: Desk) -> Sequence[app_commands.Command[Any, Any, Any]]:
    """The commands every player uses."""

    @app_commands.command(name="board", description="the board now")
    async def board(interaction: discord.Interaction[Any]) -> None:
        await read(interaction, desk, board=True)

    @app_commands.command(name="status", description="whose turn, the turn so far, the clock")
    async def status(interaction: discord.Interaction[Any]) -> None:
        await read(interaction, desk, board=False)

    @app_commands.command(name="play", description="your actions, as the game writes them")
    @app_commands.describe(text=examples(sealed=False, limit=DESCRIPTION))
    async def play(interaction: discord.Interaction[Any], text: str) -> None:
        await typed(interaction, desk, text, orders=False)

    @app_commands.command(name="orders", description="your sealed orders (only you see them)")
    @app_commands.describe(text=examples(sealed=True, limit=DESCRIPTION))
    async def orders(interaction: discord.Interaction[Any], text: str) -> None:
        await typed(interaction, desk, text, orders=True)

    @app_commands.command(name="confirm", description="end your turn")
    async def confirm(interaction: discord.Interaction[Any]) -> None:
        await run(interaction, desk, Play("confirm"))

    @app_commands.command(name="undo", description="take back your last action not confirmed")
    async def undo(interaction: discord.Interaction[Any]) -> None:
        await run(interaction, desk, Undo())

    @app_commands.command(name="resign", description="resign the duel")
    async def resign(interaction: discord.Interaction[Any]) -> None:
        await run(interaction, desk, Resign())

    shortcuts = [_player_shortcut(desk, shortcut) for shortcut, _ in offers.shortcuts()]
    return (board, status, play, orders, *shortcuts, confirm, undo, resign)


def _player_shortcut(desk: Desk, shortcut: Shortcut) -> app_commands.Command[Any, Any, Any]:
    """A game's shortcut verb as a player's command (events/offers.py: Element's /take N)."""

    @app_commands.describe(count=shortcut.count)
    async def command(interaction: discord.Interaction[Any], count: int) -> None:
        await run(interaction, desk, Verb(shortcut.verb, (str(count),)))

    return app_commands.command(name=shortcut.verb, description=shortcut.player_help)(command)


def _host_shortcut(
    desk: Desk, host: app_commands.Group, shortcut: Shortcut
) -> app_commands.Command[Any, Any, Any]:
    """A game's shortcut verb as the host's command: what was drawn elsewhere (a dice bot)."""

    @app_commands.describe(
        count="how many", detail=f"the {shortcut.detail} drawn, {shortcut.detail_help}"
    )
    @app_commands.rename(detail=shortcut.detail)
    async def command(interaction: discord.Interaction[Any], count: int, detail: str) -> None:
        await run(
            interaction, desk, Verb(shortcut.verb, (str(count), detail), host=True), host=True
        )

    return host.command(name=shortcut.verb, description=shortcut.host_help)(command)


def host_commands(desk: Desk) -> app_commands.Group:
    """`/host ...`: for members with the host's role (the service refuses anyone else)."""
    host = app_commands.Group(name="host", description="the host's commands")

    @host.command(name="undo", description="take back the last action not confirmed")
    async def undo(interaction: discord.Interaction[Any]) -> None:
        await run(interaction, desk, Undo(host=True), host=True)

    @host.command(name="clock", description="start or stop the clock")
    async def clock(
        interaction: discord.Interaction[Any], action: Literal["start", "stop"]
    ) -> None:
        await run(interaction, desk, SetClock(action == "start"), host=True)

    @host.command(name="timeout", description="record that a player ran out of time")
    async def timeout(interaction: discord.Interaction[Any], player: str) -> None:
        await run(interaction, desk, Resign(player, time=True), host=True)

    @host.command(name="resign", description="record a player's resignation")
    async def resign(interaction: discord.Interaction[Any], player: str) -> None:
        await run(interaction, desk, Resign(player), host=True)

    for shortcut, _ in offers.shortcuts():
        if shortcut.detail:
            _host_shortcut(desk, host, shortcut)

    @host.command(name="seat", description="seat a player as a Discord user")
    @app_commands.describe(player="the player, as the duel names them", user="who plays them")
    async def seat(interaction: discord.Interaction[Any], player: str, user: discord.User) -> None:
        await run(interaction, desk, Seat(((player, user.id),)), host=True)

    return host


def all_commands(desk: Desk) -> Iterable[app_commands.Command[Any, Any, Any] | app_commands.Group]:
    return (*player_commands(desk), host_commands(desk))
