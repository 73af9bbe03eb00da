"""A match's Google Sheets as the match service reaches them (festival/match/spreadsheets.py:
the `Spreadsheets` port): which spreadsheet is whose, each round's tabs pushed, the round read
back from them, and the results written. The front ends hand `spreadsheets` to the service
(`festival google`, `festival templates --google`, `festival resolve --google`, `festival
publish`, the round desk); the service opens the match under its lock and calls it there."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import gspread

from festival.google import match_sheets as google_sheets
from festival.match.match import Match
from festival.match.results import GoogleRecorded, TabsPushed
from sheets.source import SubmissionSource


@dataclass(frozen=True)
class GoogleSpreadsheets:
    """The players' Google spreadsheets of a match, through `credentials` (a service
    account's file; None: the environment's)."""

    credentials: Path | None = None

    def record(self, match: Match, sheets_file: Path, host_sheet: str | None) -> GoogleRecorded:
        settings = google_sheets.save_settings(match, sheets_file, host_sheet, self.credentials)
        return GoogleRecorded(len(settings.spreadsheets), bool(settings.host_sheet))

    def push_templates(self, match: Match, round_no: int, force: bool) -> TabsPushed:
        done = google_sheets.push_templates(match, round_no, self._client(match), force)
        lines = done.lines(f"Round {round_no} tabs", "the match store")
        return TabsPushed(round_no, tuple(lines), bool(done.plans))

    def source(self, match: Match, round_no: int) -> SubmissionSource:
        return google_sheets.source(match, round_no, self._client(match))

    def publish(self, match: Match, round_no: int) -> tuple[str, ...]:
        return tuple(google_sheets.publish(match, round_no, self._client(match)))

    def _client(self, match: Match) -> gspread.Client:
        return google_sheets.client_for(google_sheets.load_settings(match), self.credentials)


def spreadsheets(credentials: Path | None) -> GoogleSpreadsheets:
    """The match service's `SpreadsheetsFor`: the Google spreadsheets through `credentials`."""
    return GoogleSpreadsheets(credentials)
