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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import gspread

from events.errors import quoted
from festival.announce import announcements
from festival.match import Match, MatchError
from festival.replay import states_after
from sheets import google
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
    data = json.loads(text)
    return GoogleSettings(
        dict(data["spreadsheets"]), data.get("host_sheet"), data.get("credentials")
    )


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


def push_templates(match: Match, round_no: int, gc: gspread.Client) -> list[str]:
    """Create or refresh each player's event tabs for a round in their spreadsheet."""
    settings = load_settings(match)
    states = states_after(match, round_no - 1)
    done = []
    for player in match.config.players:
        events = match.events_of(player, round_no)
        if not events:
            continue
        key = settings.spreadsheets[player]
        owned_key = f"google_tabs:{key}"
        ours = set(json.loads(match.store.host_input(owned_key) or "[]"))
        templates = [match.engine(e).template(states[e], player, round_no) for e in events]
        try:
            owned = google.write_templates(gc, player, key, templates, ours)
        except google.GoogleError as exc:
            raise MatchError(str(exc)) from exc
        match.store.set_host_input(owned_key, json.dumps(sorted(owned)))
        done.append(player)
    return done


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
            google.write_values(gc, "host", settings.host_sheet, STANDINGS_TAB, rows)
            written.append("host")
    except (google.GoogleError, SheetReadError) as exc:
        raise MatchError(
            f"{exc} (written so far: {', '.join(written) or 'nothing'}; run again)"
        ) from exc
    return written
