"""Where a duel is played on Discord, as its store records it: the duel's channel and which
Discord user plays which player (settings checked before anything is recorded)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from festival.core.errors import DuelHostError
from festival.duels.host import Duel
from festival.duels.opening import open_duel
from festival.duels.results import Seating

CHANNEL_SETTING = "discord.channel"
USER_SETTING = "discord.user."
ANNOUNCED_SETTING = "discord.time-out-announced"
"""+ the player's name: the Discord user id who plays them"""


def seat_players(duel: Duel, channel: int | None, users: dict[str, int]) -> tuple[str, ...]:
    """Record a seating (every name and id checked before anything is recorded); the players
    seated, as the duel names them."""
    settings = seating_settings(duel.players, channel, users)
    for name, value in settings.items():
        duel.store.set_setting(name, value)
    return tuple(name.removeprefix(USER_SETTING) for name in settings if name != CHANNEL_SETTING)


def seating_settings(
    players: Sequence[str], channel: int | None, users: dict[str, int]
) -> dict[str, str]:
    """The duel store's settings for a seating; DuelHostError names a player who does not
    play or an id that is not one."""
    by_key = {p.lower(): p for p in players}
    settings: dict[str, str] = {}
    for name, user in users.items():
        player = by_key.get(name.strip().lower())
        if player is None:
            raise DuelHostError(f"{name!r} does not play in this duel ({', '.join(players)})")
        problem = discord_id_problem(user, "user")
        if problem:
            raise DuelHostError(f"{name}: {problem}")
        settings[USER_SETTING + player] = str(user)
    if channel is not None:
        problem = discord_id_problem(channel, "channel")
        if problem:
            raise DuelHostError(problem)
        settings[CHANNEL_SETTING] = str(channel)
    return settings


DISCORD_ID_LIMIT = 2**64
"""Discord's ids (snowflakes) are unsigned 64-bit numbers"""


def discord_id_problem(value: int, what: str) -> str | None:
    """Why `value` cannot be a Discord `what` id (user, channel), or None."""
    if 0 < value < DISCORD_ID_LIMIT:
        return None
    return (
        f"{value} is not a Discord {what} id: a positive number below 2^64, 17 to 20 digits "
        "(in Discord, Developer Mode, then Copy ID)"
    )


def seating(folder: Path) -> Seating:
    with open_duel(folder) as duel:
        return seating_of(duel)


def seating_of(duel: Duel) -> Seating:
    def number(name: str) -> int | None:
        text = duel.store.setting(name)
        return int(text) if text and text.isdigit() else None

    users = [(p, number(USER_SETTING + p)) for p in duel.players]
    return Seating(number(CHANNEL_SETTING), tuple((p, u) for p, u in users if u is not None))
