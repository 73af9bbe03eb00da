"""Which Discord channel is whose: the host's webhooks file, read and checked, kept secret.

A channel webhook's URL is a password: whoever has it can post in the channel as festival.
So it is kept as the Google key is (festival/google/match_sheets.py): the host keeps the file,
festival keeps only the file's path and the names of the channels it maps, and reads the URLs
from the file each time it posts. No URL or token is ever printed, logged, stored, or put in
an error message: errors name the row and the channel.

The file is a .csv (or .xlsx) with the columns `player` and `webhook`, and optionally `user`
(the player's Discord user id, for pings); the row whose player is `host` (or `game room`)
is the game room, where the public posts go. A season's file (`festival season discord`) may
also have a row `death match`: the channel where the season's Death Match duels are posted.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from festival.core import host_inputs
from festival.core.errors import FestivalError

GAME_ROOM = "game room"
"""the public channel's name, as festival shows it"""
HOST_ROWS = ("host", "game room", "gameroom", "public")
HOST_CHANNEL = "host channel"
"""the host's own channel (optional): what only the host is told (a player's misses)"""
HOST_CHANNEL_ROWS = ("host channel", "hostchannel", "hosts")
DEATH_MATCH = "death match"
"""a season's Death Match channel (optional, in a season's file only): its duels post there"""
DEATH_MATCH_ROWS = ("death match", "deathmatch", "death match channel")
ROOM_ROWS = {DEATH_MATCH: DEATH_MATCH_ROWS}
"""the extra rooms a caller of `read_webhooks` may accept, by the rows that name them"""
SETTINGS = host_inputs.DISCORD
"""the host input that keeps the mapping (the file's path and channel names only)"""
DUEL = "this duel"
"""`of` for a duel's webhooks (mapped by `festival duel discord`, a match's by `festival
discord`)"""

WEBHOOK_URL = re.compile(
    r"https://(?:(?:ptb|canary)\.)?discord(?:app)?\.com/api(?:/v\d+)?/webhooks/"
    r"(?P<id>[0-9]{17,20})/(?P<token>[A-Za-z0-9._-]{60,})/?"
)
USER_ID = re.compile(r"(?:<@!?)?([0-9]{17,20})>?")
URL_SHAPE = "https://discord.com/api/webhooks/<id>/<token>"


class WebhookError(FestivalError):
    """A webhooks file festival cannot use (never quoting a URL)."""


@dataclass(frozen=True)
class Webhook:
    """One channel's webhook: a secret. Its repr names the channel only."""

    channel: str
    url: str

    def __repr__(self) -> str:
        return f"Webhook({self.channel!r}, <secret>)"

    __str__ = __repr__

    @property
    def id(self) -> str:
        found = WEBHOOK_URL.fullmatch(self.url)
        return found.group("id") if found else ""

    @property
    def token(self) -> str:
        found = WEBHOOK_URL.fullmatch(self.url)
        return found.group("token") if found else ""


@dataclass(frozen=True)
class Webhooks:
    """The channels of a webhooks file: the game room and the players' channels."""

    hooks: Mapping[str, Webhook]
    """channel name (GAME_ROOM or a player) -> its webhook"""
    users: Mapping[str, str]
    """player -> Discord user id"""

    def secrets(self) -> list[tuple[str, str]]:
        """(secret text, the channel it belongs to), longest first: for scrubbing."""
        pairs = [(h.url, c) for c, h in self.hooks.items()]
        pairs += [(h.token, c) for c, h in self.hooks.items()]
        pairs += [(h.url.rstrip("/").rsplit("/", 1)[0], c) for c, h in self.hooks.items()]
        return sorted(pairs, key=lambda p: -len(p[0]))


