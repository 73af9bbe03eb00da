"""Run festival's Discord duel bot (the real discord.py client) against the stand-in, in a
thread of its own, for tests: `with running_bot(server, folders, "Duel Host") as bot: ...`."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from festival.bot import bot as duel_bot
from festival.bot.hand_ins import Hall
from festival.discord.endpoint import API_VARIABLE, point_discord_py
from festival.duels import service
from festival.duels.store import DuelStore
from tests.support.discord.interactions import CHANNEL, HOST_ROLE, BotApiServer, User
from tests.support.patience import PATIENCE


@contextmanager
def running_bot(
    server: BotApiServer,
    folders: Sequence[Path],
    host_role: str = "Duel Host",
    warn_seconds: float = 60.0,
    every: float = 5.0,
    practice_folder: Path | None = None,
    practice_channels: Sequence[int] = (),
    hall: Hall | None = None,
) -> Iterator[duel_bot.DuelBot]:
    """The bot, connected to `server` and its commands registered (with practice duels in
    `practice_channels`, kept in `practice_folder`; with the hand-ins of `hall`'s match);
    closed afterwards."""
    import os

    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    aimed = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)  # put back afterwards
    os.environ[API_VARIABLE] = server.api
    os.environ[duel_bot.TOKEN_VARIABLE] = server.token
    seated, _ = duel_bot.tables(folders)
    desk = duel_bot.desk_of(seated, host_role, practice_folder, practice_channels)
    loop = asyncio.new_event_loop()
    made: list[duel_bot.DuelBot] = []
    failed: list[BaseException] = []

    def main() -> None:
        asyncio.set_event_loop(loop)

        async def go() -> None:
            point_discord_py()
            bot = duel_bot.DuelBot(desk, warn_seconds, every, hall)
            made.append(bot)
            async with bot:
                await bot.start(duel_bot.token_from_environment())

        try:
            loop.run_until_complete(go())
        except BaseException as exc:  # reported to the test below
            failed.append(exc)
        finally:  # what discord.py left pending ends here, not when the loop is collected
            pending = asyncio.all_tasks(loop)
            for task in pending:
                task.cancel()
            loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            loop.close()

    thread = threading.Thread(target=main, daemon=True)
    thread.start()
    try:
        server.wait_for(lambda: server.connected() or not thread.is_alive())
        if failed:
            raise failed[0]
        yield made[0]
    finally:
        if made and thread.is_alive():
            asyncio.run_coroutine_threadsafe(made[0].close(), loop).result(PATIENCE)
        thread.join(PATIENCE)
        os.environ.pop(API_VARIABLE, None)
        os.environ.pop(duel_bot.TOKEN_VARIABLE, None)
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = aimed
    if failed and not isinstance(failed[0], asyncio.CancelledError):
        raise failed[0]


@dataclass
class Table:
    """A duel seated in the stand-in's duel channel, a bot hosting it, and its people."""

    folder: Path
    server: BotApiServer
    bot: duel_bot.DuelBot

    def raws(self) -> int:
        with _store(self.folder) as store:
            return len(store.raws())

    def steps(self) -> int:
        with _store(self.folder) as store:
            return len(store.steps())


@contextmanager
def _store(folder: Path) -> Iterator[DuelStore]:
    store = DuelStore.open(folder)
    try:
        yield store
    finally:
        store.close()


ASH = User(11, "ash")
BIRCH = User(12, "birch")
CEDAR = User(13, "cedar")
DUNE = User(14, "dune")
SPECTATOR = User(20, "eve")
HOST = User(30, "hank", (HOST_ROLE,))
USERS = (ASH, BIRCH, CEDAR, DUNE)


@contextmanager
def hosted(
    folder: Path, players: Sequence[str], warn_seconds: float = 60.0, every: float = 5.0
) -> Iterator[Table]:
    """The duel in `folder` (already created) seated for `players` (ASH, BIRCH, ... in that
    order) in the stand-in's duel channel, hosted by a bot that is connected."""
    service.seat(folder, CHANNEL, {p: u.id for p, u in zip(players, USERS, strict=False)})
    with BotApiServer() as server, running_bot(server, [folder], "Duel Host", warn_seconds,
                                               every) as bot:  # fmt: skip
        yield Table(folder, server, bot)
