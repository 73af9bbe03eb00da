"""The match service: the one way a front end (the command line, the dashboard, a bot)
creates, changes or reads a match. Each operation opens the match folder, takes the match's
lock when it changes the match or reads it whole (festival/match/lock.py), always closes the
store, and returns a typed result (frozen dataclasses) for the front end to print or draw; it
prints nothing.

It speaks to no Discord or Google: posting (festival/discord/match_posting.py) and the
Google spreadsheets (festival/google/match_google.py) are the adapters' work, on this
service's values. The workbook reader and writer are imported by the operations that use them
only, so `festival status` costs no spreadsheet library.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from events.errors import close_matches
from events.ranking import Ranking
from festival.core import host_inputs, seeds
from festival.core.errors import MatchError
from festival.core.registry import event_names, event_title
from festival.match.allocation import CLAIM_ORDER, FEWEST_UNMET, Verdict, unmet_choices
from festival.match.announce import Announcements, announcements, public_pictures
from festival.match.catalogs import catalog_options
from festival.match.check import CheckReport, check_match
from festival.match.config import (
    MatchConfig,
    small_fields,
    small_fields_refused,
    small_roster,
)
from festival.match.engines import load_engines
from festival.match.lock import exclusive
from festival.match.match import Match
from festival.match.replay import states_after
from festival.match.roster import parse_roster
from festival.match.rounds import (
    PlayerInput,
    ResolveOutcome,
    check_resolvable,
    ingest_folder,
    ingest_json,
    ingest_source,
)
from festival.match.rounds import resolve as resolve_round
from festival.match.standings import Standings
from festival.match.standings_view import event_rankings, festival_standings, standings_json
from sheets.errors import GoogleError
from sheets.source import FolderSource, SubmissionSource

if TYPE_CHECKING:
    from events.duel import Picture

# --- results ----------------------------------------------------------------------------


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
class Resolved:
    round_no: int
    outcome: ResolveOutcome
    on_discord: bool = False
    """the match posts to Discord (`festival discord` mapped it): `festival post` is next"""


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


# --- opening ------------------------------------------------------------------------------


@contextmanager
def opened(folder: Path) -> Iterator[Match]:
    """The match, open for reading; closed however the block ends."""
    match = Match.open(folder)
    try:
        yield match
    finally:
        match.close()


@contextmanager
def changing(folder: Path) -> Iterator[Match]:
    """The match, open under its lock (an operation that changes it, or reads it whole)."""
    with exclusive(folder), opened(folder) as match:
        yield match


def check_opens(folder: Path) -> None:
    """Open and close the match: a clear error now (StoreError) if it cannot be read."""
    with opened(folder):
        pass


def next_round(match: Match, asked: int | None) -> int:
    """The round to write templates for or resolve: `asked`, else the next one."""
    return asked if asked is not None else match.last_resolved_round() + 1


def resolved_round(match: Match, asked: int | None) -> int:
    """The round to announce or publish: `asked`, else the last resolved one."""
    if asked is not None and asked >= 1:
        return asked  # a round not resolved yet is refused where it is read, in words
    last = match.last_resolved_round()
    if last < 1:
        raise MatchError(
            "no round is resolved yet: resolve round 1 first (`festival resolve MATCH --from "
            "FOLDER`), then run this again"
        )
    if asked is not None:
        done = "round 1" if last == 1 else f"rounds 1 to {last}"
        raise MatchError(f"--round {asked}: rounds are numbered from 1 (resolved: {done})")
    return last


# --- creating and allocating --------------------------------------------------------------


def gamewide_tiebreak(
    players: tuple[str, ...], given: str | None, roster_order: tuple[str, ...] | None, seed: int
) -> tuple[tuple[str, ...], TiebreakSource]:
    """The Gamewide Tiebreak: the host's (`given`, comma-separated, then the roster's column),
    else a seeded shuffle of the players."""
    if given:
        by_key = {p.lower(): p for p in players}
        order = [x.strip() for x in given.split(",") if x.strip()]
        unknown = [x for x in order if x.lower() not in by_key]
        if unknown:
            hints = [
                f"{x} (did you mean {h[0]}?)" if (h := close_matches(x, players)) else x
                for x in unknown
            ]
            raise MatchError(
                f"--tiebreak names players not in the roster: {', '.join(hints)}; write the "
                "roster's names, comma-separated"
            )
        return tuple(by_key[x.lower()] for x in order), TiebreakSource.HOST
    if roster_order:
        return roster_order, TiebreakSource.HOST
    order_idx = seeds.stream(seed, "gamewide").permutation(len(players))
    return tuple(players[int(i)] for i in order_idx), TiebreakSource.DRAWN


def create(
    folder: Path,
    roster_file: Path,
    seed: int | None,
    tiebreak: str | None,
    capacity: int,
    events_per_player: int,
    rounds: int,
    engines: dict[str, str],
    catalogs: dict[str, Path],
    options: dict[str, dict[str, Any]],
    small: bool = False,
) -> Created:
    """Create a match folder from a roster and preferences file. A roster smaller than the
    rules plan for is refused unless `small` (the host confirms it); `small` is recorded with
    the match whatever the roster, so `allocate` takes events smaller than the rules plan."""
    from sheets.xlsx_reader import read_table_file  # the spreadsheet reader, when used

    roster, errors = parse_roster(read_table_file(roster_file))
    if roster is None:
        raise MatchError(
            f"{roster_file} has {len(errors)} problem(s):\n" + "\n".join(f"  {e}" for e in errors)
        )
    if seed is not None and seed < 0:
        raise MatchError("--seed must be a whole number >= 0")
    seed = seed if seed is not None else seeds.new_match_seed()
    players = tuple(p.player for p in roster.preferences)
    too_small = small_roster(str(roster_file), len(players))
    if too_small and not small:
        raise MatchError(too_small)
    gamewide, source = gamewide_tiebreak(players, tiebreak, roster.tiebreak, seed)
    for event, extra in catalog_options(load_engines(engines, event_names()), catalogs).items():
        options.setdefault(event, {}).update(extra)
    config = MatchConfig(
        preferences=roster.preferences,
        seed=seed,
        gamewide=gamewide,
        gamewide_source=source.value,
        capacity=capacity,
        events_per_player=events_per_player,
        rounds=rounds,
        engines=engines,
        event_options=options,
        small=small or bool(too_small),  # allocate honours it (allocate --help says so)
    )
    match = Match.create(folder, config)
    try:
        missing = tuple(match.missing_engines())
        return Created(players, seed, gamewide, source, missing, bool(too_small))
    finally:
        match.close()


def allocate(folder: Path, fewest_unmet: bool, small: bool = False) -> Allocated:
    """Allocate the events from the preferences, store and return the allocation. An event
    with fewer players than the rules plan for is refused unless the host confirmed a small
    match (`small`, here or when it was created)."""
    with changing(folder) as match:
        result = match.draw_allocation(FEWEST_UNMET if fewest_unmet else CLAIM_ORDER)
        titles = {e: event_title(e) for e in result.members}
        fields = small_fields(result.members, titles)
        if fields and not (small or match.config.small):
            raise MatchError(small_fields_refused(fields))
        stored, drawn = match.store.allocation(), json.loads(json.dumps(result.to_json()))
        earlier = None if stored is None else Earlier.SAME if stored == drawn else Earlier.REPLACED
        if earlier is not Earlier.SAME:
            match.store.save_allocation(drawn)
        refused = tuple(
            Refusal(d.claim.player, d.claim.event, d.claim.choice, d.reason)
            for d in result.decisions
            if not d.granted and d.claim.choice < 2 and d.verdict is not Verdict.HAS_ENOUGH
        )
        return Allocated(
            result.members,
            result.method,
            unmet_choices(result.members, match.config.preferences),
            refused,
            result.lottery,
            tuple(fields),
            earlier,
        )


# --- a round ------------------------------------------------------------------------------


def templates(
    folder: Path, round_no: int | None, out: Path | None, force: bool = False
) -> WorkbooksWritten:
    """Each player's submission workbook for a round (their tabs in their Google spreadsheets:
    festival/google/match_google.py)."""
    with changing(folder) as match:
        number = next_round(match, round_no)
        check_resolvable(match, number)
        if force:
            raise MatchError("--force is for --google (a workbook is always written anew)")
        return _write_workbooks(match, number, out or folder / "templates" / f"round-{number}")


def _write_workbooks(match: Match, round_no: int, out: Path) -> WorkbooksWritten:
    from sheets.xlsx_writer import write_templates  # the workbook writer, when used

    states = states_after(match, round_no - 1)
    out.mkdir(parents=True, exist_ok=True)
    written = 0
    for player in match.config.players:
        events = match.events_of(player, round_no)
        if not events:
            continue
        tabs = [match.engine(e).template(states[e], player, round_no) for e in events]
        write_templates(
            out / f"{player}.xlsx",
            tabs,
            f"AWA Festival, round {round_no}",
            match.stamp(round_no, player),
        )
        written += 1
    return WorkbooksWritten(round_no, out, written)


SourceFor = Callable[[Match, int], SubmissionSource]
"""A submission source worked out from the open match and the round number: an adapter's
(festival/google/match_google.py: the players' Google spreadsheets)."""


def resolve(
    folder: Path,
    round_no: int | None,
    source: Path | SubmissionSource | SourceFor | None,
    default_invalid: bool = False,
    after_round: int | None = None,
) -> Resolved:
    """Resolve a round (the next, or an earlier one with every later round) from a folder of
    workbooks, a canonical JSON file, any submission source, or one worked out from the match
    (the Google spreadsheets).
    `after_round`: the last resolved round the caller saw; if another command resolved one
    meanwhile, nothing is done. A round with invalid submissions is refused (RoundRejected)
    unless `default_invalid`."""
    with changing(folder) as match:
        if after_round is not None and match.last_resolved_round() != after_round:
            raise MatchError(
                f"round {after_round + 1} was resolved meanwhile (another command?); "
                "reload the page"
            )
        number = next_round(match, round_no)
        check_resolvable(match, number)
        if source is None:
            raise MatchError("say where the round comes from: --from FOLDER_OR_JSON, or --google")
        notes: list[str] = []
        inputs = _ingest(match, number, source, notes)
        outcome = resolve_round(match, number, inputs, default_invalid, notes)
        return Resolved(number, outcome, _on_discord(match))


def _on_discord(match: Match) -> bool:
    """Whether the match's messages go to Discord (its channels were mapped)."""
    return match.store.host_input(host_inputs.DISCORD) is not None


def _ingest(
    match: Match,
    round_no: int,
    source: Path | SubmissionSource | SourceFor,
    notes: list[str],
) -> dict[str, PlayerInput]:
    if callable(source):
        made = source(match, round_no)
        try:
            return ingest_source(match, round_no, made)
        except GoogleError as exc:
            raise MatchError(str(exc)) from exc
    if isinstance(source, FolderSource):  # strays and an empty folder refused
        return ingest_folder(match, round_no, source.folder, notes)
    if not isinstance(source, Path):
        return ingest_source(match, round_no, source)
    if not source.exists():
        raise MatchError(f"{source} does not exist")
    if source.is_dir():
        return ingest_folder(match, round_no, source, notes)
    if source.suffix.lower() == ".json":
        return ingest_json(match, round_no, source)
    raise MatchError(f"{source}: expected a folder of workbooks or a .json file")


# --- reading ------------------------------------------------------------------------------


def standings(folder: Path, xlsx: Path | None = None) -> StandingsView:
    """Each event's ranking and the festival standings (the host's view: secrets included);
    also written as a results workbook to `xlsx`."""
    with opened(folder) as match:
        if not match.allocated:
            raise match.not_allocated()
        if not match.engines:
            raise MatchError("no event of this match has a rules engine in this version")
        data = standings_json(match)
        if xlsx:
            from festival.match.standings_view import standings_tables
            from sheets.xlsx_writer import write_table  # the workbook writer, when used

            write_table(xlsx, standings_tables(data))
        last = match.last_resolved_round()
        states = states_after(match, last)
        state_word = "final" if match.finished else f"after round {last}"
        rankings = event_rankings(match, states)
        return StandingsView(data, state_word, rankings, festival_standings(match, states))


def announce(folder: Path, round_no: int | None, pictures: bool = False) -> Announced:
    """A round's public announcements and private reports (default: the last resolved);
    with `pictures`, the public post's pictures too."""
    with opened(folder) as match:
        number = resolved_round(match, round_no)
        drawn = public_pictures(match, number) if pictures else ()
        return Announced(number, announcements(match, number), drawn)


def round_announcements(folder: Path, round_no: int) -> Announcements:
    with opened(folder) as match:
        return announcements(match, round_no)


def status(folder: Path) -> Status:
    """The match's rounds, events and what comes next."""
    with opened(folder) as match:
        plans: tuple[EventPlan, ...] = ()
        if match.allocated:
            plans = tuple(
                EventPlan(event, len(match.participants(event)), rounds)
                for event, rounds in match.schedule().items()
            )
        return Status(
            len(match.config.players),
            match.last_resolved_round(),
            match.config.rounds,
            tuple(match.missing_engines()),
            match.allocated,
            plans,
            bool(match.engine_specs),
            match.finished,
        )


def check(folder: Path) -> CheckReport:
    """Verify a match store whole (under the lock: no command changes it meanwhile)."""
    with exclusive(folder):
        return check_match(folder)


# --- the host's other inputs --------------------------------------------------------------


def choose_candidate(folder: Path, player: str) -> Chosen:
    """Record the sole winner's choice of Elimination Candidate."""
    with changing(folder) as match:
        if not match.finished:
            raise MatchError("the sole winner chooses only after the last round")
        result = festival_standings(match, states_after(match, match.config.rounds), False)
        pool = result.elimination_choice_pending
        if not pool:
            raise MatchError("the rules leave no choice to the sole winner in this match")
        chosen = next((p for p in pool if p.lower() == player.lower()), None)
        if chosen is None:
            raise MatchError(f"{player} is not among the tied players: {', '.join(pool)}")
        match.store.set_host_input(Match.WINNER_CHOICE, chosen)
        return Chosen(result.sole_winner, chosen)
