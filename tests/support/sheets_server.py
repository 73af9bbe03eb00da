"""A local, in-memory stand-in for the Google Sheets API v4, for tests that run the real gspread.

Nothing here reaches Google. :class:`SheetsServer` is a threaded ``http.server`` bound to
127.0.0.1 on a free port that speaks the Sheets v4 wire format (plus the few Drive v3 and
OAuth2 calls gspread and google-auth make), and :func:`local_client` builds a real
``gspread.Client`` whose HTTP session is routed to it::

    with SheetsServer() as server:
        server.add_spreadsheet("key-1", "Festival", {"Standings": [["Player", "Points"]]})
        client = local_client(server)
        sheet = client.open_by_key("key-1").worksheet("Standings")
        sheet.update([["Wren", 3]], "A2")
        assert server.values("key-1", "Standings") == [["Player", "Points"], ["Wren", 3]]

Routing: gspread binds its ``https://sheets.googleapis.com`` / ``https://www.googleapis.com``
URLs when ``gspread.http_client`` is imported, so patching ``gspread.urls`` has no effect.
Instead :class:`LocalGoogleAdapter` (a ``requests`` transport adapter) is mounted on the
client's session and rewrites those hosts to the local server just before sending.

Values. Cells hold what was written. ``RAW`` input keeps JSON values as they are (strings stay
strings). ``USER_ENTERED`` input turns a string that looks like a number (``"12"``, ``"-3.5"``,
``"1e3"``, ``"1,234"``, ``"50%"``) into an int/float, ``"TRUE"``/``"FALSE"`` (any case) into a
bool, drops one leading apostrophe (``"'12"`` stays the text ``"12"``) and keeps everything else,
formulas included, as the string given: no formula is ever evaluated, dates are not parsed.
Reading with the default ``FORMATTED_VALUE`` answers strings, as Google does (``12`` -> ``"12"``,
``2.5`` -> ``"2.5"``, ``True`` -> ``"TRUE"``, a formula -> its text); ``UNFORMATTED_VALUE`` and
``FORMULA`` answer the stored values. In an update a ``null`` leaves the cell alone and ``""``
clears it, as in the API. Reads drop trailing empty cells of each row and trailing empty rows.

Faults, for the failures a host meets on a real network:

- :meth:`SheetsServer.fail_next` makes the next *n* Sheets/Drive requests (optionally only those
  for one spreadsheet) answer an error status (429, 5xx, 403, 404...) with a Google-style body;
- :meth:`SheetsServer.reset_next` drops the connection without an answer (a reset), before or
  after applying the request, for Sheets/Drive requests or for the token endpoint;
- :meth:`SheetsServer.stall_next` holds the answer back for a while (a client with a shorter
  timeout gives up);
- :meth:`SheetsServer.refuse_tokens` makes the token endpoint answer 400 ``invalid_grant``, as
  Google does for an expired, revoked or deleted service-account key.

:meth:`SheetsServer.requests_per_spreadsheet` counts the Sheets requests each spreadsheet got.
Developer metadata (``createDeveloperMetadata``, shown in each sheet's ``developerMetadata``)
and ``includeGridData=true`` reads (each cell's ``userEnteredValue``) are supported.
"""

from __future__ import annotations

import base64
import copy
import functools
import json
import re
import socket
import struct
import threading
import time
from collections import Counter, deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import parse_qs, unquote

import gspread
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from google.auth.credentials import AnonymousCredentials
from gspread.http_client import HTTPClient, HTTPClientType
from requests import PreparedRequest, Response, Session
from requests.adapters import HTTPAdapter

__all__ = [
    "GOOGLE_HOSTS",
    "LOCAL_TOKEN",
    "LocalGoogleAdapter",
    "RecordedRequest",
    "Sheet",
    "SheetsServer",
    "Spreadsheet",
    "local_client",
    "mount_local",
    "service_account_client",
    "service_account_file",
]

#: Hosts that :class:`LocalGoogleAdapter` rewrites to the local server.
GOOGLE_HOSTS = (
    "https://sheets.googleapis.com",
    "https://www.googleapis.com",
    "https://oauth2.googleapis.com",
    "https://iamcredentials.googleapis.com",
)
#: The access token the local ``/token`` endpoint hands out.
LOCAL_TOKEN = "local-token"

JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer"
_STATUS_NAMES = {
    400: "INVALID_ARGUMENT",
    401: "UNAUTHENTICATED",
    403: "PERMISSION_DENIED",
    404: "NOT_FOUND",
    408: "DEADLINE_EXCEEDED",
    409: "ABORTED",
    429: "RESOURCE_EXHAUSTED",
    500: "INTERNAL",
    502: "UNAVAILABLE",
    503: "UNAVAILABLE",
    504: "DEADLINE_EXCEEDED",
}
_DEFAULT_MESSAGES = {
    403: "The caller does not have permission",
    404: "Requested entity was not found.",
    429: (
        "Quota exceeded for quota metric 'Read requests' and limit 'Read requests per minute "
        "per user' of service 'sheets.googleapis.com' for consumer 'project_number:0'."
    ),
    500: "Internal error encountered.",
    503: "The service is currently unavailable.",
}


class ApiError(Exception):
    """Raised inside the server; answered as a Google-style JSON error."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _bad(message: str) -> ApiError:
    return ApiError(400, message)


def _now_iso() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


# --------------------------------------------------------------------------- model


@dataclass
class Sheet:
    """One tab: its properties as the API shows them, its cells and the loosely kept rest."""

    properties: dict[str, Any]
    cells: dict[tuple[int, int], Any] = field(default_factory=dict)
    #: updateCells / repeatCell / updateBorders requests, as sent.
    formats: list[dict[str, Any]] = field(default_factory=list)
    #: setDataValidation requests, as sent.
    validations: list[dict[str, Any]] = field(default_factory=list)
    #: Conditional format rules, in API order (what addConditionalFormatRule inserted).
    conditional_formats: list[dict[str, Any]] = field(default_factory=list)
    #: Merged GridRanges.
    merges: list[dict[str, Any]] = field(default_factory=list)
    #: updateDimensionProperties / autoResizeDimensions requests, as sent.
    dimensions: list[dict[str, Any]] = field(default_factory=list)
    #: DeveloperMetadata located on this sheet, as the API shows it.
    developer_metadata: list[dict[str, Any]] = field(default_factory=list)

    @property
    def title(self) -> str:
        return str(self.properties["title"])

    @property
    def sheet_id(self) -> int:
        return int(self.properties["sheetId"])

    @property
    def row_count(self) -> int:
        return int(self.properties["gridProperties"]["rowCount"])

    @property
    def col_count(self) -> int:
        return int(self.properties["gridProperties"]["columnCount"])

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"properties": copy.deepcopy(self.properties)}
        if self.merges:
            out["merges"] = copy.deepcopy(self.merges)
        if self.conditional_formats:
            out["conditionalFormats"] = copy.deepcopy(self.conditional_formats)
        if self.developer_metadata:
            out["developerMetadata"] = copy.deepcopy(self.developer_metadata)
        return out

    def grid_data(self) -> list[dict[str, Any]]:
        """The sheet's cells as ``includeGridData=true`` shows them (``userEnteredValue``)."""
        if not self.cells:
            return [{}]
        rmax = max(r for r, _ in self.cells)
        rows = []
        for r in range(rmax + 1):
            taken = [c for (row, c) in self.cells if row == r]
            values: list[dict[str, Any]] = []
            for c in range(max(taken) + 1 if taken else 0):
                value = self.cells.get((r, c))
                values.append({} if value is None else {"userEnteredValue": entered(value)})
            rows.append({"values": values} if values else {})
        return [{"rowData": rows}]


