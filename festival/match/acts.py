"""Every change to a match as a typed command, who asks for it and through which front end,
and the refusals a front end words in its own terms.

A front end (the command line, the dashboard's round desk, a bot, a scheduler) translates
its input into one of these commands and hands it to the match service's dispatcher
(`festival.match.service.run`), which takes the match's lock, opens the match once, checks
who may act, applies the command once per front-end key, and returns a typed result. The
command line acts as the host.

Nothing here speaks a front end's words (no flag, no button): a refusal is a value with the
facts, and each front end says it its own way (festival/cli/match_words.py for the command
line).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from festival.core.errors import MatchError

if TYPE_CHECKING:
    from festival.match.roster import Roster
    from sheets.source import SubmissionSource

# --- who, and through what ------------------------------------------------------------------


class ActorKind(StrEnum):
    HOST = "host"
    PLAYER = "player"


@dataclass(frozen=True)
class Actor:
    """Who asks: the host, or (later: on Discord) a player of the match."""

    kind: ActorKind
    player: str | None = None

    @staticmethod
    def of_player(name: str) -> Actor:
        return Actor(ActorKind.PLAYER, name)


HOST = Actor(ActorKind.HOST)


class Via(StrEnum):
    """The front end a command came through."""

    CLI = "cli"
    DASHBOARD = "dashboard"
    BOT = "bot"
    SCHEDULER = "scheduler"
    LAB = "lab"
    """the balance lab, writing one of its games as a match (festival/lab/replay.py)"""


# --- where a round comes from -----------------------------------------------------------


@dataclass(frozen=True)
class FromFolder:
    """A folder of the players' workbooks (each found by its name or its mark)."""

    folder: Path


@dataclass(frozen=True)
class FromJson:
    """A canonical JSON file of submissions (docs/formats.md)."""

    path: Path


@dataclass(frozen=True)
class FromGoogle:
    """The players' Google spreadsheets, read now."""

    credentials: Path | None = None


@dataclass(frozen=True)
class FromSource:
    """Submissions already read by the front end (the round desk keeps the spreadsheets it
    read), or any other source."""

    source: SubmissionSource


@dataclass(frozen=True)
class FromHandIns:
    """The players' hand-ins alone (Discord, `festival hand-in`): no folder or file."""


ResolveSource = FromFolder | FromJson | FromGoogle | FromSource | FromHandIns


def from_path(path: Path) -> FromFolder | FromJson:
    """A path the host named: a folder of workbooks or a JSON file (refused otherwise)."""
    if not path.exists():
        raise MatchError(f"{path} does not exist")
    if path.is_dir():
        return FromFolder(path)
    if path.suffix.lower() == ".json":
        return FromJson(path)
    raise MatchError(f"{path}: expected a folder of workbooks or a .json file")


# --- the commands -------------------------------------------------------------------------


@dataclass(frozen=True)
class GivenCatalog:
    """An event's catalog already read from its workbook, as the JSON a match keeps in its
    options (festival/match/catalogs.py): the lab reads its set's catalogs once for every game
    it plays, and a game it replays keeps the same ones."""

    content: Mapping[str, Any]


@dataclass(frozen=True)
class NewMatch:
    roster: Path | Roster
    """the roster and preferences file, or its rows already read (the lab's players)"""
    seed: int | None = None
    tiebreak: str | None = None
    capacity: int = 7
    events_per_player: int = 2
    rounds: int = 6
    engines: dict[str, str] = field(default_factory=dict)
    catalogs: Mapping[str, Path | GivenCatalog] = field(default_factory=dict)
    """event -> its catalog: a workbook to read, or one read already (the shipped one for an
    event not named); checked with the options when the match is made"""
    options: dict[str, dict[str, Any]] = field(default_factory=dict)
    small: bool = False
    match_id: str | None = None
    """the id a set of workbooks already carries (the sample festival's); else drawn"""


@dataclass(frozen=True)
class Allocate:
    fewest_unmet: bool = False
    small: bool = False


@dataclass(frozen=True)
class Workbooks:
    """Templates as .xlsx workbooks, into `out` (default: MATCH/templates/round-N)."""

    out: Path | None = None


@dataclass(frozen=True)
class GoogleTabs:
    """Templates as tabs in each player's Google spreadsheet; `force` replaces tabs that hold
    typed values when the templates changed."""

    force: bool = False
    credentials: Path | None = None


@dataclass(frozen=True)
class Templates:
    round_no: int | None = None
    target: Workbooks | GoogleTabs = Workbooks()


