"""The match service: the one way a front end (the command line, the dashboard, a bot)
creates, changes or reads a match. Each operation opens the match folder, takes the match's
lock when it changes the match or reads it whole (festival/match/lock.py), always closes the
store, and returns a typed result (frozen dataclasses, festival/match/results.py) for the
front end to print or draw; it prints nothing. Every change is a typed command
(festival/match/acts.py) given to `run`, the one door: who may act, the lock, the match
opened once, a front-end key applied once. Reads return values: results, and the read models
of festival/match/views.py for the dashboard. Refusals are typed; each front end words them.

The Google client and the workbook reader and writer are imported by the operations that use
them only, so `festival status` costs no network or spreadsheet library.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import overload

from events.errors import close_matches
from festival.core import host_inputs, seeds
from festival.core.errors import MatchError
from festival.core.registry import event_names, event_title
from festival.match.acts import (
    HOST,
    Actor,
    ActorKind,
    Allocate,
    AlreadyApplied,
    BadSeed,
    ChooseCandidate,
    FromFolder,
    FromGoogle,
    FromSource,
    GoogleSetup,
    GoogleTabs,
    MatchCommand,
    NewMatch,
    NoRoundResolved,
    NotAllocated,
    NotAllowed,
    Publish,
    Resolve,
    ResolveSource,
    RoundNumberedFromOne,
    RoundResolvedMeanwhile,
    SmallMatch,
    Templates,
    TiebreakNamesStrangers,
    Via,
)
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
from festival.match.match import templates_folder as templates_folder
from festival.match.outcome import RoundCheck
from festival.match.replay import states_after
from festival.match.results import (
    Allocated as Allocated,
)
from festival.match.results import (
    Announced as Announced,
)
from festival.match.results import (
    Chosen as Chosen,
)
from festival.match.results import (
    Created as Created,
)
from festival.match.results import (
    Earlier as Earlier,
)
from festival.match.results import (
    EventPlan as EventPlan,
)
from festival.match.results import (
    GoogleRecorded as GoogleRecorded,
)
from festival.match.results import (
    Published as Published,
)
from festival.match.results import (
    Refusal as Refusal,
)
from festival.match.results import (
    Resolved as Resolved,
)
from festival.match.results import (
    StandingsView as StandingsView,
)
from festival.match.results import (
    Status as Status,
)
from festival.match.results import (
    TabsPushed as TabsPushed,
)
from festival.match.results import (
    TiebreakSource as TiebreakSource,
)
from festival.match.results import (
    WorkbooksWritten as WorkbooksWritten,
)
from festival.match.roster import parse_roster
from festival.match.rounds import (
    PlayerInput,
    check_resolvable,
    ingest_folder,
    ingest_json,
    ingest_source,
    preview_source,
)
from festival.match.rounds import resolve as resolve_round
from festival.match.schedule_acts import SCHEDULE_COMMANDS, ScheduleCommand, apply_schedule
from festival.match.spreadsheets import Spreadsheets, SpreadsheetsFor
from festival.match.standings_view import event_rankings, festival_standings, standings_json
from festival.match.store import sqlite_failure
from festival.match.views import (
    GOOGLE_SETTINGS,
    Built,
    DeskData,
    MatchData,
    ReadSource,
    Version,
    match_data,
    store_version,
)
from sheets.errors import GoogleError
from sheets.source import FolderSource

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
        raise NoRoundResolved()
    if asked is not None:
        raise RoundNumberedFromOne(asked, last)
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
            raise TiebreakNamesStrangers(tuple(hints))
        return tuple(by_key[x.lower()] for x in order), TiebreakSource.HOST
    if roster_order:
        return roster_order, TiebreakSource.HOST
    order_idx = seeds.stream(seed, "gamewide").permutation(len(players))
    return tuple(players[int(i)] for i in order_idx), TiebreakSource.DRAWN


def _create(folder: Path, command: NewMatch) -> Created:
    """Create a match folder from a roster and preferences file. A roster smaller than the
    rules plan for is refused unless `small` (the host confirms it); `small` is recorded with
    the match whatever the roster, so `allocate` takes events smaller than the rules plan."""
    from sheets.xlsx_reader import read_table_file  # the spreadsheet reader, when used

    roster_file, seed, small = command.roster_file, command.seed, command.small
    options = {event: dict(given) for event, given in command.options.items()}
    roster, errors = parse_roster(read_table_file(roster_file))
    if roster is None:
        raise MatchError(
            f"{roster_file} has {len(errors)} problem(s):\n" + "\n".join(f"  {e}" for e in errors)
        )
    if seed is not None and seed < 0:
        raise BadSeed(seed)
    seed = seed if seed is not None else seeds.new_match_seed()
    players = tuple(p.player for p in roster.preferences)
    too_small = small_roster(str(roster_file), len(players))
    if too_small and not small:
        raise SmallMatch(too_small, creating=True)
    gamewide, source = gamewide_tiebreak(players, command.tiebreak, roster.tiebreak, seed)
    engines, catalogs = command.engines, command.catalogs
    for event, extra in catalog_options(load_engines(engines, event_names()), catalogs).items():
        options.setdefault(event, {}).update(extra)
    config = MatchConfig(
        preferences=roster.preferences,
        seed=seed,
        gamewide=gamewide,
        gamewide_source=source.value,
        capacity=command.capacity,
        events_per_player=command.events_per_player,
        rounds=command.rounds,
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


def _allocate(match: Match, command: Allocate) -> Allocated:
    """Allocate the events from the preferences, store and return the allocation. An event
    with fewer players than the rules plan for is refused unless the host confirmed a small
    match (`small`, here or when it was created)."""
    result = match.draw_allocation(FEWEST_UNMET if command.fewest_unmet else CLAIM_ORDER)
    titles = {e: event_title(e) for e in result.members}
    fields = small_fields(result.members, titles)
    if fields and not (command.small or match.config.small):
        raise SmallMatch(small_fields_refused(fields), creating=False)
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


def _templates(
    match: Match, command: Templates, sheets: SpreadsheetsFor | None
) -> WorkbooksWritten | TabsPushed:
    """Each player's submission workbook for a round, or their tabs in their spreadsheets."""
    number = next_round(match, command.round_no)
    check_resolvable(match, number)
    target = command.target
    if isinstance(target, GoogleTabs):
        return _sheets(sheets, target.credentials).push_templates(match, number, target.force)
    out = target.out or templates_folder(match.folder, number)
    return _write_workbooks(match, number, out)