@dataclass
class Spreadsheet:
    """One spreadsheet: id, title, sharing flag and ordered tabs."""

    key: str
    title: str
    sheets: list[Sheet]
    shared: bool = True
    created: str = field(default_factory=_now_iso)
    modified: str = field(default_factory=_now_iso)

    def sheet_by_title(self, title: str) -> Sheet | None:
        for sheet in self.sheets:
            if sheet.title == title:
                return sheet
        folded = title.casefold()
        return next((s for s in self.sheets if s.title.casefold() == folded), None)

    def sheet_by_id(self, sheet_id: Any) -> Sheet:
        wanted = 0 if sheet_id is None else int(sheet_id)
        for sheet in self.sheets:
            if sheet.sheet_id == wanted:
                return sheet
        raise _bad(f"Invalid requests: No grid with id: {wanted}")

    def renumber(self) -> None:
        for index, sheet in enumerate(self.sheets):
            sheet.properties["index"] = index

    def to_json(self, grid_data: bool = False) -> dict[str, Any]:
        sheets = []
        for sheet in self.sheets:
            shown = sheet.to_json()
            if grid_data:
                shown["data"] = sheet.grid_data()
            sheets.append(shown)
        return {
            "spreadsheetId": self.key,
            "properties": {
                "title": self.title,
                "locale": "en_US",
                "autoRecalc": "ON_CHANGE",
                "timeZone": "Etc/GMT",
            },
            "sheets": sheets,
            "spreadsheetUrl": f"https://docs.google.com/spreadsheets/d/{self.key}/edit",
        }


@dataclass
class RecordedRequest:
    """One HTTP request the server received."""

    method: str
    #: Percent-decoded path, e.g. ``/v4/spreadsheets/k/values/'Tab'!A1:B2``.
    path: str
    #: The path exactly as sent (gspread percent-encodes ranges, ``:`` included).
    raw_path: str
    query: dict[str, list[str]]
    body: Any
    headers: dict[str, str]
    #: ``time.monotonic()`` when the request arrived.
    time: float
    #: ``"sheets"``, ``"drive"``, ``"token"``, ``"iam"`` or ``"other"``.
    kind: str
    status: int = 0


# --------------------------------------------------------------------------- A1 notation

_CELL_RE = re.compile(r"\$?([A-Za-z]{0,3})\$?(\d*)")
_PLAIN_TITLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_LOOKS_LIKE_CELL = re.compile(r"[A-Za-z]{1,3}\d+|[Rr]\d*[Cc]\d*|TRUE|FALSE", re.IGNORECASE)


def col_index(letters: str) -> int:
    """``"A"`` -> 0, ``"AA"`` -> 26."""
    value = 0
    for ch in letters.upper():
        value = value * 26 + ord(ch) - ord("A") + 1
    return value - 1


def col_letters(index: int) -> str:
    """0 -> ``"A"``, 26 -> ``"AA"``."""
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def quote_title(title: str) -> str:
    """A sheet title as Google prints it in a range: quoted only when it has to be."""
    if _PLAIN_TITLE.fullmatch(title) and not _LOOKS_LIKE_CELL.fullmatch(title):
        return title
    return "'" + title.replace("'", "''") + "'"


def a1(sheet: Sheet, r0: int, r1: int, c0: int, c1: int) -> str:
    """Absolute A1 range for the half-open box rows [r0, r1), columns [c0, c1)."""
    start = f"{col_letters(c0)}{r0 + 1}"
    if r1 - r0 <= 1 and c1 - c0 <= 1:
        return f"{quote_title(sheet.title)}!{start}"
    return f"{quote_title(sheet.title)}!{start}:{col_letters(c1 - 1)}{r1}"


@dataclass(frozen=True)
class _Box:
    r0: int
    r1: int | None  # exclusive; None: to the end of the grid
    c0: int
    c1: int | None
    single: bool = False  # written as one cell ("A1"): a write may grow from it

    def clip(self, sheet: Sheet, text: str) -> tuple[int, int, int, int]:
        rows, cols = sheet.row_count, sheet.col_count
        if self.r0 >= rows or self.c0 >= cols:
            raise _bad(f"Range ({text}) exceeds grid limits. Max rows: {rows}, max columns: {cols}")
        r1 = rows if self.r1 is None else min(self.r1, rows)
        c1 = cols if self.c1 is None else min(self.c1, cols)
        return self.r0, r1, self.c0, c1


def _parse_cells(cells: str | None) -> _Box | None:
    if cells is None:
        return _Box(0, None, 0, None)
    parts = cells.split(":")
    if len(parts) > 2 or not all(parts):
        return None
    matches = [_CELL_RE.fullmatch(part) for part in parts]
    if any(m is None for m in matches):
        return None
    (sl, sd), (el, ed) = (matches[0].groups(), matches[-1].groups())  # type: ignore[union-attr]
    if "0" in (sd, ed) or any(d.startswith("0") for d in (sd, ed) if d):
        return None
    if len(parts) == 1:
        if not (sl and sd):
            return None
        r, c = int(sd) - 1, col_index(sl)
        return _Box(r, r + 1, c, c + 1, single=True)
    if not (sl or sd) or not (el or ed):
        return None
    r0 = int(sd) - 1 if sd else 0
    r1 = int(ed) if ed else None
    c0 = col_index(sl) if sl else 0
    c1 = col_index(el) + 1 if el else None
    if r1 is not None and r1 <= r0:
        r0, r1 = r1 - 1, r0 + 1
    if c1 is not None and c1 <= c0:
        c0, c1 = c1 - 1, c0 + 1
    return _Box(r0, r1, c0, c1)


def parse_range(book: Spreadsheet, text: str) -> tuple[Sheet, _Box]:
    """Resolve ``'Tab name'!A1:H12``, ``Tab!A1``, ``Tab``, ``A1:B2`` (first tab), ``Tab!A:C``."""
    fail = _bad(f"Unable to parse range: {text}")
    text = text.strip()
    if not text:
        raise fail
    title: str | None
    cells: str | None
    if text.startswith("'"):
        chars, i = [], 1
        while i < len(text):
            if text[i] == "'":
                if text[i + 1 : i + 2] == "'":
                    chars.append("'")
                    i += 2
                    continue
                break
            chars.append(text[i])
            i += 1
        else:
            raise fail
        title, rest = "".join(chars), text[i + 1 :]
        if rest and not rest.startswith("!"):
            raise fail
        cells = rest[1:] if rest else None
    elif "!" in text:
        title, _, cells = text.rpartition("!")
    elif book.sheet_by_title(text) is not None:
        title, cells = text, None
    else:
        title, cells = None, text
    sheet = book.sheets[0] if title is None else book.sheet_by_title(title)
    box = _parse_cells(cells)
    if sheet is None or box is None:
        raise fail
    return sheet, box


# --------------------------------------------------------------------------- values

_INT_RE = re.compile(r"[+-]?\d+")
_NUMBER_RE = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")
_GROUPED_RE = re.compile(r"[+-]?\d{1,3}(?:,\d{3})+(?:\.\d*)?")


def user_entered(value: Any) -> Any:
    """What ``USER_ENTERED`` makes of a value (see the module docstring)."""
    if not isinstance(value, str):
        return value
    if value.startswith("'"):
        return value[1:]
    text = value.strip()
    if _GROUPED_RE.fullmatch(text):
        text = text.replace(",", "")
    if _INT_RE.fullmatch(text):
        return int(text)
    if _NUMBER_RE.fullmatch(text):
        return float(text)
    if text.endswith("%") and _NUMBER_RE.fullmatch(text[:-1].strip()):
        return float(text[:-1]) / 100
    if text.upper() in ("TRUE", "FALSE"):
        return text.upper() == "TRUE"
    return value


def entered(value: Any) -> dict[str, Any]:
    """A stored value as an ExtendedValue (``userEnteredValue``)."""
    if isinstance(value, bool):
        return {"boolValue": value}
    if isinstance(value, int | float):
        return {"numberValue": value}
    if isinstance(value, str) and value.startswith("="):
        return {"formulaValue": value}
    return {"stringValue": str(value)}


