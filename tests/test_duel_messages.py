"""The words `festival duel` says to hosts and players (issue #26): each says what it means,
names what it refuses, quotes once and counts as the player counts."""

from __future__ import annotations

from pathlib import Path

import pytest

from festival.cli.main import main
from festival.core import registry
from festival.duels.games import duel_game


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


@pytest.mark.parametrize(
    "game", [d.name for d in registry.duels() if not duel_game(d.name).simultaneous]
)
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


def test_halma_says_one_square_per_move_for_a_chain(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = new(tmp_path / "d", "halma", "Ann,Bob")
    capsys.readouterr()
    assert main(["duel", "play", str(folder), "H8-H9-H10"]) == 1
    err = capsys.readouterr().err
    assert "one square per move: write H8-H9, H9-H10" in err
    assert "is neither" not in err


@pytest.mark.parametrize(
    ("orders", "says", "not_said"),
    [
        ("b2-b4", "b2-b4 is not a field this piece may target: b4 is an obstacle", "jump"),
        ("c2-c4", "an F-unit does not move that way", "jump"),
        ("e2-e14", "e14 is off the board (a1 to k9)", "a field is off"),
    ],
)
def test_elementarium_gives_the_reason_and_names_the_field(
    orders: str, says: str, not_said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = new(tmp_path / "d", "elementarium", "Ann,Bob")
    capsys.readouterr()
    assert main(["duel", "play", str(folder), orders, "--player", "Ann"]) == 1
    err = capsys.readouterr().err
    assert says in err and not_said not in err


def test_show_says_whose_pieces_are_upper_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = new(tmp_path / "d", "elementarium", "Ann,Bob")
    capsys.readouterr()
    assert main(["duel", "show", str(folder)]) == 0
    assert "Upper case: Ann's pieces; lower case: Bob's." in capsys.readouterr().out


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("take 2 FW, fire B3, xyzzy C4", "action 3: 'xyzzy' is not a move"),
        ("take 2 FW, fire B3 river Q", "action 2: river 'q': river U, D, L or R?"),
        ("take 2 FW; fire B3 path", "action 2: path: the path is U/D/L/R steps"),
    ],
)
def test_element_errors_count_actions_as_the_player_wrote_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], typed: str, said: str
) -> None:
    """Issue #26: "an Element error counts words ("action 4: word 4") where the player counted
    actions"."""
    folder = tmp_path / "e"
    assert main(["duel", "new", str(folder), "--game", "element", "--players", "A,B"]) == 0
    capsys.readouterr()
    assert main(["duel", "play", str(folder), typed]) == 1
    err = capsys.readouterr().err
    assert said in err
    assert "word " not in err


def test_play_help_gives_each_games_own_example(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue #26: "`festival duel play --help` gives Element's example for every game"."""
    from festival.duels.games import hosted_game

    with pytest.raises(SystemExit):
        main(["duel", "play", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    for entry in registry.duels():
        assert entry.example, entry.name
        assert f'{entry.name}: "{entry.example}"' in said
        parsed = hosted_game(entry).parse_actions(entry.example)
        assert parsed.ok, (entry.name, parsed.errors)
