"""Hosting Alchelemental through `festival duel ...`: new on either board or a board file,
catalyses by notation and JSON, undo before confirm, the desk's show, log, status, a bot's turn
and the shipped sample duel."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from festival.cli.main import main
from festival.core import paths
from festival.core.paths import fixture
from festival.duels.host import Duel

PIT_DATA = json.loads(fixture("alchelemental", "pit.json").read_text())
"""the shipped Duelling Pit, which a host starts a board file of their own from"""


def new(tmp_path: Path, *extra: str) -> Path:
    folder = tmp_path / "alch"
    args = ["duel", "new", str(folder), "--game", "alchelemental", "--players", "Light,Dark"]
    assert main([*args, "--seed", "3", *extra]) == 0
    return folder


def state_of(folder: Path) -> object:
    d = Duel.open(folder)
    try:
        return d.state()
    finally:
        d.close()


@pytest.mark.parametrize(("board", "rows"), [("pit", 8), ("battleground", 16)])
def test_new_on_either_board(tmp_path: Path, board: str, rows: int) -> None:
    folder = new(tmp_path, "--board", board)
    s = state_of(folder)
    assert s.board.n_rows == rows and s.player == "Light"  # type: ignore[attr-defined]


def test_a_board_file_is_recorded_and_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "mine.json"
    good.write_text(json.dumps(PIT_DATA | {"name": "mine"}))
    folder = new(tmp_path, "--board", str(good))
    assert state_of(folder).board.name == "mine"  # type: ignore[attr-defined]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(PIT_DATA | {"nodes": {"light": ["R1L", "R6"], "dark": ["R3", "R6"]}}))
    args = ["duel", "new", str(tmp_path / "b"), "--game", "alchelemental", "--players", "A,B"]
    assert main([*args, "--board", str(bad)]) == 2
    assert "nodes on Earth and Earth hexes" in capsys.readouterr().err


@pytest.fixture
def shipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the shipped files for a host to edit, read by festival in their place."""
    copied = tmp_path / "fixtures"
    shutil.copytree(paths.FIXTURES / "alchelemental", copied / "alchelemental")
    monkeypatch.setattr(paths, "FIXTURES", copied)
    return copied / "alchelemental"


def test_the_unit_file_a_host_edits_is_the_one_the_game_plays(
    shipped: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The units are fixtures/alchelemental/units.json as it is (issue 37: the data ship once,
    read through the game's registry entry): an alias added there reads in the notation, and
    a broken file is named, with its problem, by every command."""
    units = json.loads((shipped / "units.json").read_text())
    gnome = next(u for u in units["units"] if u["name"] == "gnome")
    gnome["aliases"] = ["gnomey"]
    (shipped / "units.json").write_text(json.dumps(units))
    folder = new(tmp_path, "--board", "pit")
    assert main(["duel", "play", str(folder), "call gnomey water L R4, move R"]) == 0
    assert "Light gnome on R4 hex 2" in (capsys.readouterr().out + show(folder, capsys))

    del gnome["faces"]
    (shipped / "units.json").write_text(json.dumps(units))
    assert main(["duel", "status", str(folder)]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert f"{shipped / 'units.json'}: unit 17 (gnome): faces must be six letters" in err, err
    assert "pit.json" not in err, err


def show(folder: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["duel", "show", str(folder)]) == 0
    return capsys.readouterr().out


def test_play_undo_confirm_show_log_status(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = new(tmp_path, "--board", "pit")
    assert main(["duel", "play", str(folder), "call gnome water L R4, move R"]) == 0
    assert main(["duel", "undo", str(folder)]) == 0
    assert main(["duel", "play", str(folder), "move R, select firepower, confirm"]) == 0
    capsys.readouterr()
    assert main(["duel", "undo", str(folder)]) != 0 or "confirmed" in capsys.readouterr().err
    assert main(["duel", "show", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "Light gnome on R4 hex 2: R:E DR:F DL:E L:W UL:E UR:F" in out
    assert "Dark to play (turn 2, 0 of 2 catalyses begun)" in out
    assert main(["duel", "log", str(folder)]) == 0
    log = capsys.readouterr().out
    assert "call gnome water L R4" in log and "undone: Light: move R" in log
    assert main(["duel", "status", str(folder)]) == 0


def test_turn_json_file(tmp_path: Path) -> None:
    folder = new(tmp_path, "--board", "pit")
    turn = tmp_path / "turn.json"
    turn.write_text(json.dumps([
        {"type": "call", "unit": "gnome", "facings": [["W", ["L"]]], "at": "R4"},
        {"type": "select", "unit": "firepower"}, {"type": "confirm"},
    ]))  # fmt: skip
    assert main(["duel", "play", str(folder), "--from", str(turn)]) == 0
    assert state_of(folder).player == "Dark"  # type: ignore[attr-defined]


def test_bad_input_is_kept_and_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = new(tmp_path, "--board", "pit")
    assert main(["duel", "play", str(folder), "call gnome water L R3, move R"]) == 1
    assert "you cannot call to R3" in capsys.readouterr().err
    d = Duel.open(folder)
    try:
        assert d.store.step_count() == 0
    finally:
        d.close()


def test_random_bot_plays_a_turn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = new(tmp_path, "--board", "pit")
    assert main(["duel", "play", str(folder), "select firepower, select earthpower, confirm"]) == 0
    assert main(["duel", "play", str(folder), "--bot", "Dark", "--bot-kind", "random"]) == 0
    assert "Light to play" in capsys.readouterr().out


@pytest.mark.slow
def test_sample_duel_plays_to_its_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The shipped sample duel is complete: `festival duel demo --game alchelemental`."""
    sample = json.loads(fixture("alchelemental", "sample-duel.json").read_text())
    assert sample["game"] == "alchelemental"
    assert main(["duel", "demo", str(tmp_path / "demo"), "--game", "alchelemental"]) == 0
    out = capsys.readouterr().out
    assert "Winner: Dark" in out


def test_turn_from_a_workbook(tmp_path: Path) -> None:
    """A player's catalyses typed one per cell of a workbook."""
    from openpyxl import Workbook

    folder = new(tmp_path, "--board", "pit")
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for row in (["call gnome water L R4", "move R"], ["select firepower"], ["confirm"]):
        sheet.append(row)
    path = tmp_path / "turn.xlsx"
    book.save(path)
    assert main(["duel", "play", str(folder), "--from", str(path)]) == 0
    s = state_of(folder)
    assert s.player == "Dark" and s.piece(0, "gnome").hex == 25  # type: ignore[attr-defined]