def formatted(value: Any) -> str:
    """An approximation of Google's automatic number format (FORMATTED_VALUE)."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        return format(value, ".15g").upper()
    return str(value)


def _render(option: str) -> Any:
    if option == "FORMATTED_VALUE":
        return formatted
    if option in ("UNFORMATTED_VALUE", "FORMULA"):
        return lambda value: value
    raise _bad(f"Invalid value at 'value_render_option' ({option})")


def read_cells(
    sheet: Sheet,
    box: tuple[int, int, int, int],
    major: str = "ROWS",
    render: Any = None,
) -> list[list[Any]]:
    """Values in the box, trailing empties trimmed per line and at the end, like the API."""
    r0, r1, c0, c1 = box
    cells = sheet.cells
    taken = [(r, c) for (r, c) in cells if r0 <= r < r1 and c0 <= c < c1]
    if not taken:
        return []
    rmax, cmax = max(r for r, _ in taken), max(c for _, c in taken)
    columns = major == "COLUMNS"
    outer = range(c0, cmax + 1) if columns else range(r0, rmax + 1)
    inner = range(r0, rmax + 1) if columns else range(c0, cmax + 1)
    lines: list[list[Any]] = []
    for o in outer:
        line: list[Any] = []
        last = -1
        for k, i in enumerate(inner):
            key = (i, o) if columns else (o, i)
            if key in cells:
                line.append(cells[key] if render is None else render(cells[key]))
                last = k
            else:
                line.append("")
        lines.append(line[: last + 1])
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _major(value: Any) -> str:
    major = value or "ROWS"
    if major not in ("ROWS", "COLUMNS"):
        raise _bad(f"Invalid value at 'major_dimension' ({major})")
    return str(major)


def _input_option(value: Any) -> str:
    if not value:
        raise _bad("'valueInputOption' is required but not specified")
    if value not in ("RAW", "USER_ENTERED"):
        raise _bad(f"Invalid value at 'value_input_option' ({value})")
    return str(value)


def _write(
    sheet: Sheet,
    box: _Box,
    text: str,
    values: Any,
    major: str,
    option: str,
) -> dict[str, Any]:
    """Write a ValueRange's values from the box's top-left cell; answer the update counts."""
    if not isinstance(values, list) or not all(isinstance(line, list) for line in values):
        raise _bad("Invalid values: expected a list of lists")
    columns = major == "COLUMNS"
    n_outer = len(values)
    n_inner = max((len(line) for line in values), default=0)
    n_rows, n_cols = (n_inner, n_outer) if columns else (n_outer, n_inner)
    if not box.single:
        if box.r1 is not None and box.r0 + n_rows > box.r1:
            raise _bad(
                f"Requested writing within range [{text}], but tried writing to row "
                f"[{box.r0 + n_rows}]"
            )
        if box.c1 is not None and box.c0 + n_cols > box.c1:
            raise _bad(
                f"Requested writing within range [{text}], but tried writing to column "
                f"[{col_letters(box.c0 + n_cols - 1)}]"
            )
    if box.r0 + n_rows > sheet.row_count or box.c0 + n_cols > sheet.col_count:
        raise _bad(
            f"Range ({text}) exceeds grid limits. Max rows: {sheet.row_count}, "
            f"max columns: {sheet.col_count}"
        )
    convert = user_entered if option == "USER_ENTERED" else (lambda value: value)
    updated: set[tuple[int, int]] = set()
    for o, line in enumerate(values):
        for i, value in enumerate(line):
            if value is None:
                continue
            if isinstance(value, dict | list):
                raise _bad(f"Invalid values[{o}][{i}]: {json.dumps(value)}")
            key = (box.r0 + i, box.c0 + o) if columns else (box.r0 + o, box.c0 + i)
            updated.add(key)
            if value == "":
                sheet.cells.pop(key, None)
            else:
                sheet.cells[key] = convert(value)
    if not updated:
        return {}
    return {
        "updatedRange": a1(sheet, box.r0, box.r0 + n_rows, box.c0, box.c0 + n_cols),
        "updatedRows": len({r for r, _ in updated}),
        "updatedColumns": len({c for _, c in updated}),
        "updatedCells": len(updated),
    }


def _clear(sheet: Sheet, r0: int, r1: int, c0: int, c1: int) -> None:
    for key in [k for k in sheet.cells if r0 <= k[0] < r1 and c0 <= k[1] < c1]:
        del sheet.cells[key]


def _resize(sheet: Sheet) -> None:
    """Drop cells that fell outside the grid after it shrank."""
    rows, cols = sheet.row_count, sheet.col_count
    for key in [k for k in sheet.cells if k[0] >= rows or k[1] >= cols]:
        del sheet.cells[key]


# --------------------------------------------------------------------------- batchUpdate


def _expand_fields(fields: str) -> list[list[str]]:
    """``"title,gridProperties(rowCount,columnCount)"`` / ``"a/b"`` -> field paths."""
    paths: list[list[str]] = []

    def walk(text: str, prefix: list[str]) -> None:
        parts, depth, start = [], 0, 0
        for i, ch in enumerate(text):
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
            elif ch == "," and depth == 0:
                parts.append(text[start:i])
                start = i + 1
        parts.append(text[start:])
        for part in (p.strip() for p in parts):
            if not part:
                continue
            if "(" in part:
                head, _, rest = part.partition("(")
                walk(rest[: rest.rindex(")")], prefix + re.split(r"[./]", head.strip()))
            else:
                paths.append(prefix + re.split(r"[./]", part))

    walk(fields, [])
    return paths


def _apply_mask(target: dict[str, Any], source: Mapping[str, Any], fields: str) -> None:
    if not fields:
        raise _bad("At least one field must be updated, but 'fields' is empty.")
    for path in _expand_fields(fields):
        if path == ["*"]:
            keep = target.get("sheetId")
            target.clear()
            target.update(copy.deepcopy(dict(source)))
            if keep is not None:
                target["sheetId"] = keep
            continue
        node: Any = source
        for part in path:
            node = node.get(part) if isinstance(node, Mapping) else None
        holder = target
        for part in path[:-1]:
            holder = holder.setdefault(part, {})
        if node is None:
            holder.pop(path[-1], None)
        else:
            holder[path[-1]] = copy.deepcopy(node)


def _grid_box(sheet: Sheet, grid: Mapping[str, Any]) -> tuple[int, int, int, int]:
    r0 = int(grid.get("startRowIndex", 0))
    r1 = int(grid.get("endRowIndex", sheet.row_count))
    c0 = int(grid.get("startColumnIndex", 0))
    c1 = int(grid.get("endColumnIndex", sheet.col_count))
    if r0 < 0 or c0 < 0 or r1 > sheet.row_count or c1 > sheet.col_count:
        raise _bad(
            f"Invalid requests: Range ({a1(sheet, r0, r1, c0, c1)}) exceeds grid limits. "
            f"Max rows: {sheet.row_count}, max columns: {sheet.col_count}"
        )
    return r0, r1, c0, c1


def _cell_value(cell: Mapping[str, Any]) -> tuple[bool, Any]:
    entered = cell.get("userEnteredValue")
    if not isinstance(entered, Mapping):
        return False, None
    for key in ("stringValue", "numberValue", "boolValue", "formulaValue"):
        if key in entered:
            return True, entered[key]
    return True, ""


def _touches_values(fields: str) -> bool:
    return any(path[0] in ("*", "userEnteredValue") for path in _expand_fields(fields or ""))


def _set_cell(sheet: Sheet, key: tuple[int, int], value: Any) -> None:
    if value in ("", None):
        sheet.cells.pop(key, None)
    else:
        sheet.cells[key] = value


def _add_sheet(book: Spreadsheet, body: Mapping[str, Any]) -> dict[str, Any]:
    props = copy.deepcopy(dict(body.get("properties") or {}))
    taken = {s.sheet_id for s in book.sheets}
    if "sheetId" in props:
        if int(props["sheetId"]) in taken:
            raise _bad(
                f"Invalid requests[0].addSheet: Sheet with id {props['sheetId']} already exists."
            )
    else:
        props["sheetId"] = max(taken, default=0) + 1
    if "title" not in props:
        n = len(book.sheets) + 1
        while book.sheet_by_title(f"Sheet{n}") is not None:
            n += 1
        props["title"] = f"Sheet{n}"
    if book.sheet_by_title(props["title"]) is not None:
        raise _bad(
            f'Invalid requests[0].addSheet: A sheet with the name "{props["title"]}" already '
            "exists. Please enter another name."
        )
    props.setdefault("sheetType", "GRID")
    grid = props.setdefault("gridProperties", {})
    grid.setdefault("rowCount", 1000)
    grid.setdefault("columnCount", 26)
    index = min(int(props.pop("index", len(book.sheets))), len(book.sheets))
    book.sheets.insert(index, Sheet(props))
    book.renumber()
    return {"addSheet": {"properties": copy.deepcopy(props)}}


def _delete_sheet(book: Spreadsheet, body: Mapping[str, Any]) -> dict[str, Any]:
    sheet = book.sheet_by_id(body.get("sheetId"))
    if len(book.sheets) == 1:
        raise _bad(
            "Invalid requests[0].deleteSheet: You can't remove all the sheets in a document."
        )
    book.sheets.remove(sheet)
    book.renumber()
    return {}


def _update_sheet_properties(book: Spreadsheet, body: Mapping[str, Any]) -> dict[str, Any]:
    new = body.get("properties") or {}
    sheet = book.sheet_by_id(new.get("sheetId"))
    fields = str(body.get("fields", ""))
    old_index = sheet.properties["index"]
    _apply_mask(sheet.properties, new, fields)
    title = sheet.properties.get("title")
    if not title or any(s is not sheet and s.title == title for s in book.sheets):
        raise _bad(
            f'Invalid requests[0].updateSheetProperties: A sheet with the name "{title}" '
            "already exists. Please enter another name."
        )
    grid = sheet.properties.setdefault("gridProperties", {})
    grid.setdefault("rowCount", 1000)
    grid.setdefault("columnCount", 26)
    index = sheet.properties.get("index", old_index)
    if index != old_index:
        book.sheets.remove(sheet)
        book.sheets.insert(min(int(index), len(book.sheets)), sheet)
    book.renumber()
    _resize(sheet)
    return {}


def _update_cells(book: Spreadsheet, body: Mapping[str, Any]) -> dict[str, Any]:
    if "start" in body:
        start = body["start"]
        sheet = book.sheet_by_id(start.get("sheetId"))
        r0, c0 = int(start.get("rowIndex", 0)), int(start.get("columnIndex", 0))
        r1, c1 = sheet.row_count, sheet.col_count
    else:
        sheet = book.sheet_by_id((body.get("range") or {}).get("sheetId"))
        r0, r1, c0, c1 = _grid_box(sheet, body.get("range") or {})
    sheet.formats.append({"updateCells": copy.deepcopy(dict(body))})
    if _touches_values(str(body.get("fields", ""))):
        for i, row in enumerate(body.get("rows") or []):
            for j, cell in enumerate(row.get("values") or []):
                r, c = r0 + i, c0 + j
                if r >= r1 or c >= c1:
                    raise _bad("Invalid requests[0].updateCells: rows do not fit the range.")
                present, value = _cell_value(cell)
                _set_cell(sheet, (r, c), value if present else None)
    return {}


def _repeat_cell(book: Spreadsheet, body: Mapping[str, Any]) -> dict[str, Any]:
    grid = body.get("range") or {}
    sheet = book.sheet_by_id(grid.get("sheetId"))
    r0, r1, c0, c1 = _grid_box(sheet, grid)
    sheet.formats.append({"repeatCell": copy.deepcopy(dict(body))})
    if _touches_values(str(body.get("fields", ""))):
        present, value = _cell_value(body.get("cell") or {})
        for r in range(r0, r1):
            for c in range(c0, c1):
                _set_cell(sheet, (r, c), value if present else None)
    return {}


def _update_borders(book: Spreadsheet, body: Mapping[str, Any]) -> dict[str, Any]:
    grid = body.get("range") or {}
    sheet = book.sheet_by_id(grid.get("sheetId"))
    _grid_box(sheet, grid)
    sheet.formats.append({"updateBorders": copy.deepcopy(dict(body))})
    return {}


def _set_data_validation(book: Spreadsheet, body: Mapping[str, Any]) -> dict[str, Any]:
    grid = body.get("range") or {}
    sheet = book.sheet_by_id(grid.get("sheetId"))
    _grid_box(sheet, grid)
    sheet.validations.append(copy.deepcopy(dict(body)))
    return {}


def _add_conditional_format_rule(book: Spreadsheet, body: Mapping[str, Any]) -> dict[str, Any]:
    rule = body.get("rule") or {}
    ranges = rule.get("ranges") or []
    if not ranges:
        raise _bad("Invalid requests[0].addConditionalFormatRule: rule.ranges must not be empty.")
    if not ("booleanRule" in rule or "gradientRule" in rule):
        raise _bad(
            "Invalid requests[0].addConditionalFormatRule: rule needs a booleanRule or a "
            "gradientRule."
        )
    sheet = book.sheet_by_id(ranges[0].get("sheetId"))
    for grid in ranges:
        if book.sheet_by_id(grid.get("sheetId")) is not sheet:
            raise _bad("Invalid requests[0].addConditionalFormatRule: ranges span sheets.")
        _grid_box(sheet, grid)
    index = min(int(body.get("index", 0)), len(sheet.conditional_formats))
    sheet.conditional_formats.insert(index, copy.deepcopy(dict(rule)))
    return {}


def _delete_conditional_format_rule(book: Spreadsheet, body: Mapping[str, Any]) -> dict[str, Any]:
    sheet = book.sheet_by_id(body.get("sheetId"))
    index = int(body.get("index", 0))
    if not 0 <= index < len(sheet.conditional_formats):
        raise _bad(f"Invalid requests[0].deleteConditionalFormatRule: No rule at index {index}.")
    return {"deleteConditionalFormatRule": {"rule": sheet.conditional_formats.pop(index)}}


def _dimension_request(kind: str) -> Any:
    def handle(book: Spreadsheet, body: Mapping[str, Any]) -> dict[str, Any]:
        dims = body.get("range") or body.get("dimensions") or {}
        if "sheetId" not in dims and "dataSourceSheetRange" in body:
            raise _bad(f"Invalid requests[0].{kind}: data source sheets are not supported.")
        sheet = book.sheet_by_id(dims.get("sheetId"))
        if dims.get("dimension") not in ("ROWS", "COLUMNS"):
            raise _bad(f"Invalid requests[0].{kind}: dimension must be ROWS or COLUMNS.")
        sheet.dimensions.append({kind: copy.deepcopy(dict(body))})
        return {}

    return handle


def _append_dimension(book: Spreadsheet, body: Mapping[str, Any]) -> dict[str, Any]:
    sheet = book.sheet_by_id(body.get("sheetId"))
    length = int(body.get("length", 0))
    if length <= 0:
        raise _bad("Invalid requests[0].appendDimension: length must be positive.")
    grid = sheet.properties["gridProperties"]
    if body.get("dimension") == "ROWS":
        grid["rowCount"] += length
    elif body.get("dimension") == "COLUMNS":
        grid["columnCount"] += length
    else:
        raise _bad("Invalid requests[0].appendDimension: dimension must be ROWS or COLUMNS.")
    return {}


def _merge_cells(book: Spreadsheet, body: Mapping[str, Any]) -> dict[str, Any]:
    grid = body.get("range") or {}
    sheet = book.sheet_by_id(grid.get("sheetId"))
    r0, r1, c0, c1 = _grid_box(sheet, grid)
    kind = body.get("mergeType", "MERGE_ALL")
    if kind == "MERGE_ALL":
        boxes = [(r0, r1, c0, c1)]
    elif kind == "MERGE_COLUMNS":
        boxes = [(r0, r1, c, c + 1) for c in range(c0, c1)]
    elif kind == "MERGE_ROWS":
        boxes = [(r, r + 1, c0, c1) for r in range(r0, r1)]
    else:
        raise _bad(f"Invalid requests[0].mergeCells: unknown mergeType {kind}.")
    for b0, b1, d0, d1 in boxes:
        for other in sheet.merges:
            if (
                b0 < other["endRowIndex"]
                and other["startRowIndex"] < b1
                and d0 < other["endColumnIndex"]
                and other["startColumnIndex"] < d1
            ):
                raise _bad("Invalid requests[0].mergeCells: You can't merge overlapping merges.")
        sheet.merges.append(
            {
                "sheetId": sheet.sheet_id,
                "startRowIndex": b0,
                "endRowIndex": b1,
                "startColumnIndex": d0,
                "endColumnIndex": d1,
            }
        )
        # Merging keeps only the top-left value.
        for key in [k for k in sheet.cells if b0 <= k[0] < b1 and d0 <= k[1] < d1]:
            if key != (b0, d0):
                del sheet.cells[key]
    return {}


def _unmerge_cells(book: Spreadsheet, body: Mapping[str, Any]) -> dict[str, Any]:
    grid = body.get("range") or {}
    sheet = book.sheet_by_id(grid.get("sheetId"))
    r0, r1, c0, c1 = _grid_box(sheet, grid)
    sheet.merges = [
        m
        for m in sheet.merges
        if not (
            r0 <= m["startRowIndex"]
            and m["endRowIndex"] <= r1
            and c0 <= m["startColumnIndex"]
            and m["endColumnIndex"] <= c1
        )
    ]
    return {}


def _create_developer_metadata(book: Spreadsheet, body: Mapping[str, Any]) -> dict[str, Any]:
    meta = copy.deepcopy(dict(body.get("developerMetadata") or {}))
    location = meta.get("location") or {}
    if "sheetId" not in location:
        raise _bad(
            "Invalid requests[0].createDeveloperMetadata: the local Sheets server only "
            "supports metadata located on a sheet."
        )
    if not meta.get("metadataKey") or meta.get("visibility") not in ("DOCUMENT", "PROJECT"):
        raise _bad(
            "Invalid requests[0].createDeveloperMetadata: metadataKey and visibility are required."
        )
    sheet = book.sheet_by_id(location["sheetId"])
    taken = [m["metadataId"] for s in book.sheets for m in s.developer_metadata]
    meta.setdefault("metadataId", max(taken, default=0) + 1)
    meta["location"] = {"locationType": "SHEET", "sheetId": sheet.sheet_id}
    sheet.developer_metadata.append(meta)
    return {"createDeveloperMetadata": {"developerMetadata": copy.deepcopy(meta)}}


_BATCH_HANDLERS: dict[str, Any] = {
    "createDeveloperMetadata": _create_developer_metadata,
    "addSheet": _add_sheet,
    "deleteSheet": _delete_sheet,
    "updateSheetProperties": _update_sheet_properties,
    "updateCells": _update_cells,
    "repeatCell": _repeat_cell,
    "updateBorders": _update_borders,
    "setDataValidation": _set_data_validation,
    "addConditionalFormatRule": _add_conditional_format_rule,
    "deleteConditionalFormatRule": _delete_conditional_format_rule,
    "updateDimensionProperties": _dimension_request("updateDimensionProperties"),
    "autoResizeDimensions": _dimension_request("autoResizeDimensions"),
    "appendDimension": _append_dimension,
    "mergeCells": _merge_cells,
    "unmergeCells": _unmerge_cells,
}
#: The spreadsheets:batchUpdate request kinds the server understands.
SUPPORTED_BATCH_REQUESTS = frozenset(_BATCH_HANDLERS)


# --------------------------------------------------------------------------- server


def _b64url_decode(part: str) -> bytes:
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))


def _spreadsheet_of(path: str) -> str | None:
    """The spreadsheet a Sheets (or Drive file) request is about."""
    found = re.match(r"/(?:v4/spreadsheets|drive/v3/files)/([^/:]+)", path)
    return found.group(1) if found else None


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = 5  # an idle keep-alive connection frees its thread after this long
    disable_nagle_algorithm = True  # headers and body go out in two writes
    server: _HTTPServer

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        self._serve("GET")

    def do_POST(self) -> None:
        self._serve("POST")

    def do_PUT(self) -> None:
        self._serve("PUT")

    def do_DELETE(self) -> None:
        self._serve("DELETE")

    def do_PATCH(self) -> None:
        self._serve("PATCH")

    def _serve(self, method: str) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        answer = self.server.app._handle(method, self.path, dict(self.headers.items()), raw)
        if answer is None:  # a reset: no answer, the connection is dropped at once
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True
            self.connection.close()
            return
        status, payload, headers = answer
        data = json.dumps(payload).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=UTF-8")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers.items():
            self.send_header(name, value)
        try:
            self.end_headers()
            self.wfile.write(data)
        except OSError:  # the client gave up waiting (a stall longer than its timeout)
            self.close_connection = True


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    app: SheetsServer


@dataclass
class _Fault:
    status: int
    message: str
    retry_after: int | None
    #: "status" (answer an error), "reset" (drop the connection), "stall" (answer late)
    action: str = "status"
    #: only requests for this spreadsheet (None: any)
    key: str | None = None
    #: "api" (Sheets/Drive requests) or "token" (the token endpoint)
    target: str = "api"
    #: reset after applying the request (its answer is lost) rather than before
    applied: bool = False
    #: how long a stall holds the answer back, in seconds
    seconds: float = 0.0
    #: only requests with this HTTP method (None: any)
    method: str | None = None


class SheetsServer:
    """In-memory Sheets v4 (+ bits of Drive v3 and OAuth2) on 127.0.0.1; see the module doc."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self._host, self._port = host, port
        self._lock = threading.RLock()
        self._books: dict[str, Spreadsheet] = {}
        self._faults: deque[_Fault] = deque()
        self._stopping = threading.Event()
        self._keys: dict[str, rsa.RSAPublicKey] = {}
        self._httpd: _HTTPServer | None = None
        self._thread: threading.Thread | None = None
        #: Every request received, in order. Clear it with ``server.requests.clear()``.
        self.requests: list[RecordedRequest] = []
        #: The kind of every spreadsheets:batchUpdate request received, in order.
        self.batch_requests: list[str] = []
        #: ``(spreadsheet id, request)`` for every spreadsheets:batchUpdate request received.
        self.batch_log: list[tuple[str, dict[str, Any]]] = []
        #: Decoded JWT claims (plus ``"verified"``) of every token grant answered.
        self.token_requests: list[dict[str, Any]] = []

    # -- lifecycle -----------------------------------------------------------------

    def start(self) -> SheetsServer:
        if self._httpd is None:
            self._httpd = _HTTPServer((self._host, self._port), _Handler)
            self._httpd.app = self
            self._thread = threading.Thread(
                target=self._httpd.serve_forever,
                kwargs={"poll_interval": 0.05},
                name="sheets-server",
                daemon=True,
            )
            self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()  # stalled answers give up waiting
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            if self._thread is not None:
                self._thread.join(timeout=5)
            self._httpd = self._thread = None

    def __enter__(self) -> SheetsServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def url(self) -> str:
        """``http://127.0.0.1:<port>`` (the server must be started)."""
        if self._httpd is None:
            raise RuntimeError("SheetsServer is not running; use start() or `with`")
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    @property
    def token_url(self) -> str:
        return self.url + "/token"

    # -- test-facing state ---------------------------------------------------------

    def add_spreadsheet(
        self,
        key: str,
        title: str = "Untitled spreadsheet",
        tabs: Mapping[str, Sequence[Sequence[Any]]] | None = None,
        *,
        shared: bool = True,
        rows: int = 1000,
        cols: int = 26,
    ) -> Spreadsheet:
        """Create (or replace) a spreadsheet. Tabs keep their order; sheetIds are 0, 1, 2...

        Rows are stored as given (no USER_ENTERED conversion); ``None``/``""`` leave a cell
        empty. Each grid is at least ``rows`` x ``cols`` and grows to fit its data.
        """
        tabs = {"Sheet1": []} if tabs is None else tabs
        if not tabs:
            raise ValueError("a spreadsheet needs at least one tab")
        sheets = []
        for index, (tab, data) in enumerate(tabs.items()):
            width = max((len(row) for row in data), default=0)
            sheet = Sheet(
                {
                    "sheetId": index,
                    "title": tab,
                    "index": index,
                    "sheetType": "GRID",
                    "gridProperties": {
                        "rowCount": max(rows, len(data)),
                        "columnCount": max(cols, width),
                    },
                }
            )
            for r, row in enumerate(data):
                for c, value in enumerate(row):
                    if value not in (None, ""):
                        sheet.cells[(r, c)] = value
            sheets.append(sheet)
        book = Spreadsheet(key, title, sheets, shared=shared)
        with self._lock:
            self._books[key] = book
        return book

    def set_shared(self, key: str, shared: bool) -> None:
        with self._lock:
            self._books[key].shared = shared

    def spreadsheet_keys(self) -> list[str]:
        with self._lock:
            return list(self._books)

    def spreadsheet(self, key: str) -> Spreadsheet:
        """The live spreadsheet object (don't mutate it while a client is talking)."""
        return self._books[key]

    def sheet(self, key: str, tab: str) -> Sheet:
        sheet = self._books[key].sheet_by_title(tab)
        if sheet is None:
            raise KeyError(f"{key!r} has no tab {tab!r}")
        return sheet

    def values(self, key: str, tab: str, cells: str | None = None) -> list[list[Any]]:
        """Stored values of a tab (or an A1 range in it), trimmed like the API, unformatted."""
        with self._lock:
            sheet = self.sheet(key, tab)
            box = _parse_cells(cells)
            if box is None:
                raise ValueError(f"bad A1 range {cells!r}")
            return read_cells(sheet, box.clip(sheet, cells or tab))

    @property
    def api_requests(self) -> list[RecordedRequest]:
        """The Sheets and Drive requests only (no token grants or IAM lookups)."""
        return [r for r in self.requests if r.kind in ("sheets", "drive")]

    def reset_log(self) -> None:
        """Forget recorded requests, batchUpdate kinds and token grants."""
        with self._lock:
            self.requests.clear()
            self.batch_requests.clear()
            self.batch_log.clear()
            self.token_requests.clear()

    def fail_next(
        self,
        n: int = 1,
        status: int = 429,
        *,
        message: str | None = None,
        retry_after: int | None = None,
        key: str | None = None,
        method: str | None = None,
    ) -> None:
        """Answer the next ``n`` Sheets/Drive requests with ``status`` and a Google error body
        (only requests for spreadsheet ``key``, or with HTTP ``method``, if given).

        ``retry_after`` adds a ``Retry-After`` header (seconds). The request is still recorded
        (with that status) and has no effect on the data.
        """
        text = message or _DEFAULT_MESSAGES.get(status, f"Injected error {status}.")
        self._add_faults(n, _Fault(status, text, retry_after, key=key, method=method))

    def reset_next(
        self,
        n: int = 1,
        *,
        key: str | None = None,
        token: bool = False,
        applied: bool = False,
        method: str | None = None,
    ) -> None:
        """Drop the connection of the next ``n`` Sheets/Drive requests (for spreadsheet ``key``
        only, if given), or of token requests with ``token=True``, without an answer: the
        client sees a reset. With ``applied=True`` the request takes effect first (the answer
        is lost on the way back). Recorded with status 0.
        """
        fault = _Fault(0, "", None, "reset", key, "token" if token else "api", applied)
        fault.method = method
        self._add_faults(n, fault)

    def stall_next(self, n: int = 1, seconds: float = 1.0, *, key: str | None = None) -> None:
        """Hold back the answer to the next ``n`` Sheets/Drive requests for ``seconds``."""
        self._add_faults(n, _Fault(0, "", None, "stall", key, seconds=seconds))

    def refuse_tokens(self, n: int = 1, description: str = "Invalid JWT Signature.") -> None:
        """Answer the next ``n`` token grants 400 ``invalid_grant``, as Google does for an
        expired, revoked or deleted key."""
        self._add_faults(n, _Fault(400, description, None, "invalid_grant", target="token"))

    def _add_faults(self, n: int, fault: _Fault) -> None:
        with self._lock:
            self._faults.extend(copy.copy(fault) for _ in range(n))

    def _take_fault(self, kind: str, key: str | None, method: str) -> _Fault | None:
        target = "token" if kind == "token" else "api"
        if kind not in ("sheets", "drive", "token"):
            return None
        for fault in self._faults:
            if (
                fault.target == target
                and fault.key in (None, key)
                and fault.method in (None, method)
            ):
                self._faults.remove(fault)
                return fault
        return None

    def requests_per_spreadsheet(self) -> Counter[str]:
        """How many Sheets API requests each spreadsheet got (answered or not)."""
        counts: Counter[str] = Counter()
        for r in self.requests:
            key = _spreadsheet_of(r.path) if r.kind == "sheets" else None
            if key:
                counts[key] += 1
        return counts

    def trust_key(self, key_id: str, public_key: rsa.RSAPublicKey) -> None:
        """Verify JWT grants signed with ``key_id`` against ``public_key``."""
        with self._lock:
            self._keys[key_id] = public_key

    # -- request handling ----------------------------------------------------------

    def _handle(
        self, method: str, target: str, headers: dict[str, str], raw: bytes
    ) -> tuple[int, Any, dict[str, str]] | None:
        """The answer to one request, or None to drop the connection without one."""
        raw_path, _, raw_query = target.partition("?")
        query = parse_qs(raw_query, keep_blank_values=True)
        if raw_path == "/token":
            kind = "token"
        elif raw_path.startswith("/v4/spreadsheets"):
            kind = "sheets"
        elif raw_path.startswith(("/drive/", "/upload/drive/")):
            kind = "drive"
        elif raw_path.startswith("/v1/projects/") and raw_path.endswith("/allowedLocations"):
            kind = "iam"
        else:
            kind = "other"
        body: Any
        content_type = headers.get("Content-Type", headers.get("content-type", ""))
        try:
            if not raw:
                body = None
            elif "json" in content_type:
                body = json.loads(raw)
            elif "x-www-form-urlencoded" in content_type:
                body = {k: v[-1] for k, v in parse_qs(raw.decode()).items()}
            else:
                body = raw.decode("utf-8", "replace")
        except ValueError:
            body = raw.decode("utf-8", "replace")
        record = RecordedRequest(
            method=method,
            path=unquote(raw_path),
            raw_path=raw_path,
            query=query,
            body=body,
            headers={k.lower(): v for k, v in headers.items()},
            time=time.monotonic(),
            kind=kind,
        )
        with self._lock:
            self.requests.append(record)
            fault = self._take_fault(kind, _spreadsheet_of(record.path), method)
        if fault is not None and fault.action == "stall":
            self._stopping.wait(fault.seconds)
            fault = None
        if fault is not None and fault.action == "reset" and not fault.applied:
            return None
        with self._lock:
            if fault is not None and fault.action in ("status", "invalid_grant"):
                status, payload, extra = self._fault_answer(fault, kind == "drive")
            else:
                status, payload, extra = self._route(kind, method, raw_path, query, body, raw)
            record.status = 0 if fault is not None and fault.action == "reset" else status
        if fault is not None and fault.action == "reset":
            return None
        return status, payload, extra

    @staticmethod
    def _fault_answer(fault: _Fault, drive: bool) -> tuple[int, Any, dict[str, str]]:
        if fault.action == "invalid_grant":
            return 400, {"error": "invalid_grant", "error_description": fault.message}, {}
        extra = {} if fault.retry_after is None else {"Retry-After": str(fault.retry_after)}
        return fault.status, _error_body(fault.status, fault.message, drive), extra

    def _route(
        self,
        kind: str,
        method: str,
        raw_path: str,
        query: dict[str, list[str]],
        body: Any,
        raw: bytes,
    ) -> tuple[int, Any, dict[str, str]]:
        drive = kind == "drive"
        try:
            if kind == "token":
                return self._token(method, body)
            if kind == "iam":
                return 200, {"locations": [], "encodedLocations": "0x0"}, {}
            if isinstance(body, str) and raw and kind == "sheets":
                raise _bad("Invalid JSON payload received.")
            if kind == "sheets":
                return 200, self._sheets(method, raw_path, query, body or {}), {}
            if kind == "drive":
                return 200, self._drive(method, raw_path, query), {}
            raise ApiError(404, f"The local Sheets server has no route for {method} {raw_path}")
        except ApiError as err:
            return err.status, _error_body(err.status, err.message, drive), {}

    def _book(self, key: str) -> Spreadsheet:
        book = self._books.get(key)
        if book is None:
            raise ApiError(404, _DEFAULT_MESSAGES[404])
        if not book.shared:
            raise ApiError(403, _DEFAULT_MESSAGES[403])
        return book

    def _sheets(
        self, method: str, raw_path: str, query: dict[str, list[str]], body: Any
    ) -> dict[str, Any]:
        def param(name: str, default: str | None = None) -> str | None:
            return query.get(name, [default])[-1]

        rest = raw_path[len("/v4/spreadsheets") :].lstrip("/")
        head, slash, sub = rest.partition("/")
        key, _, action = head.partition(":")
        unsupported = ApiError(
            404, f"The local Sheets server does not support {method} {unquote(raw_path)}"
        )
        if not key:
            raise unsupported
        if not slash:
            if method == "GET" and not action:
                book = self._book(key)
                if param("ranges") is not None:
                    raise _bad("ranges are not supported by the local Sheets server")
                return book.to_json(grid_data=param("includeGridData", "false") == "true")
            if method == "POST" and action == "batchUpdate":
                return self._batch_update(self._book(key), body)
            raise unsupported
        book = self._book(key)
        if sub == "values:batchGet" and method == "GET":
            render = _render(param("valueRenderOption", "FORMATTED_VALUE") or "")
            major = _major(param("majorDimension"))
            found = []
            for text in query.get("ranges", []):
                sheet, box = parse_range(book, text)
                clipped = box.clip(sheet, text)
                value_range: dict[str, Any] = {
                    "range": a1(sheet, *clipped),
                    "majorDimension": major,
                }
                values = read_cells(sheet, clipped, major, render)
                if values:
                    value_range["values"] = values
                found.append(value_range)
            return {"spreadsheetId": key, "valueRanges": found}
        if sub == "values:batchUpdate" and method == "POST":
            option = _input_option(body.get("valueInputOption"))
            responses = []
            for item in body.get("data") or []:
                responses.append(self._update(book, item.get("range", ""), item, option, body))
            book.modified = _now_iso()
            total = [r for r in responses if "updatedCells" in r]
            return {
                "spreadsheetId": key,
                "totalUpdatedRows": sum(r["updatedRows"] for r in total),
                "totalUpdatedColumns": sum(r["updatedColumns"] for r in total),
                "totalUpdatedCells": sum(r["updatedCells"] for r in total),
                "totalUpdatedSheets": len({r["updatedRange"].rpartition("!")[0] for r in total}),
                "responses": responses,
            }
        if sub == "values:batchClear" and method == "POST":
            cleared = [self._clear_range(book, text) for text in body.get("ranges") or []]
            book.modified = _now_iso()
            return {"spreadsheetId": key, "clearedRanges": cleared}
        if not sub.startswith("values/"):
            raise unsupported
        encoded = sub[len("values/") :]
        action = ""
        for suffix in (":append", ":clear"):
            if encoded.endswith(suffix):
                encoded, action = encoded[: -len(suffix)], suffix[1:]
        text = unquote(encoded)
        if method == "GET" and not action:
            render = _render(param("valueRenderOption", "FORMATTED_VALUE") or "")
            major = _major(param("majorDimension"))
            sheet, box = parse_range(book, text)
            clipped = box.clip(sheet, text)
            out: dict[str, Any] = {"range": a1(sheet, *clipped), "majorDimension": major}
            values = read_cells(sheet, clipped, major, render)
            if values:
                out["values"] = values
            return out
        if method == "PUT" and not action:
            option = _input_option(param("valueInputOption"))
            flags = {k: v[-1] for k, v in query.items()}
            result = self._update(book, text, body, option, flags)
            book.modified = _now_iso()
            return result
        if method == "POST" and action == "append":
            option = _input_option(param("valueInputOption"))
            result = self._append(book, text, body, option, param("insertDataOption", "OVERWRITE"))
            book.modified = _now_iso()
            return result
        if method == "POST" and action == "clear":
            book.modified = _now_iso()
            return {"spreadsheetId": key, "clearedRange": self._clear_range(book, text)}
        raise unsupported

    def _update(
        self,
        book: Spreadsheet,
        text: str,
        value_range: Mapping[str, Any],
        option: str,
        flags: Mapping[str, Any],
    ) -> dict[str, Any]:
        sheet, box = parse_range(book, text)
        major = _major(value_range.get("majorDimension"))
        result: dict[str, Any] = {"spreadsheetId": book.key}
        result.update(_write(sheet, box, text, value_range.get("values") or [], major, option))
        if str(flags.get("includeValuesInResponse", "")).lower() == "true":
            shown = result.get("updatedRange", a1(sheet, *box.clip(sheet, text)))
            shown_sheet, shown_box = parse_range(book, shown)
            render = _render(str(flags.get("responseValueRenderOption") or "FORMATTED_VALUE"))
            data: dict[str, Any] = {"range": shown, "majorDimension": "ROWS"}
            values = read_cells(shown_sheet, shown_box.clip(shown_sheet, shown), "ROWS", render)
            if values:
                data["values"] = values
            result["updatedData"] = data
        return result

    def _append(
        self, book: Spreadsheet, text: str, body: Mapping[str, Any], option: str, insert: Any
    ) -> dict[str, Any]:
        if insert not in ("OVERWRITE", "INSERT_ROWS"):
            raise _bad(f"Invalid value at 'insert_data_option' ({insert})")
        sheet, box = parse_range(book, text)
        major = _major(body.get("majorDimension"))
        values = body.get("values") or []
        c_end = sheet.col_count if box.c1 is None or box.single else box.c1
        table = [(r, c) for (r, c) in sheet.cells if r >= box.r0 and box.c0 <= c < c_end]
        start = max((r for r, _ in table), default=box.r0 - 1) + 1
        n_rows = len(values) if major == "ROWS" else max((len(v) for v in values), default=0)
        n_cols = max((len(v) for v in values), default=0) if major == "ROWS" else len(values)
        grid = sheet.properties["gridProperties"]
        if insert == "INSERT_ROWS":
            moved = {(r + n_rows if r >= start else r, c): v for (r, c), v in sheet.cells.items()}
            sheet.cells = moved
            grid["rowCount"] += n_rows
        grid["rowCount"] = max(grid["rowCount"], start + n_rows)
        grid["columnCount"] = max(grid["columnCount"], box.c0 + n_cols)
        anchor = _Box(start, None, box.c0, None, single=True)
        updates = {"spreadsheetId": book.key}
        updates.update(_write(sheet, anchor, text, values, major, option))
        out: dict[str, Any] = {"spreadsheetId": book.key, "updates": updates}
        if table:
            r0 = min(r for r, _ in table)
            c1 = max(c for _, c in table) + 1
            out["tableRange"] = a1(sheet, r0, start, box.c0, c1)
        return out

    def _clear_range(self, book: Spreadsheet, text: str) -> str:
        sheet, box = parse_range(book, text)
        clipped = box.clip(sheet, text)
        _clear(sheet, *clipped)
        return a1(sheet, *clipped)

    def _batch_update(self, book: Spreadsheet, body: Any) -> dict[str, Any]:
        requests = body.get("requests") if isinstance(body, Mapping) else None
        if not isinstance(requests, list) or not requests:
            raise _bad("Must specify at least one request.")
        kinds = []
        for request in requests:
            kind = next(iter(request), "") if isinstance(request, dict) and request else ""
            kinds.append(kind)
            self.batch_requests.append(kind)
            self.batch_log.append((book.key, copy.deepcopy(request)))
        # All or nothing, like the API: work on a copy and swap it in at the end.
        work = copy.deepcopy(book)
        replies = []
        for i, (kind, request) in enumerate(zip(kinds, requests, strict=True)):
            if not isinstance(request, dict) or len(request) != 1:
                raise _bad(f"Invalid requests[{i}]: exactly one kind of request must be set.")
            handler = _BATCH_HANDLERS.get(kind)
            if handler is None:
                known = ", ".join(sorted(_BATCH_HANDLERS))
                raise _bad(
                    f"Invalid requests[{i}]: the local Sheets server does not support "
                    f"'{kind}' requests (supported: {known})"
                )
            try:
                replies.append(handler(work, request[kind] or {}))
            except ApiError as err:
                raise _bad(err.message.replace("requests[0]", f"requests[{i}]")) from err
            except (TypeError, ValueError, KeyError, AttributeError) as err:
                raise _bad(f"Invalid requests[{i}].{kind}: {err!r}") from err
        book.sheets = work.sheets
        book.modified = _now_iso()
        return {"spreadsheetId": book.key, "replies": replies}

    def _drive(self, method: str, raw_path: str, query: dict[str, list[str]]) -> dict[str, Any]:
        def meta(book: Spreadsheet) -> dict[str, Any]:
            return {
                "kind": "drive#file",
                "id": book.key,
                "name": book.title,
                "mimeType": "application/vnd.google-apps.spreadsheet",
                "createdTime": book.created,
                "modifiedTime": book.modified,
            }

        path = unquote(raw_path)
        if method == "GET" and path == "/drive/v3/files":
            q = query.get("q", [""])[-1]
            name = re.search(r"name\s*=\s*(?:\"((?:[^\"\\]|\\.)*)\"|'((?:[^'\\]|\\.)*)')", q)
            books = [b for b in self._books.values() if b.shared]
            if name:
                wanted = (name.group(1) or name.group(2) or "").replace("\\", "")
                books = [b for b in books if b.title == wanted]
            return {"kind": "drive#fileList", "files": [meta(b) for b in books]}
        match = re.fullmatch(r"/drive/v3/files/([^/]+)", path)
        if method == "GET" and match:
            book = self._books.get(match.group(1))
            if book is None or not book.shared:
                raise ApiError(404, f"File not found: {match.group(1)}.")
            return meta(book)
        raise ApiError(404, f"The local Sheets server does not support Drive {method} {path}")

    def _token(self, method: str, body: Any) -> tuple[int, Any, dict[str, str]]:
        def oauth_error(error: str, description: str) -> tuple[int, Any, dict[str, str]]:
            return 400, {"error": error, "error_description": description}, {}

        if method != "POST" or not isinstance(body, dict):
            return oauth_error("invalid_request", "POST a form-encoded token request.")
        grant = body.get("grant_type")
        if grant == "refresh_token":
            self.token_requests.append({"grant_type": grant, "verified": False})
        elif grant == JWT_BEARER:
            parts = str(body.get("assertion", "")).split(".")
            try:
                header = json.loads(_b64url_decode(parts[0]))
                claims = json.loads(_b64url_decode(parts[1]))
                signature = _b64url_decode(parts[2])
            except (IndexError, ValueError):
                return oauth_error("invalid_grant", "Invalid JWT.")
            key = self._keys.get(str(header.get("kid")))
            verified = False
            if key is not None:
                try:
                    key.verify(
                        signature,
                        f"{parts[0]}.{parts[1]}".encode(),
                        padding.PKCS1v15(),
                        hashes.SHA256(),
                    )
                except InvalidSignature:
                    return oauth_error("invalid_grant", "Invalid JWT Signature.")
                verified = True
            self.token_requests.append({**claims, "verified": verified})
        else:
            return oauth_error("unsupported_grant_type", f"Invalid grant_type: {grant}")
        return 200, {"access_token": LOCAL_TOKEN, "expires_in": 3600, "token_type": "Bearer"}, {}