@dataclass(frozen=True)
class Resolve:
    source: ResolveSource
    round_no: int | None = None
    default_invalid: bool = False
    after_round: int | None = None
    """the last resolved round the front end saw: refused (RoundResolvedMeanwhile) if
    another command resolved one since"""


@dataclass(frozen=True)
class ChooseCandidate:
    player: str


@dataclass(frozen=True)
class Publish:
    round_no: int | None = None
    credentials: Path | None = None


@dataclass(frozen=True)
class GoogleSetup:
    sheets_file: Path
    host_sheet: str | None = None
    credentials: Path | None = None


@dataclass(frozen=True)
class DiscordSetup:
    """Record which channel is whose (the game room's, each player's) from the host's file of
    channel webhooks: the file's path and the channel names only."""

    webhooks_file: Path


@dataclass(frozen=True)
class Post:
    """Post a round (default: the last resolved) to the match's channels, each message exactly
    once, and correct every round posted before whose messages changed. `webhooks_file`: the
    file of channel webhooks, if not where it was recorded; `resend` / `mark_sent` (the
    message's link): the host's word on a message whose request was cut (it never arrived /
    it is there)."""

    round_no: int | None = None
    webhooks_file: Path | None = None
    resend: bool = False
    mark_sent: str | None = None


@dataclass(frozen=True)
class WatchSheets:
    """Read every player's spreadsheet of the open round once (through the spreadsheets
    port), check it as a hand-in, and record each verdict that changed
    (festival/match/watch.py)."""

    credentials: Path | None = None


@dataclass(frozen=True)
class TellSheetChanges:
    """Tell each player, in their own channel only, every recorded change of their
    spreadsheet's verdict not told yet (through the channels port), each exactly once."""

    webhooks_file: Path | None = None


@dataclass(frozen=True)
class Note:
    """One message of the schedule's: to a channel (a player, the game room or the host
    channel), for a round, of a kind (one key in the post log)."""

    channel: str
    round_no: int
    kind: str
    text: str
    label: str
    ping: bool = False
    """mention the channel's player (their Discord user id, if the channels know it)"""


@dataclass(frozen=True)
class PostNotes:
    """Post the schedule's `notes` to the match's channels, each once (a note posted before
    is not sent again)."""

    notes: tuple[Note, ...]
    webhooks_file: Path | None = None


MatchCommand = (
    Allocate
    | Templates
    | Resolve
    | ChooseCandidate
    | Publish
    | GoogleSetup
    | DiscordSetup
    | Post
    | WatchSheets
    | TellSheetChanges
    | PostNotes
)
"""the commands that change an existing match (NewMatch makes one)"""


# --- refusals -----------------------------------------------------------------------------


class Refused(MatchError):
    """A command refused for a reason a front end words in its own terms; the message is
    the service's own plain words, for a front end that has none."""


class NotAllowed(Refused):
    """The actor may not give this command (only the host changes a match)."""

    def __init__(self, actor: Actor, command: object) -> None:
        self.actor, self.command = actor, command
        who = actor.player or actor.kind.value
        super().__init__(f"{who} may not {type(command).__name__.lower()} this match")


class AlreadyApplied(Refused):
    """The same front-end key was applied before: the command is not applied twice."""

    def __init__(self, via: Via, key: str) -> None:
        self.via, self.key = via, key
        super().__init__(f"already done ({via.value} {key})")


class RoundResolvedMeanwhile(Refused):
    """Another command resolved a round since the front end looked."""

    def __init__(self, seen: int) -> None:
        self.seen = seen
        super().__init__(f"round {seen + 1} was resolved meanwhile (another command?)")


class NoRoundResolved(Refused):
    """A command about a resolved round, and none is resolved yet."""

    def __init__(self) -> None:
        super().__init__("no round is resolved yet: resolve round 1 first, then run this again")


class RoundNumberedFromOne(Refused):
    """A round number below 1."""

    def __init__(self, asked: int, last: int) -> None:
        self.asked, self.last = asked, last
        super().__init__(f"round {asked}: rounds are numbered from 1 (resolved: {self.done})")

    @property
    def done(self) -> str:
        """The rounds resolved, in words ("round 1", "rounds 1 to 3")."""
        return "round 1" if self.last == 1 else f"rounds 1 to {self.last}"


