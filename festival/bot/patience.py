"""The match's lock, waited for: a bot that keeps a match's deadlines (festival/bot/
keep_time.py) holds the match's lock while it resolves or posts, and a `festival run` or a
host's command line may hold it too; a player's hand-in or a host's slash command that meets
it busy is tried again for a while (`StoreBusy` fails at once, festival/match/lock.py), not
answered "busy" at once."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

from festival.core.errors import StoreBusy

T = TypeVar("T")

TRIES = 100
PAUSE = 0.1
"""seconds between tries: 10 s in all, within Discord's 15 minutes for a deferred answer"""


async def patiently(call: Callable[..., T], *args: object) -> T:
    """`call(*args)` off the event loop, tried again while the match is busy (the last
    StoreBusy raised)."""
    for _ in range(TRIES - 1):
        try:
            return await asyncio.to_thread(call, *args)
        except StoreBusy:
            await asyncio.sleep(PAUSE)
    return await asyncio.to_thread(call, *args)
