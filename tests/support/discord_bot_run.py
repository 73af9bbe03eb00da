"""Run festival's Discord duel bot (the real discord.py client) against the stand-in, in a
thread of its own, for tests: `with running_bot(server, folders, "Duel Host") as bot: ...`."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from festival.discord import bot as duel_bot
from festival.discord.endpoint import API_VARIABLE
from tests.support.discord_bot_api import BotApiServer


@contextmanager
def running_bot(
    server: BotApiServer,
    folders: Sequence[Path],
    host_role: str = "Duel Host",
    warn_seconds: float = 60.0,
    every: float = 5.0,
) -> Iterator[duel_bot.DuelBot]:
    """The bot, connected to `server` and its commands registered; closed afterwards."""
    import os

    os.environ[API_VARIABLE] = server.api
    os.environ[duel_bot.TOKEN_VARIABLE] = server.token
    seated, _ = duel_bot.tables(folders)
    desk = duel_bot.desk_of(seated, host_role)
    loop = asyncio.new_event_loop()
    made: list[duel_bot.DuelBot] = []
    failed: list[BaseException] = []

    def main() -> None:
        asyncio.set_event_loop(loop)

        async def go() -> None:
            duel_bot.point_discord_py()
            bot = duel_bot.DuelBot(desk, warn_seconds, every)
            made.append(bot)
            async with bot:
                await bot.start(duel_bot.token_from_environment())

        try:
            loop.run_until_complete(go())
        except BaseException as exc:  # reported to the test below
            failed.append(exc)

    thread = threading.Thread(target=main, daemon=True)
    thread.start()
    try:
        server.wait_for(lambda: server.connected() or not thread.is_alive(), 20)
        if failed:
            raise failed[0]
        yield made[0]
    finally:
        if made and thread.is_alive():
            asyncio.run_coroutine_threadsafe(made[0].close(), loop).result(10)
        thread.join(10)
        os.environ.pop(API_VARIABLE, None)
        os.environ.pop(duel_bot.TOKEN_VARIABLE, None)
    if failed and not isinstance(failed[0], asyncio.CancelledError):
        raise failed[0]
