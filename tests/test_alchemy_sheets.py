"""Alchemy workbooks: the template, catalog names as people type them, errors by cell, and
hidden information."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import openpyxl
import pytest

from events.alchemy.layout import ENGINEER_TAB, HARVEST_TAB, MACHINE_TAB, STATUS_TAB
from events.alchemy.model import AlchemySubmission as Sub
from sheets.xlsx_reader import read_workbook
from sheets.xlsx_writer import write_templates
from tests.support.alchemy_kit import ENGINE, fill_workbook, new_game, play, with_stock

P = ["ann", "bob", "cy"]


def workbook(tmp_path: Path) -> Path:
    path = tmp_path / "ann.xlsx"
    write_templates(path, [ENGINE.template(new_game(P), "ann", 1)], "test")
    return path


def parse(path: Path) -> object:
    return ENGINE.parse(new_game(P), "ann", 1, read_workbook(path))


def test_a_filled_workbook_reads_back_as_its_canonical_json(tmp_path: Path) -> None:
    data = {
        "harvest": ["Quartz", "Salt"],
        "buy": {"Moonpetal": 2},
        "machine": "Alembic",
        "convert": {"Alembic": 1},
        "engineer": ["Moon Lantern", "Salt Ward"],
        "priority": True,
    }
    path = workbook(tmp_path)
    fill_workbook(path, data)
    sub = parse(path).value  # type: ignore[attr-defined]
    assert sub is not None and ENGINE.to_json(sub) == data
    assert ENGINE.from_json(new_game(P), "ann", 1, data).value == sub


def test_the_template_offers_catalog_dropdowns_and_the_players_status(tmp_path: Path) -> None:
    book = openpyxl.load_workbook(workbook(tmp_path))
    assert book.sheetnames[1:6] == [HARVEST_TAB, "Buy", MACHINE_TAB, ENGINEER_TAB, STATUS_TAB]
    (dv,) = book[HARVEST_TAB].data_validations.dataValidation
    assert str(dv.sqref) == "B4:B13" and "Moonpetal" in dv.formula1
    assert book[STATUS_TAB]["B2"].value == 500


def test_misspelt_names_get_a_suggestion_and_every_error_its_cell(tmp_path: Path) -> None:
    path = workbook(tmp_path)
    fill_workbook(
        path, {"harvest": ["Quartz", "Moonpetl", "quartz"], "engineer": ["Silver Mirorr"]}
    )
    book = openpyxl.load_workbook(path)
    book[ENGINEER_TAB]["A5"] = None  # priorities 1 and (blank): one row left without
    book[ENGINEER_TAB]["B5"] = "Salt Ward"
    book.save(path)
    errors = [str(e) for e in parse(path).errors]  # type: ignore[attr-defined]
    assert errors == [
        "ann: [alchemy] Harvest!B5: 'Moonpetl' is not a material; did you mean 'Moonpetal'? "
        "(alchemy.material)",
        "ann: [alchemy] Harvest!B6: Quartz is listed twice; each material may be harvested once "
        "a round (alchemy.harvest.twice)",
        "ann: [alchemy] Engineer!B4: 'Silver Mirorr' is not a construct; did you mean 'Silver "
        "Mirror'? (alchemy.construct)",
        "ann: [alchemy] Engineer!A5: give every attempt a priority (1 first), or leave every "
        "priority blank (alchemy.priority)",
    ]


def test_no_priority_at_all_means_a_drawn_order(tmp_path: Path) -> None:
    path = workbook(tmp_path)
    fill_workbook(path, {"engineer": ["Salt Ward", "Moon Lantern"], "priority": False})
    sub = parse(path).value  # type: ignore[attr-defined]
    assert sub == Sub(engineer=("Salt Ward", "Moon Lantern"), prioritized=False)


@pytest.mark.parametrize(
    "data",
    [{"harvest": "Salt"}, {"buy": {"Salt": 0}}, {"machine": "Oven"}, {"engineer": [3]},
     {"priority": "yes"}, {"colour": "red"}, []],
)  # fmt: skip
def test_bad_json_is_an_error_not_a_crash(data: object) -> None:
    result = ENGINE.from_json(new_game(P), "ann", 1, data)
    assert result.value is None and result.errors


def test_public_lines_never_hold_a_players_private_figures() -> None:
    """At the end of each round, you will be privately told your number of gems and
    materials. Locations, constructs, and sales will not be revealed."""
    state = with_stock(new_game(P), "ann", Salt=2, Reed=1)
    subs = {"ann": Sub(harvest=("Quartz",), engineer=("Salt Ward",)), "bob": Sub(buy=(("Ash", 2),))}
    state, report = ENGINE.resolve_round(
        state, {p: subs.get(p, Sub()) for p in P}, np.random.default_rng(0)
    )
    catalog = state.catalog
    words = [*P, *(m.name for m in catalog.materials), *(c.name for c in catalog.constructs),
             *catalog.locations, "gems", "coins"]  # fmt: skip
    for line in report.public:
        assert not any(w in line for w in words), line
    assert "Salt Ward" in "\n".join(report.private["ann"])
    assert "Ash" in "\n".join(report.private["bob"]) and "Ash" not in "\n".join(
        report.private["ann"]
    )
    assert "30 gems" in "\n".join(report.private["ann"])  # 20 x 1.5
    assert all("ann" not in line and "bob" not in line for p in P for line in report.private[p])


def test_the_final_announcement_reveals_every_players_gems() -> None:
    """At the end of the Main Match, ... Players' total number of gems will be revealed."""
    state = with_stock(new_game(P), "ann", Salt=2, Reed=1)
    state = play(state, {"ann": Sub(engineer=("Salt Ward",))})
    lines = ENGINE.final_announcement(state, P)
    assert lines == (
        "1. ann: 30 gems",
        "2. bob: 0 gems",
        "3. cy: 0 gems (tied with bob, also on different constructs sold and gold held; "
        "placed after by tiebreak (3): the Gamewide Tiebreak)",
    )


def test_entries_the_parser_would_not_read_are_errors(tmp_path: Path) -> None:
    path = workbook(tmp_path)
    book = openpyxl.load_workbook(path)
    book[MACHINE_TAB]["B6"] = 2  # times, but no machine
    book[HARVEST_TAB]["B14"] = "Salt"  # under the ten harvest rows
    book.save(path)
    messages = [e.message for e in parse(path).errors]  # type: ignore[attr-defined]
    assert "a number of times without a machine" in messages
    assert any("below row 13, the last one read" in m for m in messages)


def test_json_without_priority_asks_for_the_drawn_order() -> None:
    """the construct(s) you end up engineering will be randomized UNLESS you specify a listed
    order of priority"""
    sub = ENGINE.from_json(new_game(P), "ann", 1, {"engineer": ["Salt Ward"]}).value
    assert sub is not None and sub.prioritized is False


def test_a_catalog_without_machines_still_makes_workbooks(tmp_path: Path) -> None:
    from events.alchemy.catalog import Catalog

    state = new_game(P)
    bare = replace(state, catalog=Catalog(state.catalog.materials, state.catalog.constructs, ()))
    write_templates(tmp_path / "x.xlsx", [ENGINE.template(bare, "ann", 1)], "test")
    assert openpyxl.load_workbook(tmp_path / "x.xlsx")[MACHINE_TAB]["A1"].value
