"""The words `festival duel` says to hosts and players (issue #26): each says what it means,
names what it refuses, quotes once and counts as the player counts."""

from __future__ import annotations

from pathlib import Path

import pytest

from festival.cli.main import main


def new(folder: Path, game: str, players: str) -> Path:
    assert (
        main(["duel", "new", str(folder), "--game", game, "--players", players, "--seed", "1"]) == 0
    )
    return folder


def test_a_refused_input_says_what_kept_means(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = new(tmp_path / "d", "halma", "Ann,Bob")
    capsys.readouterr()
    assert main(["duel", "play", str(folder), "Z99-Z98"]) == 1
    err = capsys.readouterr().err
    assert "what was typed is kept in the duel's log as input 1" in err
    assert "input 1 kept" not in err


@pytest.mark.parametrize("game", ["element", "halma", "alchelemental"])
def test_the_wrong_player_is_named_with_one_pair_of_quotes(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = new(tmp_path / "d", game, "Ann,Bob")
    capsys.readouterr()
    assert main(["duel", "play", str(folder), "confirm", "--player", "Bob"]) == 1
    err = capsys.readouterr().err
    assert "it is Ann's turn, not Bob's" in err
    assert "'Bob''s" not in err


def test_a_team_game_status_shows_the_teams(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = new(tmp_path / "d", "halma", "Ann,Bob,Cy,Di")
    capsys.readouterr()
    assert main(["duel", "status", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "Ann & Cy vs Bob & Di" in out


def test_a_two_player_status_is_one_against_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = new(tmp_path / "d", "halma", "Ann,Bob")
    capsys.readouterr()
    assert main(["duel", "status", str(folder)]) == 0
    assert "Ann vs Bob (" in capsys.readouterr().out


def test_the_elementarium_demo_counts_turns_as_the_game_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Both players' sealed orders make one turn: the sample's 106 orders are 53 turns."""
    assert main(["duel", "demo", str(tmp_path / "d"), "--game", "elementarium"]) == 0
    out = capsys.readouterr().out
    assert "53 turns." in out
