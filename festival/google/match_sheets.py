"""A match played from Google Sheets: which spreadsheet is whose, and the round's reading,
templates and results through `sheets.google`. The pieces not tied to a match (settings, the
spreadsheet file, the client, pushing tabs into a set of spreadsheets) serve the duels too
(festival/google/duel_sheets.py).

The host's service-account file is given as a path (`--credentials`, or the environment
variable FESTIVAL_GOOGLE_CREDENTIALS); only that path may be kept with the match, never the
key itself.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gspread

from events.errors import close_matches, quoted
from events.template import Template
from festival.core.errors import MatchError, reason
from festival.core.sqlite_file import stored_json
from festival.discord.messages import round_messages
from festival.match.announce import announcements
from festival.match.match import Match
from festival.match.replay import states_after
from festival.match.views import GOOGLE_SETTINGS
from sheets import google, google_tabs
from sheets.errors import SheetReadError
from sheets.google_http import TEMPLATES, TEMPLATES_READING, Doing
from sheets.source import RawSubmission, name_key
from sheets.xlsx_reader import read_table_file

ENV_CREDENTIALS = "FESTIVAL_GOOGLE_CREDENTIALS"
SETTINGS = GOOGLE_SETTINGS
RESULTS_TAB = "Festival results"
STANDINGS_TAB = "Festival standings"

ClientFactory = Callable[[Path | None], gspread.Client]
make_client: ClientFactory = google.client
"""how a client is made (tests put a client for their local Sheets server here)"""


@dataclass(frozen=True)
class GoogleSettings:
    spreadsheets: dict[str, str]
    """player -> spreadsheet key"""
    host_sheet: str | None = None
    credentials: str | None = None
    """a path to the service-account file (never its content)"""

    def to_json(self) -> dict[str, Any]:
        return {"spreadsheets": self.spreadsheets, "host_sheet": self.host_sheet,
                "credentials": self.credentials}  # fmt: skip


def settings_from_json(text: str, where: str) -> GoogleSettings:
    """Settings as stored (`to_json`); raises ValueError, LookupError, TypeError or
    AttributeError when they were edited into another shape."""
    data = stored_json(text, where, dict)
    return GoogleSettings(
        {str(k): str(v) for k, v in dict(data["spreadsheets"]).items()},
        data.get("host_sheet"),
        data.get("credentials"),
    )


SETTINGS_DAMAGE = (ValueError, LookupError, TypeError, AttributeError)
"""what `settings_from_json` raises for settings edited into another shape"""


def load_settings(match: Match) -> GoogleSettings:
    text = match.store.host_input(SETTINGS)
    if text is None:
        raise MatchError(
            "this match has no Google spreadsheets yet: run `festival google "
            f"{match.folder} --sheets FILE` first"
        )
    try:
        return settings_from_json(text, "host_inputs.value (the Google settings)")
    except SETTINGS_DAMAGE as exc:
        raise match.store.damaged(f"the Google settings cannot be read ({reason(exc)})") from None


def read_sheets_file(
    sheets_file: Path, players: Sequence[str], of: str = "this match"
) -> dict[str, str]:
    """Which spreadsheet is whose: a .csv or .xlsx with the columns player and spreadsheet (a
    key or URL), a spreadsheet for every one of `players` ("not a player of `of`")."""
    grid = read_table_file(sheets_file)
    header = [grid.text(0, c).lower() for c in range(grid.width)]
    if "player" not in header or "spreadsheet" not in header:
        raise MatchError(f"{sheets_file}: the header row needs the columns player and spreadsheet")
    pc, sc = header.index("player"), header.index("spreadsheet")
    known = {name_key(p): p for p in players}
    sheets: dict[str, str] = {}
    rows: dict[str, int] = {}
    problems = []
    for r in range(1, grid.height):
        name, key = grid.text(r, pc), grid.text(r, sc)
        if not name and not key:
            continue
        player = known.get(name_key(name))
        if player is None:
            hint = close_matches(name, list(players))
            more = f"; did you mean {hint[0]}?" if hint else ": write a player's name"
            problems.append(f"row {r + 1}: {quoted(name)} is not a player of {of}{more}")
        elif not key:
            problems.append(f"row {r + 1}: {player} has no spreadsheet")
        elif player in sheets and sheets[player] != google.spreadsheet_key(key):
            problems.append(
                f"row {r + 1}: {player} is given a second spreadsheet (row {rows[player] + 1} "
                "gives another); keep one row per player"
            )
        else:
            sheets[player] = google.spreadsheet_key(key)
            rows.setdefault(player, r)
    missing = [p for p in players if p not in sheets]
    if missing:
        problems.append(f"no spreadsheet for {', '.join(missing)}")
    if problems:
        raise MatchError(f"{sheets_file}: " + "; ".join(problems))
    return sheets


def save_settings(
    match: Match, sheets_file: Path, host_sheet: str | None, credentials: Path | None
) -> GoogleSettings:
    """Read the player -> spreadsheet file (columns player, spreadsheet: a key or URL)."""
    settings = GoogleSettings(
        read_sheets_file(sheets_file, match.config.players),
        google.spreadsheet_key(host_sheet) if host_sheet else None,
        str(credentials) if credentials else None,
    )
    match.store.set_host_input(SETTINGS, json.dumps(settings.to_json()))
    return settings


def client_for(settings: GoogleSettings, credentials: Path | None) -> gspread.Client:
    path = credentials or (
        Path(os.environ[ENV_CREDENTIALS]) if os.environ.get(ENV_CREDENTIALS) else None
    )
    path = path or (Path(settings.credentials) if settings.credentials else None)
    try:
        return make_client(path)
    except google.GoogleError as exc:
        raise MatchError(str(exc)) from exc


@dataclass
class TemplatesDone:
    """What `push_templates` did, spreadsheet by spreadsheet."""

    plans: dict[str, google_tabs.Plan] = field(default_factory=dict)
    """owner ("the host" for the host's) -> what was done in their spreadsheet"""
    backed_up: list[str] = field(default_factory=list)
    """players whose typed values were stored before their tabs were replaced (--force)"""

    def count(self, what: str) -> int:
        return sum(len(getattr(p, what)) for p in self.plans.values())

    def lines(self, tabs: str, store: str) -> list[str]:
        """What was done, for the host: `tabs` "Round 2 tabs", `store` "the match store"."""
        out = [
            f"{tabs} in {len(self.plans)} Google spreadsheet(s): {self.count('created')} made, "
            f"{self.count('kept')} already up to date (kept with what players typed), "
            f"{self.count('replaced')} refreshed."
        ]
        for owner, plan in self.plans.items():
            out.extend(f"  {owner}: renamed {old!r} back to {new!r}" for old, new in plan.renamed)
        if self.backed_up:
            out.append(
                f"  typed values kept in {store} before their tabs were replaced: "
                + ", ".join(self.backed_up)
            )
        return out


HOST = "the host"


@dataclass(frozen=True)
class Book:
    """One spreadsheet `push_books` brings up to date: its key, the templates whose tabs it
    gets, the empty tabs festival writes into later, and whether players type in it (then its
    values are read, so that nothing they typed is lost)."""

    key: str
    templates: Sequence[Template] = ()
    extra_tabs: Sequence[str] = ()
    values: bool = True
    match: str | None = None
    """the match's id, in the markers of its template tabs (None: a duel's, whose event names
    the duel)"""


@dataclass(frozen=True)
class PushWords:
    """How `push_books` words a refusal or failure for the command that called it."""

    templates: str
    """what is pushed: "the round 2 templates", "the turn 3 order tabs" """
    force: str
    """the command that replaces typed-in tabs: "festival templates --google --force" """
    store: str
    """where the typed values are kept first: "the match store" """
    backup: str
    """names the backup in its source: "google:KEY (backup before templates --force)" """
    whose: str = "this match"
    """a tab festival made for another one is foreign too: "this match", "this duel" """
    reading: Doing = TEMPLATES_READING
    writing: Doing = TEMPLATES


Backup = Callable[[str, int, RawSubmission], None]
"""keeps what a player typed in tabs about to be replaced: (owner, round or turn, values)"""


def push_books(
    gc: gspread.Client,
    books: Mapping[str, Book],
    force: bool,
    keep: Backup,
    words: PushWords,
) -> TemplatesDone:
    """Make or refresh festival's tabs in each spreadsheet (owner -> book), never destroying
    what a player typed: one read and at most one write per spreadsheet. Every spreadsheet is
    read and planned before anything is written; tabs festival did not make, or (without
    `force`) tabs holding typed values that a changed template would replace, stop the command
    with nothing written. With `force` those values are handed to `keep` first."""
    done = TemplatesDone()
    for owner, book in books.items():
        found = _read(gc, owner, book.key, book.values, words.reading)
        done.plans[owner] = google_tabs.plan(
            found, book.templates, force, book.extra_tabs, book.match
        )
    foreign = [
        f"{owner}'s spreadsheet {books[owner].key} already has tab(s) {', '.join(p.foreign)} "
        f"that festival did not make for {words.whose} "
        f"({_whose(p.foreign)})"
        for owner, p in done.plans.items()
        if p.foreign
    ]
    if foreign:
        raise MatchError(
            "; ".join(foreign) + ": ask the owner to rename or remove them, or to use a new "
            "spreadsheet (festival never touches a tab it did not make for "
            f"{words.whose}, nor one of another match or player); nothing was written"
        )
    held = [
        f"{owner} ({', '.join(f'{t}: {n} cells' for t, n in p.held.items())})"
        for owner, p in done.plans.items()
        if p.held
    ]
    if held:
        raise MatchError(
            f"{words.templates} changed since they were written, and these tabs hold what "
            f"players typed: {'; '.join(held)}. Nothing was written. Ask those players to copy "
            f"what they typed, or run `{words.force}` to replace the tabs anyway (their values "
            f"are kept in {words.store} first)"
        )
    for owner, p in done.plans.items():
        for number, tabs in p.backups.items():
            raw = google.backup_submission(owner, books[owner].key, tabs, words.backup)
            keep(owner, number, raw)
            done.backed_up.append(owner)
    written: list[str] = []
    for owner, p in done.plans.items():
        try:
            google.write_plan(gc, owner, books[owner].key, p, words.writing)
        except google.GoogleError as exc:
            done_before = ", ".join(written) or "none"
            raise MatchError(f"{exc} Spreadsheets done before it: {done_before}.") from exc
        written.append(owner)
    return done


def _whose(foreign: Mapping[str, str]) -> str:
    """Whose the foreign tabs are, told once per owner: "R1 Harvest, R1 Buy: made by festival
    for Fern, round 1, match 3f9a0c1d2e4b"."""
    by_reason = google_tabs.by_reason(foreign).items()
    return "; ".join(f"{', '.join(titles)}: {why}" for why, titles in by_reason)


def push_templates(
    match: Match, round_no: int, gc: gspread.Client, force: bool = False
) -> TemplatesDone:
    """Each player's tabs for a round in their spreadsheet (and the host's standings tab),
    by `push_books`; typed values replaced with `force` are kept as raw submissions."""
    settings = load_settings(match)
    states = states_after(match, round_no - 1)
    books: dict[str, Book] = {}
    for player in match.config.players:
        events = match.events_of(player, round_no)
        if events:
            templates = [match.engine(e).template(states[e], player, round_no) for e in events]
            books[player] = Book(
                settings.spreadsheets[player], templates, [RESULTS_TAB], match=match.match_id
            )
    if settings.host_sheet:
        books[HOST] = Book(settings.host_sheet, (), [STANDINGS_TAB], values=False)

    def keep(owner: str, round_of_tabs: int, raw: RawSubmission) -> None:
        match.store.add_raw(round_of_tabs, owner, raw.source, raw.content_type, raw.content)

    words = PushWords(
        f"the round {round_no} templates",
        "festival templates --google --force",
        "the match store",
        "templates --force",
    )
    return push_books(gc, books, force, keep, words)


def _read(
    gc: gspread.Client, owner: str, key: str, values: bool, doing: Doing
) -> list[google_tabs.BookTab]:
    try:
        return google.read_tabs(gc, owner, key, values, doing)
    except google.GoogleError as exc:
        raise MatchError(str(exc)) from exc


def source(match: Match, round_no: int, gc: gspread.Client) -> google.GoogleSource:
    """Where `festival resolve --google` reads a round: one batchGet per player, and one read
    of their tabs' markers, so that only festival's tabs of this match, round and player are
    read as the player's submission."""
    settings = load_settings(match)
    states = states_after(match, round_no - 1)
    templates = {
        p: [match.engine(e).template(states[e], p, round_no) for e in match.events_of(p, round_no)]
        for p in match.config.players
    }
    ranges = {p: google.ranges_of(t) for p, t in templates.items()}
    marks = {p: google.marks_of(t, match.match_id) for p, t in templates.items()}
    return google.GoogleSource(gc, settings.spreadsheets, ranges, marks=marks)


def publish(match: Match, round_no: int, gc: gspread.Client) -> list[str]:
    """Each player's private report into a results tab of their spreadsheet, and the public
    post (after the last round it holds the final results) into the host's spreadsheet: one
    values:batchUpdate per spreadsheet."""
    settings = load_settings(match)
    result = round_messages(announcements(match, round_no))  # as posted to Discord
    written = []
    try:
        for player, messages in result.private.items():
            rows = [[line] for m in messages for line in m.splitlines()]
            google.write_values(gc, player, settings.spreadsheets[player], RESULTS_TAB, rows)
            written.append(player)
        if settings.host_sheet:  # only what the rules make public (after round 6: the results)
            rows = [[line] for m in result.public for line in m.splitlines()]
            google.write_values(gc, HOST, settings.host_sheet, STANDINGS_TAB, rows)
            written.append("host")
    except (google.GoogleError, SheetReadError) as exc:
        raise MatchError(f"{exc} Written before it: {', '.join(written) or 'nothing'}.") from exc
    return written
