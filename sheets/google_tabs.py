"""Festival's tabs in a player's Google spreadsheet: how they are named, recognised and
refreshed without ever destroying what a player typed.

Each round has its own tabs ("R2 Harvest"), so a new round adds tabs and never touches an
older one. Every tab festival makes carries a marker, a developer-metadata entry (key
`festival`) on the sheet, holding the match, round, event, tab and player it is for and the
cells festival wrote. So festival recognises its tabs from the spreadsheet itself (a run cut
short can simply be run again, a renamed tab is found, a tab of another match is not taken for
this one's), and it knows which cells the player changed: every cell
whose value is not what festival wrote.

`plan` decides, per tab, from one read of the spreadsheet (metadata and cell values): make it
(missing), keep it (the template did not change: whatever the player typed stays), rename it
back (a player renamed it), or replace it (the template changed) - but a tab the player typed
in is replaced only when forced, and its values are handed back first so they can be kept.
All of it is one spreadsheets:batchUpdate, which Google applies entirely or not at all.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from events.tables import CellValue, parse_cell_ref
from events.template import Template, TemplateTab
from sheets.stamp import Stamp, mismatch

MARKER_KEY = "festival"
BOOK_FIELDS = "sheets(properties(sheetId,title),developerMetadata(metadataKey,metadataValue))"
BOOK_FIELDS_WITH_VALUES = (
    "sheets(properties(sheetId,title),developerMetadata(metadataKey,metadataValue),"
    "data(startRow,startColumn,rowData/values/userEnteredValue))"
)
Cells = dict[tuple[int, int], CellValue]


def tab_title(template: Template, tab: TemplateTab) -> str:
    """The title of a template's tab in a Google spreadsheet: one set of tabs per round."""
    return f"R{template.round_no} {tab.name}"


def written_cells(tab: TemplateTab) -> Cells:
    """The cells festival writes into a tab (empty ones are not written)."""
    return {k: v for k, v in tab.cells.items() if v is not None and v != ""}


@dataclass(frozen=True)
class Marker:
    """What festival wrote on a tab: for which round, event and template tab, and the cells;
    whose tab it is (a template's player; None on a results tab, and on a tab an older
    festival made) and for which match (the id the match's workbooks are stamped with; None on
    a results tab, a duel's tab, whose event names the duel, and a tab an older festival
    made). A results tab's marker has round 0 and no event."""

    round_no: int
    event: str
    tab: str
    cells: Cells = field(default_factory=dict, compare=False)
    player: str | None = None
    match: str | None = None

    @property
    def identity(self) -> tuple[int, str, str]:
        return (self.round_no, self.event, self.tab)

    def same_tab(self, other: Marker) -> bool:
        """Whether both mark the same tab: same identity, and no two different players or
        matches (a marker without a player or a match, from an older festival, fits any)."""
        return (
            self.identity == other.identity
            and (self.player is None or other.player is None or self.player == other.player)
            and (self.match is None or other.match is None or self.match == other.match)
        )

    def describe(self) -> str:
        """Whose tab it is, for people, the same for every tab of a round's set: "Fern, round
        2, match 3f9a0c1d2e4b" (a duel's: "Ash, round 2, elementarium 3f9a0c1d2e4b")."""
        parts = [self.player, f"round {self.round_no}" if self.event else self.tab]
        parts.append(f"match {self.match}" if self.match else self.event)
        return ", ".join(p for p in parts if p)

    def to_json(self) -> str:
        cells = [[r, c, v] for (r, c), v in sorted(self.cells.items())]
        data: dict[str, Any] = {"round": self.round_no, "event": self.event, "tab": self.tab}
        if self.player is not None:
            data["player"] = self.player
        if self.match is not None:
            data["match"] = self.match
        data["cells"] = cells
        return json.dumps(data, separators=(",", ":"))

    @staticmethod
    def from_json(text: str) -> Marker | None:
        try:
            data = json.loads(text)
            cells = {(int(r), int(c)): v for r, c, v in data.get("cells", [])}
            player, match = data.get("player"), data.get("match")
            return Marker(
                int(data["round"]),
                str(data["event"]),
                str(data["tab"]),
                cells,
                None if player is None else str(player),
                None if match is None else str(match),
            )
        except (ValueError, TypeError, KeyError, AttributeError):
            return None


