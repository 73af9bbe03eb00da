"""A match's Google Sheets, for the front ends (`festival google`, `festival templates
--google`, `festival resolve --google`, `festival publish`): which spreadsheet is whose, each
round's tabs pushed, the round read back from them, and the results written. The match service
opens the match under its lock and resolves the round; this module does the Google part
(festival/google/match_sheets.py) with the match's values."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from festival.google import match_sheets as google_sheets
from festival.match.match import Match
from festival.match.rounds import check_resolvable
from festival.match.service import SourceFor, changing, next_round, resolved_round
from sheets.source import SubmissionSource


@dataclass(frozen=True)
class TabsPushed:
    round_no: int
    lines: tuple[str, ...]
    planned: bool
    """some tab was made or refreshed (the players have something to fill in)"""


@dataclass(frozen=True)
class GoogleRecorded:
    spreadsheets: int
    host_sheet: bool


def google_setup(
    folder: Path, sheets_file: Path, host_sheet: str | None, credentials: Path | None
) -> GoogleRecorded:
    """Record which Google spreadsheet is whose (and the host's)."""
    with changing(folder) as match:
        settings = google_sheets.save_settings(match, sheets_file, host_sheet, credentials)
        return GoogleRecorded(len(settings.spreadsheets), bool(settings.host_sheet))


def push_templates(
    folder: Path, round_no: int | None, force: bool, credentials: Path | None
) -> TabsPushed:
    """Each player's tabs for a round in their spreadsheet (`force`: replace tabs that hold
    typed values, stored first)."""
    with changing(folder) as match:
        number = next_round(match, round_no)
        check_resolvable(match, number)
        settings = google_sheets.load_settings(match)
        client = google_sheets.client_for(settings, credentials)
        done = google_sheets.push_templates(match, number, client, force)
        lines = done.lines(f"Round {number} tabs", "the match store")
        return TabsPushed(number, tuple(lines), bool(done.plans))


def round_source(credentials: Path | None) -> SourceFor:
    """The players' spreadsheets as the source of a round, for the match service's `resolve`
    to work out from the open match."""

    def source(match: Match, round_no: int) -> SubmissionSource:
        settings = google_sheets.load_settings(match)
        gc = google_sheets.client_for(settings, credentials)
        return google_sheets.source(match, round_no, gc)

    return source


def publish(folder: Path, round_no: int | None, credentials: Path | None) -> tuple[int, list[str]]:
    """Write a round's results into the Google spreadsheets: the round and who got them."""
    with changing(folder) as match:
        number = resolved_round(match, round_no)
        settings = google_sheets.load_settings(match)
        client = google_sheets.client_for(settings, credentials)
        return number, google_sheets.publish(match, number, client)
