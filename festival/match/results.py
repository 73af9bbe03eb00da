"""What the match service returns: typed results (frozen dataclasses, enums) for a front end
to print or draw."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from events.ranking import Ranking
from festival.core.posted import PostResult
from festival.match.announce import Announcements
from festival.match.outcome import ResolveOutcome
from festival.match.standings import Standings

if TYPE_CHECKING:
    from events.duel import Picture


class TiebreakSource(StrEnum):
    """Where the Gamewide Tiebreak of a new match came from."""

    HOST = "host"
    DRAWN = "drawn"


@dataclass(frozen=True)
class Created:
    players: tuple[str, ...]
    seed: int
    gamewide: tuple[str, ...]
    source: TiebreakSource
    missing: tuple[str, ...]
    """events without a rules engine in this version"""
    small: bool = False
    """fewer players than the rules plan for, as the host confirmed"""


@dataclass(frozen=True)
class Refusal:
    """A listed choice (first or second) a player did not get, and why."""

    player: str
    event: str
    choice: int
    """0 first, 1 second"""
    reason: str


@dataclass(frozen=True)
class Allocated:
    members: Mapping[str, tuple[str, ...]]
    method: str
    unmet: int
    refused: tuple[Refusal, ...]
    """the listed choices refused for another reason than that the player had enough events"""
    lottery: tuple[str, ...]
    small_fields: tuple[str, ...] = ()
    """the events with fewer players than the rules plan for ("2 in Summoner's Dream"),
    which the host confirmed"""
    earlier: Earlier | None = None
    """what became of the allocation stored before (None: there was none)"""


class Earlier(StrEnum):
    """An allocation stored before `allocate` ran again (allowed until a round is resolved)."""

    SAME = "same"  # the same allocation drawn again: nothing stored
    REPLACED = "replaced"  # a different one (another method): the new one is stored


@dataclass(frozen=True)
class WorkbooksWritten:
    round_no: int
    out: Path
    written: int


@dataclass(frozen=True)
class TabsPushed:
    round_no: int
    lines: tuple[str, ...]
    planned: bool
    """some tab was made or refreshed (the players have something to fill in)"""


@dataclass(frozen=True)
class Resolved:
    round_no: int
    outcome: ResolveOutcome
    on_discord: bool = False
    """the match posts to Discord (its channels were mapped): posting the round is next"""


@dataclass(frozen=True)
class StandingsView:
    data: dict[str, Any]
    """the standings as JSON (docs/formats.md)"""
    state_word: str
    """"final" or "after round N" """
    rankings: dict[str, Ranking]
    """event -> its ranking"""
    festival: Standings


@dataclass(frozen=True)
class Announced:
    round_no: int
    messages: Announcements
    pictures: tuple[tuple[str, Picture], ...] = ()
    """the public post's pictures (file name, picture), as `festival post` attaches them (as
    PNG); worked out only when asked for"""


@dataclass(frozen=True)
class Chosen:
    sole_winner: str | None
    chosen: str


@dataclass(frozen=True)
class EventPlan:
    event: str
    players: int
    rounds: tuple[int, ...]


@dataclass(frozen=True)
class Status:
    players: int
    last: int
    rounds: int
    missing: tuple[str, ...]
    allocated: bool
    plans: tuple[EventPlan, ...]
    playable: bool
    """some event has an engine"""
    finished: bool


@dataclass(frozen=True)
class GoogleRecorded:
    spreadsheets: int
    host_sheet: bool


@dataclass(frozen=True)
class Published:
    round_no: int
    players: tuple[str, ...]
    """the players whose spreadsheets got the results"""


@dataclass(frozen=True)
class ChannelsMapped:
    channels: tuple[str, ...]
    """the game room and the players whose channels have a webhook, by name"""
    unmapped: tuple[str, ...]
    """players without a channel"""
    users: tuple[str, ...]
    """players with a Discord user id"""


@dataclass(frozen=True)
class Posted:
    rounds: tuple[int, ...]
    """the rounds brought up to date on the channels"""
    result: PostResult
    unmapped: tuple[str, ...]
    """what has no channel to go to ("Quill's private report, round 2")"""


@dataclass(frozen=True)
class SheetsTold:
    """The spreadsheet verdicts' changes told on the channels."""

    result: PostResult
    unmapped: tuple[str, ...]
    """players told nothing: their channel is not mapped"""


@dataclass(frozen=True)
class NotesPosted:
    """The schedule's notes posted."""

    result: PostResult | None
    """None: the match has no channels mapped, or no note has a channel"""
    unmapped: tuple[str, ...]
    """the notes whose channel is not mapped (by label)"""
