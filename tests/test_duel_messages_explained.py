"""Issue #36, items 8 to 10: what `festival duel` says to a host and players explains itself.
Each error numbers, names and quotes what the player wrote and says what to do; each text
board has a key; the order workbook counts turns and names the file it is."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from festival.cli.main import main

MINI = (
    "board=. . s . . / . f . . . / . . . . . / . . . . . / . . . . . / . . . . . / . . . . . "
    "/ . W . . . / W . S . ."
)


def new(folder: Path, game: str, players: str = "Ash,Birch", *extra: str) -> Path:
    command = ["duel", "new", str(folder), "--game", game, "--players", players, "--seed", "7"]
    assert main([*command, *extra]) == 0
    return folder


def refused(capsys: pytest.CaptureFixture[str], *command: str) -> str:
    capsys.readouterr()
    assert main(["duel", *command]) == 1
    return capsys.readouterr().err


@pytest.mark.parametrize(
    ("orders", "said"),
    [
        ("b8-b7, b8-b6", ("action 1: b8:", "action 2: b8:")),
        ("e2-e3, b8-b7", ("action 2: b8: b8 holds none of your units",)),
    ],
)
def test_elementarium_numbers_each_order_as_written(
    orders: str, said: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = new(tmp_path / "d", "elementarium")
    err = refused(capsys, "play", str(folder), orders, "--player", "Ash")
    for words in said:
        assert words in err


def test_orders_already_in_say_how_to_change_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = new(tmp_path / "d", "elementarium")
    assert main(["duel", "play", str(folder), "hold", "--player", "Ash"]) == 0
    err = refused(capsys, "play", str(folder), "e2-e3", "--player", "Ash")
    assert "your turn 1 orders are already in: to change them, undo them first" in err
    assert "until Birch's are in" in err


def test_a_play_that_resolves_the_turn_says_what_moved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = new(tmp_path / "d", "elementarium", "Ash,Birch", "--option", MINI)
    assert main(["duel", "play", str(folder), "b2-b5", "--player", "Ash"]) == 0
    assert "moved" not in capsys.readouterr().out  # sealed: nothing said yet
    assert main(["duel", "play", str(folder), "hold", "--player", "Birch"]) == 0
    out = capsys.readouterr().out
    assert "  Ash moved b2 to b5" in out
    assert out.index("Recorded: hold") < out.index("Ash moved") < out.index("Turn 2")


def test_a_bot_that_resolves_the_turn_says_what_moved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = new(tmp_path / "d", "elementarium", "Ash,Birch", "--option", MINI)
    capsys.readouterr()
    command = ["duel", "play", str(folder), "b2-b5", "--player", "Ash", "--bot", "Birch"]
    assert main([*command, "--bot-kind", "random"]) == 0
    out = capsys.readouterr().out
    assert "  Ash moved b2 to b5" in out
    assert out.index("Birch (random bot)") < out.index("Ash moved") < out.index("Turn 2")


def _order_workbook(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, Path]:
    folder = new(tmp_path / "d", "elementarium")
    assert main(["duel", "sheets", str(folder), "--out", str(tmp_path / "out")]) == 0
    capsys.readouterr()
    return folder, tmp_path / "out" / "Ash-turn1.xlsx"


def test_too_many_orders_name_their_cells(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, path = _order_workbook(tmp_path, capsys)
    book = openpyxl.load_workbook(path)
    sheet = book["Orders"]
    cells = []
    for row in range(2, sheet.max_row + 1):
        field = sheet.cell(row, 2).value
        if field in ("b2", "d2", "e2", "j2"):
            sheet.cell(row, 3).value = f"{field[0]}3"
            cells.append(f"C{row}")
    book.save(path)
    for command in (["play", str(folder), "--from", str(path)], ["resolve", str(folder)]):
        if command[0] == "resolve":
            command += ["--from", str(path.parent)]
        err = refused(capsys, *command)
        named = f"Ash, tab Orders, cells {', '.join(cells[:-1])} and {cells[-1]}: 4 moves ordered"
        assert named in err, err
        assert "action 1" not in err


def test_the_order_workbook_counts_turns_and_names_its_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, path = _order_workbook(tmp_path, capsys)
    readme = [row[0] for row in openpyxl.load_workbook(path)["README"].iter_rows(values_only=True)]
    text = "\n".join(str(line) for line in readme if line)
    assert "Turn: 1" in text and "Round" not in text
    assert "send the file back as Ash-turn1.xlsx" in text
    assert "Ash.xlsx" not in text


def test_halma_says_why_a_move_onto_the_material_plane_does_not_reach(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = new(tmp_path / "d", "halma")
    err = refused(capsys, "play", str(folder), "C3-F6")
    assert "C3-F6: F6 is part of the material plane M, which is not next to C3" in err
    assert "(next to C3: B2, C2, D2, B3, D3, B4, C4, D4)" in err
    assert "M: M is" not in err


@pytest.mark.parametrize("typed", ["take 9", "take"])
def test_element_quotes_the_rule_on_taking_stones(
    typed: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = new(tmp_path / "d", "element")
    err = refused(capsys, "play", str(folder), typed)
    assert "[On your turn, you must first specify a number of stones you will take." in err
    assert "Place stones by" not in err


def test_element_says_whose_moves_are_used_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = new(tmp_path / "d", "element")
    err = refused(capsys, "play", str(folder), "take 2 FF, U, U, U, U")
    assert (
        "action 5: your sage (now on F2) has no move left: all 3 moves that taking 2 stones "
        "allows this turn are made"
    ) in err


def test_the_element_board_says_whose_sage_is_which(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = new(tmp_path / "d", "element")
    capsys.readouterr()
    assert main(["duel", "show", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "1: Ash's sage; 2: Birch's sage." in out
    assert "Stones: F fire, W water, E earth, A air" in out


def test_the_alchelemental_board_names_units_whole_and_places_them_as_players_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = new(tmp_path / "d", "alchelemental", "Light,Dark")
    assert main(["duel", "play", str(folder), "call gnome water L R4, move R"]) == 0
    capsys.readouterr()
    assert main(["duel", "show", str(folder)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == [str(c) for c in range(1, 9)]
    board = "\n".join(lines[1:9])
    assert "Lfirepower" in board and "Lgnome" in board and "Dwaterpower" in board
    assert any(line.startswith("Light gnome on R4 hex 2: ") for line in lines)
    assert not any(" on 4.2" in line for line in lines)
    assert "L: Light's unit; D: Dark's unit (its whole name after the letter)." in lines
