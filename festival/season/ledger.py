"""The season's ledger: every change an entry, the balances always replayed from the entries.

An entry says what changed (its kind), for whom, by how much, why, when, who gave the command
and through what, and where it came from (a match's endgame, a duel's result, the host). A
correction is a new entry naming the one it corrects (`corrects`): the corrected entry stays
in the ledger and counts no more. Nothing here reads a file: `replay` is pure.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum


class Kind(StrEnum):
    GRANT = "grant"
    """garnets granted: the starting garnets (the host), a match's endgame"""
    SPEND = "spend"
    """garnets spent inside a match (the preference tiebreak)"""
    GIVE = "give"
    """garnets given by `other` to `player`"""
    DISCARD = "discard"
    """garnets discarded (an eliminated player's)"""
    TOKEN_GIVEN = "token given"
    """Tokens of Life to `player`: from a match's endgame, or given by `other`"""
    TOKEN_USED = "token used"
    """Tokens of Life used up (held at the Death Match)"""
    EPISODE = "episode"
    """a match taken into the season: its winners and Elimination Candidate (`player`)"""
    OPPONENT = "opponent"
    """the Elimination Candidate's pick of Death Match Opponent (`player`)"""
    DEATH_MATCH = "death match"
    """the Death Match's duel made (its id the source's)"""
    ELIMINATED = "eliminated"
    """the Death Match's loser (`player`), or the host's elimination"""
    REINSTATED = "reinstated"
    """an eliminated player back in, by the host"""
    CORRECTION = "correction"
    """the entry `corrects` counts no more"""
    SUPPORT = "support"
    """garnets granted to a finalist (`player`) by an eliminated player (`other`), by the
    placing they reached (festival/season/finals.py)"""
    FINAL_GAME = "final game"
    """a game of the finals' series made (its duel the source's): `player` starts, `other`"""
    FINAL_WON = "final game won"
    """a game of the finals won by `player` against `other`"""
    FINAL_DRAWN = "final game drawn"
    """a game of the finals drawn: it counts for neither finalist"""
    SEASON_WON = "season won"
    """the finals' series won: `player` is the season's champion"""


class SourceKind(StrEnum):
    HOST = "host"
    MATCH = "match"
    DUEL = "duel"


@dataclass(frozen=True)
class Source:
    kind: SourceKind
    id: str = ""
    """a match's or a duel's id"""
    detail: str = ""
    """e.g. "endgame", "garnets spent", "result", the duel's folder"""


HOST_SOURCE = Source(SourceKind.HOST)


@dataclass(frozen=True)
class Entry:
    seq: int
    kind: Kind
    player: str | None
    amount: int
    why: str
    at: str
    """when, ISO 8601 UTC (the clock the service was given)"""
    source: Source
    other: str | None = None
    corrects: int | None = None
    actor: str = "host"
    via: str = "cli"


@dataclass(frozen=True)
class Standing:
    player: str
    garnets: int
    tokens: int
    alive: bool
    discord: int | None = None


@dataclass(frozen=True)
class Episode:
    """A match taken into the season and what followed it."""

    number: int
    match_id: str
    winners: tuple[str, ...]
    candidate: str
    opponent: str | None = None
    duel_id: str | None = None
    duel_folder: str | None = None
    eliminated: str | None = None

    @property
    def over(self) -> bool:
        return self.eliminated is not None


@dataclass(frozen=True)
class FinalGame:
    """A game of the finals' series: its duel, who starts (first) and how it ended."""

    number: int
    duel_id: str
    folder: str
    game: str
    players: tuple[str, str]
    winner: str | None = None
    drawn: bool = False

    @property
    def over(self) -> bool:
        return self.winner is not None or self.drawn


@dataclass(frozen=True)
class Supported:
    """An eliminated player's garnets to a finalist (entry `seq`)."""

    seq: int
    supporter: str
    finalist: str
    garnets: int
    placed: str
    """e.g. "placed 3rd" (the placing when they gave)"""


@dataclass(frozen=True)
class Finals:
    """The finals as the ledger says they are: the series' games, the supporters' garnets
    and the champion."""

    games: tuple[FinalGame, ...] = ()
    supports: tuple[Supported, ...] = ()
    champion: str | None = None

    def wins(self, player: str) -> int:
        return sum(1 for g in self.games if g.winner == player)

    @property
    def current(self) -> FinalGame | None:
        """The game made and not recorded yet."""
        last = self.games[-1] if self.games else None
        return last if last is not None and not last.over else None

    @property
    def begun(self) -> bool:
        return bool(self.games or self.supports)


