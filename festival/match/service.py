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
from datetime import UTC, datetime
from pathlib import Path
from typing import overload

from events.errors import close_matches
from festival.core import seeds
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
    DiscordSetup,
    FromFolder,
    FromGoogle,
    FromHandIns,
    FromSource,
    GoogleSetup,
    GoogleTabs,
    MatchCommand,
    NewMatch,
    NotAllowed,
    Post,
    PostNotes,
    Publish,
    Resolve,
    ResolveSource,
    RoundNotResolved,
    RoundResolvedMeanwhile,
    SmallMatch,
    TellSheetChanges,
    Templates,
    TiebreakNamesStrangers,
    Via,
    WatchSheets,
)
from festival.match.allocation import CLAIM_ORDER, FEWEST_UNMET, Verdict, unmet_choices
from festival.match.announced import forget, worked_out
from festival.match.catalogs import catalog_options
from festival.match.channels import Channels
from festival.match.config import (
    MatchConfig,
    small_fields,
    small_fields_refused,
    small_roster,
)
from festival.match.engines import load_engines
from festival.match.handin import hand_in, hand_in_inputs, open_round, over_sheets, refuse_both
from festival.match.handin_acts import HandIn
from festival.match.match import Match
from festival.match.match import templates_folder as templates_folder
from festival.match.opening import changing as changing
from festival.match.opening import channels_mapped
from festival.match.opening import check_opens as check_opens
from festival.match.opening import next_round as next_round
from festival.match.opening import opened as opened
from festival.match.opening import resolved_round as resolved_round
from festival.match.reads import announce as announce
from festival.match.reads import check as check
from festival.match.reads import desk as desk
from festival.match.reads import is_match as is_match
from festival.match.reads import match_id as match_id
from festival.match.reads import match_view as match_view
from festival.match.reads import on_discord as on_discord
from festival.match.reads import on_google as on_google
from festival.match.reads import preview as preview
from festival.match.reads import read_spreadsheets as read_spreadsheets
from festival.match.reads import round_announcements as round_announcements
from festival.match.reads import round_table as round_table
from festival.match.reads import seats as seats
from festival.match.reads import standings as standings
from festival.match.reads import status as status
from festival.match.reads import submission as submission
from festival.match.reads import version as version
from festival.match.replay import states_after
from festival.match.results import (
    Allocated as Allocated,
)
from festival.match.results import (
    Announced as Announced,
)
from festival.match.results import (
    ChannelsMapped as ChannelsMapped,
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
    NotesPosted as NotesPosted,
)
from festival.match.results import (
    Posted as Posted,
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
    SheetsTold as SheetsTold,
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
from festival.match.roster import Roster, parse_roster
from festival.match.rounds import (
    PlayerInput,
    check_resolvable,
    ingest_folder,
    ingest_json,
    ingest_source,
)
from festival.match.rounds import resolve as resolve_round
from festival.match.schedule_acts import SCHEDULE_COMMANDS, ScheduleCommand, apply_schedule
from festival.match.seating import SeatPlayer, Seats, record_roster_users, seat_player
from festival.match.spreadsheets import Spreadsheets, SpreadsheetsFor
from festival.match.standings_view import festival_standings
from festival.match.store import sqlite_failure
from festival.match.verdict import HandedIn
from festival.match.watch import Watched, check_sheets
from sheets.errors import GoogleError
from sheets.source import FileSource, FolderSource


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


def _roster(given: Path | Roster) -> Roster:
    """The roster the host's file holds (every problem named at once), or the one given."""
    from sheets.xlsx_reader import read_table_file  # the spreadsheet reader, when used

    if isinstance(given, Roster):
        return given
    roster, errors = parse_roster(read_table_file(given))
    if roster is None:
        raise MatchError(
            f"{given} has {len(errors)} problem(s):\n" + "\n".join(f"  {e}" for e in errors)
        )
    return roster


def _create(folder: Path, command: NewMatch) -> Created:
    """Create a match folder from a roster and preferences file (or its rows, given). A roster
    smaller than the rules plan for is refused unless `small` (the host confirms it); `small`
    is recorded with the match whatever the roster, so `allocate` takes events smaller than
    the rules plan."""
    seed, small = command.seed, command.small
    options = {event: dict(given) for event, given in command.options.items()}
    roster = _roster(command.roster)
    if seed is not None and seed < 0:
        raise BadSeed(seed)
    seed = seed if seed is not None else seeds.new_match_seed()
    players = tuple(p.player for p in roster.preferences)
    where = "the roster" if isinstance(command.roster, Roster) else str(command.roster)
    too_small = small_roster(where, len(players))
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
    match = Match.create(folder, config, command.match_id)
    try:
        record_roster_users(match, roster.discord)
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
    last = match.last_resolved_round()
    before = None
    if number <= last:  # a correction: the words announced before, as the store says them now
        current = match.store.rounds()
        before = {r: worked_out(match, r, current) for r in range(number, last + 1)}
    notes: list[str] = []
    inputs = _ingest(match, number, command.source, notes, sheets)
    still_open = number > last  # a correction keeps them as stored
    handed_in = hand_in_inputs(match, number) if still_open else {}
    if isinstance(command.source, FromGoogle):  # a spreadsheet cannot be taken out
        notes.extend(over_sheets(inputs, handed_in))
    else:
        refuse_both(number, inputs, handed_in)
    outcome = resolve_round(
        match, number, inputs, command.default_invalid, notes, before, handed_in
    )
    return Resolved(number, outcome, channels_mapped(match))


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
    if isinstance(source, FromHandIns):
        return {}  # the hand-ins alone (_resolve adds them)
    if isinstance(source, FromSource) and isinstance(source.source, FolderSource):
        source = FromFolder(source.source.folder)
    if isinstance(source, FromSource):
        return ingest_source(match, round_no, source.source)
    if isinstance(source, FromFolder):  # strays and an empty folder refused
        return ingest_folder(match, round_no, source.folder, notes)
    return ingest_json(match, round_no, source.path)


def _watch_sheets(match: Match, command: WatchSheets, sheets: SpreadsheetsFor | None) -> Watched:
    """Read every player's spreadsheet of the open round once (through the spreadsheets port),
    check it as a hand-in, and record each verdict that changed (festival/match/watch.py)."""
    if not match.allocated or match.finished:
        return check_sheets(match, FileSource({}))
    remote = _sheets(sheets, command.credentials)
    return check_sheets(match, remote.source(match, open_round(match)))


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


# --- the match's channels -----------------------------------------------------------------


def _channels(channels: Channels | None) -> Channels:
    """The channels adapter the front end handed in."""
    if channels is None:
        raise MatchError("this command posts to the match's channels: no adapter")
    return channels


def _post(match: Match, command: Post, channels: Channels) -> Posted:
    """Post a round (default: the last resolved) and correct every round posted before whose
    messages changed, through the channels adapter: each round's announcements as the store
    holds them now, worked out once per round version (festival/match/announced.py)."""
    number = resolved_round(match, command.round_no)
    current = match.store.rounds()
    resolved = {r.round_no for r in current}
    if number not in resolved:
        last = match.last_resolved_round()
        done = tuple(sorted(resolved))
        raise RoundNotResolved(number, done, match.config.rounds, last + 1, match.folder)
    rounds = tuple(sorted(({number} | channels.posted_rounds(match)) & resolved))
    return channels.post(match, command, number, rounds, lambda r: worked_out(match, r, current))


def channel_posted(
    folder: Path, channels: Channels, channel: str, round_no: int, kind: str
) -> bool:
    """Whether the match's channels hold this message (a schedule's note: its channel, round
    and kind) already, sent or its request cut (under the lock: a post may be under way)."""
    with changing(folder) as match:
        return channels.has_posted(match, channel, round_no, kind)


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
    channels: Channels | None = ...,
) -> Created: ...
@overload
def run(
    folder: Path,
    command: Allocate,
    actor: Actor = ...,
    via: Via = ...,
    key: str | None = ...,
    sheets: SpreadsheetsFor | None = ...,
    channels: Channels | None = ...,
) -> Allocated: ...
@overload
def run(
    folder: Path,
    command: Templates,
    actor: Actor = ...,
    via: Via = ...,
    key: str | None = ...,
    sheets: SpreadsheetsFor | None = ...,
    channels: Channels | None = ...,
) -> WorkbooksWritten | TabsPushed: ...
@overload
def run(
    folder: Path,
    command: Resolve,
    actor: Actor = ...,
    via: Via = ...,
    key: str | None = ...,
    sheets: SpreadsheetsFor | None = ...,
    channels: Channels | None = ...,
) -> Resolved: ...
@overload
def run(
    folder: Path,
    command: ChooseCandidate,
    actor: Actor = ...,
    via: Via = ...,
    key: str | None = ...,
    sheets: SpreadsheetsFor | None = ...,
    channels: Channels | None = ...,
) -> Chosen: ...
@overload
def run(
    folder: Path,
    command: Publish,
    actor: Actor = ...,
    via: Via = ...,
    key: str | None = ...,
    sheets: SpreadsheetsFor | None = ...,
    channels: Channels | None = ...,
) -> Published: ...
@overload
def run(
    folder: Path,
    command: SeatPlayer,
    actor: Actor = ...,
    via: Via = ...,
    key: str | None = ...,
    sheets: SpreadsheetsFor | None = ...,
    channels: Channels | None = ...,
) -> Seats: ...
@overload
def run(
    folder: Path,
    command: HandIn,
    actor: Actor = ...,
    via: Via = ...,
    key: str | None = ...,
    sheets: SpreadsheetsFor | None = ...,
    channels: Channels | None = ...,
) -> HandedIn: ...
@overload
def run(
    folder: Path,
    command: GoogleSetup,
    actor: Actor = ...,
    via: Via = ...,
    key: str | None = ...,
    sheets: SpreadsheetsFor | None = ...,
    channels: Channels | None = ...,
) -> GoogleRecorded: ...
@overload
def run(
    folder: Path,
    command: DiscordSetup,
    actor: Actor = ...,
    via: Via = ...,
    key: str | None = ...,
    sheets: SpreadsheetsFor | None = ...,
    channels: Channels | None = ...,
) -> ChannelsMapped: ...
@overload
def run(
    folder: Path,
    command: Post,
    actor: Actor = ...,
    via: Via = ...,
    key: str | None = ...,
    sheets: SpreadsheetsFor | None = ...,
    channels: Channels | None = ...,
) -> Posted: ...
@overload
def run(
    folder: Path,
    command: WatchSheets,
    actor: Actor = ...,
    via: Via = ...,
    key: str | None = ...,
    sheets: SpreadsheetsFor | None = ...,
    channels: Channels | None = ...,
) -> Watched: ...
@overload
def run(
    folder: Path,
    command: TellSheetChanges,
    actor: Actor = ...,
    via: Via = ...,
    key: str | None = ...,
    sheets: SpreadsheetsFor | None = ...,
    channels: Channels | None = ...,
) -> SheetsTold: ...
@overload
def run(
    folder: Path,
    command: PostNotes,
    actor: Actor = ...,
    via: Via = ...,
    key: str | None = ...,
    sheets: SpreadsheetsFor | None = ...,
    channels: Channels | None = ...,
) -> NotesPosted: ...
def run(
    folder: Path,
    command: NewMatch | MatchCommand | SeatPlayer | HandIn | ScheduleCommand,
    actor: Actor = HOST,
    via: Via = Via.CLI,
    key: str | None = None,
    sheets: SpreadsheetsFor | None = None,
    channels: Channels | None = None,
) -> object:
    """Apply one command to the match in `folder`: the one way a front end changes a match.
    Only the host changes a match (NotAllowed). A new match is laid out in a new folder; any
    other command takes the match's lock, opens the match once, applies the command and
    returns its typed result. `key`: the front end's name for this request (a button press, a
    bot interaction): a key applied before is refused (AlreadyApplied), never applied twice;
    an applied key is recorded in the same transaction as the command's writes (a command
    refused records none, and keeps what it stored before refusing, as the raw submissions).
    A post records its messages one by one as they go (exactly once, festival/discord/
    posting.py), so its key is recorded after it. `sheets`: the adapter of the players'
    spreadsheets (festival/google/match_google.py `spreadsheets`), for the commands that name
    them (`WatchSheets` among them); `channels`: the adapter of the match's channels
    (festival/discord/match_posting.py), for `DiscordSetup`, `Post`, `TellSheetChanges` and
    `PostNotes`.

    A player may give one command: `HandIn`, their own file (festival/match/handin.py); its
    `key` answered before is answered again as the first time, not refused."""
    if isinstance(command, HandIn):
        at = None if command.at is None else datetime.fromtimestamp(command.at, UTC)
        with changing(folder) as match:
            return hand_in(match, command, actor, via, key, at)
    if actor.kind is not ActorKind.HOST:
        raise NotAllowed(actor, command)
    if isinstance(command, NewMatch):
        return _create(folder, command)
    with changing(folder) as match:
        if key is None:
            return _apply(match, command, sheets, channels)
        applied = f"applied:{via.value}:{key}"
        if match.store.host_input(applied) is not None:
            raise AlreadyApplied(via, key)

        def record(_: object) -> None:
            match.store.set_host_input(applied, type(command).__name__)

        try:
            if isinstance(command, Post | TellSheetChanges | PostNotes):  # each message recorded
                # as it goes (exactly once), then the key
                done = _apply(match, command, sheets, channels)
                record(done)
                return done
            return match.store.then_record(lambda: _apply(match, command, sheets, channels), record)
        except BaseException:
            forget(match)  # a change rolled back: its round rows' ids may be given again
            raise


def _apply(
    match: Match,
    command: MatchCommand | SeatPlayer | ScheduleCommand,
    sheets: SpreadsheetsFor | None,
    channels: Channels | None,
) -> object:
    if isinstance(command, SeatPlayer):
        return seat_player(match, command)
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
    if isinstance(command, DiscordSetup):
        return _channels(channels).record(match, command.webhooks_file)
    if isinstance(command, Post):
        return _post(match, command, _channels(channels))
    if isinstance(command, WatchSheets):
        return _watch_sheets(match, command, sheets)
    if isinstance(command, TellSheetChanges):
        return _channels(channels).tell_sheet_changes(match, command)
    if isinstance(command, PostNotes):
        return _channels(channels).post_notes(match, command)
    return _google_setup(match, command, sheets)


def store_failure(folder: Path | None, exc: sqlite3.Error) -> str:
    """What to tell the host when SQLite fails in the middle of a command on the match in
    `folder` (busy, damaged, or unusable)."""
    return sqlite_failure(folder, exc)
