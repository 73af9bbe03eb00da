"""Duel words a new host meets from the command line (issue 36, the guides followed
literally): the players `duel new` refuses, and a move refused from the player to act."""

from __future__ import annotations

from pathlib import Path

import pytest

from festival.cli.main import main


@pytest.mark.parametrize(
    ("game", "players", "expected"),
    [
        ("element", "Ash", "Element needs 2 different players, and --players names 1 (Ash)"),
        ("element", "Ash,ash", "Element needs 2 different players, and ash is named twice"),
        ("halma", "Ann,Bo,Cy", "Elemental Halma needs 2 or 4 different players, and --players "
         "names 3 (Ann, Bo, Cy)"),
        ("alchelemental", "Light", "Alchelemental needs 2 different players"),
        ("elementarium", "Ash,Birch,Cedar", "Elementarium needs 2 different players"),
    ],
)  # fmt: skip
def test_duel_new_words_the_players_it_refuses_for_people(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, players: str, expected: str
) -> None:
    assert main(["duel", "new", str(tmp_path / "d"), "--game", game, "--players", players]) != 0
    err = capsys.readouterr().err
    assert expected in err
    assert 'the first starts (e.g. --players "' in err
    assert "[" not in err and "'" not in err  # no Python list


def test_a_refused_move_names_whose_turn_it_was_taken_as(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The README's `duel play` run twice by mistake: the second is Birch's turn."""
    duel = str(tmp_path / "my-duel")
    args = ["--game", "element", "--players", "Ash,Birch", "--seed", "7"]
    assert main(["duel", "new", duel, *args]) == 0
    turn = "take 1, earth K10, U, D, U, D, confirm"
    assert main(["duel", "play", duel, turn]) == 0
    capsys.readouterr()
    assert main(["duel", "play", duel, turn]) == 1
    err = capsys.readouterr().err
    assert "Nothing recorded for Birch, whose turn it is; " in err
    assert "you hold no earth stone" in err
