"""Google Sheets as a submission source and a result sink, through gspread.

Each player has a spreadsheet shared with the host's service account. Every command keeps to
a request budget per spreadsheet: reading a round is one values:batchGet and one
spreadsheets.get of the tab titles and markers (no values); `templates` is one
read (spreadsheets.get, with the values) and at most one spreadsheets:batchUpdate; publishing
is one values:batchUpdate (the results tab is made by `templates`). Failures are retried and
explained by `sheets.google_http`; festival's tabs are recognised by `sheets.google_tabs`.

The service-account key is read from its file when a client is made and is never stored,
printed or logged.
"""

from __future__ import annotations

import json
import re
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gspread
import requests
from gspread.exceptions import APIError

from events.tables import CellValue
from events.template import Template
from sheets.google_http import (
    FAILURES,
    PUBLISHING,
    READING,
    TEMPLATES,
    TEMPLATES_READING,
    Doing,
    GoogleError,
    Retry,
    failure,
    retrying_http_client,
)
from sheets.google_tabs import (
    BOOK_FIELDS,
    BOOK_FIELDS_WITH_VALUES,
    BookTab,
    Cells,
    Marker,
    Plan,
    book_tabs,
    by_reason,
    cells_request,
    new_tab_requests,
    refusal,
    tab_title,
)
from sheets.google_values import CONTENT_TYPE as CONTENT_TYPE
from sheets.google_values import GOOGLE_CELL_CHARS as GOOGLE_CELL_CHARS
from sheets.google_values import load_values as load_values
from sheets.google_values import range_title
from sheets.google_values import title_tab as title_tab
from sheets.raw import RawSubmission

__all__ = ["GoogleError", "Retry", "retrying_http_client"]

RESULT_ROWS = 200
_KEY = re.compile(r"/spreadsheets/d/([A-Za-z0-9_-]+)")


def spreadsheet_key(key_or_url: str) -> str:
    """A spreadsheet's key, from the key itself or its URL."""
    m = _KEY.search(key_or_url)
    return m.group(1) if m else key_or_url.strip()


def client(
    credentials: Path | None = None,
    auth: Any = None,
    session: requests.Session | None = None,
    retry: Retry | None = None,
) -> gspread.Client:
    """A gspread client from a service-account JSON file (or given credentials)."""
    if auth is None:
        if credentials is None:
            raise GoogleError(
                "no service-account file: set FESTIVAL_GOOGLE_CREDENTIALS or --credentials "
                "(docs/host-guide.md, Google Sheets)"
            )
        from google.oauth2.service_account import Credentials

        try:
            auth = Credentials.from_service_account_file(  # type: ignore[no-untyped-call]
                str(credentials), scopes=["https://www.googleapis.com/auth/spreadsheets"]
            )
        except FileNotFoundError:
            raise GoogleError(
                f"{credentials}: no such service-account file: name the JSON key you downloaded "
                "(--credentials FILE or FESTIVAL_GOOGLE_CREDENTIALS)"
            ) from None
        except (OSError, ValueError) as exc:
            raise GoogleError(
                f"{credentials} is not a usable service-account file: download a JSON key of the "
                "service account in the Google Cloud console (docs/host-guide.md, Google Sheets) "
                "and name that file"
            ) from exc
    return gspread.Client(auth, session=session, http_client=retrying_http_client(retry or Retry()))


# --- reading submissions --------------------------------------------------------------------


def ranges_of(templates: Iterable[Template]) -> list[str]:
    """The A1 ranges a round's parser reads, one per tab (each round has its own tabs)."""
    return [f"{_quoted(tab_title(t, tab))}!{tab.input_range}" for t in templates for tab in t.tabs]


def _quoted(title: str) -> str:
    """A tab title as A1 notation quotes it."""
    return "'" + title.replace("'", "''") + "'"


def marks_of(templates: Iterable[Template], match: str) -> dict[str, Marker]:
    """Tab title -> the marker festival's tab of `match` carries, for a round's templates."""
    return {
        tab_title(t, tab): Marker(t.round_no, t.event, tab.name, player=t.player, match=match)
        for t in templates
        for tab in t.tabs
    }


