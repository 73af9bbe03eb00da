"""The match service's reads: values for the front ends (standings, announcements, the
round desk, status, the match's id, seats, a player's submission, the round's hand-ins
table, a store check) and the dashboard's read models, built once per match version. Nothing
here changes a match; `festival.match.service` re-exports every read, the one door front
ends use.
"""

from __future__ import annotations

from pathlib import Path

from festival.core.errors import MatchError
from festival.match.acts import (
    FromFolder,
    FromHandIns,
    FromSource,
    NotAllocated,
)
from festival.match.announce import Announcements, announcements, public_pictures
from festival.match.announced import worked_out
from festival.match.check import CheckReport, check_match
from festival.match.handin import hand_in_inputs
from festival.match.handin import submission as _submission
from festival.match.handin_table import who_is_where
from festival.match.lock import exclusive
from festival.match.opening import channels_mapped, opened, resolved_round
from festival.match.outcome import RoundCheck
from festival.match.replay import states_after
from festival.match.results import (
    Announced,
    EventPlan,
    StandingsView,
    Status,
)
from festival.match.rounds import (
    preview_source,
)
from festival.match.seating import Seats, seats_of
from festival.match.spreadsheets import SpreadsheetsFor
from festival.match.standings_view import event_rankings, festival_standings, standings_json
from festival.match.store import STORE_FILE
from festival.match.verdict import RoundTable, Submission
from festival.match.views import (
    GOOGLE_SETTINGS,
    Audience,
    Built,
    DeskData,
    MatchData,
    ReadSource,
    Version,
    match_data,
    public_only,
    store_version,
)
from sheets.source import FileSource, FolderSource, SubmissionSource

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
    """A round's announcements, worked out once per round version (a front end that posts
    them next, or shows them again, finds them)."""
    with opened(folder) as match:
        return worked_out(match, round_no)


# --- read models for the dashboard (values) ----------------------------------------------

_MATCH_VIEWS: Built[MatchData] = Built()
_DESKS: Built[DeskData] = Built()


def version(folder: Path) -> Version:
    """The match's version: it changes whenever the store does (a front end keeps what it
    read until then)."""
    return store_version(folder)


def is_match(folder: Path) -> bool:
    """Whether `folder` holds a match's store (nothing is opened)."""
    return (folder / STORE_FILE).is_file()


def match_view(folder: Path, audience: Audience = Audience.PUBLIC) -> MatchData:
    """The match as the dashboard's pages show it to `audience`, built once per match version
    and audience (the public's is the host's with everything private left out)."""
    now = store_version(folder)
    built = _MATCH_VIEWS.get(folder, now, audience)
    if built is not None:
        return built
    host = _MATCH_VIEWS.get(folder, now, Audience.HOST)
    if host is None:
        with opened(folder) as match:
            host = _MATCH_VIEWS.put(folder, now, Audience.HOST, match_data(match))
    if audience is Audience.HOST:
        return host
    return _MATCH_VIEWS.put(folder, now, audience, public_only(host))


def desk(folder: Path) -> DeskData:
    """What the round desk needs to know about the next round (for the host), built once per
    match version."""
    now = store_version(folder)
    built = _DESKS.get(folder, now, Audience.HOST)
    if built is not None:
        return built
    with opened(folder) as match:
        last = match.last_resolved_round()
        finished = match.finished
        expected = (
            ()
            if finished or not match.allocated
            else tuple(p for p in match.config.players if match.events_of(p, last + 1))
        )
        google = match.store.host_input(GOOGLE_SETTINGS) is not None
        desk = DeskData(folder, last, finished, google, expected)
    return _DESKS.put(folder, now, Audience.HOST, desk)


def read_spreadsheets(
    folder: Path, round_no: int, sheets: SpreadsheetsFor, credentials: Path | None = None
) -> ReadSource:
    """Every player's spreadsheet for `round_no`, read now, once, through the adapter `sheets`
    (a source that asks Google nothing more: preview it, then resolve from it)."""
    with opened(folder) as match:
        remote = sheets(credentials).source(match, round_no)
        players = [p for p in match.config.players if match.events_of(p, round_no)]
        return ReadSource.read(remote, players)


def preview(
    folder: Path, round_no: int, source: FromFolder | FromSource | FromHandIns
) -> RoundCheck:
    """What resolving `round_no` from `source` and the players' hand-ins would find, player
    by player; nothing is stored or resolved."""
    given: SubmissionSource = (
        FolderSource(source.folder)
        if isinstance(source, FromFolder)
        else FileSource({})
        if isinstance(source, FromHandIns)
        else source.source
    )
    with opened(folder) as match:
        handed_in = (
            hand_in_inputs(match, round_no, False) if round_no > match.last_resolved_round() else {}
        )
        return preview_source(match, round_no, given, handed_in)


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


def match_id(folder: Path) -> str:
    """The match's id (the one its workbooks and spreadsheets carry)."""
    with opened(folder) as match:
        return match.match_id


def seats(folder: Path) -> Seats:
    """Which Discord user plays which player, and in which channel (festival/match/seating.py)."""
    with opened(folder) as match:
        return seats_of(match)


def submission(folder: Path, player: str) -> Submission:
    """What counts now for each of `player`'s events in the open round (their hand-ins'
    verdicts and pictures), for the player's eyes: nothing of another player's."""
    with opened(folder) as match:
        return _submission(match, player)


def round_table(folder: Path, round_no: int | None = None, inbox: Path | None = None) -> RoundTable:
    """For the host: per player and event of a round (default: the open one), ready / has
    problems / nothing yet, and where it came from: the hand-ins, the Google verdicts
    `festival watch` recorded, and the files of `inbox` (the round's inbox folder, when the
    host names it), checked as hand-ins are; nothing is stored."""
    with opened(folder) as match:
        return who_is_where(match, round_no, inbox)


def on_google(folder: Path) -> bool:
    """Whether the match reads the players' Google spreadsheets (`templates --google`)."""
    with opened(folder) as match:
        return match.store.host_input(GOOGLE_SETTINGS) is not None


def on_discord(folder: Path) -> bool:
    """Whether the match's channels are mapped to Discord webhooks."""
    with opened(folder) as match:
        return channels_mapped(match)


def check(folder: Path) -> CheckReport:
    """Verify a match store whole (under the lock: no command changes it meanwhile)."""
    with exclusive(folder):
        return check_match(folder)
