"""The values read from a Google spreadsheet are held to the same limits as a workbook."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from festival.cli.main import main
from festival.google.match_sheets import SETTINGS
from festival.match.match import Match
from sheets.errors import SheetReadError
from sheets.google import CONTENT_TYPE, load_values
from sheets.source import RawSubmission


def _raw(values: object, ranges: list[str] | None = None) -> RawSubmission:
    content = json.dumps(
        {"ranges": ranges or ["'R1 Harvest'!A1:H12"], "valueRanges": [{"values": values}]}
    ).encode()
    return RawSubmission("ann", "google:KEY", content, CONTENT_TYPE)


def test_values_within_the_limits_read_as_a_grid() -> None:
    grids = load_values(_raw([["Material", "Count"], ["Moonpetal", 2]]))
    assert grids["Harvest"].cell("B2") == 2


def test_a_long_cell_is_named_not_echoed() -> None:
    with pytest.raises(SheetReadError) as caught:
        load_values(_raw([["x"], ["", "9" * 5000]]))
    assert [(p.tab, p.cell, p.code) for p in caught.value.problems] == [
        ("R1 Harvest", "B2", "sheet.long")
    ]
    assert "99999999999" not in str(caught.value)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ([["x"] * 300], "300 columns"),
        ([["x"]] * 6000, "6000 rows"),
        ([[{"a": 1}]], "not a cell value"),
        ([[1e400]], "not a JSON number"),
    ],
    ids=["wide", "tall", "object", "infinite"],
)
def test_answers_beyond_the_limits_are_refused(values: object, message: str) -> None:
    content = json.dumps(
        {"ranges": ["'R1 Harvest'!A1:H12"], "valueRanges": [{"values": values}]}
    ).encode()
    raw = RawSubmission("ann", "google:KEY", content, CONTENT_TYPE)
    with pytest.raises(SheetReadError, match=message):
        load_values(raw)


@pytest.mark.parametrize("value", ["{not json", '{"spreadsheets": 5}', "[" * 5000])
def test_google_settings_edited_by_hand_are_one_clear_message(
    toy_match: Path, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    """A damaged store gives one clear message: the Google settings too."""
    match = Match.open(toy_match)
    match.store.set_host_input(SETTINGS, value)
    match.close()
    assert main(["publish", str(toy_match), "--round", "1"]) == 2
    err = capsys.readouterr().err
    assert "is damaged: the Google settings cannot be read" in err
    assert err.count("\n") == 1 and "Traceback" not in err
