"""Where a submission's parts were read (events/places.py): how a problem names them, and that
they never change a submission's value (#24 item 8)."""

from __future__ import annotations

import numpy as np
import pytest

from events.continuum import ContinuumEngine
from events.continuum.model import BoltsSubmission
from events.places import Place, Places, located
from tests.support.alchemy_kit import ENGINE, new_game


@pytest.mark.parametrize(
    ("places", "expected"),
    [
        ([], (None, None)),
        ([Place("Buy", "B5")], ("Buy", "B5")),
        ([Place("Harvest", c) for c in ("B6", "B4", "B5", "B9")], ("Harvest", "B4:B6, B9")),
        ([Place("Shop", c) for c in ("B4", "A4", "A5")], ("Shop", "A4:A5, B4")),
        ([Place("Buy", "B4"), Place("Machine", "B3")], (None, "Buy!B4, Machine!B3")),
        ([Place(None, "buy.Quartz"), Place(None, "machine")], (None, "buy.Quartz, machine")),
        ([Place("Attack", "B5:B26"), Place("Attack", "B5:B26")], ("Attack", "B5:B26")),
    ],
)
def test_a_problem_names_its_places_compactly(
    places: list[Place], expected: tuple[str | None, str | None]
) -> None:
    assert located(places) == expected


def test_a_submission_made_in_code_names_the_tab_alone() -> None:
    assert Places().where(["buy.Quartz"], "Buy") == ("Buy", None)
    assert Places().where(["target"], "Attack", "B2") == ("Attack", "B2")


def test_places_are_not_part_of_a_submissions_value() -> None:
    state = new_game(["ann", "bob"])
    data = {"buy": {"quartz": 2}, "machine": "Alembic"}
    read = ENGINE.from_json(state, "ann", 1, data).value
    assert read is not None and read.places.of(["buy.Quartz", "machine"])
    bare = ENGINE.from_json(state, "ann", 1, ENGINE.to_json(read)).value
    assert bare == read and hash(bare) == hash(read)
    assert ENGINE.to_json(read) == ENGINE.to_json(bare)
    assert "places" not in repr(read)


def test_continuum_names_where_the_rounds_input_goes_for_a_submission_of_the_wrong_kind() -> None:
    engine = ContinuumEngine()
    state = engine.setup(["ann", "bob"], {}, np.random.default_rng(0))
    (problem,) = engine.validate(state, "ann", BoltsSubmission(()))
    assert str(problem) == "ann: [continuum] Board!B3:I10: round 1 takes a board (continuum.round)"
