"""The bot's clock watcher: a background task that reads every hosted duel's clock through the
duel service, so a warning and a loss on time are announced in the duel's channel when they
happen, not when someone next asks. Reading the clock records a loss on time that has happened
(the service's time rule), so the announcement and the record go together.

The warning: once per turn per player, when the time they have before losing (what is left of
the turn plus their reserve) falls to `warn_seconds` or below. The rule texts name no warning;
this is the bot's courtesy (the duels guide says so).

Each warning and loss on time is recorded in the duel's store before it is sent and marked
sent after (festival/duels/clock_notes.py), as the match's reminders are: a bot started again
sends each exactly once, and two bots never both send one."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field

from festival.bot.duel_commands import Table
from festival.bot.who import mention
from festival.core.errors import FestivalError, StoreError
from festival.duels import clock_notes, service
from festival.duels.service import Watched

log = logging.getLogger(__name__)

Announce = Callable[[int, str, tuple[int, ...]], Awaitable[None]]
"""(channel, text, users pinged)"""


def _mmss(seconds: float) -> str:
    s = max(0, int(seconds))
    return f"{s // 60}:{s % 60:02d}"


@dataclass
class Watch:
    """What one duel's watcher has said already."""

    warned: set[tuple[int, str]] = field(default_factory=set)
    """(actions recorded, player): a warning given in that turn"""
    over: bool = False
    """the duel's end was seen (announced, or over otherwise than on time)"""


def news(
    watched: Watched, seen: Watch, warn_seconds: float, users: dict[str, int]
) -> list[tuple[str, tuple[int, ...]]]:
    """What to announce now (text, users pinged), and remember it in `seen`."""
    return [(text, pings) for _, text, pings in keyed_news(watched, seen, warn_seconds, users)]


def keyed_news(
    watched: Watched, seen: Watch, warn_seconds: float, users: dict[str, int]
) -> list[tuple[str, str, tuple[int, ...]]]:
    """`news`, each with the key it is recorded under (festival/duels/clock_notes.py)."""
    out: list[tuple[str, str, tuple[int, ...]]] = []
    if watched.winner is not None:
        if not seen.over and watched.winner.reason == "time" and not watched.announced:
            text = f"Time ran out: {watched.winner.detail}."
            out.append((f"lost:{watched.steps}", text, ()))
        seen.over = True
        return out
    for player, left in watched.left:
        key = (watched.steps, player)
        if left <= warn_seconds and key not in seen.warned:
            seen.warned.add(key)
            user = users.get(player)
            who = mention(user) if user is not None else player
            pings = (user,) if user is not None else ()
            text = f"{who}: {_mmss(left)} left before you lose on time."
            out.append((f"warn:{watched.steps}:{player}", text, pings))
    return out


async def watch_clocks(
    tables: Iterable[Table], announce: Announce, warn_seconds: float, every: float
) -> None:
    """Watch every table's clock until cancelled. A loss on time is announced once, whenever
    it was recorded (a loss recorded while no bot ran is announced when the watch starts), and
    the announcement is recorded in the duel's store."""
    seen = {table.channel: Watch() for table in tables}
    for table in tables:  # a bot stopped between recording a note and marking it sent
        await _unsent(table, announce)
    while True:
        for table in tables:
            try:
                async with table.lock:
                    watched = await asyncio.to_thread(service.watch, table.folder)
                    seating = await asyncio.to_thread(service.seating, table.folder)
            except (FestivalError, StoreError) as exc:  # busy (a command line holds it): next time
                log.info("clock of %s not read: %s", table.folder.name, exc)
                continue
            users = dict(seating.users)
            for key, text, pings in keyed_news(watched, seen[table.channel], warn_seconds, users):
                await _said_once(table, key, text, pings, announce)
            lost = watched.winner is not None and watched.winner.reason == "time"
            if lost and not watched.announced:
                await _record_announced(table, watched.steps)
        await asyncio.sleep(every)


async def _said_once(
    table: Table, key: str, text: str, pings: tuple[int, ...], announce: Announce
) -> None:
    """A note recorded before it is sent, sent, then marked sent (clock_notes.py): another bot
    (or this one, before a restart) that recorded it already sends nothing."""
    try:
        async with table.lock:
            mine = await asyncio.to_thread(clock_notes.claim, table.folder, key, text, pings)
    except (FestivalError, StoreError) as exc:  # busy: `seen` keeps it quiet this run
        log.info("clock note of %s not recorded: %s", table.folder.name, exc)
        return
    if not mine:
        return
    await announce(table.channel, text, pings)
    await _mark_sent(table, key)


async def _unsent(table: Table, announce: Announce) -> None:
    try:
        notes = await asyncio.to_thread(clock_notes.unsent, table.folder)
    except (FestivalError, StoreError) as exc:
        log.info("clock notes of %s not read: %s", table.folder.name, exc)
        return
    for note in notes:
        await announce(table.channel, note.text, note.pings)
        await _mark_sent(table, note.key)


async def _mark_sent(table: Table, key: str) -> None:
    try:
        async with table.lock:
            await asyncio.to_thread(clock_notes.mark_sent, table.folder, key)
    except (FestivalError, StoreError) as exc:  # busy: sent again after a restart, at worst
        log.info("clock note of %s not marked sent: %s", table.folder.name, exc)


async def _record_announced(table: Table, steps: int) -> None:
    """A loss on time announced: recorded in the duel's store (`AnnounceTimeOut`, sent by the
    clock watcher through the duel's dispatcher)."""
    try:
        async with table.lock:
            command = service.AnnounceTimeOut(steps)
            await asyncio.to_thread(
                service.dispatch, table.folder, command, service.CLOCK_BOT, service.CLOCK_WATCH
            )
    except (FestivalError, StoreError) as exc:  # busy: recorded next time (`seen` keeps it quiet)
        log.info("announcement of %s not recorded: %s", table.folder.name, exc)
