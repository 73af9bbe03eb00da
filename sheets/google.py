"""Google Sheets as a submission source and a result sink, through gspread.

Each player has a spreadsheet shared with the host's service account. Reading a round costs
one values:batchGet per player spreadsheet (every range of every event tab the player fills
in); writing results costs one values:batchUpdate per spreadsheet written; templates are one
spreadsheets:batchUpdate (tabs, formats, dropdowns, colours) and one values:batchUpdate per
spreadsheet. A 429 or 5xx answer is retried with exponential backoff, a few times at most.

The service-account key is read from its file when a client is made and is never stored,
printed or logged.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import gspread
import requests
from gspread.exceptions import APIError, SpreadsheetNotFound
from gspread.http_client import HTTPClient

from events.tables import CellValue, Grid, column_letter, parse_cell_ref
from events.template import Template, TemplateTab
from sheets.errors import SheetReadError
from sheets.source import RawSubmission

RETRYABLE = (429, 500, 502, 503, 504)
RESULT_ROWS = 200
CONTENT_TYPE = "google-values"
"""a RawSubmission holding a values:batchGet answer (JSON)"""
_KEY = re.compile(r"/spreadsheets/d/([A-Za-z0-9_-]+)")


class GoogleError(Exception):
    """A Google Sheets request failed for good; the message names the player and sheet."""


def spreadsheet_key(key_or_url: str) -> str:
    """A spreadsheet's key, from the key itself or its URL."""
    m = _KEY.search(key_or_url)
    return m.group(1) if m else key_or_url.strip()


@dataclass(frozen=True)
class Retry:
    attempts: int = 5
    first_delay: float = 1.0
    sleep: Callable[[float], None] = time.sleep


def retrying_http_client(retry: Retry) -> type[HTTPClient]:
    """An HTTPClient class that retries 429 and 5xx answers with exponential backoff and then
    gives up (gspread's own BackOffHTTPClient never stops retrying)."""

    class RetryingHTTPClient(HTTPClient):
        def request(self, *args: Any, **kwargs: Any) -> requests.Response:
            for attempt in range(retry.attempts):
                try:
                    return super().request(*args, **kwargs)
                except APIError as exc:
                    status = exc.response.status_code
                    if status not in RETRYABLE or attempt == retry.attempts - 1:
                        raise
                    retry.sleep(retry.first_delay * 2**attempt)
            raise AssertionError("unreachable")

    return RetryingHTTPClient


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
                "(README, Google Sheets)"
            )
        from google.oauth2.service_account import Credentials

        try:
            auth = Credentials.from_service_account_file(  # type: ignore[no-untyped-call]
                str(credentials), scopes=["https://www.googleapis.com/auth/spreadsheets"]
            )
        except (OSError, ValueError) as exc:
            raise GoogleError(f"{credentials} is not a usable service-account file") from exc
    return gspread.Client(auth, session=session, http_client=retrying_http_client(retry or Retry()))


def _fail(player: str, key: str, exc: Exception) -> GoogleError:
    if isinstance(exc, SpreadsheetNotFound | PermissionError):
        return GoogleError(
            f"{player}'s spreadsheet {key} was not found, or is not shared with the service account"
        )
    if isinstance(exc, APIError):
        status = exc.response.status_code
        if status in (403, 404):
            return GoogleError(
                f"{player}'s spreadsheet {key}: not found or not shared with the service "
                f"account ({status})"
            )
        if status in RETRYABLE:
            return GoogleError(
                f"Google Sheets kept answering {status} for {player}'s spreadsheet {key}; "
                "nothing of the round was resolved: try again in a minute"
            )
        return GoogleError(f"{player}'s spreadsheet {key}: Google Sheets answered {status}")
    return GoogleError(f"{player}'s spreadsheet {key}: {exc}")


# --- reading submissions --------------------------------------------------------------------


def ranges_of(templates: Iterable[Template]) -> list[str]:
    """The A1 ranges a round's parser reads, one per tab."""
    return [f"'{tab.name}'!{tab.input_range}" for t in templates for tab in t.tabs]


