"""Every parser, fed generated bad input of each class a careless or hostile player sends:
a coded error naming the player (and the tab and cell for workbooks), never an exception."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events.continuum import ContinuumEngine
from events.engine import EventEngine
from events.errors import ParseResult
from events.tables import CellValue, Grid, parse_cell_ref
from festival.bots.alchemy import alchemy_bot
from festival.bots.continuum import continuum_bot
from festival.bots.summoners import summoners_bot
from sheets.limits import MAX_CELL_CHARS
from tests.support import alchemy_kit, summoners_kit

PLAYERS = ["ann", "bob", "cy", "dee", "eve", "fay", "gus"]
AnyEngine = EventEngine[Any, Any]


def _alchemy() -> tuple[AnyEngine, Any, dict[str, Any]]:
    state = alchemy_kit.new_game(PLAYERS)
    engine = alchemy_kit.ENGINE
    rng = np.random.default_rng(1)
    data = alchemy_bot(engine.public_view(state), engine.private_view(state, "ann"), "ann", 1, rng)
    return engine, state, data


def _continuum_board() -> tuple[AnyEngine, Any, dict[str, Any]]:
    engine = ContinuumEngine()
    rng = np.random.default_rng(2)
    state = engine.setup(PLAYERS, {}, rng)
    return engine, state, continuum_bot(engine.public_view(state), {}, "ann", 1, rng)


def _continuum_bolts() -> tuple[AnyEngine, Any, dict[str, Any]]:
    engine, state, board = _continuum_board()
    rng = np.random.default_rng(3)
    subs = {p: engine.from_json(state, p, 1, board).value for p in PLAYERS}
    state, _ = engine.resolve_round(state, subs, rng)
    return engine, state, continuum_bot(engine.public_view(state), {}, "ann", 2, rng)


def _summoners() -> tuple[AnyEngine, Any, dict[str, Any]]:
    state = summoners_kit.new_game(PLAYERS)
    engine = summoners_kit.ENGINE
    rng = np.random.default_rng(4)
    data = summoners_bot(
        engine.public_view(state), engine.private_view(state, "ann"), "ann", 1, rng
    )
    return engine, state, data


GAMES: dict[str, Callable[[], tuple[AnyEngine, Any, dict[str, Any]]]] = {
    "alchemy": _alchemy,
    "continuum-board": _continuum_board,
    "continuum-bolts": _continuum_bolts,
    "summoners": _summoners,
}
_BUILT: dict[
    str, tuple[AnyEngine, Any, dict[str, Any], dict[str, Grid], list[tuple[str, int, int]]]
] = {}


def _game(
    name: str,
) -> tuple[AnyEngine, Any, dict[str, Any], dict[str, Grid], list[tuple[str, int, int]]]:
    """The engine, state, a valid submission's JSON, its filled workbook as grids, and every
    input cell of the template."""
    if name not in _BUILT:
        engine, state, data = GAMES[name]()
        round_no = engine.next_round(state)
        sub = engine.from_json(state, "ann", round_no, data).value
        assert sub is not None
        template = engine.template(state, "ann", round_no)
        filled = engine.to_cells(state, sub)
        book: dict[str, Grid] = {}
        inputs: list[tuple[str, int, int]] = []
        for tab in template.tabs:
            cells = dict(tab.cells)
            cells.update(filled.get(tab.name, {}))
            book[tab.name] = Grid.from_cells(tab.name, cells)
            first, _, last = tab.input_range.partition(":")
            (r0, c0), (r1, c1) = parse_cell_ref(first), parse_cell_ref(last or first)
            inputs += [(tab.name, r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]
        _BUILT[name] = (engine, state, data, book, inputs)
    return _BUILT[name]


BAD_CELLS: list[CellValue] = [
    "9" * MAX_CELL_CHARS,  # a number as long as a cell may hold
    "-" + "9" * 300,
    "x" * MAX_CELL_CHARS,
    -1,
    -1.5,
    0,
    0.5,
    1e308,
    math.inf,
    math.nan,
    True,
    "=1+1",
    "\x00\x1b[2J",
    "Ω≈ç√∫˜µ≤≥÷ 🎲",
    "2026-11-23",
    "   ",
    "1,000",
    "1e5",
    "٣",  # an Arabic-Indic digit three
    "NaN",
]


def _check(result: ParseResult[Any], workbook: bool) -> None:
    assert result.ok or result.errors
    for error in result.errors:
        assert error.code and error.player == "ann"
        assert len(error.message) < 400, error.message
        if workbook and error.code not in ("nothing-submitted",):
            assert error.tab, error


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(sorted(GAMES)),
    picks=st.lists(st.tuples(st.integers(0, 10_000), st.sampled_from(BAD_CELLS)), max_size=4),
)
def test_bad_cells_give_coded_errors_never_exceptions(
    game: str, picks: list[tuple[int, CellValue]]
) -> None:
    engine, state, _, book, inputs = _game(game)
    tabs = {name: dict(grid.cells) for name, grid in book.items()}
    for index, value in picks:
        tab, r, c = inputs[index % len(inputs)]
        tabs[tab][(r, c)] = value
    workbook = {name: Grid.from_cells(name, cells) for name, cells in tabs.items()}
    round_no = engine.next_round(state)
    result = engine.parse(state, "ann", round_no, workbook)
    _check(result, workbook=True)
    if result.value is not None:
        for error in engine.validate(state, "ann", result.value):
            assert error.code and error.player == "ann"


_JSON_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**15), 10**15),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
    st.sampled_from(["9" * 400, "", "Moonpetal", "A1", "N"]),
)
_JSON = st.recursive(
    _JSON_LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(game=st.sampled_from(sorted(GAMES)), junk=_JSON, key=st.text(max_size=12))
def test_bad_json_gives_coded_errors_never_exceptions(game: str, junk: Any, key: str) -> None:
    """The canonical JSON form, with any value anywhere: whole, and put under one key."""
    engine, state, data, _, _ = _game(game)
    round_no = engine.next_round(state)
    _check(engine.from_json(state, "ann", round_no, junk), workbook=False)
    keys = sorted(data) or [key]
    changed = dict(data)
    changed[keys[len(key) % len(keys)]] = junk
    result = engine.from_json(state, "ann", round_no, changed)
    _check(result, workbook=False)
    if result.value is not None:
        for error in engine.validate(state, "ann", result.value):
            assert error.code and error.player == "ann"
