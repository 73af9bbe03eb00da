"""Which Discord user plays which player of a match, and in which private channel (issue #38):
the seating the bot reads to know who sent `/submit`, and where they may.

A player's Discord user id comes from the roster's `discord` column (kept when the match is
created, festival/match/roster.py), the webhooks file's `user` column (`festival discord`,
kept in the host input `discord`) or the host's `SeatPlayer` command (`festival seat`,
`/host seat`), which also names the player's private channel; the later wins: a seat given
by the host over the webhooks file's user, and that over the roster's. Pure values out; the
command goes through the match service's one door (festival/match/service.py `run`), as the
host.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from events.errors import close_matches
from festival.core import host_inputs
from festival.match.acts import Refused
from festival.match.match import Match
from festival.match.store import STORE_FILE

SEAT = "discord seat:"
"""the host input a player's seat is kept under (followed by the player's name)"""
ROSTER_USERS = "discord roster users"
"""the host input the roster's Discord user ids are kept under ({player: id})"""
ID_LIMIT = 2**64


@dataclass(frozen=True)
class SeatPlayer:
    """Seat `player`: the Discord user who plays them and their private channel (None: keep
    what was recorded before)."""

    player: str
    user: int | None = None
    channel: int | None = None


@dataclass(frozen=True)
class PlayerSeat:
    player: str
    user: int | None
    channel: int | None


@dataclass(frozen=True)
class Seats:
    """Every player's seat, in roster order (a player not seated has no user or channel)."""

    seats: tuple[PlayerSeat, ...]

    def of_user(self, user: int) -> PlayerSeat | None:
        """The seat of a Discord user (None: they play no one in this match)."""
        return next((s for s in self.seats if s.user == user), None)

    def of(self, player: str) -> PlayerSeat | None:
        return next((s for s in self.seats if s.player == player), None)

    @property
    def seated(self) -> tuple[PlayerSeat, ...]:
        """The players the bot can serve: a user and a channel each."""
        return tuple(s for s in self.seats if s.user is not None and s.channel is not None)


class NotSeatable(Refused):
    """A seat festival cannot record: a name that is no player, an id that is no Discord id,
    or a user or channel that is another player's already."""


def record_roster_users(match: Match, users: tuple[tuple[str, int], ...]) -> None:
    """Keep the roster's Discord user ids (checked by the roster's parser) with the match."""
    if users:
        match.store.set_host_input(ROSTER_USERS, json.dumps(dict(users)))


def _roster_users(match: Match) -> dict[str, object]:
    kept = match.store.host_input(ROSTER_USERS)
    try:
        data = json.loads(kept) if kept is not None else {}
        return {str(k): v for k, v in dict(data).items()}
    except (ValueError, TypeError, AttributeError):
        return {}  # a store edited by hand: the roster's ids are not read


def seats_of(match: Match) -> Seats:
    """The match's seating: the roster's users, the webhooks file's over them, then the
    host's seats over both."""
    from_roster = _roster_users(match)
    from_file: dict[str, str] = {}
    mapped = match.store.host_input(host_inputs.DISCORD)
    if mapped is not None:
        try:
            users = json.loads(mapped).get("users") or {}
            from_file = {str(k): str(v) for k, v in dict(users).items()}
        except (ValueError, TypeError, AttributeError):
            from_file = {}
    seats = []
    for player in match.config.players:
        user = _id(from_file.get(player)) or _id(from_roster.get(player))
        channel = None
        kept = match.store.host_input(SEAT + player)
        if kept is not None:
            try:
                data = json.loads(kept)
                user = _id(data.get("user")) or user
                channel = _id(data.get("channel"))
            except (ValueError, TypeError, AttributeError):
                pass  # a store edited by hand: the seat is not read
        seats.append(PlayerSeat(player, user, channel))
    return Seats(tuple(seats))


def seat_player(match: Match, command: SeatPlayer) -> Seats:
    """Record a player's seat; the seating as it is now."""
    by_lower = {p.lower(): p for p in match.config.players}
    player = by_lower.get(command.player.strip().lower())
    if player is None:
        hint = close_matches(command.player, list(match.config.players))
        more = f" (did you mean {hint[0]}?)" if hint else ""
        raise NotSeatable(f"{command.player} is not a player of this match{more}")
    for value, what in ((command.user, "user"), (command.channel, "channel")):
        if value is not None and not 0 < value < ID_LIMIT:
            raise NotSeatable(
                f"{value} is not a Discord {what} id: a positive number below 2^64, 17 to 20 "
                "digits (in Discord, Developer Mode, then Copy ID)"
            )
    now = seats_of(match)
    mine = now.of(player) or PlayerSeat(player, None, None)
    user = command.user if command.user is not None else mine.user
    channel = command.channel if command.channel is not None else mine.channel
    for other in now.seats:
        if other.player == player:
            continue
        if user is not None and other.user == user:
            raise NotSeatable(f"user {user} plays {other.player} already: one player each")
        if channel is not None and other.channel == channel:
            raise NotSeatable(
                f"channel {channel} is {other.player}'s already: give each player their own"
            )
    match.store.set_host_input(SEAT + player, json.dumps({"user": user, "channel": channel}))
    return seats_of(match)


def _id(value: object) -> int | None:
    """A Discord id as stored (a number or its digits), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 0 < value < ID_LIMIT else None
    if isinstance(value, str) and value.strip().isdigit():
        return _id(int(value.strip()))
    return None


def is_match(folder: Path) -> bool:
    """Whether `folder` holds a match (its store), without opening it."""
    return (folder / STORE_FILE).is_file()