class BadSeed(Refused):
    """A negative seed."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        super().__init__("the seed must be a whole number >= 0")


class TiebreakNamesStrangers(Refused):
    """A Gamewide Tiebreak naming players not in the roster (each with its hint)."""

    def __init__(self, hints: tuple[str, ...]) -> None:
        self.hints = hints
        super().__init__(
            f"the tiebreak names players not in the roster: {', '.join(hints)}; write the "
            "roster's names, comma-separated"
        )


class MatchOver(Refused):
    """Every round is resolved: a round after the last is asked for."""

    def __init__(self, rounds: int) -> None:
        self.rounds = rounds
        super().__init__(
            f"the match is over: all {rounds} rounds are resolved. The standings are final; "
            "to correct a round, resolve that round again"
        )


class RoundOutOfOrder(Refused):
    """A round asked for before the round that comes first (`due`) is resolved."""

    def __init__(self, due: int, asked: int) -> None:
        self.due, self.asked = due, asked
        super().__init__(
            f"round {due} must be resolved before round {asked}: resolve round {due} first"
        )


class WorkbooksOfAnotherRound(Refused):
    """A folder whose workbooks are all marked for another round (`resolved`: that round is
    already resolved: the same resolution asked for twice, or a correction of that round)."""

    def __init__(self, folder: Path, old: int, round_no: int, resolved: bool) -> None:
        self.folder, self.old, self.round_no, self.resolved = folder, old, round_no, resolved
        super().__init__(self.plain())

    def plain(self) -> str:
        return (
            f"{self.folder} holds the workbooks of round {self.old}"
            + (", which is already resolved" if self.resolved else "")
            + f", not of round {self.round_no}: collect the round {self.round_no} workbooks"
        )


class JsonOfResolvedRound(Refused):
    """A JSON file of submissions that says another round, one already resolved."""

    def __init__(self, path: Path, said: str, round_no: int, given: int) -> None:
        self.path, self.said, self.round_no, self.given = path, said, round_no, given
        super().__init__(self.plain() + f". Round {given} is already resolved")

    def plain(self) -> str:
        return f"{self.path} {self.said}; this is round {self.round_no}"


class InvalidSubmissions(Refused):
    """Some submissions of the round are invalid (`invalid`: how many); nothing resolved."""

    def __init__(self, round_no: int, invalid: int) -> None:
        self.round_no, self.invalid = round_no, invalid
        super().__init__(
            f"round {round_no}: {invalid} invalid submission(s); fix them and resolve again, "
            "or play the rules' default for them"
        )


class SmallMatch(Refused):
    """Fewer players (`creating`: in the roster; else in an event) than the rules plan for,
    which the host has not confirmed (docs/rulings.md); `plain` says how many and the plan."""

    def __init__(self, plain: str, creating: bool) -> None:
        self.plain, self.creating = plain, creating
        super().__init__(f"{plain}: confirm a small match to {self.act} anyway")

    @property
    def act(self) -> str:
        return "create it" if self.creating else "allocate"


class NotAllocated(Refused):
    """The events are not allocated yet, and the command needs them (`folder`: the match's,
    for the front end to name the command that allocates them)."""

    def __init__(self, folder: Path | str = "") -> None:
        super().__init__("events are not allocated yet: allocate them first")
        self.folder = str(folder)


class RoundNotResolved(Refused):
    """A round asked for (to post) that is not resolved: `resolved`, the rounds that are;
    `rounds`, how many the match has; `next_round`, the one to resolve next (`folder`: the
    match's, for the front end to name the command that resolves it)."""

    def __init__(
        self, asked: int, resolved: tuple[int, ...], rounds: int, next_round: int, folder: Path
    ) -> None:
        self.asked, self.resolved, self.rounds = asked, resolved, rounds
        self.next_round, self.folder = next_round, folder
        super().__init__(
            f"round {asked} is not resolved, so there is nothing to post (resolved: {self.done}); "
            + self.why
        )

    @property
    def done(self) -> str:
        return ", ".join(str(r) for r in self.resolved) or "none"

    @property
    def why(self) -> str:
        if self.asked > self.rounds:
            return f"the match has {self.rounds} rounds"
        return f"rounds resolve in order, next round {self.next_round}"


class TemplatesFolderGiven(Refused):
    """A round resolved from the folder festival wrote the blank templates into, not from the
    players' filled-in workbooks."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        super().__init__(
            f"{folder} is where festival wrote the blank workbooks to send out, not " + self.collect
        )

    collect = (
        "the players' filled-in ones: collect the workbooks the players send back into "
        "another folder (e.g. inbox/round-N) and resolve from that"
    )
