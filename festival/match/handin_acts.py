"""A player's hand-in as a typed command, and the refusals of a hand-in (issue #38).

`HandIn` goes through the match service's one door (`festival.match.service.run`) like
every other command, given by the player themselves (`Actor.of_player`, on Discord) or by
the host for a player (the command line's `festival hand-in`). The bytes are stored as the
player's raw submission before anything is read; the answer is a `HandedIn` value
(festival/match/verdict.py). Refusals are values with the facts: each front end words them
(festival/cli/match_words.py for the command line).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from events.errors import quoted
from festival.match.acts import Actor, NotAllowed, Refused
from sheets.limits import MAX_FILE_BYTES, megabytes


@dataclass(frozen=True)
class HandIn:
    """`player`'s file for the open round: an .xlsx workbook of the round, or a JSON
    submission (docs/formats.md), with the name it was sent under; `event`: the one event it
    is handed in for (None: every event of the player's in the round that it holds); `at`:
    when the front end took it (UTC epoch seconds, its own clock: the service reads none),
    held against the round's deadline (None: no deadline is held against it)."""

    player: str
    name: str
    content: bytes
    event: str | None = None
    at: int | None = None

    def __repr__(self) -> str:  # never the bytes in a log
        return f"HandIn({self.player!r}, {self.name!r}, {len(self.content)} bytes, {self.event!r})"


class ClosedWhy(StrEnum):
    """Why a round takes no more hand-ins."""

    RESOLVED = "resolved"
    """the host resolved it"""
    DEADLINE = "deadline"
    """its deadline passed (`festival schedule`, issue #39)"""
    MATCH_OVER = "match over"
    """every round of the match is resolved"""


class RoundClosed(Refused):
    """The round the file is for takes no more hand-ins: the file is kept, as late, and never
    changes a result."""

    def __init__(self, round_no: int, why: ClosedWhy, name: str) -> None:
        self.round_no, self.why, self.name = round_no, why, name
        super().__init__(self.plain())

    def plain(self) -> str:
        because = {
            ClosedWhy.RESOLVED: "it is resolved",
            ClosedWhy.DEADLINE: "its deadline has passed",
            ClosedWhy.MATCH_OVER: "the match is over",
        }[self.why]
        return (
            f"round {self.round_no} is closed ({because}): {self.name} was kept as late and "
            "changes no result"
        )


class HandInTooLarge(Refused):
    """A file over the size limit: refused, nothing stored."""

    def __init__(self, name: str, size: int) -> None:
        self.name, self.size = name, size
        super().__init__(
            f"{name} is {megabytes(size)}; festival reads files of at most "
            f"{megabytes(MAX_FILE_BYTES)}: nothing was kept"
        )


class EmptyHandIn(Refused):
    """An empty file (or a download that brought nothing): refused, nothing stored."""

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(f"{name} is empty: nothing was kept; send the file again")


class NotAPlayer(Refused):
    """A hand-in for a name that is not a player of the match."""

    def __init__(self, name: str, hint: str) -> None:
        self.name, self.hint = name, hint
        super().__init__(f"{name} is not a player of this match{hint}")


class NothingThisRound(Refused):
    """The player plays no event in the open round."""

    def __init__(self, player: str, round_no: int) -> None:
        self.player, self.round_no = player, round_no
        super().__init__(f"{player} plays no event in round {round_no}: nothing to hand in")


class NotTheirEvent(Refused):
    """A hand-in for an event the player does not play in the open round."""

    def __init__(self, player: str, event: str, round_no: int, events: tuple[str, ...]) -> None:
        self.player, self.event, self.round_no, self.events = player, event, round_no, events
        super().__init__(
            f"{player} does not play {event} in round {round_no} (plays: {', '.join(events)})"
        )


class UnknownEvent(Refused):
    """A hand-in for an event festival does not know (a typo: `--event chess`)."""

    def __init__(self, event: str, titles: tuple[str, ...]) -> None:
        self.event, self.titles = event, titles
        super().__init__(f"{quoted(event)} is not an event ({', '.join(titles)})")


class NotTheirFile(NotAllowed):
    """A player handing in for another player (only the host may)."""

    def __init__(self, actor: Actor, command: HandIn, player: str) -> None:
        super().__init__(actor, command)
        self.player = player
        Refused.__init__(self, f"{actor.player} may hand in only their own file, not {player}'s")


class HandInAndFile(Refused):
    """Resolving: a player handed in (Discord, the command line) and the round's source has a
    file of theirs too. Which one counts? Nothing is resolved."""

    def __init__(self, both: tuple[tuple[str, str, str], ...], round_no: int) -> None:
        self.both, self.round_no = both, round_no
        """(player, the hand-in's name, the source's file as shown)"""
        said = "; ".join(f"{p}: hand-in {h} and {f}" for p, h, f in both)
        super().__init__(
            f"round {round_no}: two submissions for one player ({said}); take the file out of "
            "the inbox (or the player out of the JSON file) and resolve again"
        )
