"""Coded submission errors: every bad cell named by player, tab and cell, with what was expected."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeAlias, TypeVar

from events.parsed import NOTHING_SUBMITTED as NOTHING_SUBMITTED
from events.parsed import Parsed

T = TypeVar("T")


@dataclass(frozen=True)
class SubmissionProblem:
    """One problem with one submission.

    `code` is stable and machine-readable (e.g. "toy.number.range"); `message` says what
    was found and what was expected, in words a player understands.
    """

    code: str
    player: str
    message: str
    event: str = ""
    tab: str | None = None
    cell: str | None = None

    @property
    def where(self) -> str:
        if self.tab and self.cell:
            return f"{self.tab}!{self.cell}"
        return self.tab or self.cell or ""

    def __str__(self) -> str:
        return self.shown(self.event)

    def shown(self, event_title: str) -> str:
        """The problem in one line, its event named `event_title` (the name people use, "Elemental
        Continuum", where `event` is the machine name)."""
        where = f"{self.where}: " if self.where else ""
        event = f"[{event_title}] " if self.event else ""
        return f"{self.player}: {event}{where}{self.message} ({self.code})"

    def to_json(self) -> dict[str, str | None]:
        return {
            "code": self.code,
            "player": self.player,
            "event": self.event,
            "tab": self.tab,
            "cell": self.cell,
            "message": self.message,
        }


ParseResult: TypeAlias = Parsed[T, SubmissionProblem]
"""A parsed submission, or the complete list of what is wrong with it (never both)."""


def nothing_submitted(player: str, event: str, where: str) -> ParseResult[T]:
    """The result for event tabs the player left untouched."""
    message = f"nothing was filled in on {where}"
    return Parsed(None, (SubmissionProblem(NOTHING_SUBMITTED, player, message, event),))


QUOTE_LIMIT = 80
"""at most this many characters of a cell (or digits of a number) appear in a message"""


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A cell's value for a message: text quoted like repr, a number bare, either cut to
    `limit` characters with an ellipsis and its full length: `'aaaa…' (32000 characters)`,
    `399999…(301 digits)`. A message names the cell; it need not echo all of it."""
    if isinstance(value, int) and not isinstance(value, bool):
        return _figure(value, limit)
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit] + '…'!r} ({len(value)} characters)"
    shown = repr(value)
    return shown if len(shown) <= limit else f"{shown[:limit]}… ({len(shown)} characters)"


def _figure(number: int, limit: int) -> str:
    if -(10**limit) < number < 10**limit:
        return str(number)
    try:
        digits = str(number)
    except ValueError:  # longer than Python will print (sys.get_int_max_str_digits())
        return f"a number of about {int(number.bit_length() * 0.30103) + 1} digits"
    sign, digits = ("-", digits[1:]) if number < 0 else ("", digits)
    return f"{sign}{digits[:limit]}… ({len(digits)} digits)"


def no_tab(name: str, tabs: Iterable[str]) -> str:
    """Why a workbook lacks the tab `name` a parser reads, and what to do: the tab it was
    perhaps renamed to, else the tabs it has (hidden ones, named "_...", left out)."""
    shown = [t for t in tabs if not t.startswith("_")]
    hint = close_matches(name, shown)
    if hint:
        return (
            f"the workbook has no {name!r} tab (is it {hint[0]!r}?): name that tab {name!r} "
            "again, as it came, and send the workbook again"
        )
    return (
        f"the workbook has no {name!r} tab (its tabs: {', '.join(shown) or 'none'}): send "
        "the workbook festival made for this round, with its tabs as they came"
    )


def close_matches(word: str, choices: Sequence[str], limit: int = 1) -> list[str]:
    """The nearest names to a misspelling, for "did you mean" messages."""
    import difflib

    lowered = {c.lower(): c for c in choices}
    hits = difflib.get_close_matches(word.lower(), list(lowered), n=limit, cutoff=0.6)
    return [lowered[h] for h in hits]