def refusal(found: BookTab | None, expected: Marker) -> str | None:
    """Why the tab read as `expected`'s tab is not it (None: it is), a phrase that follows
    the tab's title: no tab was listed, it carries no festival marker, festival made it for
    another tab, or for another match, round or player (as a workbook's mark is checked,
    sheets/stamp.py). A marker without a match or a player, from an older festival, fits any."""
    if found is None:
        return "was not among the spreadsheet's tabs when their markers were read (renamed?)"
    marker = found.marker
    if marker is None:
        return "was not made by festival (it carries no festival marker)"
    if (marker.event, marker.tab) != (expected.event, expected.tab):
        what = f"{marker.event} {marker.tab}" if marker.event else marker.tab
        return f"was made by festival as another tab ({what}; made for {marker.describe()})"
    player = expected.player or ""
    want = Stamp(expected.match or "", expected.round_no, player)
    got = Stamp(marker.match or want.game_id, marker.round_no, marker.player or player)
    wrong = mismatch(got, want, "tab")
    if not wrong:
        return None
    return f"{' and '.join(wrong)} (made for {marker.describe()})"


def by_reason(reasons: Mapping[str, str]) -> dict[str, list[str]]:
    """title -> reason, as reason -> its titles (in the order given): a spreadsheet whose tabs
    are all another match's is told once, not once a tab."""
    out: dict[str, list[str]] = {}
    for title, why in reasons.items():
        out.setdefault(why, []).append(title)
    return out


@dataclass(frozen=True)
class BookTab:
    """One tab of a spreadsheet as read: its id, title, festival's marker (if any) and the
    values it holds now (when they were read)."""

    sheet_id: int
    title: str
    marker: Marker | None
    cells: Cells

    def typed(self) -> Cells:
        """The cells whose value is not what festival wrote there (what the player typed or
        erased: an erased cell shows as None)."""
        written = self.marker.cells if self.marker else {}
        return {
            k: self.cells.get(k)
            for k in {*written, *self.cells}
            if self.cells.get(k) != written.get(k)
        }


def _entered(value: Mapping[str, Any]) -> CellValue:
    for name in ("numberValue", "stringValue", "boolValue", "formulaValue"):
        if name in value:
            v = value[name]
            return v if isinstance(v, str | int | float | bool) else str(v)
    return None


def book_tabs(answer: Mapping[str, Any]) -> list[BookTab]:
    """The tabs of a spreadsheets.get answer (with or without grid data)."""
    tabs = []
    for sheet in answer.get("sheets", []):
        props = sheet.get("properties", {})
        marker = None
        for meta in sheet.get("developerMetadata", []):
            if meta.get("metadataKey") == MARKER_KEY:
                marker = Marker.from_json(str(meta.get("metadataValue", "")))
        cells: Cells = {}
        for block in sheet.get("data", []):
            r0, c0 = int(block.get("startRow", 0)), int(block.get("startColumn", 0))
            for r, row in enumerate(block.get("rowData", [])):
                for c, cell in enumerate(row.get("values", [])):
                    value = _entered(cell.get("userEnteredValue", {}))
                    if value is not None and value != "":
                        cells[(r0 + r, c0 + c)] = value
        tabs.append(
            BookTab(int(props.get("sheetId", 0)), str(props.get("title", "")), marker, cells)
        )
    return tabs


@dataclass
class Plan:
    """What `templates` does in one spreadsheet, and the one batchUpdate that does it."""

    requests: list[dict[str, Any]] = field(default_factory=list)
    created: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    """already as the template says: untouched, with whatever the player typed"""
    replaced: list[str] = field(default_factory=list)
    renamed: list[tuple[str, str]] = field(default_factory=list)
    """(the player's title, festival's title), renamed back"""
    held: dict[str, int] = field(default_factory=dict)
    """title -> cells the player typed, in tabs the new template would replace (not forced)"""
    backups: dict[int, dict[str, Cells]] = field(default_factory=dict)
    """round -> title -> the values of a tab that is replaced although the player typed in it"""
    foreign: dict[str, str] = field(default_factory=dict)
    """title -> whose it is, for each tab with a template's title that festival did not make
    for these templates ("no festival marker", "made by festival for Fern, round 2, match ...")"""
    made: dict[str, Marker] = field(default_factory=dict)
    """title -> the marker of each tab the write makes"""

    def done_in(self, book: Sequence[BookTab]) -> bool:
        """Whether `book` already shows this plan carried out (a write whose answer was lost
        was applied after all)."""
        by_title = {t.title: t.marker for t in book}
        made = all(
            (m := by_title.get(title)) is not None
            and m.same_tab(marker)
            and m.cells == marker.cells
            for title, marker in self.made.items()
        )
        return made and all(title in by_title for _, title in self.renamed)