def _error_body(status: int, message: str, drive: bool = False) -> dict[str, Any]:
    error: dict[str, Any] = {
        "code": status,
        "message": message,
        "status": _STATUS_NAMES.get(status, "UNKNOWN"),
    }
    if drive:  # Drive v3 still sends the legacy "errors" list (gspread's backoff reads it)
        domain = "usageLimits" if status == 429 else "global"
        error["errors"] = [{"domain": domain, "reason": error["status"], "message": message}]
    elif status == 429:
        error["details"] = [
            {
                "@type": "type.googleapis.com/google.rpc.ErrorInfo",
                "reason": "RATE_LIMIT_EXCEEDED",
                "domain": "googleapis.com",
                "metadata": {"service": "sheets.googleapis.com"},
            }
        ]
    return {"error": error}


# --------------------------------------------------------------------------- clients


class LocalGoogleAdapter(HTTPAdapter):
    """A ``requests`` adapter that sends Google API URLs to the local server instead."""

    # HTTPAdapter pickles (and deep-copies) only the names in __attrs__; google-auth
    # deep-copies its token session for background lookups.
    __attrs__: ClassVar[list[str]] = [*HTTPAdapter.__attrs__, "base_url", "hosts"]  # type: ignore[misc]

    def __init__(self, base_url: str, hosts: Iterable[str] = GOOGLE_HOSTS) -> None:
        super().__init__()
        self.base_url = base_url.rstrip("/")
        self.hosts = tuple(hosts)

    def send(  # type: ignore[override]
        self, request: PreparedRequest, **kwargs: Any
    ) -> Response:
        url = request.url or ""
        for host in self.hosts:
            if url == host or url.startswith(host + "/"):
                request.url = self.base_url + url[len(host) :]
                kwargs["proxies"] = {}  # never send local traffic through an HTTP(S)_PROXY
                break
        return super().send(request, **kwargs)


