"""The public Elemental Continuum boards as pictures for the public post: drawn from the public
view only (broken tiles, wards that broke down), one per board with something on it, each
with a caption and a legend that says what every mark means (issue 36, item 6)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from events.continuum.engine import ContinuumEngine
from events.continuum.model import SetupSubmission
from events.continuum.picture import board_picture, public_pictures
from events.duel import PictureCell
from festival.cli.main import main
from festival.core.picture import legend_entries, png
from festival.match.match import Match
from festival.match.replay import states_after
from tests.support.continuum_boards import stripes

BOARD = {
    "broken": ["C2", "B4", "H8"],
    "broken_now": ["C2"],
    "broken_down": [
        {"owner": "Wren", "element": "earth", "shape": "Y", "value": 6,
         "squares": ["B2", "B3", "B4", "C4", "B5"]},
    ],
}  # fmt: skip


def at(name: str) -> tuple[int, int]:
    return "ABCDEFGH".index(name[0]), 8 - int(name[1])


def test_a_board_shows_its_broken_tiles_and_the_wards_that_broke_down_only() -> None:
    picture = board_picture("Wren", BOARD, 3)
    assert picture.caption == "Wren's board after round 3: 1 tile broke this round (outlined)"
    assert picture.cols == tuple("ABCDEFGH") and picture.rows[0] == "8"
    cells = {(c.col, c.row): c for c in picture.cells}
    ward = {at(s) for s in ["B2", "B3", "B4", "C4", "B5"]}
    assert set(cells) == ward
    assert cells[at("B5")] == PictureCell(1, 3, "E", "6"), "worth on the top square"
    assert cells[at("B4")] == PictureCell(1, 4, "E"), "a revealed ward's tiles are alike"
    assert picture.marks == {at("C2"), at("H8")}, "a cross on a broken tile, as the dashboard"
    assert picture.highlight == {at("C2")}, "the tile broken this round is outlined"
    assert png(picture)[:8] == b"\x89PNG\r\n\x1a\n"


def test_every_mark_has_one_legend_entry_in_words() -> None:
    texts = [e.text for e in legend_entries(board_picture("Wren", BOARD, 3))]
    assert texts == [
        "earth ward that broke down",
        "6: the ward is worth 6 points",
        "thick black outline: broke in round 3",
        "broken tile (its ward not revealed yet)",
    ]


def test_a_neutral_ward_is_not_drawn_in_the_wind_wards_colour() -> None:
    board = {
        "broken": ["D4", "E5", "F6", "A1", "A2", "A3"],
        "broken_down": [
            {"owner": "Zoë Ng", "element": "neutral", "shape": "neutral", "value": 1,
             "squares": ["D4", "E5", "F6", "H8"]},
            {"owner": "Zoë Ng", "element": "wind", "shape": "I", "value": 4,
             "squares": ["A1", "A2", "A3", "A4", "A5"]},
        ],
    }  # fmt: skip
    picture = board_picture("Zoë Ng", board, 4)
    entries = {e.text: e.colour for e in legend_entries(picture)}
    neutral, wind = entries["neutral ward that broke down"], entries["wind ward that broke down"]
    apart = max(abs(int(neutral[i : i + 2], 16) - int(wind[i : i + 2], 16)) for i in (1, 3, 5))
    assert apart >= 48, f"{neutral} and {wind} look alike"
    assert "1: the ward is worth 1 point" in entries


def test_the_engine_draws_the_public_view_and_leaves_out_empty_boards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view: dict[str, Any] = {
        "round": 2,
        "boards": {"Wren": BOARD, "Ash": {"broken": [], "broken_now": [], "broken_down": []}},
    }
    engine = ContinuumEngine()
    monkeypatch.setattr(engine, "public_view", lambda state: view)
    pictures = engine.public_pictures(object())  # type: ignore[arg-type]
    assert pictures == public_pictures(view)
    assert list(pictures) == ["Wren's board"]


def test_the_posts_pictures_round_by_round(tmp_path: Path, roster_csv: Path) -> None:
    """Round 1 sets the boards: nothing is public, so no picture (seven empty grids without a
    legend said nothing). Round 2 draws the boards where tiles broke, each tile that broke
    outlined; round 3, where nothing broke, outlines none."""
    m = tmp_path / "match"
    assert main(["new", str(m), "--roster", str(roster_csv), "--seed", "7"]) == 0
    assert main(["allocate", str(m)]) == 0
    match = Match.open(m)
    p = list(match.participants("continuum"))
    match.close()
    board = ContinuumEngine().to_json(SetupSubmission(stripes()))
    harmless = {"element": "Earth", "target": "A6"}
    rounds: list[dict[str, Any]] = [
        {x: {"continuum": board} for x in p},
        {x: {"continuum": {"bolts": [{"element": "Water", "target": "A1"}, harmless]}}
         for x in p[:1]} | {x: {"continuum": {"bolts": [harmless, harmless]}} for x in p[1:]},
        {x: {"continuum": {"bolts": [harmless, harmless]}} for x in p},
    ]  # fmt: skip
    files = {}
    for n, subs in enumerate(rounds, 1):
        path = tmp_path / f"round-{n}.json"
        path.write_text(json.dumps({"round": n, "submissions": subs}))
        assert main(["resolve", str(m), "--from", str(path)]) == 0
        out = tmp_path / f"posts-{n}"
        assert main(["announce", str(m), "--round", str(n), "--out", str(out)]) == 0
        files[n] = sorted(f.name for f in out.glob("*.png"))
    assert files[1] == []
    others = sorted(f"round-2-continuum-{x.lower()}-s-board.png" for x in p[1:])
    assert files[2] == others and files[3] == [n.replace("round-2", "round-3") for n in others]

    match = Match.open(m)
    engine = match.engine("continuum")
    for n, outlined in ((2, {at("A1")}), (3, set())):
        pictures = engine.public_pictures(states_after(match, n)["continuum"])
        for name, picture in pictures.items():
            assert picture.caption.startswith(f"{name} after round {n}: ")
            assert picture.highlight == outlined
            texts = [e.text for e in legend_entries(picture)]
            assert texts[-1] == "broken tile (its ward not revealed yet)"
            assert ("thick black outline: broke in round 2" in texts) == bool(outlined)
    match.close()
