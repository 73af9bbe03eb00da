"""The values read from a Google spreadsheet are held to the same limits as a workbook."""

from __future__ import annotations

import json

import pytest

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
