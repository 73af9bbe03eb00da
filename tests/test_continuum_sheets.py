"""Elemental Continuum workbooks: the template, what people type, and every error by cell."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import openpyxl
import pytest

from events import palette
from events.continuum import ContinuumEngine
from events.continuum.board import random_board
from events.continuum.elements import Element
from events.continuum.layout import BOARD_TAB, BOLTS_TAB, WARDS_TAB, board_cell
from events.continuum.model import Bolt, BoltsSubmission, SetupSubmission
from events.continuum.squares import Square
from sheets.xlsx_reader import read_workbook
from sheets.xlsx_writer import write_templates
from tests.support.continuum_boards import fill_bolts, fill_setup, stripes

ENGINE = ContinuumEngine()
STATE = ENGINE.setup(["ann", "bob"], {}, np.random.default_rng(0))


def workbook(tmp_path: Path, round_no: int) -> Path:
    state = ENGINE.setup(["ann", "bob"], {}, np.random.default_rng(0))
    if round_no > 1:
        state, _ = ENGINE.resolve_round(
            state, {p: SetupSubmission(stripes()) for p in state.players}, np.random.default_rng(0)
        )
        state = type(state)(**{**state.__dict__, "round_no": round_no - 1})
    path = tmp_path / f"ann-{round_no}.xlsx"
    write_templates(path, [ENGINE.template(state, "ann", round_no)], "test")
    return path


def parse(path: Path, round_no: int) -> object:
    state = ENGINE.setup(["ann", "bob"], {}, np.random.default_rng(0))
    return ENGINE.parse(state, "ann", round_no, read_workbook(path))


def test_a_filled_board_reads_back_as_the_same_board(tmp_path: Path) -> None:
    path = workbook(tmp_path, 1)
    board = random_board(np.random.default_rng(4))
    fill_setup(path, board)
    assert parse(path, 1).value == SetupSubmission(board)  # type: ignore[attr-defined]


def test_the_template_has_dropdowns_and_element_colours(tmp_path: Path) -> None:
    book = openpyxl.load_workbook(workbook(tmp_path, 1))
    board = book[BOARD_TAB]
    ranges = [str(dv.sqref) for dv in board.data_validations.dataValidation]
    assert ranges == ["B3:I10"]
    rules = [r for cf in board.conditional_formatting for r in cf.rules]
    colours = {r.formula[0].split('"')[1]: r.dxf.fill.bgColor.rgb for r in rules}
    # the project's one palette (events/palette.py), as the duel boards and the dashboard
    assert colours["F"].endswith(palette.sheet(palette.FIRE))
    assert colours["W"].endswith(palette.sheet(palette.WATER))
    assert colours["WI"].endswith(palette.sheet(palette.AIR))
    assert colours["N"].endswith(palette.sheet(palette.NEUTRAL))
    assert board["A3"].value == 8 and board["A10"].value == 1 and board["B2"].value == "A"
    wards = book[WARDS_TAB]
    assert [wards.cell(r, 1).value for r in range(3, 16)][-1] == "N"
    assert wards.cell(15, 3).value == 1


def test_what_people_type_is_accepted(tmp_path: Path) -> None:
    path = workbook(tmp_path, 1)
    fill_setup(path, stripes())
    book = openpyxl.load_workbook(path)
    sheet = book[BOARD_TAB]
    sheet[board_cell(Square.parse("A1"))] = " fire 1 "  # type: ignore[arg-type]
    sheet[board_cell(Square.parse("C1"))] = "Wind1"  # type: ignore[arg-type]
    sheet[board_cell(Square.parse("C2"))] = "air 1"  # type: ignore[arg-type]
    sheet[board_cell(Square.parse("G7"))] = "neutral"  # type: ignore[arg-type]
    sheet[board_cell(Square.parse("H8"))] = "n"  # type: ignore[arg-type]
    book[WARDS_TAB]["C3"] = "6"
    book.save(path)
    assert parse(path, 1).value == SetupSubmission(stripes())  # type: ignore[attr-defined]


def test_board_errors_name_tab_cell_and_square(tmp_path: Path) -> None:
    path = workbook(tmp_path, 1)
    fill_setup(path, stripes())
    book = openpyxl.load_workbook(path)
    book[BOARD_TAB]["D7"] = "F4"  # square C4
    book[BOARD_TAB]["E7"] = "X"
    book[WARDS_TAB]["C4"] = "five"
    book.save(path)
    errors = [str(e) for e in parse(path, 1).errors]  # type: ignore[attr-defined]
    assert errors == [
        "ann: [continuum] Board!D7: square C4: 'F4' is not a ward label; use F1-F3 "
        "(continuum.board.label)",
        "ann: [continuum] Board!E7: square D4: 'X' is not a ward label; use F1-F3 (fire), "
        "W1-W3 (water), A1-A3 (wind), E1-E3 (earth) or N (neutral) (continuum.board.label)",
        "ann: [continuum] Wards!C4: fire ward F2: 'five' is not a point value; use 2, 4 or 6 "
        "(continuum.wards.value)",
        # the unreadable squares count as blank: what that leaves is reported too
        "ann: [continuum] Board!D6: wind ward A1 has 4 squares (C1, C2, C3, C5); a ward is a "
        "pentomino of 5 (continuum.board.size)",
        "ann: [continuum] Board!E6: earth ward E1 has 4 squares (D1, D2, D3, D5); a ward is a "
        "pentomino of 5 (continuum.board.size)",
    ]


def test_layout_errors_are_all_reported_on_the_board_tab(tmp_path: Path) -> None:
    path = workbook(tmp_path, 1)
    fill_setup(path, stripes(), values={"F1": 6})
    book = openpyxl.load_workbook(path)
    book[BOARD_TAB]["B10"] = None  # A1 left empty
    book[BOARD_TAB]["C10"] = "F1"  # B1 joins F1: F1 now has 5 squares again? no: A1 empty
    book.save(path)
    result = parse(path, 1)
    codes = [e.code for e in result.errors]  # type: ignore[attr-defined]
    cells = [e.cell for e in result.errors]  # type: ignore[attr-defined]
    assert "continuum.board.empty" in codes and "B10" in cells
    assert "continuum.board.shape" in codes  # F1 = A2-A5 + B1: not connected
    assert "continuum.board.size" in codes  # W1 lost B1: 4 squares
    assert codes.count("continuum.wards.value") == 11  # only F1 was given a value


def test_bolts_read_any_case_and_air_and_report_each_bad_cell(tmp_path: Path) -> None:
    path = workbook(tmp_path, 3)
    fill_bolts(path, [("air", " c5 "), ("FIRE", "h8")])
    assert parse(path, 3).value == BoltsSubmission(  # type: ignore[attr-defined]
        (Bolt(Element.WIND, Square.parse("C5")), Bolt(Element.FIRE, Square.parse("H8")))  # type: ignore[arg-type]
    )
    fill_bolts(path, [("W", "Z9"), ("", "")])
    errors = [str(e) for e in parse(path, 3).errors]  # type: ignore[attr-defined]
    assert [e.removeprefix("ann: [continuum] ") for e in errors] == [
        "Bolts!C3: 'W' could be Water or Wind; write the name (continuum.bolts.element)",
        "Bolts!D3: 'Z9' is not a square of the board; use A1 to H8 (continuum.bolts.target)",
        "Bolts!C4: no element given; use Fire, Water, Wind or Earth (continuum.bolts.element)",
        "Bolts!D4: no target given; use A1 to H8 (continuum.bolts.target)",
    ]


def test_a_workbook_of_another_round_is_refused(tmp_path: Path) -> None:
    path = workbook(tmp_path, 2)
    fill_bolts(path, [("Fire", "A1"), ("Fire", "A2")])
    errors = parse(path, 3).errors  # type: ignore[attr-defined]
    assert [e.code for e in errors] == ["continuum.bolts.missing"]
    assert "no row for round 3" in errors[0].message


def test_rounds_after_the_first_show_the_players_own_board(tmp_path: Path) -> None:
    book = openpyxl.load_workbook(workbook(tmp_path, 2))
    assert book.sheetnames[:3] == ["README", BOLTS_TAB, "Your board"]
    assert book["Your board"][board_cell(Square.parse("A1"))].value == "F1"  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "submission",
    [
        SetupSubmission(stripes()),
        SetupSubmission(None),
        BoltsSubmission((Bolt(Element.EARTH, Square(0, 0)), Bolt(Element.EARTH, Square(0, 0)))),
        BoltsSubmission(()),
    ],
)
def test_canonical_json_round_trips(submission: object) -> None:
    round_no = 1 if isinstance(submission, SetupSubmission) else 2
    data = ENGINE.to_json(submission)  # type: ignore[arg-type]
    assert ENGINE.from_json(STATE, "ann", round_no, data).value == submission


def test_json_errors_are_all_reported() -> None:
    result = ENGINE.from_json(STATE, "ann", 2, {"bolts": [{"element": "W", "target": "Z1"}]})
    messages = [e.message for e in result.errors]
    assert messages == [
        "1 bolts; fire exactly 2",
        "bolt 1: 'W' could be Water or Wind; write the name",
        "bolt 1: 'Z1' is not a square of the board; use A1 to H8",
    ]
    board = ENGINE.to_json(SetupSubmission(stripes()))
    board["board"]["F1"] = ["A1", "A2", "A3", "A4", "B8"]
    board["values"]["W1"] = 5
    messages = [e.message for e in ENGINE.from_json(STATE, "ann", 1, board).errors]
    assert any("square B8 is in both F1 and A3" in m for m in messages)
    assert any("water ward W1 is worth 5" in m for m in messages)


@pytest.mark.parametrize("values", [{"W1": 6}, {"W1": "lots"}, []])
def test_values_without_a_board_are_refused_not_ignored(values: object) -> None:
    """`{"board": null}` draws a random board, values and all: values sent with it were meant
    for a board that is missing, so they are an error, not silently dropped."""
    result = ENGINE.from_json(STATE, "ann", 1, {"board": None, "values": values})
    assert result.value is None
    assert [e.code for e in result.errors] == ["continuum.json"]
    assert '"values" need a "board"' in result.errors[0].message
    drawn = ENGINE.from_json(STATE, "ann", 1, {"board": None, "values": None})
    assert drawn.value == SetupSubmission(None)


def test_sorting_the_wards_tab_moves_no_value(tmp_path: Path) -> None:
    """Values are read by the ward label in column A, not by row."""
    path = workbook(tmp_path, 1)
    fill_setup(path, stripes())
    book = openpyxl.load_workbook(path)
    sheet = book[WARDS_TAB]
    rows = [[sheet.cell(r, c).value for c in (1, 2, 3)] for r in range(3, 15)]
    for i, row in enumerate(sorted(rows, key=lambda x: (x[2], x[0]))):
        for c, value in enumerate(row, 1):
            sheet.cell(3 + i, c, value)
    book.save(path)
    assert parse(path, 1).value == SetupSubmission(stripes())  # type: ignore[attr-defined]


def test_every_setup_violation_is_reported_alongside_a_typo(tmp_path: Path) -> None:
    path = workbook(tmp_path, 1)
    fill_setup(path, stripes(), values=dict.fromkeys(stripes().values(), 6))
    book = openpyxl.load_workbook(path)
    book[BOARD_TAB][board_cell(Square.parse("A1"))] = "F4"  # type: ignore[arg-type]
    book[BOARD_TAB][board_cell(Square.parse("H8"))] = "E1"  # type: ignore[arg-type]
    book.save(path)
    messages = [e.message for e in parse(path, 1).errors]  # type: ignore[attr-defined]
    assert any("'F4' is not a ward label" in m for m in messages)
    assert any("earth ward E1 has 6 squares" in m for m in messages)
    assert any("3 neutral squares" in m for m in messages)
    assert any("12 wards are worth 6" in m for m in messages)
    assert any("0 wards are worth 2" in m for m in messages)


def test_json_values_accept_whole_floats_and_the_neutral_one() -> None:
    data = ENGINE.to_json(SetupSubmission(stripes()))
    data["values"] = {k: float(v) for k, v in data["values"].items()} | {"N": 1}
    assert ENGINE.from_json(STATE, "ann", 1, data).value == SetupSubmission(stripes())
    data["values"]["fire1"] = 2
    messages = [e.message for e in ENGINE.from_json(STATE, "ann", 1, data).errors]
    assert "values: ward F1 is given twice" in messages


def test_untouched_tabs_count_as_nothing_submitted(tmp_path: Path) -> None:
    """A workbook whose Continuum tabs were left blank is a missing submission (the rules'
    default is played), not a page of errors."""
    assert parse(workbook(tmp_path, 1), 1).nothing_submitted  # type: ignore[attr-defined]
    assert parse(workbook(tmp_path, 3), 3).nothing_submitted  # type: ignore[attr-defined]
    path = workbook(tmp_path, 2)
    fill_bolts(path, [("Fire", ""), ("", "")])
    result = parse(path, 2)
    assert not result.nothing_submitted and result.errors  # type: ignore[attr-defined]


def test_the_workbook_colours_are_the_one_palette() -> None:
    """Every ward colour of the workbooks is a colour of the palette the pictures and the
    dashboard use (festival.core.palette re-exports events.palette: one set of values)."""
    from dashboard import continuum_boards
    from events.continuum.elements import BROKEN, COLOURS
    from festival.core import palette as core_palette

    assert core_palette.FIRE is palette.FIRE and core_palette.ELEMENTS is palette.ELEMENTS
    assert {f"#{c}" for c in (*COLOURS.values(), BROKEN)} <= palette.all_colours()
    for element, colour in COLOURS.items():
        assert f"#{colour}" == continuum_boards.COLOURS[element].upper()
