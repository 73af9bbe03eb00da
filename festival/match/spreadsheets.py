"""The players' spreadsheets as the match service reaches them: a port an adapter fills
(festival/google/match_google.py: the Google spreadsheets). The service calls it inside its
lock, on the open match, for the commands that name the spreadsheets (`FromGoogle`,
`GoogleTabs`, `Publish`, `GoogleSetup`); the match domain imports no Google client."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from festival.match.match import Match
    from festival.match.results import GoogleRecorded, TabsPushed
    from sheets.source import SubmissionSource


class Spreadsheets(Protocol):
    """The players' spreadsheets of one match, through one set of credentials."""

    def record(self, match: Match, sheets_file: Path, host_sheet: str | None) -> GoogleRecorded:
        """Record which spreadsheet is whose (and the host's)."""
        ...

    def push_templates(self, match: Match, round_no: int, force: bool) -> TabsPushed:
        """Each player's tabs for the round in their spreadsheet."""
        ...

    def source(self, match: Match, round_no: int) -> SubmissionSource:
        """The round's submissions, as the players' tabs hold them."""
        ...

    def publish(self, match: Match, round_no: int) -> tuple[str, ...]:
        """The round's results written into the spreadsheets: who got them."""
        ...


SpreadsheetsFor = Callable[[Path | None], Spreadsheets]
"""The adapter's spreadsheets for a service-account file (None: the environment's)."""
