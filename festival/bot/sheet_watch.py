"""The bot's own watch of the players' Google spreadsheets (issue #38: "`festival watch MATCH`
(and the bot, when the match reads Google)"): while the bot serves a match that reads Google,
every few minutes (within the read quota, as `festival watch`) each player's sheet of the open
round is read and checked, and each player told in their own channel only when their verdict
changes. The same two commands as `festival watch`, through the match service's door:
`WatchSheets` with the spreadsheets port, then `TellSheetChanges` with the Discord channels
port (each change told exactly once, whoever tells it: the bot or a `festival watch` run
beside it). A pass that fails (Google or the match busy) is logged and tried again at the
next; the watch ends when no round takes submissions."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from festival.core.errors import FestivalError, StoreError
from festival.match import service
from festival.match.acts import WatchSheets
from festival.match.watch import Watched, quota_minutes
from sheets.errors import GoogleError, SheetReadError

log = logging.getLogger(__name__)

EVERY_MINUTES = 5.0
"""as `festival watch` (its --every), never closer than the read quota allows"""


@dataclass(frozen=True)
class SheetWatch:
    """One pass of the watch (`check`, then `tell`) and the wait between two."""

    check: Callable[[], Watched]
    tell: Callable[[], object]
    every_minutes: float


def for_match(folder: Path, every_minutes: float = EVERY_MINUTES) -> SheetWatch | None:
    """The watch of `folder`'s spreadsheets, when the match reads Google (else None)."""
    if not service.on_google(folder):
        return None

    def check() -> Watched:
        from festival.google import match_google  # the Google client, when used

        return service.run(folder, WatchSheets(), sheets=match_google.spreadsheets)

    def tell() -> object:
        if not service.on_discord(folder):
            return None
        from festival.discord.match_posting import tell_changes

        return tell_changes(folder)

    players = service.status(folder).players
    return SheetWatch(check, tell, max(every_minutes, quota_minutes(players)))


async def keep_watching(
    watch: SheetWatch, sleep: Callable[[float], Awaitable[object]] = asyncio.sleep
) -> None:
    """Check and tell, then wait, until no round takes submissions (or the bot stops)."""
    while True:
        try:
            watched = await asyncio.to_thread(watch.check)
            if watched.closed:
                log.info("the match takes no more submissions: the spreadsheets' watch ends")
                return
            for line in watched.unread:
                log.info("spreadsheet not read now (read again next time): %s", line)
            await asyncio.to_thread(watch.tell)
        except (FestivalError, StoreError, GoogleError, SheetReadError) as exc:
            log.warning("the spreadsheets' watch missed a pass: %s", exc)
        await sleep(watch.every_minutes * 60)


def start(watch: SheetWatch | None) -> asyncio.Task[None] | None:
    """The watch running beside the bot (None: the match does not read Google)."""
    return None if watch is None else asyncio.create_task(keep_watching(watch))
