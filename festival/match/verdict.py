"""What a hand-in is told, as values (issue #38): the verdict on each event of the player's
hand-in, the sentence of the rule on several hand-ins, what counts now for a player
(`Submission`) and the host's table of the round (`RoundTable`).

The problem and warning lines are the round's private report's own
(festival/match/announce.py: `problem_lines`, `REFUSED`, `NOT_READ_HEAD`, `BLANK`), so what a
player reads on handing in is what their report would say. No value here holds a host path
or another player's facts: a front end may show all of it to the player.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING

from festival.match.announce import BLANK, NOT_READ_HEAD
from festival.match.origin import CameFrom
from festival.match.schedule import discord_time

if TYPE_CHECKING:
    from events.duel import Picture

LATEST_COUNTS = (
    "If you hand in several files, the latest counts, for each event it holds; hand in again "
    "until the deadline to change or correct it."
)
"""the rule on several hand-ins, stated in every answer (docs/rulings.md, "Hand-ins")"""

PROBLEMS_HEAD = (
    "**This hand-in has problems: as it is, it would be refused and the rules' default played "
    "for you.** What is wrong:"
)
"""before the report's own problem lines, while the player can still fix them"""


def deadline_lines(deadline: datetime | None) -> list[str]:
    """The round's deadline as Discord shows it to each reader in their own zone (issue #39)."""
    if deadline is None:
        return []
    return ["", f"Deadline: {discord_time(int(deadline.timestamp()))}"]


class VerdictKind(StrEnum):
    READY = "ready"
    """parsed and checked: counts as it is"""
    BLANK = "blank"
    """the event's tabs left blank: chooses the rules' default (a choice, not silence)"""
    PROBLEMS = "has problems"
    """would be refused (every problem named): hand in again"""
    NOTHING = "nothing yet"
    """nothing handed in for the event"""


@dataclass(frozen=True)
class EventVerdict:
    """The verdict on one event of a hand-in."""

    event: str
    title: str
    kind: VerdictKind
    problems: tuple[str, ...] = ()
    """the private report's lines ("- Bolts!B3: ...") of what refuses it"""
    warnings: tuple[str, ...] = ()
    """the private report's lines of what was typed where festival reads nothing"""
    pictures: tuple[tuple[str, Picture], ...] = ()
    """(name, picture) from the player's own view and this submission (Continuum board,
    Summoner's map); none for an event without one"""

    @property
    def lines(self) -> tuple[str, ...]:
        """What the player is told about this event, in Markdown, as their report says it."""
        out: list[str] = []
        if self.kind is VerdictKind.PROBLEMS:
            out += [PROBLEMS_HEAD, *self.problems]
        elif self.kind is VerdictKind.BLANK:
            out.append(BLANK)
        if self.warnings:
            out += [*([""] if out else []), NOT_READ_HEAD, *self.warnings]
        return tuple(out)


def ready_sentence(round_no: int, titles: tuple[str, ...]) -> str:
    """ "Ready: this counts for round 2 (Alchemy, Elemental Continuum)" """
    return f"Ready: this counts for round {round_no} ({', '.join(titles)})"


@dataclass(frozen=True)
class HandedIn:
    """The answer to a hand-in: stored, checked against the match as it stands, not
    resolved."""

    round_no: int
    player: str
    name: str
    """the file's own name, as sent"""
    events: tuple[EventVerdict, ...]
    """the events this hand-in counts for, in the player's order"""
    rule: str = LATEST_COUNTS
    again: bool = False
    """the same delivery answered before (a retry): nothing new was stored"""
    deadline: datetime | None = None
    """the round's deadline (None: none is set, or it is paused)"""

    @property
    def ready(self) -> bool:
        return all(v.kind is not VerdictKind.PROBLEMS for v in self.events)

    @property
    def sentence(self) -> str:
        """The first line of the answer: ready, or how many events have problems."""
        if self.ready:
            return ready_sentence(self.round_no, tuple(v.title for v in self.events))
        bad = [v.title for v in self.events if v.kind is VerdictKind.PROBLEMS]
        return (
            f"Not ready: {self.name} has problems in {', '.join(bad)} (round {self.round_no}); "
            "fix them and hand in again"
        )

    def markdown(self) -> str:
        """The whole answer in Markdown: the sentence, each event's lines, the rule."""
        lines = [self.sentence]
        for v in self.events:
            if v.lines:
                lines += ["", f"## {v.title}", *v.lines]
        lines += deadline_lines(self.deadline)
        lines += ["", self.rule]
        return "\n".join(lines)


@dataclass(frozen=True)
class Counting:
    """What counts now for one event of a player's in the open round."""

    verdict: EventVerdict
    came_from: CameFrom | None = None
    """where it came from (None: nothing yet)"""
    name: str | None = None
    """the file's own name"""
    received_at: str | None = None


@dataclass(frozen=True)
class Submission:
    """The read model `submission(player)`: what counts now for each of the player's events
    in the open round, its verdict and picture, and the round's deadline."""

    player: str
    round_no: int
    events: tuple[Counting, ...]
    rule: str = LATEST_COUNTS
    deadline: datetime | None = None
    """None: none is set, or it is paused"""
    closed: bool = False
    """the match is over: no round takes hand-ins"""

    def markdown(self) -> str:
        if self.closed:
            return f"Every round is resolved: nothing more to hand in, {self.player}."
        lines = [f"# {self.player}, round {self.round_no}: what counts now"]
        for c in self.events:
            v = c.verdict
            got = "" if c.name is None else f" ({c.name}, {c.came_from}, {c.received_at})"
            lines += ["", f"## {v.title}: {v.kind.value}{got}", *v.lines]
        lines += deadline_lines(self.deadline)
        lines += ["", self.rule]
        return "\n".join(lines)


@dataclass(frozen=True)
class TableCell:
    """One player's event in the host's round table."""

    player: str
    event: str
    kind: VerdictKind
    came_from: CameFrom | None = None
    also: tuple[CameFrom, ...] = ()
    """the other places the player's submission for the event is seen that do not count over
    it (docs/rulings.md, "Hand-ins": a hand-in, then an inbox file, then a Google sheet)"""

    @property
    def where(self) -> str:
        """Where it came from, for a table: "Discord", "Discord; also inbox", or ""."""
        if self.came_from is None:
            return ""
        if not self.also:
            return self.came_from.value
        return f"{self.came_from.value}; also {', '.join(a.value for a in self.also)}"


@dataclass(frozen=True)
class RoundTable:
    """The host's table of a round: per player and event, ready / has problems / nothing yet
    and where it came from. For the open round, from the hand-ins, the Google verdicts
    `festival watch` recorded and the inbox folder the host names (handin_table.py); for a
    resolved round, from what counted."""

    round_no: int
    resolved: bool
    cells: tuple[TableCell, ...]
    notes: tuple[str, ...] = ()
    """for the host: why some of the inbox folder's files are not in the table"""

    def rows(self) -> list[tuple[str, str, str, str]]:
        """(player, event, verdict, from) for a table, in roster order."""
        return [(c.player, c.event, c.kind.value, c.where) for c in self.cells]
