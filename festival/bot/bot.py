"""The Discord bot: a discord.py client with slash commands only (the default intents, no
message content), hosting one duel per channel through the duel service and, for a match,
the players' hand-ins in their private channels through the match service
(festival/bot/hand_ins.py).

The bot's token comes from the environment (`FESTIVAL_DISCORD_TOKEN`) and goes only to
discord.py: it is never stored, printed or logged. discord.py is aimed at Discord or at a
stand-in by festival/discord/endpoint.py. `festival duel bot` (festival/cli/duel_commands.py)
and `festival bot` start it; discord.py is imported by this module, which only those commands
import.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import aiohttp
import discord
from discord import app_commands

from festival.bot.duel_clocks import DuelClock
from festival.bot.duel_commands import Desk, Table, all_commands, messages, send
from festival.bot.duel_replies import Reply, bot_replies
from festival.bot.hand_ins import Hall, host_seat, match_commands
from festival.bot.host_deadlines import host_deadlines
from festival.bot.keep_time import Timekeeper
from festival.bot.match_status import status_command
from festival.bot.practice_commands import practice_command, practising
from festival.bot.sheet_watch import start as start_sheet_watch
from festival.bot.stopping import GRACE
from festival.core.errors import DuelHostError, FestivalError, StoreError
from festival.discord.endpoint import API_VARIABLE, point_discord_py, point_gateway, stand_in
from festival.duels import service

TOKEN_VARIABLE = "FESTIVAL_DISCORD_TOKEN"
log = logging.getLogger(__name__)
COMMAND_TASK = "CommandTree-invoker"
"""the name discord.py gives the task answering a slash command"""


def token_from_environment() -> str:
    token = os.environ.get(TOKEN_VARIABLE, "").strip()
    if not token:
        raise DuelHostError(
            f"set {TOKEN_VARIABLE} to the bot's token (from the Discord developer portal's Bot "
            "page); festival reads it from there only, and never stores or prints it"
        )
    return token


def duel_folders(folder: Path) -> list[Path]:
    """A duel folder itself, or every duel under a match's `duels/` (or under a folder of
    duels), in name order."""
    if (folder / service.DUEL_FILE).is_file():
        return [folder]
    for base in (folder / "duels", folder):
        found = sorted(p for p in base.glob("*") if (p / service.DUEL_FILE).is_file())
        if found:
            return found
    raise DuelHostError(
        f"{folder} holds no duel (no {service.DUEL_FILE} in it, its duels/ or below it)"
    )


def tables(folders: Sequence[Path]) -> tuple[list[Table], list[Path]]:
    """The duels seated in a channel, and those that are not (`festival duel seat`)."""
    seated: list[Table] = []
    unseated: list[Path] = []
    channels: dict[int, Path] = {}
    for folder in folders:
        channel = service.seating(folder).channel
        if channel is None:
            unseated.append(folder)
            continue
        if channel in channels:
            raise DuelHostError(
                f"{channels[channel]} and {folder} are both seated in channel {channel}: "
                "give each duel its own channel"
            )
        channels[channel] = folder
        seated.append(Table(folder, channel, service.status(folder).simultaneous))
    return seated, unseated


class DuelBot(discord.Client):
    """The client: slash commands for the duels of `desk` (and the hand-ins of the match of
    `hall`), and the timekeeper: the match's deadlines and every hosted duel's clock on one
    timeline (festival/bot/keep_time.py)."""

    def __init__(
        self,
        desk: Desk,
        warn_seconds: float = 60.0,
        watch_every: float = 5.0,
        hall: Hall | None = None,
    ):
        super().__init__(intents=discord.Intents.default())
        self.desk = desk
        self.hall = hall
        self.warn_seconds = warn_seconds
        self.watch_every = watch_every
        self.tree: app_commands.CommandTree[DuelBot] = app_commands.CommandTree(self)
        for command in all_commands(desk):
            self.tree.add_command(command)
        if desk.practice is not None:
            self.tree.add_command(practice_command(desk))
        if hall is not None:
            for command in match_commands(hall):
                self.tree.add_command(command)
            self.tree.remove_command("status")  # one /status: the duel's or the match's
            self.tree.add_command(status_command(desk, hall))
            host = self.tree.get_command("host")
            if isinstance(host, app_commands.Group):
                host_seat(desk, hall, host)
                host_deadlines(hall, desk.host_role, host)
        self.tree.on_error = self._command_failed  # type: ignore[method-assign]
        kept = hall.keeper if hall is not None else None
        self.keeper = kept if kept is not None else Timekeeper()
        clocks = {
            table.channel: DuelClock(table, self.announce, warn_seconds, watch_every)
            for table in desk.tables.values()
        }
        self.keeper.sources.extend(clocks.values())

        def changed(table: Table) -> None:  # a slash command to a hosted duel: read it again
            clock = clocks.get(table.channel)
            if clock is not None and clock.table is table:
                self.keeper.wake(clock)

        desk.changed = changed
        self._catching_up: asyncio.Task[None] | None = None
        self._sheets: asyncio.Task[None] | None = None
        self._keeping: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        if stand_in():  # its gateway is where its API says (festival/discord/endpoint.py)
            _, url, _ = await self.http.get_bot_gateway()
            point_gateway(url)
        if self.hall is not None:
            self.hall.session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=120))
        await self.tree.sync()
        self._catching_up = asyncio.create_task(self.catch_up())
        self._sheets = start_sheet_watch(self.hall.sheets if self.hall is not None else None)
        self._keeping = asyncio.create_task(self.keeper.keep())  # deadlines and clocks

    async def stop(self, grace: float) -> None:
        """Stopping (Ctrl-C, SIGTERM): the timekeeper ends; the commands being answered and
        a practice bot's turn being caught up get `grace` seconds to finish (their store
        transactions and their answers); then the bot disconnects, within `grace` too. What
        is still running then ends with the process (festival/bot/stopping.py)."""
        if self._keeping is not None:
            self._keeping.cancel()
        busy = {t for t in asyncio.all_tasks() if t.get_name() == COMMAND_TASK and not t.done()}
        if self._catching_up is not None and self.is_ready():  # else not begun: cancelled
            busy.add(self._catching_up)
        busy.discard(asyncio.current_task())
        busy = {t for t in busy if not t.done()}
        if busy:
            await asyncio.wait(busy, timeout=grace)
        closing = asyncio.ensure_future(self.close())
        await asyncio.wait({closing}, timeout=grace)

    async def close(self) -> None:
        for task in (self._catching_up, self._sheets, self._keeping):
            if task is not None:
                task.cancel()
        if self.hall is not None and self.hall.session is not None:
            await self.hall.session.close()
        await super().close()

    async def catch_up(self) -> None:
        """Practice duels where the bot's turn was left unplayed (a bot stopped while it
        searched): its turn played now and posted in the duel's channel."""
        await self.wait_until_ready()
        playing = self.desk.practice.playing.values() if self.desk.practice else ()
        for table in list(playing):
            async with table.lock:
                try:
                    acted = await asyncio.to_thread(service.practice_answer, table.folder)
                    if acted is None or table.bot is None:
                        continue
                    seating = await asyncio.to_thread(service.seating, table.folder)
                except (FestivalError, StoreError) as exc:  # busy (a command line holds it)
                    log.info("practice duel %s not caught up: %s", table.folder.name, exc)
                    continue
                for reply in bot_replies(acted, seating, table.bot):
                    await self.post(table.channel, reply)
                self.desk.finished(table, acted.after)

    async def post(self, channel: int, reply: Reply) -> None:
        """A reply posted in a channel (not an answer to a command), its board with it."""
        for text, kwargs in await messages(reply):
            await self.get_partial_messageable(channel).send(text, **kwargs)

    async def announce(self, channel: int, text: str, pings: tuple[int, ...]) -> None:
        await self.post(channel, Reply(text, pings=pings))

    async def _command_failed(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """A command that failed unexpectedly: one private line (nothing about the host's
        machine), the details to the log. A command cut short by the bot stopping is only
        logged: there is no answering it any more, and the host asked for the stop."""
        if self.is_closed():
            log.info("slash command cut short by the bot stopping: %r", error)
            return
        log.error("slash command failed", exc_info=(type(error), error, error.__traceback__))
        await send(interaction, Reply("That did not work; the host can see why.", True))


def desk_of(
    seated: Sequence[Table],
    host_role: str,
    practice_folder: Path | None = None,
    practice_channels: Sequence[int] = (),
) -> Desk:
    """The duels the bot hosts, by channel; with `practice_channels`, practice duels offered
    there and kept in `practice_folder` (those going on picked up again)."""
    room = None
    if practice_channels and practice_folder is not None:
        room = practising(practice_folder, frozenset(practice_channels))
    return Desk({t.channel: t for t in seated}, host_role, room)


async def serve(
    desk: Desk,
    token: str,
    stop: asyncio.Event,
    warn_seconds: float = 60.0,
    every: float = 5.0,
    hall: Hall | None = None,
    grace: float = GRACE,
) -> None:
    """Run the bot until `stop` is set (Ctrl-C or SIGTERM, festival/bot/stopping.py), then
    stop it within bounded waits (`DuelBot.stop`)."""
    point_discord_py()
    bot = DuelBot(desk, warn_seconds, every, hall)
    running = asyncio.create_task(bot.start(token))
    stopping = asyncio.create_task(stop.wait())
    try:
        try:
            await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopping.cancel()
            await bot.stop(grace)
            if not running.done():
                await asyncio.wait({running}, timeout=grace)
                running.cancel()
        if not stop.is_set():
            running.result()
    except discord.LoginFailure as exc:
        raise DuelHostError(
            f"Discord refused the bot's token: reset it on the developer portal's Bot page and "
            f"set {TOKEN_VARIABLE} again"
        ) from exc
    except discord.PrivilegedIntentsRequired as exc:  # never asked for: a changed library
        raise DuelHostError("Discord asks for a privileged intent festival does not use") from exc
    except discord.HTTPException as exc:  # a 5xx after discord.py's retries, a wrong address
        said = " ".join(str(exc.text).split())[:120] or "no reason given"
        raise DuelHostError(
            f"Discord answered {exc.status} ({said}) when the bot started: try again later"
            + (
                f"; check {API_VARIABLE}, which points the bot away from Discord"
                if stand_in()
                else ""
            )
        ) from exc
    except (OSError, aiohttp.ClientError, discord.GatewayNotFound) as exc:
        raise DuelHostError(
            f"cannot reach Discord ({type(exc).__name__}): check the network"
        ) from exc