def _sheets(sheets: SpreadsheetsFor | None, credentials: Path | None) -> Spreadsheets:
    """The spreadsheets adapter the front end handed in, for these credentials."""
    if sheets is None:
        raise MatchError("this command reads or writes the players' spreadsheets: no adapter")
    return sheets(credentials)


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


def _resolve(match: Match, command: Resolve, sheets: SpreadsheetsFor | None) -> Resolved:
    """Resolve a round (the next, or an earlier one with every later round) from a folder of
    workbooks, a canonical JSON file, any submission source, or the Google spreadsheets.
    `after_round`: the last resolved round the front end saw; if another command resolved one
    meanwhile, nothing is done. A round with invalid submissions is refused (RoundRejected)
    unless `default_invalid`."""
    after_round = command.after_round
    if after_round is not None and match.last_resolved_round() != after_round:
        raise RoundResolvedMeanwhile(after_round)
    number = next_round(match, command.round_no)
    check_resolvable(match, number)
    notes: list[str] = []
    inputs = _ingest(match, number, command.source, notes, sheets)
    outcome = resolve_round(match, number, inputs, command.default_invalid, notes)
    return Resolved(number, outcome, _on_discord(match))


def _on_discord(match: Match) -> bool:
    """Whether the match's messages go to Discord (its channels were mapped)."""
    return match.store.host_input(host_inputs.DISCORD) is not None


