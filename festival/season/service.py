"""The season service: `run`, the one door for every change to a season (it takes the
season's lock, replays the ledger, decides the new entries or refuses typed, and records
them in one transaction; `Post` hands the game room's port the season's public Markdown on
the open store, where the port keeps its post log), `begin` for a season not made yet, and
the reads as values. No other module opens the season's store to change it.

The season reads no match and no duel itself (the domains share no code but the core's):
the front end reads them through their services and hands in `Endgame` and `DuelResult`
values (docs/architecture.md, "The season")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import overload

from festival.core.errors import FestivalError
from festival.core.names import check_player_name, name_skeleton, normalise_name
from festival.season.acts import (
    HOST,
    Actor,
    Command,
    DeathMatchMade,
    KeepChannels,
    NewSeason,
    Post,
    Refused,
    Via,
    refuse,
)
from festival.season.announce import episode_line as episode_line
from festival.season.announce import finals_lines as finals_lines
from festival.season.announce import season_markdown
from festival.season.channels import KeptChannels
from festival.season.deciding import decide
from festival.season.finals import final_pair
from festival.season.finals import finals_reached as finals_reached
from festival.season.ledger import Entry, Kind, Replayed, Source, SourceKind, replay
from festival.season.room import GameRoom, Posted, Said
from festival.season.rules import SeasonRules
from festival.season.store import SEASON_FILE, SeasonStore, season_lock

Clock = Callable[[], datetime]


def system_clock() -> datetime:
    return datetime.now(UTC)


def _at(clock: Clock) -> str:
    return clock().astimezone(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Season:
    """A season as its store holds it: name, rules, the ledger and what it replays to."""

    folder: Path
    name: str
    rules: SeasonRules
    entries: tuple[Entry, ...]
    state: Replayed
    channels: KeptChannels | None = None
    """the Discord channels kept (`festival season discord`), None before"""


@dataclass(frozen=True)
class Acted:
    added: tuple[Entry, ...]
    season: Season


def is_season(folder: Path) -> bool:
    return (folder / SEASON_FILE).is_file()


def begin(
    folder: Path,
    command: NewSeason,
    actor: Actor = HOST,
    via: Via = Via.CLI,
    clock: Clock = system_clock,
) -> Season:
    """A new season folder: its roster, its rules, and each player's starting garnets granted
    in the ledger."""
    if not actor.host:
        raise refuse(Refused.NOT_HOST)
    if is_season(folder):
        raise refuse(Refused.SEASON_EXISTS, detail=str(folder))
    problems: list[str] = []
    seen: dict[str, str] = {}
    users: dict[int, str] = {}
    players: list[tuple[str, int | None]] = []
    for raw, discord, garnets in command.players:
        name = normalise_name(raw)
        why = check_player_name(name)
        if why:
            problems.append(why)
            continue
        twin = seen.get(name_skeleton(name))
        if twin is not None:
            problems.append(f"{name} looks the same as {twin}")
            continue
        seen[name_skeleton(name)] = name
        if discord is not None and discord in users:
            problems.append(f"{name} and {users[discord]} have the same Discord id {discord}")
        if discord is not None:
            users[discord] = name
        if garnets is not None and garnets < 0:
            problems.append(f"{name}: starting garnets cannot be negative")
        players.append((name, discord))
    if len(players) < 2 and not problems:
        problems.append("a season needs two players or more")
    if problems:
        raise refuse(Refused.BAD_ROSTER, more=tuple(problems))
    at = _at(clock)
    host = Source(SourceKind.HOST, "", "starting garnets")
    grants = [
        Entry(
            0,
            Kind.GRANT,
            normalise_name(raw),
            command.rules.starting_garnets if garnets is None else garnets,
            "starting garnets",
            at,
            host,
            actor=actor.name,
            via=str(via),
        )
        for raw, _, garnets in command.players
    ]
    grants = [
        Entry(n, e.kind, e.player, e.amount, e.why, e.at, e.source, actor=e.actor, via=e.via)
        for n, e in enumerate((g for g in grants if g.amount), 1)
    ]
    store = SeasonStore.create(folder, command.name, command.rules, players)
    try:
        store.add(grants)
        return _season(store)
    finally:
        store.close()


@overload
def run(
    folder: Path,
    command: Post,
    actor: Actor = ...,
    via: Via = ...,
    clock: Clock = ...,
    room: GameRoom | None = ...,
) -> Posted: ...
@overload
def run(
    folder: Path,
    command: Command | KeepChannels,
    actor: Actor = ...,
    via: Via = ...,
    clock: Clock = ...,
    room: GameRoom | None = ...,
) -> Acted: ...
def run(
    folder: Path,
    command: Command | Post | KeepChannels,
    actor: Actor = HOST,
    via: Via = Via.CLI,
    clock: Clock = system_clock,
    room: GameRoom | None = None,
) -> Acted | Posted:
    """Do `command` on the season in `folder` once, under its lock: its new entries recorded
    in one transaction, or a SeasonRefused with the facts (nothing recorded). `Post` hands
    the game room's port (`room`, festival/discord/season_posting.py) the season as players
    may know it, on the open store, where the port keeps its post log (each message recorded
    as it goes: exactly once)."""
    with season_lock(folder):
        store = SeasonStore.open(folder)
        try:
            season = _season(store)
            if isinstance(command, Post):
                return _post(store, season, command, actor, room)
            if isinstance(command, KeepChannels):  # the host's setting, no ledger entry
                if not actor.host:
                    raise refuse(Refused.NOT_HOST)
                store.keep_channels(replace(command.kept, season=season.name).signed())
                return Acted((), _season(store))
            added = decide(
                list(season.entries), season.state, season.rules, command, actor, via, _at(clock)
            )
            store.add(added)
            return Acted(tuple(added), _season(store))
        finally:
            store.close()


def _post(
    store: SeasonStore, season: Season, command: Post, actor: Actor, room: GameRoom | None
) -> Posted:
    if not actor.host:
        raise refuse(Refused.NOT_HOST)
    if room is None:
        raise FestivalError("this command posts to the game room: no adapter")
    players = tuple(s.player for s in season.state.standings)
    said = Said(
        season.folder,
        len(season.state.episodes),
        players,
        public_markdown(season),
        season.channels,
    )
    return Posted(said.number, room.post(store, command, said))


def show(folder: Path) -> Season:
    """The season now (no lock: a read)."""
    store = SeasonStore.open(folder)
    try:
        return _season(store)
    finally:
        store.close()


def public_markdown(season: Season) -> str:
    """The season as players may know it (festival/season/announce.py)."""
    return season_markdown(season.name, season.state, season.rules.finals_best_of)


@dataclass(frozen=True)
class Pair:
    """The Death Match's two players, the Candidate first, with their Discord ids."""

    candidate: str
    opponent: str
    users: tuple[tuple[str, int], ...]


