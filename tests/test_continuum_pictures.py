"""The public Elemental Continuum boards as pictures for the public post: drawn from the public
view only (broken tiles, wards that broke down), one per board."""

from __future__ import annotations

from typing import Any

import pytest

from events.continuum.picture import board_picture, public_pictures
from events.duel import PictureCell
from festival.duels.picture import png

BOARD = {
    "broken": ["C2", "B4", "H8"],
    "broken_down": [
        {"owner": "Wren", "element": "earth", "shape": "Y", "value": 6,
         "squares": ["B2", "B3", "B4", "C4", "B5"]},
    ],
}  # fmt: skip


def test_a_board_shows_its_broken_tiles_and_the_wards_that_broke_down_only() -> None:
    picture = board_picture("Wren", BOARD, 3)
    assert picture.caption == "Wren's board after round 3"
    assert picture.cols == tuple("ABCDEFGH") and picture.rows[0] == "8"
    cells = {(c.col, c.row): c for c in picture.cells}
    at = lambda name: ("ABCDEFGH".index(name[0]), 8 - int(name[1]))  # noqa: E731
    ward = {at(s) for s in ["B2", "B3", "B4", "C4", "B5"]}
    assert set(cells) == ward | {at("C2"), at("H8")}
    assert cells[at("B5")] == PictureCell(1, 3, "E", "6", 0, False), "worth on the top square"
    assert cells[at("B4")].kind == "E" and cells[at("B4")].marked
    assert cells[at("C2")] == PictureCell(2, 6, "broken", "", 0, True)
    assert png(picture)[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_engine_draws_the_public_view_and_nothing_else(monkeypatch: pytest.MonkeyPatch) -> None:
    from events.continuum.engine import ContinuumEngine

    view: dict[str, Any] = {
        "round": 2,
        "boards": {"Wren": BOARD, "Ash": {"broken": [], "broken_down": []}},
    }
    engine = ContinuumEngine()
    monkeypatch.setattr(engine, "public_view", lambda state: view)
    pictures = engine.public_pictures(object())  # type: ignore[arg-type]
    assert pictures == public_pictures(view)
    assert list(pictures) == ["Wren's board", "Ash's board"]
    assert pictures["Ash's board"].cells == ()
