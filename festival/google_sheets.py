"""A match played from Google Sheets: which spreadsheet is whose, and the round's reading,
templates and results through `sheets.google`.

The host's service-account file is given as a path (`--credentials`, or the environment
variable FESTIVAL_GOOGLE_CREDENTIALS); only that path may be kept with the match, never the
key itself.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gspread

from events.errors import quoted
from festival.announce import announcements
from festival.match import Match, MatchError
from festival.replay import states_after
from festival.store import load_json, reason
from sheets import google, google_tabs
from sheets.errors import SheetReadError
from sheets.source import name_key
from sheets.xlsx_reader import read_table_file

ENV_CREDENTIALS = "FESTIVAL_GOOGLE_CREDENTIALS"
SETTINGS = "google"
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


def load_settings(match: Match) -> GoogleSettings:
    text = match.store.host_input(SETTINGS)
    if text is None:
        raise MatchError("this match has no Google spreadsheets yet: run `festival google` first")
    try:
        data = load_json(text, "host_inputs.value (the Google settings)", dict)
        return GoogleSettings(
            {str(k): str(v) for k, v in dict(data["spreadsheets"]).items()},
            data.get("host_sheet"),
            data.get("credentials"),
        )
    except (ValueError, LookupError, TypeError, AttributeError) as exc:
        raise match.store.damaged(f"the Google settings cannot be read ({reason(exc)})") from None


def save_settings(
    match: Match, sheets_file: Path, host_sheet: str | None, credentials: Path | None
) -> GoogleSettings:
    """Read the player -> spreadsheet file (columns player, spreadsheet: a key or URL)."""
    grid = read_table_file(sheets_file)
    header = [grid.text(0, c).lower() for c in range(grid.width)]
    if "player" not in header or "spreadsheet" not in header:
        raise MatchError(f"{sheets_file}: the header row needs the columns player and spreadsheet")
    pc, sc = header.index("player"), header.index("spreadsheet")
    known = {name_key(p): p for p in match.config.players}
    sheets: dict[str, str] = {}
    problems = []
    for r in range(1, grid.height):
        name, key = grid.text(r, pc), grid.text(r, sc)
        if not name and not key:
            continue
        player = known.get(name_key(name))
        if player is None:
            problems.append(f"row {r + 1}: {quoted(name)} is not a player of this match")
        elif not key:
            problems.append(f"row {r + 1}: {player} has no spreadsheet")
        else:
            sheets[player] = google.spreadsheet_key(key)
    missing = [p for p in match.config.players if p not in sheets]
    if missing:
        problems.append(f"no spreadsheet for {', '.join(missing)}")
    if problems:
        raise MatchError(f"{sheets_file}: " + "; ".join(problems))
    settings = GoogleSettings(
        sheets,
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


HOST = "the host"


def push_templates(
    match: Match, round_no: int, gc: gspread.Client, force: bool = False
) -> TemplatesDone:
    """Make or refresh each player's tabs for a round in their spreadsheet, never destroying
    what a player typed: one read and at most one write per spreadsheet. Every spreadsheet is
    read and planned before anything is written; tabs festival did not make, or (without
    `force`) tabs holding typed values that a changed template would replace, stop the command
    with nothing written. With `force` those values are stored as raw submissions first."""
    settings = load_settings(match)
    states = states_after(match, round_no - 1)
    done = TemplatesDone()
    keys: dict[str, str] = {}
    for player in match.config.players:
        events = match.events_of(player, round_no)
        if not events:
            continue
        key = keys[player] = settings.spreadsheets[player]
        templates = [match.engine(e).template(states[e], player, round_no) for e in events]
        book = _read(gc, player, key, values=True)
        done.plans[player] = google_tabs.plan(book, templates, force, [RESULTS_TAB])
    if settings.host_sheet:
        keys[HOST] = settings.host_sheet
        book = _read(gc, HOST, settings.host_sheet, values=False)
        done.plans[HOST] = google_tabs.plan(book, [], extra_tabs=[STANDINGS_TAB])
    foreign = [
        f"{owner}'s spreadsheet {keys[owner]} already has tab(s) {', '.join(p.foreign)} that "
        "festival did not make"
        for owner, p in done.plans.items()
        if p.foreign
    ]
    if foreign:
        raise MatchError(
            "; ".join(foreign) + ": rename or remove them (festival never touches a tab it did "
            "not make); nothing was written"
        )
    held = [
        f"{owner} ({', '.join(f'{t}: {n} cells' for t, n in p.held.items())})"
        for owner, p in done.plans.items()
        if p.held
    ]
    if held:
        raise MatchError(
            f"the round {round_no} templates changed since they were written, and these tabs "
            f"hold what players typed: {'; '.join(held)}. Nothing was written. Ask those "
            "players to copy what they typed, or run `festival templates --google --force` to "
            "replace the tabs anyway (their values are kept in the match store first)"
        )
    for owner, p in done.plans.items():
        for round_of_tabs, tabs in p.backups.items():
            raw = google.backup_submission(owner, keys[owner], tabs)
            match.store.add_raw(round_of_tabs, owner, raw.source, raw.content_type, raw.content)
            done.backed_up.append(owner)
    written: list[str] = []
    for owner, p in done.plans.items():
        try:
            google.write_plan(gc, owner, keys[owner], p)
        except google.GoogleError as exc:
            done_before = ", ".join(written) or "none"
            raise MatchError(f"{exc} Spreadsheets done before it: {done_before}.") from exc
        written.append(owner)
    return done


def _read(gc: gspread.Client, owner: str, key: str, values: bool) -> list[google_tabs.BookTab]:
    try:
        return google.read_tabs(gc, owner, key, values)
    except google.GoogleError as exc:
        raise MatchError(str(exc)) from exc


def source(match: Match, round_no: int, gc: gspread.Client) -> google.GoogleSource:
    """Where `festival resolve --google` reads a round: one batchGet per player."""
    settings = load_settings(match)
    states = states_after(match, round_no - 1)
    ranges = {
        p: google.ranges_of(
            match.engine(e).template(states[e], p, round_no) for e in match.events_of(p, round_no)
        )
        for p in match.config.players
    }
    return google.GoogleSource(gc, settings.spreadsheets, ranges)


def publish(match: Match, round_no: int, gc: gspread.Client) -> list[str]:
    """Each player's private report into a results tab of their spreadsheet, and the public
    post (after the last round it holds the final results) into the host's spreadsheet: one
    values:batchUpdate per spreadsheet."""
    settings = load_settings(match)
    result = announcements(match, round_no)
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
