"""Helpers for Alchemy tests: the shipped catalog, games, and filling workbooks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache
from typing import Any

import numpy as np

from events.alchemy import AlchemyEngine
from events.alchemy.model import AlchemyState, AlchemySubmission
from festival.core.paths import fixture
from sheets.xlsx_reader import read_workbook

ENGINE = AlchemyEngine()


@cache
def catalog_json() -> dict[str, Any]:
    content, errors = ENGINE.load_catalog(read_workbook(fixture("alchemy", "catalog.xlsx")))
    assert not errors, errors
    return content  # type: ignore[no-any-return]


def new_game(players: Sequence[str]) -> AlchemyState:
    return ENGINE.setup(players, {"catalog": catalog_json()}, np.random.default_rng(0))


def with_stock(state: AlchemyState, player: str, **stock: int) -> AlchemyState:
    """The state with `player` holding these materials (underscores for spaces)."""
    books = dict(state.books)
    held = {k.replace("_", " "): v for k, v in stock.items()}
    books[player] = replace(books[player], stock={**books[player].stock, **held})
    return replace(state, books=books)


def with_machines(state: AlchemyState, player: str, *machines: str) -> AlchemyState:
    books = dict(state.books)
    books[player] = replace(books[player], machines=(*books[player].machines, *machines))
    return replace(state, books=books)


def play(state: AlchemyState, subs: Mapping[str, AlchemySubmission], seed: int = 1) -> AlchemyState:
    full = {p: subs.get(p, AlchemySubmission()) for p in state.players}
    for p, sub in full.items():
        errors = ENGINE.validate(state, p, sub)
        assert not errors, errors
    new, _ = ENGINE.resolve_round(state, full, np.random.default_rng(seed))
    return new


def fill_workbook(path: object, data: Mapping[str, Any]) -> None:
    """Write an Alchemy canonical JSON submission into a generated workbook's cells."""
    import openpyxl

    from events.alchemy import layout as L

    book = openpyxl.load_workbook(path)  # type: ignore[arg-type]
    for i, material in enumerate(data.get("harvest", [])):
        book[L.HARVEST_TAB].cell(L.FIRST_ROW + i + 1, L.HARVEST_COL + 1, material)
    for i, (material, qty) in enumerate(data.get("buy", {}).items()):
        book[L.BUY_TAB].cell(L.FIRST_ROW + i + 1, L.BUY_MATERIAL_COL + 1, material)
        book[L.BUY_TAB].cell(L.FIRST_ROW + i + 1, L.BUY_QTY_COL + 1, qty)
    if data.get("machine"):
        book[L.MACHINE_TAB].cell(
            L.MACHINE_BUY_CELL[0] + 1, L.MACHINE_BUY_CELL[1] + 1, data["machine"]
        )
    for i, (machine, times) in enumerate(data.get("convert", {}).items()):
        book[L.MACHINE_TAB].cell(L.CONVERT_FIRST_ROW + i + 1, L.CONVERT_MACHINE_COL + 1, machine)
        book[L.MACHINE_TAB].cell(L.CONVERT_FIRST_ROW + i + 1, L.CONVERT_TIMES_COL + 1, times)
    for i, construct in enumerate(data.get("engineer", [])):
        if data.get("priority", True):
            book[L.ENGINEER_TAB].cell(L.FIRST_ROW + i + 1, L.PRIORITY_COL + 1, i + 1)
        book[L.ENGINEER_TAB].cell(L.FIRST_ROW + i + 1, L.CONSTRUCT_COL + 1, construct)
    book.save(path)  # type: ignore[arg-type]
