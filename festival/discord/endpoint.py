"""Where festival's Discord clients send their requests: Discord itself, or a stand-in.

Festival talks to Discord only through discord.py (its webhook client for posting, its bot
client for duels). Both build every request on `discord.http.Route.BASE`. In production that
is Discord's own API; tests, and a host who wants to rehearse offline, point it at a local
stand-in by setting `FESTIVAL_DISCORD_API` (e.g. `http://127.0.0.1:8765/api/v10`). The gateway
address is whatever that API answers to `GET /gateway/bot`, so the stand-in serves both: the
bot asks, and `point_gateway` aims discord.py's client there (it otherwise dials Discord's
fixed gateway, at the start and again after Discord invalidates a session).
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit

API_VARIABLE = "FESTIVAL_DISCORD_API"
DISCORD_API = "https://discord.com/api/v10"


def api_base() -> str:
    """The API base the next client should use: the stand-in if one is named, else Discord."""
    named = os.environ.get(API_VARIABLE, "").strip().rstrip("/")
    if not named:
        return DISCORD_API
    parts = urlsplit(named)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(
            f"{API_VARIABLE} must be an http(s) address such as http://127.0.0.1:8765/api/v10"
        )
    return named


def point_discord_py() -> str:
    """Aim discord.py's requests at `api_base()`; returns the base used.

    Imports discord.py here, not at module level, so commands that never talk to Discord
    never pay for it.
    """
    from discord.http import Route

    base = api_base()
    Route.BASE = base
    return base


def stand_in() -> bool:
    """Whether a stand-in is named (`FESTIVAL_DISCORD_API`)."""
    return api_base() != DISCORD_API


def point_gateway(url: str) -> None:
    """Aim discord.py's gateway at `url` (what a stand-in's `GET /gateway/bot` answered)."""
    import yarl
    from discord.gateway import DiscordWebSocket

    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