@dataclass
class GoogleSource:
    """Submissions as values read from each player's spreadsheet, one batchGet per player
    and, when `marks` names the tabs' markers, one read of the markers: a tab festival did
    not make for this match, round and player is refused (`RawSubmission.refused`)."""

    gc: gspread.Client
    spreadsheets: Mapping[str, str]
    """player -> spreadsheet key"""
    ranges: Mapping[str, Sequence[str]]
    """player -> the ranges to read this round"""
    reading: Doing = READING
    """what a failure says was being done, and what to run again"""
    remake: str = "festival templates --google"
    """the command that renames festival's tabs back and makes deleted ones again"""
    marks: Mapping[str, Mapping[str, Marker]] = field(default_factory=dict)
    """player -> tab title -> the marker their tab must carry (no entry: markers not read)"""

    def describe(self) -> str:
        return f"Google Sheets ({len(self.spreadsheets)} spreadsheets)"

    def fetch(self, player: str) -> RawSubmission | None:
        key = self.spreadsheets.get(player)
        ranges = list(self.ranges.get(player, ()))
        if key is None or not ranges:
            return None
        try:
            answer = self.gc.http_client.values_batch_get(
                key, ranges, params={"valueRenderOption": "UNFORMATTED_VALUE"}
            )
        except APIError as exc:
            if exc.response.status_code == 400:
                raise self._missing_tabs(player, key, ranges) from exc
            raise failure(exc, player, key, self.reading) from exc
        except FAILURES as exc:
            raise failure(exc, player, key, self.reading) from exc
        got = answer.get("valueRanges", [])
        if len(got) != len(ranges) or any(v is None for v in got):
            raise GoogleError(
                f"{player}'s spreadsheet {key} did not return every tab: {self.reading.then()}"
            )
        content = json.dumps({"ranges": ranges, "valueRanges": got}).encode()
        refused = self._refusal(player, key, ranges)
        return RawSubmission(player, f"google:{key}", content, CONTENT_TYPE, refused)

    def _refusal(self, player: str, key: str, ranges: Sequence[str]) -> str | None:
        """Why the tabs read are not all festival's tabs of this match, round and player
        (None: they are), from one read of the spreadsheet's tab titles and markers."""
        marks = self.marks.get(player)
        if not marks:
            return None
        try:
            tabs = {t.title: t for t in read_book(self.gc, key)}
        except FAILURES as exc:
            raise failure(exc, player, key, self.reading) from exc
        reasons = {
            title: why
            for title in (range_title(r) for r in ranges)
            if title in marks and (why := refusal(tabs.get(title), marks[title])) is not None
        }
        if not reasons:
            return None
        wrong = [
            f"tab {titles[0]!r} {why}" if len(titles) == 1 else f"tabs {_listed(titles)} each {why}"
            for why, titles in by_reason(reasons).items()
        ]
        rounds = sorted({m.round_no for m in marks.values()})
        of_round = f"round {rounds[0]}" if len(rounds) == 1 else "this round"
        those, tabs_made = ("that tab", "tab") if len(reasons) == 1 else ("those tabs", "tabs")
        return (
            f"{player}'s spreadsheet {key}: {'; '.join(wrong)}. Nothing in it was read: ask "
            f"{player} to rename or remove {those}, then run `{self.remake}` (it makes "
            f"{player}'s {of_round} {tabs_made}, for {player} to fill in) and resolve again"
        )

    def _missing_tabs(self, player: str, key: str, ranges: Sequence[str]) -> GoogleError:
        """The clear error for a batchGet that Google refused (400): usually a tab was renamed
        or deleted. Costs one more read, only on this failure."""
        try:
            tabs = read_book(self.gc, key)
        except FAILURES as exc:
            return failure(exc, player, key, self.reading)
        titles = {t.title for t in tabs}
        marks = self.marks.get(player, {})
        problems = []
        for wanted in (range_title(r) for r in ranges):
            if wanted in titles:
                continue
            mark = marks.get(wanted)
            renamed = next(
                (
                    t.title
                    for t in tabs
                    if t.marker
                    and (
                        t.marker.same_tab(mark)
                        if mark is not None
                        else t.marker.round_no and f"R{t.marker.round_no} {t.marker.tab}" == wanted
                    )
                ),
                None,
            )
            if renamed is not None:
                problems.append(f"the tab {wanted!r} was renamed to {renamed!r}")
            else:
                problems.append(f"there is no tab {wanted!r} (deleted?)")
        if not problems:
            return GoogleError(
                f"Google Sheets refused to read {player}'s spreadsheet {key} (400): "
                + self.reading.then()
            )
        return GoogleError(
            f"{player}'s spreadsheet {key}: {'; '.join(problems)}: "
            + self.reading.then(
                f"Run `{self.remake}` again (it renames festival's tabs back, and "
                "makes a deleted tab again, empty, for the player to fill in)"
            )
        )


