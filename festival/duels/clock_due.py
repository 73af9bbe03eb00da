"""What a duel's clock has coming, and when (issue #39: duel clocks on the same scheduler as a
match's deadlines, festival/core/timeline.py): `clock_due(watched, warn_seconds)`, pure, from
the clock as read (`Watched`, festival/duels/reads.py `watch`).

- A warning, once per turn per player: when the time the clock may still run before they
  lose on time (the turn's time left plus the reserve they had when the turn began) falls to
  `warn_seconds` or below. The rule texts name no warning: it is the bot's courtesy (the
  duels guide says so).
- The time-out: when the first of them runs out. Reading the clock then records the loss
  (the duel service's time rule), and the loss is to be announced.
- A loss on time recorded and not announced (whenever it was recorded: while no bot ran, or
  by a command): to be announced now, once.

Each item is named by the key its note is recorded under (festival/duels/clock_notes.py:
"warn:STEPS:PLAYER", "lost:STEPS"); one whose note is recorded already is not planned again,
so a bot started again, or a second bot, never says it twice."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from festival.duels.results import Watched

MARGIN = 0.01
"""seconds after a player's time runs out that the clock is read again: a time runs out once
it is exceeded, not when it is reached"""


class ClockStep(StrEnum):
    WARN = "warn"
    TIME_OUT = "time-out"
    """a player's time runs out: the clock is read again (recording the loss)"""
    LOST = "lost"
    """a loss on time recorded: announced"""


@dataclass(frozen=True, order=True)
class ClockDue:
    at: float
    """when it comes due (UTC epoch seconds, the duels' clock)"""
    key: str
    step: ClockStep
    player: str = ""
    """WARN: who is warned"""
    left: float = 0.0
    """WARN: the seconds they had before losing on time when the clock was read"""


def warn_key(steps: int, player: str) -> str:
    return f"warn:{steps}:{player}"


def lost_key(steps: int) -> str:
    return f"lost:{steps}"


def clock_due(watched: Watched, warn_seconds: float) -> list[ClockDue]:
    """What the duel's clock has coming, read at `watched.at`, earliest first."""
    at, steps = watched.at, watched.steps
    noted = {n.key for n in watched.notes}
    if watched.winner is not None:
        key = lost_key(steps)
        if watched.winner.reason == "time" and not watched.announced and key not in noted:
            return [ClockDue(at, key, ClockStep.LOST)]
        return []
    if not watched.running or not watched.left:
        return []
    due = [
        ClockDue(at + max(0.0, left - warn_seconds), key, ClockStep.WARN, player, left)
        for player, left in watched.left
        if (key := warn_key(steps, player)) not in noted
    ]
    first = min(left for _, left in watched.left)
    due.append(ClockDue(at + first + MARGIN, f"time-out:{steps}", ClockStep.TIME_OUT))
    return sorted(due)