@dataclass(frozen=True)
class DiscordSettings:
    """What the store keeps: where the webhooks file is, and the names it maps. A duel made
    by a season (`room` DEATH_MATCH) reads the season's file: its posts go to the file's
    `room` row, and the rows of the season's other players (`others`) are passed over."""

    file: str
    channels: tuple[str, ...]
    users: Mapping[str, str]
    room: str = GAME_ROOM
    others: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "file": self.file,
            "channels": list(self.channels),
            "users": dict(self.users),
        }
        if self.room != GAME_ROOM:
            out["room"] = self.room
            out["others"] = list(self.others)
        return out

    @staticmethod
    def from_json(text: str) -> DiscordSettings:
        data = json.loads(text)
        room = str(data.get("room", GAME_ROOM))
        if room not in (GAME_ROOM, *ROOM_ROWS):
            raise ValueError(f"no room {room[:40]!r}")
        return DiscordSettings(
            str(data["file"]),
            tuple(str(c) for c in data["channels"]),
            {str(k): str(v) for k, v in dict(data["users"]).items()},
            room,
            tuple(str(o) for o in data.get("others", ())),
        )


def read_webhooks(
    path: Path,
    players: Sequence[str],
    of: str = "this match",
    rooms: Sequence[str] = (),
    others: Sequence[str] = (),
) -> Webhooks:
    """The webhooks file, every row checked; raises WebhookError naming every bad row (by
    row, player and column, never by URL). `rooms`: the extra rooms the file may map
    (DEATH_MATCH); `others`: names whose rows are passed over (a season's players who do not
    play its Death Match)."""
    from events.errors import close_matches
    from sheets.source import name_key
    from sheets.xlsx_reader import read_table_file

    grid = read_table_file(path)
    header = [grid.text(0, c).strip().lower() for c in range(grid.width)]
    if "player" not in header or "webhook" not in header:
        raise WebhookError(f"{path}: the header row needs the columns player and webhook")
    pc, wc = header.index("player"), header.index("webhook")
    uc = header.index("user") if "user" in header else None
    known = {name_key(p): p for p in players}
    hosts = {name_key(h) for h in HOST_ROWS}
    host_channel = {name_key(h) for h in HOST_CHANNEL_ROWS}
    extra = {name_key(row): room for room in rooms for row in ROOM_ROWS[room]}
    passed = {name_key(o) for o in others} - set(known)
    named_rooms = (GAME_ROOM, HOST_CHANNEL, *rooms)
    hooks: dict[str, Webhook] = {}
    owners: dict[str, str] = {}
    """webhook id -> the channel whose row named it first"""
    users: dict[str, str] = {}
    problems: list[str] = []
    for r in range(1, grid.height):
        name, url = grid.text(r, pc).strip(), grid.text(r, wc).strip()
        user = grid.text(r, uc).strip() if uc is not None else ""
        if (not name and not url and not user) or name_key(name) in passed:
            continue
        channel = (
            GAME_ROOM
            if name_key(name) in hosts
            else HOST_CHANNEL
            if name_key(name) in host_channel
            else extra.get(name_key(name)) or known.get(name_key(name))
        )
        where = f"row {r + 1}"
        if channel is None:
            hint = close_matches(name, [*players, *HOST_ROWS])
            more = f"; did you mean {hint[0]}?" if hint else ": write a player's name, or `host`"
            problems.append(f"{where}: {name!r} is not a player of {of} (nor `host`){more}")
            continue
        if user:
            found = USER_ID.fullmatch(user)
            if found is None or channel in named_rooms:
                problems.append(
                    f"{where} ({channel}): the user column takes a player's Discord user id "
                    "(17 to 20 digits: right-click the player, Copy User ID)"
                )
            else:
                users[channel] = found.group(1)
        if not url:
            if channel in named_rooms or not user:
                problems.append(f"{where} ({channel}): no webhook")
            continue
        if WEBHOOK_URL.fullmatch(url) is None:
            problems.append(
                f"{where} ({channel}): the webhook is not a Discord webhook URL (it looks like "
                f"{URL_SHAPE}: in the channel's settings, Integrations, Webhooks, Copy Webhook "
                "URL)"
            )
        elif channel in hooks:
            problems.append(f"{where} ({channel}): a second webhook; keep one row per channel")
        elif (owner := owners.get(Webhook(channel, url).id)) is not None:
            place = (
                "the game room"
                if owner == GAME_ROOM
                else f"the {owner} channel"
                if owner in named_rooms
                else f"{owner}'s channel"
            )
            problems.append(
                f"{where} ({channel}): the same webhook as {place}, so {channel}'s posts would "
                f"go there; make a webhook in {channel}'s own channel and copy its URL"
            )
        else:
            hooks[channel] = Webhook(channel, url)
            owners[hooks[channel].id] = channel
    if GAME_ROOM not in hooks and not any(GAME_ROOM in p for p in problems):
        problems.append("no row for the game room (player `host`): the public posts go there")
    if problems:
        raise WebhookError(f"{path}: " + "; ".join(problems))
    ordered = {c: hooks[c] for c in (*named_rooms, *players) if c in hooks}
    return Webhooks(ordered, users)