@dataclass(frozen=True)
class Replayed:
    """The season as its ledger says it is now."""

    standings: tuple[Standing, ...]
    """in the roster's order"""
    episodes: tuple[Episode, ...]
    granted: int
    """garnets granted, spent, discarded in all (gives move garnets, never make them)"""
    spent: int
    discarded: int
    void: frozenset[int] = field(default_factory=frozenset)
    """the entries a correction took back"""
    out: tuple[str, ...] = ()
    """the players eliminated now, the first out first (their placing: festival/season/
    finals.py)"""
    finals: Finals = field(default_factory=Finals)

    def of(self, player: str) -> Standing | None:
        return next((s for s in self.standings if s.player == player), None)

    @property
    def current(self) -> Episode | None:
        """The episode whose Death Match is not played yet."""
        last = self.episodes[-1] if self.episodes else None
        return last if last is not None and not last.over else None

    @property
    def alive(self) -> tuple[str, ...]:
        return tuple(s.player for s in self.standings if s.alive)

    @property
    def taken(self) -> frozenset[str]:
        return frozenset(e.match_id for e in self.episodes)


def replay(players: Sequence[tuple[str, int | None]], entries: Iterable[Entry]) -> Replayed:
    """The balances, who is in and the episodes, from the roster (name, Discord id) and the
    entries in order."""
    listed = list(entries)
    void = frozenset(e.corrects for e in listed if e.kind is Kind.CORRECTION and e.corrects)
    garnets = {p: 0 for p, _ in players}
    tokens = {p: 0 for p, _ in players}
    alive = {p: True for p, _ in players}
    episodes: list[Episode] = []
    out: list[str] = []
    games: list[FinalGame] = []
    supports: list[Supported] = []
    champion: str | None = None
    granted = spent = discarded = 0
    for e in listed:
        if e.seq in void or e.kind is Kind.CORRECTION:
            continue
        p = e.player or ""
        if e.kind is Kind.GRANT:
            garnets[p] += e.amount
            granted += e.amount
        elif e.kind is Kind.SPEND:
            garnets[p] -= e.amount
            spent += e.amount
        elif e.kind is Kind.DISCARD:
            garnets[p] -= e.amount
            discarded += e.amount
        elif e.kind is Kind.GIVE:
            garnets[e.other or ""] -= e.amount
            garnets[p] += e.amount
        elif e.kind is Kind.TOKEN_GIVEN:
            if e.other is not None:
                tokens[e.other] -= e.amount
            tokens[p] += e.amount
        elif e.kind is Kind.TOKEN_USED:
            tokens[p] -= e.amount
        elif e.kind is Kind.ELIMINATED:
            alive[p] = False
            out = [*(o for o in out if o != p), p]
            if episodes and not episodes[-1].over and e.source.kind is SourceKind.DUEL:
                episodes[-1] = replace(episodes[-1], eliminated=p)
        elif e.kind is Kind.REINSTATED:
            alive[p] = True
            out = [o for o in out if o != p]
        elif e.kind is Kind.SUPPORT:
            garnets[p] += e.amount
            granted += e.amount
            supports.append(Supported(e.seq, e.other or "", p, e.amount, e.source.detail))
        elif e.kind is Kind.FINAL_GAME:
            pair = (p, e.other or "")
            game = FinalGame(len(games) + 1, e.source.id, e.source.detail, e.why, pair)
            games.append(game)
        elif e.kind in (Kind.FINAL_WON, Kind.FINAL_DRAWN) and games and not games[-1].over:
            won = e.kind is Kind.FINAL_WON
            games[-1] = replace(games[-1], winner=p if won else None, drawn=not won)
        elif e.kind is Kind.SEASON_WON:
            champion = p
        elif e.kind is Kind.EPISODE:
            winners = tuple(w for w in (e.other or "").split("\n") if w)
            episodes.append(Episode(len(episodes) + 1, e.source.id, winners, p))
        elif e.kind is Kind.OPPONENT and episodes:
            episodes[-1] = replace(episodes[-1], opponent=p)
        elif e.kind is Kind.DEATH_MATCH and episodes:
            episodes[-1] = replace(episodes[-1], duel_id=e.source.id, duel_folder=e.source.detail)
    discord = dict(players)
    return Replayed(
        tuple(Standing(p, garnets[p], tokens[p], alive[p], discord[p]) for p, _ in players),
        tuple(episodes),
        granted,
        spent,
        discarded,
        void,
        tuple(out),
        Finals(tuple(games), tuple(supports), champion),
    )
