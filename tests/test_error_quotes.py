"""Error messages name the cell and quote at most ~80 characters of what is in it: a
32,000-character cell or a 300-digit number must not come back whole in every message."""

from __future__ import annotations

import numpy as np
import pytest

from events.continuum import ContinuumEngine
from events.continuum.layout import grid_of
from events.continuum.model import SetupSubmission
from events.engine import EventEngine
from events.errors import QUOTE_LIMIT, SubmissionProblem, quoted
from events.tables import CellValue, Grid, Workbook
from festival.match.roster import parse_roster
from tests.support import alchemy_kit, summoners_kit
from tests.support.continuum_boards import stripes
from tests.support.template_book import template_book

LONG = "a" * 32_000
DIGITS = "9" * 300
SHORT_MESSAGE = 300
"""what a message with one quoted cell may take at most (the words around it included)"""


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("Moonpetl", "'Moonpetl'"),
        ("a" * QUOTE_LIMIT, repr("a" * QUOTE_LIMIT)),
        (LONG, "'" + "a" * QUOTE_LIMIT + "…' (32000 characters)"),
        (DIGITS, "'" + "9" * QUOTE_LIMIT + "…' (300 characters)"),
        (12, "12"),
        (int(DIGITS), "9" * QUOTE_LIMIT + "… (300 digits)"),
        (-int(DIGITS), "-" + "9" * QUOTE_LIMIT + "… (300 digits)"),
        (10**5000, "a number of about 5001 digits"),
        (["x"] * 100, repr(["x"] * 100)[:QUOTE_LIMIT] + "… (500 characters)"),
    ],
    ids=[
        "short-text",
        "text-at-the-limit",
        "32000-characters",
        "300-digit-text",
        "small-number",
        "300-digit-number",
        "negative-300-digit-number",
        "number-too-long-to-print",
        "a-json-list",
    ],
)
def test_quoted_cuts_long_values_and_says_how_long_they_were(value: object, expected: str) -> None:
    assert quoted(value) == expected


def errors_of(engine: EventEngine, state: object, round_no: int, book: Workbook) -> list:  # type: ignore[type-arg]
    """Every error a round check would report: the parser's, else the rules' checks."""
    result = engine.parse(state, "ann", round_no, book)
    if result.value is None:
        return list(result.errors)
    return list(engine.validate(state, "ann", result.value))


CONTINUUM = ContinuumEngine()


def continuum_state(round_no: int) -> object:
    state = CONTINUUM.setup(["ann", "bob"], {}, np.random.default_rng(0))
    if round_no > 1:
        state, _ = CONTINUUM.resolve_round(
            state, {p: SetupSubmission(stripes()) for p in state.players}, np.random.default_rng(0)
        )
    return state


def board_cells() -> dict[str, CellValue]:
    from events.tables import cell_ref

    return {cell_ref(*grid_of(sq)): label for sq, label in stripes().layout().items()}


BOLT = {"B3": 1, "C3": "Fire", "D3": "A1"}
CASES = [
    # (event, round, tab -> cell -> value, the cell named, code)
    ("alchemy", 1, {"Harvest": {"B4": LONG}}, ("Harvest", "B4"), "alchemy.material"),
    ("alchemy", 1, {"Buy": {"A4": "Moonpetal", "B4": LONG}}, ("Buy", "B4"), "alchemy.number"),
    ("alchemy", 1, {"Buy": {"A4": "Moonpetal", "B4": DIGITS}}, ("Buy", "B4"), "alchemy.coins"),
    ("alchemy", 1, {"Engineer": {"B4": DIGITS}}, ("Engineer", "B4"), "alchemy.construct"),
    ("continuum", 1, {"Board": {"B3": LONG}}, ("Board", "B3"), "continuum.board.label"),
    ("continuum", 1, {"Wards": {"C3": LONG}}, ("Wards", "C3"), "continuum.wards.value"),
    ("continuum", 2, {"Bolts": BOLT | {"B3": LONG}}, ("Bolts", "B3"), "continuum.bolts.number"),
    ("continuum", 2, {"Bolts": BOLT | {"C3": DIGITS}}, ("Bolts", "C3"), "continuum.bolts.element"),
    ("summoners", 1, {"Shop": {"A4": LONG}}, ("Shop", "A4"), "summoners.tower"),
    ("summoners", 1, {"Shop": {"C4": DIGITS}}, ("Shop", "C4"), "summoners.upgrade"),
    ("summoners", 1, {"Attack": {"B2": LONG}}, ("Attack", "B2"), "summoners.target"),
    ("summoners", 1, {"Map 1": {"C3": LONG}}, ("Map 1", "C3"), "summoners.tower"),
]


@pytest.mark.parametrize(
    ("event", "round_no", "typed", "where", "code"),
    CASES,
    ids=[f"{c[3][0]}-{c[4]}-{'long' if LONG in str(c[2]) else 'digits'}" for c in CASES],
)
def test_an_error_about_a_huge_cell_stays_short_and_names_the_cell(
    event: str,
    round_no: int,
    typed: dict[str, dict[str, CellValue]],
    where: tuple[str, str | None],
    code: str,
) -> None:
    engine: EventEngine
    if event == "alchemy":
        engine, state = alchemy_kit.ENGINE, alchemy_kit.new_game(["ann", "bob", "cy"])
    elif event == "summoners":
        engine, state = summoners_kit.ENGINE, summoners_kit.new_game()
    else:
        engine, state = CONTINUUM, continuum_state(round_no)
        if round_no == 1:
            typed = {**typed, "Board": {**board_cells(), **typed.get("Board", {})}}
    errors: list[SubmissionProblem] = errors_of(
        engine, state, round_no, template_book(engine.template(state, "ann", round_no), typed)
    )
    mine = [e for e in errors if e.code == code and (e.tab, e.cell) == where]
    assert mine, [str(e) for e in errors]
    for e in errors:
        assert len(str(e)) < SHORT_MESSAGE, str(e)[:300]
    message = mine[0].message
    assert (
        "(32000 characters)" in message
        or "(300 characters)" in message
        or ("(300 digits)" in message or "(301 digits)" in message or "(302 digits)" in message)
    ), message


def test_roster_errors_quote_huge_cells_briefly() -> None:
    rows = [
        ["player", "first", "second", "garnets", "tiebreak", LONG],
        ["bob", LONG, "Alchemy", DIGITS + "x", LONG],
    ]
    roster, errors = parse_roster(Grid.from_rows("roster", rows))
    assert roster is None
    assert {e.cell for e in errors} == {"F1"}  # a bad header stops the reading there
    rows[0].pop()
    roster, errors = parse_roster(Grid.from_rows("roster", rows))
    assert {e.cell: e.code for e in errors} == {
        "B2": "roster.event",
        "D2": "roster.garnets",
        "E2": "roster.tiebreak",
    }
    for e in errors:
        assert len(str(e)) < SHORT_MESSAGE and "characters)" in e.message, str(e)[:300]