def _ingest(
    match: Match,
    round_no: int,
    source: ResolveSource,
    notes: list[str],
    sheets: SpreadsheetsFor | None,
) -> dict[str, PlayerInput]:
    if isinstance(source, FromGoogle):
        remote = _sheets(sheets, source.credentials)
        try:
            return ingest_source(match, round_no, remote.source(match, round_no))
        except GoogleError as exc:
            raise MatchError(str(exc)) from exc
    if isinstance(source, FromSource) and isinstance(source.source, FolderSource):
        source = FromFolder(source.source.folder)
    if isinstance(source, FromSource):
        return ingest_source(match, round_no, source.source)
    if isinstance(source, FromFolder):  # strays and an empty folder refused
        return ingest_folder(match, round_no, source.folder, notes)
    return ingest_json(match, round_no, source.path)


# --- reading ------------------------------------------------------------------------------


def standings(folder: Path, xlsx: Path | None = None) -> StandingsView:
    """Each event's ranking and the festival standings (the host's view: secrets included);
    also written as a results workbook to `xlsx`."""
    with opened(folder) as match:
        if not match.allocated:
            raise NotAllocated(folder)
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


# --- read models for the dashboard (values) ----------------------------------------------

_MATCH_VIEWS: Built[MatchData] = Built()


def version(folder: Path) -> Version:
    """The match's version: it changes whenever the store does (a front end keeps what it
    read until then)."""
    return store_version(folder)


def match_view(folder: Path) -> MatchData:
    """The match as the dashboard's pages show it, built once per match version."""
    now = store_version(folder)
    built = _MATCH_VIEWS.get(folder, now)
    if built is not None:
        return built
    with opened(folder) as match:
        return _MATCH_VIEWS.put(folder, now, match_data(match))


def desk(folder: Path) -> DeskData:
    """What the round desk needs to know about the next round."""
    with opened(folder) as match:
        last = match.last_resolved_round()
        finished = match.finished
        expected = (
            ()
            if finished or not match.allocated
            else tuple(p for p in match.config.players if match.events_of(p, last + 1))
        )
        google = match.store.host_input(GOOGLE_SETTINGS) is not None
        return DeskData(folder, last, finished, google, expected)


def read_spreadsheets(
    folder: Path, round_no: int, sheets: SpreadsheetsFor, credentials: Path | None = None
) -> ReadSource:
    """Every player's spreadsheet for `round_no`, read now, once, through the adapter `sheets`
    (a source that asks Google nothing more: preview it, then resolve from it)."""
    with opened(folder) as match:
        remote = sheets(credentials).source(match, round_no)
        players = [p for p in match.config.players if match.events_of(p, round_no)]
        return ReadSource.read(remote, players)


def preview(folder: Path, round_no: int, source: FromFolder | FromSource) -> RoundCheck:
    """What resolving `round_no` from `source` would find, player by player; nothing is
    stored or resolved."""
    given = FolderSource(source.folder) if isinstance(source, FromFolder) else source.source
    with opened(folder) as match:
        return preview_source(match, round_no, given)


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


def _choose_candidate(match: Match, command: ChooseCandidate) -> Chosen:
    """Record the sole winner's choice of Elimination Candidate."""
    player = command.player
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


def _google_setup(
    match: Match, command: GoogleSetup, sheets: SpreadsheetsFor | None
) -> GoogleRecorded:
    """Record which spreadsheet is whose (and the host's)."""
    remote = _sheets(sheets, command.credentials)
    return remote.record(match, command.sheets_file, command.host_sheet)


def _publish(match: Match, command: Publish, sheets: SpreadsheetsFor | None) -> Published:
    """Write a round's results into the spreadsheets: the round and who got them."""
    number = resolved_round(match, command.round_no)
    return Published(number, _sheets(sheets, command.credentials).publish(match, number))


# --- the one door for changes ---------------------------------------------------------------