def death_match_pair(folder: Path) -> Pair:
    """Who plays the Death Match, refused as `DeathMatchMade` would be (no opponent yet,
    tokens not given, the duel made already): checked before the duel is made."""
    season = show(folder)
    decide(
        list(season.entries),
        season.state,
        season.rules,
        DeathMatchMade("", folder, ""),
        HOST,
        Via.CLI,
        "",
    )
    episode = season.state.current
    assert episode is not None and episode.opponent is not None  # decide refused otherwise
    pair = (episode.candidate, episode.opponent)
    users = tuple(
        (p, s.discord)
        for p in pair
        if (s := season.state.of(p)) is not None and s.discord is not None
    )
    return Pair(pair[0], pair[1], users)


@dataclass(frozen=True)
class FinalSeats:
    """The next game of the finals: who starts, the other finalist, their Discord ids."""

    first: str
    second: str
    users: tuple[tuple[str, int], ...]
    number: int


def final_seats(folder: Path, first: str | None = None) -> FinalSeats:
    """Who plays the finals' next game, refused as `FinalGameMade` would be (the finals not
    reached, a game in play, the series won, who starts game 1 not named): checked before
    the duel is made."""
    season = show(folder)
    pair = final_pair(season.state, season.rules, first)
    users = tuple(
        (p, s.discord)
        for p in pair
        if (s := season.state.of(p)) is not None and s.discord is not None
    )
    return FinalSeats(pair[0], pair[1], users, len(season.state.finals.games) + 1)


def _season(store: SeasonStore) -> Season:
    players = store.players()
    entries = store.entries()
    return Season(
        store.path.parent,
        store.name(),
        store.rules(),
        tuple(entries),
        replay(players, entries),
        store.channels(),
    )