def plan(
    book: Sequence[BookTab],
    templates: Sequence[Template],
    force: bool = False,
    extra_tabs: Iterable[str] = (),
    match: str | None = None,
) -> Plan:
    """What to do with a spreadsheet's tabs for a round's templates of `match` (its id, put in
    every marker; None for a duel, whose templates' event names it); `extra_tabs` are empty
    tabs festival writes into later (results), made when missing."""
    out = Plan()
    by_title = {t.title: t for t in book}
    wanted = {tab_title(t, tab) for t in templates for tab in t.tabs}
    next_id = max([t.sheet_id for t in book] + [0]) + 1000

    def create(title: str, marker: Marker, tab: TemplateTab | None) -> None:
        nonlocal next_id
        sheet_id, next_id = next_id, next_id + 1
        out.requests.extend(new_tab_requests(sheet_id, title, marker, tab))
        out.made[title] = marker

    for template in templates:
        for tab in template.tabs:
            title = tab_title(template, tab)
            marker = Marker(
                template.round_no,
                template.event,
                tab.name,
                written_cells(tab),
                template.player,
                match,
            )
            current = by_title.get(title)
            if current is not None and current.marker is None:
                out.foreign[title] = "no festival marker"
                continue
            if current is not None and current.marker and not current.marker.same_tab(marker):
                out.foreign[title] = f"made by festival for {current.marker.describe()}"
                continue
            if current is None:  # made before, and renamed by a player?
                current = next(
                    (
                        t
                        for t in book
                        if t.marker and t.marker.same_tab(marker) and t.title not in wanted
                    ),
                    None,
                )
                if current is None:
                    create(title, marker, tab)
                    out.created.append(title)
                    continue
            assert current.marker is not None
            if current.marker.cells == marker.cells:
                out.kept.append(title)
                if current.title != title:
                    out.requests.append(rename_request(current.sheet_id, title))
                    out.renamed.append((current.title, title))
                continue
            typed = current.typed()
            if typed and not force:
                out.held[current.title] = len(typed)
                continue
            if typed:
                out.backups.setdefault(template.round_no, {})[title] = dict(current.cells)
            out.requests.append({"deleteSheet": {"sheetId": current.sheet_id}})
            create(title, marker, tab)
            out.replaced.append(title)
    for title in extra_tabs:
        if title not in by_title:
            create(title, Marker(0, "", title), None)
            out.created.append(title)
    return out


def rename_request(sheet_id: int, title: str) -> dict[str, Any]:
    return {
        "updateSheetProperties": {
            "properties": {"sheetId": sheet_id, "title": title},
            "fields": "title",
        }
    }


def new_tab_requests(
    sheet_id: int, title: str, marker: Marker, tab: TemplateTab | None
) -> list[dict[str, Any]]:
    """A new tab with its marker, and the template's values and look."""
    out: list[dict[str, Any]] = [
        {"addSheet": {"properties": {"sheetId": sheet_id, "title": title}}},
        {
            "createDeveloperMetadata": {
                "developerMetadata": {
                    "metadataKey": MARKER_KEY,
                    "metadataValue": marker.to_json(),
                    "location": {"sheetId": sheet_id},
                    "visibility": "DOCUMENT",
                }
            }
        },
    ]
    if marker.cells:
        out.append(cells_request(sheet_id, marker.cells))
    if tab is not None:
        out += tab_requests(tab, sheet_id)
    return out


def extended_value(value: CellValue) -> dict[str, Any]:
    """A value as the API's ExtendedValue; text stays text (like RAW input)."""
    if value is None or value == "":
        return {}
    if isinstance(value, bool):
        return {"userEnteredValue": {"boolValue": value}}
    if isinstance(value, int | float):
        return {"userEnteredValue": {"numberValue": value}}
    return {"userEnteredValue": {"stringValue": str(value)}}


def cells_request(sheet_id: int, cells: Mapping[tuple[int, int], CellValue]) -> dict[str, Any]:
    """One updateCells writing `cells` from A1 (cells not given in the block are cleared)."""
    height = max((r for r, _ in cells), default=0) + 1
    width = max((c for _, c in cells), default=0) + 1
    rows = [
        {"values": [extended_value(cells.get((r, c))) for c in range(width)]} for r in range(height)
    ]
    return {
        "updateCells": {
            "start": {"sheetId": sheet_id, "rowIndex": 0, "columnIndex": 0},
            "rows": rows,
            "fields": "userEnteredValue",
        }
    }


# --- the template's look ----------------------------------------------------------------------


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
