"""One timeline for everything that comes due at a time (issue #39): a match's deadlines (its
reminders, its close) and each duel's clock (a warning, a time-out) are sources of `Item`s,
each planned at the time it comes due; `timeline` says, on the clock it is given, which are
due now and when to wake next. Pure: no clock is read, nothing is slept.

The keeper that acts on it (the Discord bot's, festival/bot/keep_time.py) hands each source
its due items; each source records an item's intent in its own store, through its own
domain's door, before it acts on it, so nothing here needs remembering."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Item:
    """Something `source` plans to do at `at` (UTC epoch seconds), named `key` in it."""

    at: float
    source: str
    key: str


@dataclass(frozen=True)
class Timeline:
    due: tuple[Item, ...]
    """the items due now, earliest first (at one time: by source, then key)"""
    wake: float
    """when the next item not yet due comes due (at most `longest` from now)"""

    def of(self, source: str) -> tuple[Item, ...]:
        """`source`'s due items."""
        return tuple(i for i in self.due if i.source == source)

    @property
    def sources(self) -> tuple[str, ...]:
        """The sources with an item due, the earliest first (each once)."""
        return tuple(dict.fromkeys(i.source for i in self.due))


def timeline(items: Iterable[Item], now: float, longest: float) -> Timeline:
    """The items due at `now`, and the time to wake next: the earliest item still to come,
    but no later than `longest` seconds from now (the sources are read again then, for what
    changed without telling the keeper)."""
    ordered = sorted(items)
    due = tuple(i for i in ordered if i.at <= now)
    later = [i.at for i in ordered if i.at > now]
    return Timeline(due, min([now + longest, *later]))
