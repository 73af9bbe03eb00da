"""What an engine writes into a workbook for a submission is what its parser reads back."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from events.continuum import ContinuumEngine
from events.engine import EventEngine
from festival.bots.alchemy import alchemy_bot
from festival.bots.continuum import continuum_bot
from festival.bots.summoners import summoners_bot
from sheets.xlsx_reader import read_workbook
from sheets.xlsx_writer import fill_workbook, write_templates
from tests.support import alchemy_kit, summoners_kit

PLAYERS = ["ann", "bob", "cy", "dee", "eve", "fay", "gus"]


def round_trip(tmp_path: Path, engine: EventEngine, state, player: str, data: object) -> None:  # type: ignore[type-arg, no-untyped-def]
    round_no = engine.next_round(state)
    sub = engine.from_json(state, player, round_no, data).value
    assert sub is not None
    path = tmp_path / f"{engine.name}-{round_no}.xlsx"
    write_templates(path, [engine.template(state, player, round_no)], "test")
    fill_workbook(path, engine.to_cells(state, sub))
    assert engine.parse(state, player, round_no, read_workbook(path)).value == sub


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_alchemy_cells_read_back(tmp_path: Path, seed: int) -> None:
    state = alchemy_kit.new_game(PLAYERS)
    engine = alchemy_kit.ENGINE
    data = alchemy_bot(engine.public_view(state), engine.private_view(state, "ann"), "ann", 1,
                       np.random.default_rng(seed))  # fmt: skip
    round_trip(tmp_path, engine, state, "ann", data)


@pytest.mark.parametrize("seed", [1, 2])
def test_continuum_cells_read_back(tmp_path: Path, seed: int) -> None:
    engine = ContinuumEngine()
    rng = np.random.default_rng(seed)
    state = engine.setup(PLAYERS, {}, rng)
    board = continuum_bot(engine.public_view(state), {}, "ann", 1, rng)
    round_trip(tmp_path, engine, state, "ann", board)
    subs = {p: engine.from_json(state, p, 1, board).value for p in PLAYERS}
    state, _ = engine.resolve_round(state, subs, rng)  # type: ignore[arg-type]
    bolts = continuum_bot(engine.public_view(state), {}, "ann", 2, rng)
    round_trip(tmp_path, engine, state, "ann", bolts)


def test_summoners_cells_read_back(tmp_path: Path) -> None:
    state = summoners_kit.new_game(PLAYERS)
    engine = summoners_kit.ENGINE
    data = summoners_bot(engine.public_view(state), engine.private_view(state, "ann"), "ann", 1,
                         np.random.default_rng(4))  # fmt: skip
    assert data["defence"]["towers"] and data["attack"]
    round_trip(tmp_path, engine, state, "ann", data)
