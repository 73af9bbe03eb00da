"""The season's Discord channels as the season keeps them (`festival season new --webhooks`,
`festival season discord`): the host's webhooks file's path, the channels it maps by name
(the game room, the host channel, the Death Match channel, the players' private channels),
the players' Discord user ids it names, and the Death Match channel's id for the bot. Never a
webhook URL: the file stays the host's secret, out of the season folder, and is read each time
a season posts or a Death Match is made (festival/discord/season_channels.py reads and checks
it; the season domain speaks no Discord).

A season folder is something hosts send each other: the kept path is signed with this
computer's key (festival/core/machine_key.py), so a folder from another computer never makes
festival read a file it names (`file_here` is None there, and the host names theirs)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from festival.core.machine_key import sign, signed_here

DISCORD_META = "discord"
"""the season store's meta row that keeps them (JSON)"""


@dataclass(frozen=True)
class KeptChannels:
    season: str
    """the season's name, part of what is signed"""
    file: str
    """the webhooks file's absolute path on the computer that kept it (the host's only)"""
    channels: tuple[str, ...]
    """the channels the file maps, by name"""
    users: tuple[tuple[str, int], ...]
    """the players' Discord user ids of the file's `user` column"""
    death_match: int | None = None
    """the Death Match channel's Discord id (the bot's channel for the duel)"""
    signature: str = ""

    def _signed(self) -> bytes:
        return json.dumps(["season-webhooks", self.season, self.file]).encode()

    def signed(self) -> KeptChannels:
        """These channels signed with this computer's key (unsigned where it has none)."""
        return KeptChannels(
            self.season,
            self.file,
            self.channels,
            self.users,
            self.death_match,
            sign(self._signed()) or "",
        )

    @property
    def file_here(self) -> Path | None:
        """The webhooks file, when it was kept on this computer (None: kept elsewhere)."""
        return Path(self.file) if signed_here(self._signed(), self.signature) else None

    @property
    def has_death_match(self) -> bool:
        return "death match" in self.channels

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "channels": list(self.channels),
            "users": {p: str(u) for p, u in self.users},
            "death_match_channel": None if self.death_match is None else str(self.death_match),
            "signature": self.signature,
        }

    @staticmethod
    def from_json(season: str, data: object) -> KeptChannels:
        """Read as data: ValueError names what is not as festival writes it."""
        if not isinstance(data, dict):
            raise ValueError("is not an object")
        file, channels, users = data.get("file"), data.get("channels"), data.get("users")
        channel, signature = data.get("death_match_channel"), data.get("signature")
        if not isinstance(file, str) or not isinstance(signature, str):
            raise ValueError("has no file or signature text")
        if not isinstance(channels, list) or not all(isinstance(c, str) for c in channels):
            raise ValueError("has channels that are not names")
        if not isinstance(users, dict) or not all(
            isinstance(p, str) and isinstance(u, str) and u.isascii() and u.isdigit()
            for p, u in users.items()
        ):
            raise ValueError("has users that are not Discord ids")
        if channel is not None and not (
            isinstance(channel, str) and channel.isascii() and channel.isdigit()
        ):
            raise ValueError("has a Death Match channel that is not a Discord id")
        return KeptChannels(
            season,
            file,
            tuple(channels),
            tuple((p, int(u)) for p, u in users.items()),
            None if channel is None else int(channel),
            signature,
        )
