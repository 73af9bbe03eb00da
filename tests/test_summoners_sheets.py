"""Summoner's Dream workbooks: every error names its tab and cell; nothing typed is dropped."""

from __future__ import annotations

from pathlib import Path

from events.summoners.model import Attack, Defence, Placement
from events.summoners.model import SummonersSubmission as Sub
from sheets.xlsx_reader import read_workbook
from sheets.xlsx_writer import fill_workbook, write_templates
from tests.support.summoners_kit import ENGINE, P, new_game, with_units


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
    assert result.submission.buy_familiars == ("Monkey",) * 13  # type: ignore[attr-defined]


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