@overload
def run(
    folder: Path,
    command: ScheduleCommand,
    actor: Actor = ...,
    via: Via = ...,
    key: str | None = ...,
    sheets: SpreadsheetsFor | None = ...,
) -> object: ...
@overload
def run(
    folder: Path,
    command: NewMatch,
    actor: Actor = ...,
    via: Via = ...,
    key: str | None = ...,
    sheets: SpreadsheetsFor | None = ...,
) -> Created: ...
@overload
def run(
    folder: Path,
    command: Allocate,
    actor: Actor = ...,
    via: Via = ...,
    key: str | None = ...,
    sheets: SpreadsheetsFor | None = ...,
) -> Allocated: ...
@overload
def run(
    folder: Path,
    command: Templates,
    actor: Actor = ...,
    via: Via = ...,
    key: str | None = ...,
    sheets: SpreadsheetsFor | None = ...,
) -> WorkbooksWritten | TabsPushed: ...
@overload
def run(
    folder: Path,
    command: Resolve,
    actor: Actor = ...,
    via: Via = ...,
    key: str | None = ...,
    sheets: SpreadsheetsFor | None = ...,
) -> Resolved: ...
@overload
def run(
    folder: Path,
    command: ChooseCandidate,
    actor: Actor = ...,
    via: Via = ...,
    key: str | None = ...,
    sheets: SpreadsheetsFor | None = ...,
) -> Chosen: ...
@overload
def run(
    folder: Path,
    command: Publish,
    actor: Actor = ...,
    via: Via = ...,
    key: str | None = ...,
    sheets: SpreadsheetsFor | None = ...,
) -> Published: ...
@overload
def run(
    folder: Path,
    command: GoogleSetup,
    actor: Actor = ...,
    via: Via = ...,
    key: str | None = ...,
    sheets: SpreadsheetsFor | None = ...,
) -> GoogleRecorded: ...
def run(
    folder: Path,
    command: NewMatch | MatchCommand | ScheduleCommand,
    actor: Actor = HOST,
    via: Via = Via.CLI,
    key: str | None = None,
    sheets: SpreadsheetsFor | None = None,
) -> object:
    """Apply one command to the match in `folder`: the one way a front end changes a match.
    Only the host changes a match (NotAllowed). A new match is laid out in a new folder; any
    other command takes the match's lock, opens the match once, applies the command and
    returns its typed result. `key`: the front end's name for this request (a button press, a
    bot interaction): a key applied before is refused (AlreadyApplied), never applied twice,
    and each applied key is recorded with the match. `sheets`: the adapter of the players'
    spreadsheets (festival/google/match_google.py `spreadsheets`), for the commands that
    name them."""
    if actor.kind is not ActorKind.HOST:
        raise NotAllowed(actor, command)
    if isinstance(command, NewMatch):
        return _create(folder, command)
    with changing(folder) as match:
        applied = None if key is None else f"applied:{via.value}:{key}"
        if applied is not None and match.store.host_input(applied) is not None:
            raise AlreadyApplied(via, str(key))
        result = _apply(match, command, sheets)
        if applied is not None:
            match.store.set_host_input(applied, type(command).__name__)
        return result


def _apply(
    match: Match, command: MatchCommand | ScheduleCommand, sheets: SpreadsheetsFor | None
) -> object:
    if isinstance(command, SCHEDULE_COMMANDS):  # festival/match/schedule_acts.py
        return apply_schedule(match, command, lambda m, c: _resolve(m, c, sheets))
    if isinstance(command, Allocate):
        return _allocate(match, command)
    if isinstance(command, Templates):
        return _templates(match, command, sheets)
    if isinstance(command, Resolve):
        return _resolve(match, command, sheets)
    if isinstance(command, ChooseCandidate):
        return _choose_candidate(match, command)
    if isinstance(command, Publish):
        return _publish(match, command, sheets)
    return _google_setup(match, command, sheets)


def store_failure(folder: Path | None, exc: sqlite3.Error) -> str:
    """What to tell the host when SQLite fails in the middle of a command on the match in
    `folder` (busy, damaged, or unusable)."""
    return sqlite_failure(folder, exc)