def _listed(titles: Sequence[str]) -> str:
    """'R1 Harvest', 'R1 Buy' and 'R1 Board'."""
    quoted = [repr(t) for t in titles]
    return ", ".join(quoted[:-1]) + " and " + quoted[-1]


def backup_submission(
    player: str, key: str, tabs: Mapping[str, Cells], command: str = "templates --force"
) -> RawSubmission:
    """Tabs' values (as a player typed them) in the stored batchGet format, so a backup
    reads back like a round read."""
    ranges, value_ranges = [], []
    for title, cells in tabs.items():
        height = max((r for r, _ in cells), default=-1) + 1
        width = max((c for _, c in cells), default=-1) + 1
        rows = [[cells.get((r, c), "") for c in range(width)] for r in range(height)]
        ranges.append(f"{_quoted(title)}!A1")
        value_ranges.append({"values": rows})
    content = json.dumps({"ranges": ranges, "valueRanges": value_ranges}).encode()
    return RawSubmission(player, f"google:{key} (backup before {command})", content, CONTENT_TYPE)


# --- templates --------------------------------------------------------------------------------


def read_book(gc: gspread.Client, key: str, values: bool = False) -> list[BookTab]:
    """A spreadsheet's tabs and festival's markers (and their values): one request."""
    params: dict[str, str | int | bool | float | list[str] | None] = {
        "includeGridData": "true" if values else "false",
        "fields": BOOK_FIELDS_WITH_VALUES if values else BOOK_FIELDS,
    }
    return book_tabs(gc.http_client.fetch_sheet_metadata(key, params))


def read_tabs(
    gc: gspread.Client,
    owner: str,
    key: str,
    values: bool = True,
    doing: Doing = TEMPLATES_READING,
) -> list[BookTab]:
    """`read_book`, with a failure explained for the command (`templates`)."""
    try:
        return read_book(gc, key, values)
    except FAILURES as exc:
        raise failure(exc, owner, key, doing) from exc


def write_plan(
    gc: gspread.Client, owner: str, key: str, plan: Plan, doing: Doing = TEMPLATES
) -> None:
    """Carry out a templates plan: one spreadsheets:batchUpdate (none when nothing changes);
    Google applies it whole or not at all."""
    if not plan.requests:
        return
    try:
        gc.http_client.batch_update(key, {"requests": plan.requests})
    except APIError as exc:
        # Refused: when the request was retried after a lost answer (a reset, a timeout), the
        # first try may have been applied. One read tells; only on this failure.
        if exc.response.status_code != 400:
            raise failure(exc, owner, key, doing) from exc
        try:
            applied = plan.done_in(read_book(gc, key))
        except FAILURES:
            applied = False
        if not applied:
            raise failure(exc, owner, key, doing) from exc
    except FAILURES as exc:
        raise failure(exc, owner, key, doing) from exc


# --- results ----------------------------------------------------------------------------------


def _results_cells(rows: Sequence[Sequence[CellValue]]) -> tuple[list[list[CellValue]], Cells]:
    width = max((len(r) for r in rows), default=1)
    blank: list[CellValue] = [""] * width
    padded: list[list[CellValue]] = []
    for r in rows:
        line: list[CellValue] = ["" if v is None else v for v in r]
        padded.append(line + blank[len(r) :])
    padded += [list(blank) for _ in range(max(0, RESULT_ROWS - len(padded)))]
    cells: Cells = {(r, c): v for r, row in enumerate(padded) for c, v in enumerate(row) if v != ""}
    return padded, cells


def write_values(
    gc: gspread.Client, owner: str, key: str, tab: str, rows: Sequence[Sequence[CellValue]]
) -> None:
    """Write a results tab: one values:batchUpdate (`templates` made the tab). Blank rows pad
    the block so a shorter report leaves nothing of a longer one below it. Should the tab be
    gone (deleted by hand), one spreadsheets:batchUpdate makes it again with the values."""
    padded, cells = _results_cells(rows)
    body = {"valueInputOption": "RAW", "data": [{"range": f"{_quoted(tab)}!A1", "values": padded}]}
    try:
        try:
            gc.http_client.values_batch_update(key, body)
        except APIError as exc:
            if exc.response.status_code != 400:
                raise
            sheet_id = zlib.crc32(tab.encode()) & 0x3FFFFFFF
            again = new_tab_requests(sheet_id, tab, Marker(0, "", tab), None)
            again.append(cells_request(sheet_id, cells))
            gc.http_client.batch_update(key, {"requests": again})
    except FAILURES as exc:
        raise failure(exc, owner, key, PUBLISHING) from exc
