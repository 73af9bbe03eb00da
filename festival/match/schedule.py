"""A match's schedule as values: each round's deadline (UTC epoch seconds, with a generation
that every change of it bumps), the host's settings (reminder offsets, early close, the
misses-in-a-row threshold, the zone the host reads times in), and what the hand-ins of a
round look like to the scheduler (`Readiness`, filled by the hand-in read model).

Times are stored and compared in UTC epoch seconds only. A host's words for a time ("2026-12-01
20:00" in Europe/Berlin) are read here (`read_time`), and times are shown back in the host's
zone (`host_time`) or, to players, as Discord timestamps that each reader's app shows in their
own zone (`discord_time`). Pure: no store, no clock (the caller says what time it is).
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Protocol
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

HOUR = 3600
DEFAULT_REMINDERS = (12 * HOUR, 2 * HOUR, 30 * 60)
"""seconds before the deadline, largest first"""
DEFAULT_MISSES = 2
"""misses in a row after which the host is told"""


@dataclass(frozen=True)
class Deadline:
    """One round's deadline. `generation` grows with every change (set, extend, pause,
    resume, resolve now): a step planned for another generation is never carried out."""

    round_no: int
    at: int
    """UTC epoch seconds (while paused: the deadline it had when paused)"""
    generation: int
    paused_left: int | None = None
    """seconds that were left when the host paused it (None: running)"""

    @property
    def paused(self) -> bool:
        return self.paused_left is not None


@dataclass(frozen=True)
class Settings:
    reminders: tuple[int, ...] = DEFAULT_REMINDERS
    """seconds before the deadline, largest first"""
    early_close: bool = False
    """close a round as soon as every player is ready"""
    misses: int = DEFAULT_MISSES
    zone: str | None = None
    """the host's time zone (IANA name) for showing times; None: this computer's"""
    inbox: str | None = None
    """where the players' hand-ins are (INBOX/round-N/ or INBOX/round-N.json), if the host
    said"""


@dataclass(frozen=True)
class Schedule:
    """The schedule of a match and where the match stands: what `due` reads."""

    deadlines: Mapping[int, Deadline]
    settings: Settings
    rounds: int
    resolved: int
    """the last resolved round"""
    misses: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    """player -> (rounds missed in a row, up to the last resolved; the first of them)"""

    @property
    def current(self) -> Deadline | None:
        """The deadline of the next round to resolve, if it has one."""
        if self.resolved >= self.rounds:
            return None
        return self.deadlines.get(self.resolved + 1)


# --- hand-ins as the scheduler sees them --------------------------------------------------


class HandIn(StrEnum):
    """A player's hand-in for one event of the round."""

    READY = "ready"
    PROBLEMS = "has problems"
    NOTHING = "nothing yet"


@dataclass(frozen=True)
class Readiness:
    """Each player's hand-in for each event they play in `round_no`."""

    round_no: int
    players: Mapping[str, Mapping[str, HandIn]]
    """player -> event -> state"""

    def wanting(self, player: str) -> tuple[tuple[str, HandIn], ...]:
        """The events of `player` not ready yet, with their state."""
        return tuple(
            (e, s) for e, s in self.players.get(player, {}).items() if s is not HandIn.READY
        )

    @property
    def all_ready(self) -> bool:
        return bool(self.players) and all(not self.wanting(p) for p in self.players)


class ReadinessSource(Protocol):
    """Where the scheduler learns the hand-ins of a round (festival/match/schedule_service.py:
    `HandInReadiness`, the hand-ins stored, with the host's inbox folder if named)."""

    def __call__(self, folder: Path, round_no: int) -> Readiness: ...


# --- times in the host's words ------------------------------------------------------------


class UnreadableTime(ValueError):
    """A time or a duration festival cannot read (`what`: the host's text)."""

    def __init__(self, what: str, kind: str) -> None:
        self.what, self.kind = what, kind
        super().__init__(f"{what!r} is not a {kind}")


class UnknownZone(ValueError):
    def __init__(self, zone: str) -> None:
        self.zone = zone
        super().__init__(f"{zone!r} is not a time zone")


_TIME_FORMATS = ("%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S")
_DURATION = re.compile(r"(?:(\d+)\s*d)?\s*(?:(\d+)\s*h)?\s*(?:(\d+)\s*m(?:in)?)?", re.I)


def zone_of(name: str | None) -> ZoneInfo | None:
    """The zone named (None: this computer's local zone)."""
    if name is None:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise UnknownZone(name) from None


def local_zone_name() -> str:
    """This computer's time zone as a host can name it to `--tz`: the TZ variable's zone,
    else the one /etc/localtime links to, else its abbreviation now ("CET")."""
    given = os.environ.get("TZ", "").lstrip(":")
    if given:
        try:
            ZoneInfo(given)
            return given
        except (ZoneInfoNotFoundError, ValueError):
            pass
    linked = str(Path("/etc/localtime").resolve())
    if "zoneinfo/" in linked:
        return linked.split("zoneinfo/", 1)[1]
    return datetime.now().astimezone().tzname() or "unknown"


def read_time(text: str, zone: str | None) -> int:
    """The host's "2026-12-01 20:00" in `zone` (None: this computer's), as UTC epoch seconds."""
    tz = zone_of(zone)
    for form in _TIME_FORMATS:
        try:
            naive = datetime.strptime(text.strip(), form)
        except ValueError:
            continue
        local = naive.replace(tzinfo=tz) if tz is not None else naive.astimezone()
        return int(local.timestamp())
    raise UnreadableTime(text, "date and time (YYYY-MM-DD HH:MM)")


def read_duration(text: str) -> int:
    """ "24h", "1d", "90m", "2h30m" as seconds (more than 0)."""
    found = _DURATION.fullmatch(text.strip())
    if found is None or not any(found.groups()):
        raise UnreadableTime(text, "duration (like 24h, 1d, 90m, 2h30m)")
    days, hours, minutes = (int(g or 0) for g in found.groups())
    seconds = days * 86400 + hours * HOUR + minutes * 60
    if seconds <= 0:
        raise UnreadableTime(text, "duration longer than nothing")
    return seconds


def duration_words(seconds: int) -> str:
    """12 h, 2 h 30 min, 30 min."""
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, HOUR)
    minutes = rest // 60
    parts = [f"{days} d"] * bool(days) + [f"{hours} h"] * bool(hours)
    parts += [f"{minutes} min"] * bool(minutes)
    return " ".join(parts) or f"{seconds} s"


def host_time(at: int, zone: str | None) -> str:
    """A time in the host's zone: "2026-12-01 20:00 CET"."""
    tz = zone_of(zone)
    when = datetime.fromtimestamp(at, UTC)
    local = when.astimezone(tz) if tz is not None else when.astimezone()
    return local.strftime("%Y-%m-%d %H:%M %Z").strip()


def discord_time(at: int) -> str:
    """A time as Discord shows it to each reader in their own zone, with how far off it is:
    "<t:EPOCH:F> (<t:EPOCH:R>)" (the absolute time first: relative times are misread)."""
    return f"<t:{at}:F> (<t:{at}:R>)"


def system_now() -> int:
    return int(time.time())