def mount_local(client: gspread.Client, server: SheetsServer) -> gspread.Client:
    """Route ``client``'s Google traffic to ``server``; returns the same client.

    Mounts on the gspread session and, for google-auth's ``AuthorizedSession``, also on the
    private session it uses for token refreshes and (google-auth 2.62 here) the IAM "regional
    access boundary" lookup, so no request of a service-account client leaves the machine.
    """
    adapter = LocalGoogleAdapter(server.url)
    session: Session = client.http_client.session
    sessions = [session]
    inner = getattr(session, "_auth_request_session", None)
    if isinstance(inner, Session):
        sessions.append(inner)
    for each in sessions:
        for host in adapter.hosts:
            each.mount(host + "/", adapter)
    return client


def local_client(
    server: SheetsServer, *, http_client: HTTPClientType = HTTPClient
) -> gspread.Client:
    """A real gspread client with anonymous credentials, talking to ``server``.

    Pass ``http_client=gspread.BackOffHTTPClient`` to get gspread's retrying client.
    """
    client = gspread.Client(auth=AnonymousCredentials(), http_client=http_client)
    return mount_local(client, server)


@functools.cache
def _rsa_key() -> rsa.RSAPrivateKey:
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


def service_account_file(
    tmp_path: Path,
    server: SheetsServer,
    *,
    client_email: str = "festival-tests@local-project.iam.gserviceaccount.com",
    filename: str = "service_account.json",
) -> Path:
    """Write a fake service-account JSON whose ``token_uri`` is the server's ``/token``.

    The RSA key is real (made once per process) and the server is told its public half, so
    the JWT grant google-auth signs is verified. Use it with ``gspread.service_account`` and
    :func:`mount_local`, or with :func:`service_account_client`.
    """
    key = _rsa_key()
    key_id = "local-key-1"
    server.trust_key(key_id, key.public_key())
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()
    info = {
        "type": "service_account",
        "project_id": "local-project",
        "private_key_id": key_id,
        "private_key": pem,
        "client_email": client_email,
        "client_id": "100000000000000000001",
        "auth_uri": "https://accounts.google.com/o/oauth2/auth",
        "token_uri": server.token_url,
        "auth_provider_x509_cert_url": "https://www.googleapis.com/oauth2/v1/certs",
        "client_x509_cert_url": f"https://www.googleapis.com/robot/v1/metadata/x509/{client_email}",
        "universe_domain": "googleapis.com",
    }
    path = Path(tmp_path) / filename
    path.write_text(json.dumps(info, indent=2), encoding="utf-8")
    return path


def service_account_client(
    path: Path, server: SheetsServer, *, http_client: HTTPClientType = HTTPClient
) -> gspread.Client:
    """``gspread.service_account(filename=path)``, routed to ``server``."""
    return mount_local(gspread.service_account(filename=path, http_client=http_client), server)