@dataclass
class GoogleSource:
    """Submissions as values read from each player's spreadsheet, one batchGet per player."""

    gc: gspread.Client
    spreadsheets: Mapping[str, str]
    """player -> spreadsheet key"""
    ranges: Mapping[str, Sequence[str]]
    """player -> the ranges to read this round"""

    def describe(self) -> str:
        return f"Google Sheets ({len(self.spreadsheets)} spreadsheets)"

    def fetch(self, player: str) -> RawSubmission | None:
        key = self.spreadsheets.get(player)
        ranges = list(self.ranges.get(player, ()))
        if key is None or not ranges:
            return None
        try:  # one request: no metadata read first (each read counts against the quota)
            answer = self.gc.http_client.values_batch_get(
                key, ranges, params={"valueRenderOption": "UNFORMATTED_VALUE"}
            )
        except APIError as exc:
            if exc.response.status_code == 400:
                raise self._missing_tabs(player, key, ranges) from exc
            raise _fail(player, key, exc) from exc
        except (SpreadsheetNotFound, PermissionError) as exc:
            raise _fail(player, key, exc) from exc
        missing = [
            r for r, v in zip(ranges, answer.get("valueRanges", []), strict=False) if v is None
        ]
        if len(answer.get("valueRanges", [])) != len(ranges) or missing:
            raise GoogleError(f"{player}'s spreadsheet {key} did not return every tab")
        content = json.dumps({"ranges": ranges, "valueRanges": answer["valueRanges"]}).encode()
        return RawSubmission(player, f"google:{key}", content, CONTENT_TYPE)

    def _missing_tabs(self, player: str, key: str, ranges: Sequence[str]) -> GoogleError:
        """The clear error for a batchGet that Google refused: usually a tab is gone."""
        try:
            titles = {ws.title for ws in self.gc.open_by_key(key).worksheets()}
        except (APIError, SpreadsheetNotFound, PermissionError) as exc:
            return _fail(player, key, exc)
        wanted = [r.rsplit("!", 1)[0].strip("'").replace("''", "'") for r in ranges]
        missing = [t for t in wanted if t not in titles]
        if missing:
            return GoogleError(
                f"{player}'s spreadsheet {key} has no tab {', '.join(missing)}: run `festival "
                "templates --google` again, or ask the player not to rename or delete tabs"
            )
        return GoogleError(f"{player}'s spreadsheet {key}: Google Sheets refused to read it")


def load_values(raw: RawSubmission) -> dict[str, Grid]:
    """The tabs of a stored batchGet answer as grids (each range starts at A1)."""
    try:
        data = json.loads(raw.content)
        grids: dict[str, Grid] = {}
        for requested, vr in zip(data["ranges"], data["valueRanges"], strict=True):
            tab = requested.rsplit("!", 1)[0].strip("'").replace("''", "'")
            rows: list[list[CellValue]] = [list(r) for r in vr.get("values", [])]
            grids[tab] = Grid.from_rows(tab, rows)
        return grids
    except (KeyError, ValueError, TypeError) as exc:
        raise SheetReadError(raw.source, f"not a Google Sheets answer ({exc})") from exc


# --- writing templates and results --------------------------------------------------------


def _rgb(colour: str) -> dict[str, float]:
    c = colour.lstrip("#")
    return {k: int(c[i : i + 2], 16) / 255 for k, i in (("red", 0), ("green", 2), ("blue", 4))}


def _grid_range(sheet_id: int, a1: str) -> dict[str, int]:
    first, _, last = a1.partition(":")
    r0, c0 = parse_cell_ref(first)
    r1, c1 = parse_cell_ref(last or first)
    return {
        "sheetId": sheet_id,
        "startRowIndex": r0,
        "endRowIndex": r1 + 1,
        "startColumnIndex": c0,
        "endColumnIndex": c1 + 1,
    }


def tab_requests(tab: TemplateTab, sheet_id: int) -> list[dict[str, Any]]:
    """The spreadsheets:batchUpdate requests that give a tab the template's look: fills,
    bold headers, column widths, dropdowns and colour rules (values are written apart)."""
    out: list[dict[str, Any]] = []
    for (r, c), colour in sorted(tab.fills.items()):
        out.append({
            "repeatCell": {
                "range": {"sheetId": sheet_id, "startRowIndex": r, "endRowIndex": r + 1,
                          "startColumnIndex": c, "endColumnIndex": c + 1},
                "cell": {"userEnteredFormat": {"backgroundColor": _rgb(colour)}},
                "fields": "userEnteredFormat.backgroundColor",
            }
        })  # fmt: skip
    for r, c in sorted(tab.bold):
        out.append({
            "repeatCell": {
                "range": {"sheetId": sheet_id, "startRowIndex": r, "endRowIndex": r + 1,
                          "startColumnIndex": c, "endColumnIndex": c + 1},
                "cell": {"userEnteredFormat": {"textFormat": {"bold": True}}},
                "fields": "userEnteredFormat.textFormat.bold",
            }
        })  # fmt: skip
    for c, width in sorted(tab.column_widths.items()):
        out.append({
            "updateDimensionProperties": {
                "range": {"sheetId": sheet_id, "dimension": "COLUMNS", "startIndex": c,
                          "endIndex": c + 1},
                "properties": {"pixelSize": int(width * 7)},
                "fields": "pixelSize",
            }
        })  # fmt: skip
    for dropdown in tab.dropdowns:
        for part in dropdown.cells.split():
            out.append({
                "setDataValidation": {
                    "range": _grid_range(sheet_id, part),
                    "rule": {
                        "condition": {"type": "ONE_OF_LIST",
                                      "values": [{"userEnteredValue": o}
                                                 for o in dropdown.options]},
                        "inputMessage": dropdown.prompt,
                        "strict": False,
                        "showCustomUi": True,
                    },
                }
            })  # fmt: skip
    for rule in tab.colour_rules:
        out.append({
            "addConditionalFormatRule": {
                "rule": {
                    "ranges": [_grid_range(sheet_id, p) for p in rule.cells.split()],
                    "booleanRule": {
                        "condition": {"type": "TEXT_STARTS_WITH",
                                      "values": [{"userEnteredValue": rule.prefix}]},
                        "format": {"backgroundColor": _rgb(rule.colour)},
                    },
                },
                "index": 0,
            }
        })  # fmt: skip
    return out


