"""Duel time control, as the texts give it: a time per turn plus a reserve used in 30-second
intervals; running out forfeits. The host starts and stops the clock; the tool keeps it.

Pure: computed from the clock's starts and stops and the times turns were confirmed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

INTERVAL = 30
"""reserve time is "used in 30 second intervals": each started interval costs 30 seconds"""


@dataclass(frozen=True)
class TurnSpan:
    player: str
    start: float
    end: float | None
    """None: the turn under way"""


@dataclass(frozen=True)
class ClockReading:
    running: bool
    player: str | None
    turn_used: float
    """seconds the clock ran in the turn under way"""
    turn_left: float
    """seconds left of the turn time (0 once into the reserve)"""
    reserve_left: Mapping[str, int]
    """seconds of reserve left, whole intervals charged (the turn under way included)"""
    out_of_time: str | None
    """the player whose time ran out, if any"""

    def describe(self) -> str:
        state = "running" if self.running else "stopped"
        reserves = ", ".join(f"{p} {_mmss(s)}" for p, s in self.reserve_left.items())
        if self.out_of_time:
            return f"clock {state}: {self.out_of_time} is out of time (reserve: {reserves})"
        who = f" for {self.player}" if self.player else ""
        return (
            f"clock {state}{who}: {_mmss(self.turn_left)} of the turn left, "
            f"{_mmss(self.turn_used)} used; reserve {reserves}"
        )


def _mmss(seconds: float) -> str:
    s = max(0, int(seconds))
    return f"{s // 60}:{s % 60:02d}"


def running_time(events: Sequence[tuple[float, bool]], start: float, end: float) -> float:
    """Seconds the clock ran between start and end (events: (time, running) in order)."""
    total = 0.0
    since: float | None = None
    for at, running in events:
        if at >= end:
            break
        if running and since is None:
            since = at
        elif not running and since is not None:
            total += max(0.0, min(at, end) - max(since, start))
            since = None
    if since is not None:
        total += max(0.0, end - max(since, start))
    return total


def read_clock(
    events: Sequence[tuple[float, bool]],
    turns: Sequence[TurnSpan],
    players: Sequence[str],
    turn_seconds: int,
    reserve_seconds: int,
    at: float,
) -> ClockReading:
    reserve = dict.fromkeys(players, reserve_seconds)
    out: str | None = None
    used = 0.0
    current = turns[-1].player if turns and turns[-1].end is None else None
    for turn in turns:
        used = running_time(events, turn.start, turn.end if turn.end is not None else at)
        over = max(0.0, used - turn_seconds)
        if over > reserve[turn.player] and out is None:
            out = turn.player
        reserve[turn.player] = max(0, reserve[turn.player] - INTERVAL * math.ceil(over / INTERVAL))
    running = bool(events) and events[-1][1]
    if current is None:
        used = 0.0
    return ClockReading(running, current, used, max(0.0, turn_seconds - used), reserve, out)
