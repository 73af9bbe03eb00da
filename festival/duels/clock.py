"""Duel time control, as the texts give it: a time per turn plus a reserve used in 30-second
intervals; running out forfeits. The host starts and stops the clock; the tool keeps it. In a
simultaneous turn (Elementarium) every player whose orders are not in yet is on the clock.

Pure: computed from the clock's starts and stops, who was awaited in each position and the
times actions were recorded.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

INTERVAL = 30
"""reserve time is "used in 30 second intervals": each started interval costs 30 seconds"""


@dataclass(frozen=True)
class TurnSpan:
    """One turn: when it began, and for each player it awaited when their actions were in."""

    start: float
    ends: tuple[tuple[str, float | None], ...]
    """(player, the time their last action of the turn was recorded; None: still awaited),
    by player name"""


@dataclass(frozen=True)
class ClockReading:
    running: bool
    waiting: tuple[str, ...]
    """the players whose time runs in the turn under way (several in a simultaneous turn)"""
    turn_used: float
    """seconds the clock ran in the turn under way"""
    turn_left: float
    """seconds left of the turn time (0 once into the reserve)"""
    reserve_left: Mapping[str, int]
    """seconds of reserve left, whole intervals charged (the turn under way included)"""
    out_of_time: tuple[str, ...]
    """the player whose time ran out first (several whose time ran out at the same moment of
    one simultaneous turn); empty while nobody's has"""
    limited: bool = True
    """False for a duel with no time control (no turn time, no reserve): the clock only
    counts, and nobody runs out of time"""
    over: bool = False
    """the duel is over: the clock stopped with its last action, whatever the host's clock
    says (`running` is False)"""
    before_loss: Mapping[str, float] = field(default_factory=dict)
    """for each player whose time runs (`waiting`) in a duel with time control: the seconds
    the clock may still run before they lose on time (the turn's time left plus the reserve
    they had when the turn began; a reserve interval started is not yet lost)"""

    def describe(self) -> str:
        if self.over:
            return self._describe_over()
        state = "running" if self.running else "stopped"
        if not self.limited:
            who = f" for {' and '.join(self.waiting)}" if self.waiting else ""
            used = minutes_seconds(self.turn_used)
            return f"clock {state}{who}: {used} used (this duel has no time limit)"
        reserves = ", ".join(f"{p} {minutes_seconds(s)}" for p, s in self.reserve_left.items())
        if self.out_of_time:
            who = " and ".join(self.out_of_time)
            verb = "is" if len(self.out_of_time) == 1 else "are both"
            return f"clock {state}: {who} {verb} out of time (reserve: {reserves})"
        who = f" for {' and '.join(self.waiting)}" if self.waiting else ""
        return (
            f"clock {state}{who}: {minutes_seconds(self.turn_left)} of the turn left, "
            f"{minutes_seconds(self.turn_used)} used; reserve {reserves}"
        )

    def _describe_over(self) -> str:
        said = "clock stopped: the duel is over"
        if not self.limited:
            return f"{said} (this duel has no time limit)"
        reserves = ", ".join(f"{p} {minutes_seconds(s)}" for p, s in self.reserve_left.items())
        if self.out_of_time:
            who = " and ".join(self.out_of_time)
            verb = "ran" if len(self.out_of_time) == 1 else "both ran"
            return f"{said}; {who} {verb} out of time (reserve: {reserves})"
        return f"{said} (reserve: {reserves})"


def minutes_seconds(seconds: float) -> str:
    """Seconds as a clock shows them ("2:05"; never below "0:00")."""
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


def turn_spans(awaited: Sequence[Sequence[str]], times: Sequence[float]) -> list[TurnSpan]:
    """The turns of a duel, from the players awaited in each position (one more position than
    steps) and the time each step was recorded (`times[i]`: the step from position i to i+1).

    A turn lasts while the players it awaits only drop out (their actions are in); it ends
    when a player not awaited before is awaited (a sequential game: the other player's turn; a
    simultaneous one: the next turn's orders). A player's time runs from the turn's start
    until the step after which they are no longer awaited (docs/rulings.md, "The clock in a
    simultaneous turn")."""
    turns: list[TurnSpan] = []
    if not awaited:
        return turns
    start = 0.0
    ends: dict[str, float | None] = dict.fromkeys(awaited[0])
    for at, before, after in zip(times, awaited, awaited[1:], strict=False):
        for player in set(before) - set(after):
            if ends.get(player, at) is None:
                ends[player] = at
        if not set(after) <= set(before):  # this step ended the turn for everyone in it
            ends = {player: at if end is None else end for player, end in ends.items()}
            if ends:
                turns.append(TurnSpan(start, tuple(sorted(ends.items(), key=lambda e: e[0]))))
            start, ends = at, dict.fromkeys(after)
    if ends:
        turns.append(TurnSpan(start, tuple(sorted(ends.items(), key=lambda e: e[0]))))
    return turns


def read_clock(
    events: Sequence[tuple[float, bool]],
    turns: Sequence[TurnSpan],
    players: Sequence[str],
    turn_seconds: int,
    reserve_seconds: int,
    at: float,
) -> ClockReading:
    """The clock at `at`: each player's time in each turn runs from the turn's start until
    their actions are in, and what goes beyond the turn time is taken from their own reserve.
    The first turn in which a time ran out names who ran out first (the least turn time plus
    reserve left); a tie names every player of it, in `players` order. With no turn time and
    no reserve the duel has no time control: the clock counts and nobody runs out.

    A duel whose last position awaits nobody is over: its clock stopped with the last action
    (every turn ended then), so it reads as stopped whatever the host's clock says."""
    limited = turn_seconds > 0 or reserve_seconds > 0
    reserve = dict.fromkeys(players, reserve_seconds)
    out: tuple[str, ...] = ()
    before_loss: dict[str, float] = {}
    for turn in turns:
        fell: dict[str, float] = {}  # player -> the turn's seconds when their time ran out
        before_loss = {}
        for player, end in turn.ends:
            used = running_time(events, turn.start, end if end is not None else at)
            over = max(0.0, used - turn_seconds)
            left = reserve.get(player, reserve_seconds)
            if end is None:
                before_loss[player] = max(0.0, turn_seconds + left - used)
            if over > left:
                fell[player] = turn_seconds + left
            reserve[player] = max(0, left - INTERVAL * math.ceil(over / INTERVAL))
        if fell and not out and limited:
            first = min(fell.values())
            out = tuple(p for p in players if fell.get(p) == first)
    last = turns[-1] if turns else None
    waiting = tuple(p for p, end in last.ends if end is None) if last else ()
    waiting = tuple(p for p in players if p in waiting)
    used = running_time(events, last.start, at) if last and waiting else 0.0
    over = last is not None and all(end is not None for _, end in last.ends)
    running = bool(events) and events[-1][1] and not over
    turn_left = max(0.0, turn_seconds - used)
    before = {p: before_loss[p] for p in waiting if p in before_loss} if limited else {}
    return ClockReading(running, waiting, used, turn_left, reserve, out, limited, over, before)
