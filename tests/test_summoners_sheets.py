"""Summoner's Dream workbooks: every error names its tab and cell; nothing typed is dropped."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from events.summoners.geometry import Facing
from events.summoners.layout import DEFENCE_TAB, GRID_LEFT, GRID_TOP, MAP_TAB
from events.summoners.model import Attack, Defence, Placement
from events.summoners.model import SummonersSubmission as Sub
from events.summoners.template import BUILDABLE
from events.tables import cell_ref
from sheets.xlsx_reader import read_workbook
from sheets.xlsx_writer import fill_workbook, write_templates
from tests.support.summoners_kit import ENGINE, P, new_game, with_units
from tests.support.template_book import template_book


def workbook(tmp_path: Path, cells: dict[str, dict[tuple[int, int], object]]) -> object:
    state = with_units(new_game(P), "ann", towers=["Yi"], familiars=["Fox", "Fox", "Toad"])
    path = tmp_path / "ann.xlsx"
    write_templates(path, [ENGINE.template(state, "ann", 1)], "test")
    fill_workbook(path, cells)  # type: ignore[arg-type]
    return ENGINE.parse(state, "ann", 1, read_workbook(path))


def test_untouched_tabs_are_a_missing_submission(tmp_path: Path) -> None:
    assert workbook(tmp_path, {}).nothing_submitted  # type: ignore[attr-defined]


def test_anything_typed_outside_the_cells_read_is_an_error(tmp_path: Path) -> None:
    result = workbook(tmp_path, {"Shop": {(30, 1): "Fox"}, "Map 1": {(2, 12): "Yi>E"}})
    where = {(e.tab, e.cell) for e in result.errors}  # type: ignore[attr-defined]
    assert ("Shop", "B31") in where and ("Map 1", "M3") in where


def test_the_shop_has_room_for_a_big_legal_round(tmp_path: Path) -> None:
    cells = {(3 + i, 1): "Monkey" for i in range(13)}
    result = workbook(tmp_path, {"Shop": cells})
    assert result.value.buy_familiars == ("Monkey",) * 13  # type: ignore[attr-defined]


def test_placement_and_party_errors_name_their_cells() -> None:
    state = with_units(new_game(P), "ann", towers=["Yi"], familiars=["Fox", "Fox", "Toad"])
    bad = Sub(
        defence=Defence("Jade Valley", (Placement("Yi1", (0, 1)),)),  # a road tile
        attack=Attack(((1, "Fox1"), (2, "Toad1"), (3, "Fox2")), (1, 3), (2, 2)),
        target="ann",
    )
    errors = {(e.tab, e.cell): e.message for e in ENGINE.validate(state, "ann", bad)}
    assert errors[("Map 1", "C3")].endswith("Yi may not stand on a road")
    assert "share slots" in errors[("Attack", "C6")]
    assert errors[("Attack", "B2")] == "you cannot invade ann: yourself"


def test_map_tabs_mark_buildable_tiles_with_a_letter_as_well_as_a_colour(tmp_path: Path) -> None:
    """A map reads without colour: every buildable tile carries G (the catalog's letter for
    it) besides its fill, and a template read back unchanged is still untouched."""
    state = new_game(P)
    path = tmp_path / "ann.xlsx"
    write_templates(path, [ENGINE.template(state, "ann", 1)], "test")
    book = openpyxl.load_workbook(path)
    for i, m in enumerate(state.catalog.maps, 1):
        sheet = book[MAP_TAB.format(i)]
        assert "G marks a buildable tile" in str(sheet["A1"].value)
        for r, line in enumerate(m.rows):
            for c, ch in enumerate(line):
                cell = sheet.cell(GRID_TOP + r + 1, GRID_LEFT + c + 1)
                assert (cell.value == "G") == (ch == "G"), (i, r, c)
                if ch == "G":
                    assert str(cell.fill.fgColor.rgb).endswith(BUILDABLE[m.kind])
    result = ENGINE.parse(state, "ann", 1, read_workbook(path))
    assert result.nothing_submitted


def test_a_tower_written_over_a_buildable_mark_is_read_and_the_other_marks_are_not() -> None:
    state = with_units(new_game(P), "ann", towers=["Yi"], familiars=["Fox", "Fox", "Toad"])
    m = state.catalog.maps[0]
    tiles = [(r, c) for r, line in enumerate(m.rows) for c, ch in enumerate(line)]
    build = next(t for t in tiles if m.at(t) == "G")
    road = next(t for t in tiles if m.at(t) in "abc")
    where = (GRID_TOP + build[0], GRID_LEFT + build[1])
    template = ENGINE.template(state, "ann", 1)
    typed = {DEFENCE_TAB: {"B3": m.name}, "Map 1": {where: "Yi>E"}}
    result = ENGINE.parse(state, "ann", 1, template_book(template, typed))
    assert result.value is not None
    defence = result.value.defence
    assert defence == Defence(m.name, (Placement("Yi", build, Facing.EAST),))
    # A G typed where the template wrote none is the player's, and not a tower.
    on_road = (GRID_TOP + road[0], GRID_LEFT + road[1])
    typed = {DEFENCE_TAB: {"B3": m.name}, "Map 1": {on_road: "G"}}
    result = ENGINE.parse(state, "ann", 1, template_book(template, typed))
    assert [(e.tab, e.cell, e.code) for e in result.errors] == [
        ("Map 1", cell_ref(*on_road), "summoners.tower")
    ]
