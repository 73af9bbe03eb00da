"""Hosting Elemental Halma through `festival duel ...`: two players or four, moves by
notation, JSON and workbook, undo before confirm, pictures, log, status, the sample duel and
the bots."""

from __future__ import annotations

import json
import re
from pathlib import Path

import openpyxl
import pytest

from events.halma.state import HalmaState
from festival.cli.main import main
from festival.core import palette
from festival.core.paths import fixture
from festival.duels.host import Duel


def state_of(folder: Path) -> HalmaState:
    d = Duel.open(folder)
    try:
        state: HalmaState = d.state()
        return state
    finally:
        d.close()


@pytest.fixture
def duel(tmp_path: Path) -> Path:
    folder = tmp_path / "halma"
    args = ["duel", "new", str(folder), "--game", "halma", "--players", "Ann,Bo"]
    assert main([*args, "--seed", "5"]) == 0
    return folder


def test_new_two_player_duel_play_undo_confirm(
    duel: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["duel", "play", str(duel), "C3-D4"]) == 0
    assert "Ann (Fire and Earth) has moved C3-D4: confirm or undo." in capsys.readouterr().out
    assert main(["duel", "undo", str(duel)]) == 0
    assert state_of(duel).pending is None
    assert main(["duel", "play", str(duel), "C3 DR, confirm"]) == 0
    assert state_of(duel).player == "Bo"
    assert main(["duel", "undo", str(duel)]) != 0
    assert "the turn is confirmed" in capsys.readouterr().err
    assert main(["duel", "play", str(duel), "C9-D8, confirm"]) == 0
    assert main(["duel", "status", str(duel)]) == 0
    out = capsys.readouterr().out
    assert "Ann (Fire and Earth) to move (turn 3)." in out


def test_an_illegal_move_records_nothing_and_names_the_rule(
    duel: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["duel", "play", str(duel), "C3-E5, confirm"]) == 1
    err = capsys.readouterr().err
    assert "halma.move.far" in err and "one square" in err
    assert state_of(duel).moves == 0


def test_moves_from_json_and_from_a_workbook(duel: Path, tmp_path: Path) -> None:
    turn = tmp_path / "turn.json"
    moves = [{"type": "move", "from": "C3", "to": "D4"}, {"type": "confirm"}]
    turn.write_text(json.dumps({"player": "Ann", "actions": moves}))
    assert main(["duel", "play", str(duel), "--from", str(turn)]) == 0
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["C9-D8", "confirm"])
    path = tmp_path / "bo.xlsx"
    book.save(path)
    assert main(["duel", "play", str(duel), "--from", str(path)]) == 0
    state = state_of(duel)
    assert state.moves == 2 and state.player == "Ann"


def test_four_players_in_turn_order(tmp_path: Path) -> None:
    folder = tmp_path / "four"
    args = ["duel", "new", str(folder), "--game", "halma", "--players", "Ann,Bo,Cy,Di"]
    assert main(args) == 0
    for text in ("C3-D4", "I3-H4", "I9-H8", "C9-D8"):
        assert main(["duel", "play", str(folder), f"{text}, confirm"]) == 0
    state = state_of(folder)
    assert state.moves == 4 and state.player == "Ann"


def test_three_players_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["duel", "new", str(tmp_path / "x"), "--game", "halma", "--players", "A,B,C"]
    assert main(args) != 0
    assert "needs 2 or 4 different players" in capsys.readouterr().err


def test_show_writes_pictures_with_planes_pieces_and_capturable_marks(
    duel: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["duel", "play", str(duel), "C3-D4, confirm"]) == 0
    png, svg = tmp_path / "b.png", tmp_path / "b.svg"
    assert main(["duel", "show", str(duel), "--png", str(png), "--svg", str(svg)]) == 0
    assert png.read_bytes()[:4] == b"\x89PNG"
    text = svg.read_text()
    for kind in ("plane-W", "plane-F", "plane-E", "plane-A", "power", "material"):
        assert f'data-kind="{kind}"' in text
    assert text.count('class="capturable"') == 1  # the Fire on D4 only
    assert text.count('class="last-turn"') == 2  # C3 and D4
    assert palette.EARTH in text and palette.FIRE in text  # the project palette's Earth, Fire
    out = capsys.readouterr().out
    assert " 4 .  .  .  .F" in out


def test_planes_are_lettered_apart_from_elementals(
    duel: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An empty Water plane square reads as the Water plane (w), never as an Air elemental
    (the rule text's plane label A): in the text board, whose key says what each character
    means, and in the picture, where elementals are upper case on discs."""
    svg = tmp_path / "b.svg"
    assert main(["duel", "show", str(duel), "--svg", str(svg)]) == 0
    out = capsys.readouterr().out
    assert " 9 ww ww ww ." in out and "11 ww ww ww ." in out  # the Water plane, empty
    assert " 1 ff ff ff" in out and "aa aa aa" in out and "ee ee ee" in out
    board = [line for line in out.splitlines() if line[:3].strip().isdigit()]
    assert not any(ch in "ABCD" for line in board for ch in line[4::3])  # no plane label
    assert "w f e a the elemental planes of Water, Fire, Earth, Air" in out
    assert "lower case: it cannot be captured where it stands" in out
    assert "Elementals played by Ann: Fire and Earth; Bo: Water and Air." in out
    text = svg.read_text()
    letters = re.findall(r'data-key="cell:plane-W">(\w)</text>', text)
    assert letters and set(letters) == {"w"}


def test_the_sample_duel_replays_to_its_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sample = json.loads(fixture("halma", "sample-duel.json").read_text())
    folder = tmp_path / "demo"
    assert main(["duel", "demo", str(folder), "--game", "halma"]) == 0
    out = capsys.readouterr().out
    assert "Winner: Ash & Cedar" in out and f"{len(sample['turns'])} turns" in out
    assert main(["duel", "log", str(folder)]) == 0
    assert "Winner: Ash & Cedar (uncapturable)" in capsys.readouterr().out


@pytest.mark.parametrize("kind", ["random", "mcts"])
def test_bots_play_a_whole_turn(duel: Path, kind: str) -> None:
    args = ["duel", "play", str(duel), "--bot", "Ann", "--bot-kind", kind, "--seconds", "0.1"]
    assert main(args) == 0
    state = state_of(duel)
    assert state.moves == 1 and state.player == "Bo"


def test_the_guides_halma_duel_runs_to_the_winner(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The duels guide's Elemental Halma duel (docs/duels-guide.md) runs as written."""
    from tests.support.doc_blocks import code_blocks, commands

    monkeypatch.chdir(tmp_path)
    for words in commands(code_blocks("docs/duels-guide.md", "## Elemental Halma")[0]):
        assert words[0] == "festival" and main(words[1:]) == 0, words
    out = capsys.readouterr().out
    assert "The duel is over: no Water elemental can be captured; Earth/Fire (Ash) wins." in out
    assert (tmp_path / "halma.png").stat().st_size > 1000
