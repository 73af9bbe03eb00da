"""Every change to a season as a typed command, who gives it and through what, and the typed
refusals each front end words (festival/cli/season_words.py for the command line).

The season reads no match and no duel: the front end hands in what it read through their
services, as values (`Endgame`, `DuelResult`), and the season checks them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from festival.core.errors import FestivalError
from festival.season.channels import KeptChannels
from festival.season.rules import SeasonRules


class Via(StrEnum):
    CLI = "cli"
    DASHBOARD = "dashboard"
    BOT = "bot"


@dataclass(frozen=True)
class Actor:
    """Who asks: the host (every season command is the host's today)."""

    host: bool = True
    player: str | None = None

    @property
    def name(self) -> str:
        return "host" if self.host else f"player {self.player}"


HOST = Actor()


# --- what the front end read -------------------------------------------------------------


@dataclass(frozen=True)
class Endgame:
    """A main match's endgame as the match service's standings give it."""

    match_id: str
    final: bool
    players: tuple[str, ...]
    spent: tuple[tuple[str, int], ...]
    """garnets each player spent in the match (the preference tiebreak)"""
    earned: tuple[tuple[str, int], ...]
    """garnets each player earned at the endgame"""
    tokens: tuple[tuple[str, int], ...]
    winners: tuple[str, ...]
    candidate: str | None
    """None while the sole winner has not chosen among tied players"""


@dataclass(frozen=True)
class DuelResult:
    """A duel as the duel service's reads give it: its id, players and winner (None: not
    over, or drawn: `over` tells which)."""

    duel_id: str
    players: tuple[str, ...]
    over: bool
    winner: str | None
    reason: str = ""


# --- the commands ------------------------------------------------------------------------


@dataclass(frozen=True)
class NewSeason:
    name: str
    players: tuple[tuple[str, int | None, int | None], ...]
    """(player, Discord id, starting garnets: None for the rules' number)"""
    rules: SeasonRules = field(default_factory=SeasonRules)


@dataclass(frozen=True)
class TakeEpisode:
    endgame: Endgame


@dataclass(frozen=True)
class GiveToken:
    giver: str
    receiver: str
    why: str = ""


@dataclass(frozen=True)
class GiveGarnets:
    giver: str
    receiver: str
    amount: int
    why: str = ""


@dataclass(frozen=True)
class PickOpponent:
    opponent: str


@dataclass(frozen=True)
class DeathMatchMade:
    duel_id: str
    folder: Path
    game: str


@dataclass(frozen=True)
class RecordResult:
    result: DuelResult


@dataclass(frozen=True)
class FinalGameMade:
    """A game of the finals' series made as a duel (`first` starts it; None: the one who did
    not start the game before)."""

    duel_id: str
    folder: Path
    game: str
    first: str | None = None


@dataclass(frozen=True)
class RecordFinal:
    """The result of the finals' game in play."""

    result: DuelResult


@dataclass(frozen=True)
class Support:
    """An eliminated player's garnets to a finalist, as many as their placing gives."""

    supporter: str
    finalist: str
    why: str = ""


@dataclass(frozen=True)
class Eliminate:
    """The loser of an episode played outside festival (another game of the season),
    eliminated by the host between episodes."""

    player: str
    why: str


@dataclass(frozen=True)
class Reinstate:
    player: str
    why: str


@dataclass(frozen=True)
class Correct:
    entry: int
    why: str


@dataclass(frozen=True)
class Post:
    """Post the season, as players may know it, to the game room: each message exactly once,
    a changed season editing its post (marked corrected), through the game room's port
    (festival/season/room.py). `webhooks_file`: the host's file of channel webhooks;
    `resend` / `mark_sent` (the message's link): the host's word on a message whose request
    was cut (it never arrived / it is there). No `webhooks_file`: the one the season keeps
    (`KeepChannels`)."""

    webhooks_file: Path | None = None
    resend: bool = False
    mark_sent: str | None = None


@dataclass(frozen=True)
class KeepChannels:
    """Keep the season's Discord channels (a webhooks file read and checked by the Discord
    adapter, festival/discord/season_channels.py): no ledger entry, the last kept counts."""

    kept: KeptChannels


Command = (
    TakeEpisode
    | GiveToken
    | GiveGarnets
    | PickOpponent
    | DeathMatchMade
    | RecordResult
    | FinalGameMade
    | RecordFinal
    | Support
    | Eliminate
    | Reinstate
    | Correct
)
"""the commands that add to the ledger (`Post` records only what was posted)"""


# --- refusals ----------------------------------------------------------------------------


class Refused(StrEnum):
    NOT_HOST = "not-host"
    SEASON_EXISTS = "season-exists"
    BAD_ROSTER = "bad-roster"
    NO_SUCH_PLAYER = "no-such-player"
    ELIMINATED = "eliminated"
    MATCH_NOT_FINISHED = "match-not-finished"
    CANDIDATE_NOT_CHOSEN = "candidate-not-chosen"
    MATCH_TAKEN = "match-taken"
    PLAYERS_DIFFER = "players-differ"
    EPISODE_OPEN = "episode-open"
    NO_EPISODE = "no-episode"
    TOO_FEW_GARNETS = "too-few-garnets"
    NO_TOKEN = "no-token"
    TO_CANDIDATE = "to-candidate"
    TO_SELF = "to-self"
    WOULD_HOLD_TOO_MANY = "would-hold-too-many"
    TOKENS_NOT_GIVEN = "tokens-not-given"
    PICK_HOLDS_TOKEN = "pick-holds-token"
    PICK_IS_CANDIDATE = "pick-is-candidate"
    NO_OPPONENT = "no-opponent"
    OPPONENT_PICKED = "opponent-picked"
    DUEL_MADE = "duel-made"
    NO_DUEL = "no-duel"
    WRONG_DUEL = "wrong-duel"
    DUEL_NOT_OVER = "duel-not-over"
    DUEL_DRAWN = "duel-drawn"
    NOT_ELIMINATED = "not-eliminated"
    NO_SUCH_ENTRY = "no-such-entry"
    NOT_CORRECTABLE = "not-correctable"
    BAD_AMOUNT = "bad-amount"
    FINALS_NOT_REACHED = "finals-not-reached"
    FINALS_REACHED = "finals-reached"
    FINALS_BEGUN = "finals-begun"
    NOT_A_FINALIST = "not-a-finalist"
    STILL_IN = "still-in"
    SUPPORTED = "supported-already"
    SERIES_WON = "series-won"
    FINAL_OPEN = "final-open"
    NO_FINAL = "no-final-game"
    FIRST_NOT_NAMED = "first-not-named"
    TAKE_BACK_FIRST = "take-back-first"


@dataclass(frozen=True)
class Refusal:
    why: Refused
    player: str = ""
    count: int = 0
    """a number the refusal is about (garnets held, tokens, an entry)"""
    names: tuple[str, ...] = ()
    more: tuple[str, ...] = ()
    detail: str = ""
    listed: str = ""
    """what `names` lists where a front end may say it (e.g. "still in", "may support")"""


class SeasonRefused(FestivalError):
    """A season command refused; `refusal` holds the facts, each front end words them."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal.why))
        self.refusal = refusal


def refuse(why: Refused, **facts: object) -> SeasonRefused:
    return SeasonRefused(Refusal(why, **facts))  # type: ignore[arg-type]