def check_place(path: Path, folder: Path) -> None:
    """Refuse a webhooks file inside the match (or duel) folder: the folder is shared, the
    file is a secret."""
    if path.resolve().is_relative_to(folder.resolve()):
        raise WebhookError(
            f"keep the webhooks file out of {folder} (folders are shared; the file is a "
            "secret): move it, for example next to your Google key, and name it there"
        )


def settings_for(
    path: Path, hooks: Webhooks, room: str = GAME_ROOM, others: Sequence[str] = ()
) -> DiscordSettings:
    return DiscordSettings(
        str(path.resolve()), tuple(hooks.hooks), dict(hooks.users), room, tuple(others)
    )


def in_room(hooks: Webhooks, room: str) -> Webhooks:
    """A season's file as its Death Match duel reads it: the `room` row is the duel's game
    room (where its posts go), the season's game room and host channel are left out."""
    if room == GAME_ROOM:
        return hooks
    if room not in hooks.hooks:
        raise WebhookError(f"the webhooks file has no {room} row: add the channel's webhook")
    rest = {c: h for c, h in hooks.hooks.items() if c not in (GAME_ROOM, HOST_CHANNEL, room)}
    return Webhooks({GAME_ROOM: Webhook(GAME_ROOM, hooks.hooks[room].url), **rest}, hooks.users)


def stored_settings(text: str | None, where: str, command: str = "discord") -> DiscordSettings:
    """The stored settings of the match (or duel: `command` "duel discord") at `where`."""
    if text is None:
        raise WebhookError(
            f"{where} has no Discord channels yet: run `festival {command} {where} --webhooks "
            "FILE` first"
        )
    try:
        return DiscordSettings.from_json(text)
    except (ValueError, LookupError, TypeError, AttributeError):
        raise WebhookError(
            f"{where}: the stored Discord settings cannot be read; run `festival {command} "
            f"{where} --webhooks FILE` again"
        ) from None


def duel_settings(text: str | None, where: str) -> DiscordSettings:
    """The stored settings of the duel at `where`."""
    return stored_settings(text, where, "duel discord")


def load_webhooks(
    settings: DiscordSettings, players: Sequence[str], given: Path | None, of: str, folder: Path
) -> Webhooks:
    """The webhooks from the file named now (`given`) or when the channels were mapped; a
    file inside `folder` (the match or duel folder) is refused as `festival discord` does."""
    path = given or Path(settings.file)
    check_place(path, folder)
    if not path.is_file():
        command = "duel discord" if of == DUEL else "discord"
        raise WebhookError(
            f"the webhooks file {path} is not there: name it with --webhooks FILE (or run "
            f"`festival {command} {folder} --webhooks FILE` again)"
        )
    rooms = () if settings.room == GAME_ROOM else (settings.room,)
    return in_room(read_webhooks(path, players, of, rooms, settings.others), settings.room)
