"""A sample-festival match played through the local Sheets server, for the Google tests."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import festival.google.match_sheets as gs
from festival.cli.main import main
from festival.core.paths import fixture
from festival.match.match import Match
from festival.sample.play import sample_match
from sheets import google, google_tabs
from sheets.xlsx_reader import read_workbook
from tests.support.sheets_server import SheetsServer, local_client


class Sleeps(list[float]):
    """An injectable sleep that records the waits instead of waiting."""

    def __call__(self, seconds: float) -> None:
        self.append(seconds)


def google_match(
    tmp_path: Path,
    server: SheetsServer,
    monkeypatch: pytest.MonkeyPatch,
    retry: google.Retry,
) -> Path:
    """The sample festival's match, allocated, with a Google spreadsheet for every player and
    one for the host; festival's clients talk to `server` and retry with `retry`."""
    folder = tmp_path / "m"
    sample_match(folder)
    players = Match.open(folder).config.players
    rows = ["player,spreadsheet"]
    for p in players:
        server.add_spreadsheet(f"key-{p}", f"{p}'s festival", {"Sheet1": []})
        rows.append(f"{p},https://docs.google.com/spreadsheets/d/key-{p}/edit#gid=0")
    server.add_spreadsheet("key-host", "Host", {"Sheet1": []})
    sheets = tmp_path / "sheets.csv"
    sheets.write_text("\n".join(rows) + "\n")
    monkeypatch.setattr(
        gs, "make_client",
        lambda path: local_client(server, http_client=google.retrying_http_client(retry)),
    )  # fmt: skip
    assert main(["google", str(folder), "--sheets", str(sheets), "--host-sheet", "key-host"]) == 0
    return folder


def tab_titles(server: SheetsServer, key: str) -> list[str]:
    return [s.title for s in server.spreadsheet(key).sheets]


def fill_from_sample(server: SheetsServer, match: Match, round_no: int) -> int:
    """Type the sample festival's round into the players' tabs, as they would; returns the
    number of cells typed."""
    typed = 0
    for p in match.config.players:
        book = read_workbook(fixture("sample", f"round-{round_no}", f"{p}.xlsx"))
        titles = tab_titles(server, f"key-{p}")
        for tab, grid in book.items():
            title = f"R{round_no} {tab}"
            if title not in titles:
                continue
            sheet = server.sheet(f"key-{p}", title)
            for r, row in enumerate(grid.rows):
                for c, value in enumerate(row):
                    if value is not None and sheet.cells.get((r, c)) != value:
                        sheet.cells[(r, c)] = value
                        typed += 1
    return typed


def snapshot(server: SheetsServer) -> dict[tuple[str, str], dict[tuple[int, int], Any]]:
    """Every cell of every tab of every spreadsheet."""
    out = {}
    for key in server.spreadsheet_keys():
        for sheet in server.spreadsheet(key).sheets:
            out[(key, sheet.title)] = dict(sheet.cells)
    return out


def over_budget(server: SheetsServer, budget: int) -> dict[str, int]:
    """The spreadsheets that got more than `budget` Sheets requests since the log was reset."""
    counts: Counter[str] = server.requests_per_spreadsheet()
    return {key: n for key, n in counts.items() if n > budget}


def age_template(server: SheetsServer, key: str, title: str) -> None:
    """Make festival's marker on a tab say an older template was written there (as after an
    earlier round was resolved again): the current template differs from it."""
    sheet = server.sheet(key, title)
    meta = sheet.developer_metadata[0]
    marker = json.loads(meta["metadataValue"])
    marker["cells"] = [[0, 0, "an older template"], *marker["cells"][1:]]
    meta["metadataValue"] = json.dumps(marker)
    written = google_tabs.Marker.from_json(meta["metadataValue"])
    assert written is not None
    sheet.cells[(0, 0)] = "an older template"