def tab_values(tab: TemplateTab) -> dict[str, Any]:
    """The template's cell values as one values:batchUpdate data entry."""
    if not tab.cells:
        return {"range": f"'{tab.name}'!A1", "values": [[""]]}
    height = max(r for r, _ in tab.cells) + 1
    width = max(c for _, c in tab.cells) + 1
    rows: list[list[CellValue]] = [[""] * width for _ in range(height)]
    for (r, c), v in tab.cells.items():
        rows[r][c] = "" if v is None else v
    return {"range": f"'{tab.name}'!A1:{column_letter(width - 1)}{height}", "values": rows}


def write_templates(
    gc: gspread.Client,
    player: str,
    key: str,
    templates: Sequence[Template],
    ours: set[str],
) -> set[str]:
    """Create or refresh the event tabs in a player's spreadsheet; `ours` are the tabs festival
    created there before (it never touches another tab). Returns the tabs it owns now."""
    tabs = [tab for t in templates for tab in t.tabs]
    try:
        book = gc.open_by_key(key)
        existing = {ws.title: ws.id for ws in book.worksheets()}
        foreign = [t.name for t in tabs if t.name in existing and t.name not in ours]
        if foreign:
            raise GoogleError(
                f"{player}'s spreadsheet {key} already has tab(s) {', '.join(foreign)} that "
                "festival did not make; rename or remove them"
            )
        stale = [existing[t.name] for t in tabs if t.name in existing]
        requests_: list[dict[str, Any]] = [{"deleteSheet": {"sheetId": s}} for s in stale]
        next_id = max([*existing.values(), 0]) + 1000
        ids = {}
        for i, tab in enumerate(tabs):
            ids[tab.name] = next_id + i
            requests_.append(
                {"addSheet": {"properties": {"title": tab.name, "sheetId": ids[tab.name]}}}
            )
        for tab in tabs:
            requests_ += tab_requests(tab, ids[tab.name])
        book.batch_update({"requests": requests_})
        book.values_batch_update(
            {"valueInputOption": "RAW", "data": [tab_values(tab) for tab in tabs]}
        )
    except (APIError, SpreadsheetNotFound, PermissionError) as exc:
        raise _fail(player, key, exc) from exc
    return {*ours, *(t.name for t in tabs)}


def write_values(
    gc: gspread.Client, owner: str, key: str, tab: str, rows: Sequence[Sequence[CellValue]]
) -> None:
    """Write a results tab (created when missing): one values:batchUpdate. Blank rows pad
    the block so a shorter report leaves nothing of a longer one below it."""
    width = max((len(r) for r in rows), default=1)
    padded = [[("" if v is None else v) for v in r] + [""] * (width - len(r)) for r in rows]
    padded += [[""] * width for _ in range(max(0, RESULT_ROWS - len(padded)))]
    body = {"valueInputOption": "RAW", "data": [{"range": f"'{tab}'!A1", "values": padded}]}
    try:
        try:  # one request when the tab is there (the usual case)
            gc.http_client.values_batch_update(key, body)
        except APIError as exc:
            if exc.response.status_code != 400:
                raise
            gc.http_client.batch_update(
                key, {"requests": [{"addSheet": {"properties": {"title": tab}}}]}
            )
            gc.http_client.values_batch_update(key, body)
    except (APIError, SpreadsheetNotFound, PermissionError) as exc:
        raise _fail(owner, key, exc) from exc
