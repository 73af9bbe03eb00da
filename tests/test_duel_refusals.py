"""The duel domain never speaks a front end's words (issue 37): it refuses in typed values with
the facts (which player acts, a new duel's players, seed or board, a practice duel going on);
the command line names its flags (festival/cli/duel_words.py), the Discord bot its slash
commands (duel_replies.py), word for word as before."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from festival.bot.duel_replies import refusal_words as discord_words
from festival.cli.main import main
from festival.duels import service
from festival.duels.acts import HOST, Actor, HostRefused, NewDuel, Refusal, Refused
from festival.duels.origin import Origin, Via

ROOT = Path(__file__).resolve().parents[1]
FLAG = re.compile(r"(?<![\w-])--[a-z][a-z-]*")
SLASH = re.compile(r"(?<![\w/.])/[a-z]+\b")
"""a slash command, as a player types it on Discord (/resign), not a path (fixtures/x)"""
SPEAKING = sorted((ROOT / "festival" / "duels").glob("*.py"))


def _strings(path: Path) -> list[str]:
    """The string constants of a module that are not docstrings (what it may say)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    ]


@pytest.mark.parametrize("path", SPEAKING, ids=lambda p: p.name)
def test_a_duel_module_says_no_flag_or_slash_command(path: Path) -> None:
    said = [s for s in _strings(path) if FLAG.search(s) or SLASH.search(s)]
    assert said == []


@pytest.mark.parametrize(
    ("command", "refused"),
    [
        (NewDuel("element", ("Ash",)), Refused.PLAYERS),
        (NewDuel("element", ("Ash", "Birch"), seed=-1), Refused.SEED),
        (NewDuel("element", ("Ash", "Birch"), board="pit"), Refused.NO_BOARDS),
        (NewDuel("alchelemental", ("Ash", "Birch"), board="nowhere.json"), Refused.NOT_A_BOARD),
    ],
)
def test_a_new_duel_is_refused_in_a_typed_value_naming_no_flag(
    tmp_path: Path, command: NewDuel, refused: Refused
) -> None:
    with pytest.raises(HostRefused) as caught:
        service.begin(tmp_path / "d", command, HOST, Origin(Via.TEXT))
    assert caught.value.refusal.why is refused
    assert "--" not in str(caught.value)
    assert not (tmp_path / "d").exists()


def test_a_new_duel_is_the_hosts(tmp_path: Path) -> None:
    with pytest.raises(HostRefused) as caught:
        service.begin(
            tmp_path / "d", NewDuel("element", ("Ash", "Birch")), Actor("Ash"), Origin(Via.TEXT)
        )
    assert caught.value.refusal == Refusal(Refused.NOT_HOST)
    assert not (tmp_path / "d").exists()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--players", "Ash,Birch", "--seed", "-1"], "--seed must be a whole number >= 0"),
        (["--players", "Ash", "--seed", "1"], "and --players names 1 (Ash)"),
        (["--players", "Ash,Birch", "--board", "pit"], "--board pit: Element is not played on"),
    ],
)
def test_the_command_line_words_a_new_duels_refusal_with_its_flags(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    assert main(["duel", "new", str(tmp_path / "d"), *args]) == 2
    assert said in capsys.readouterr().err


def test_which_player_acts_is_asked_by_each_front_end_in_its_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "d"
    service.create(folder, "elementarium", None, {}, ["Ash", "Birch"], 5)
    done = service.dispatch(folder, service.Play("hold", host=True), HOST, Origin(Via.DESK))
    assert done.refused == Refusal(Refused.WHICH_PLAYER, waiting=("Ash", "Birch"))
    assert discord_words(done.refused) == "Say which player acts: Ash, Birch."
    assert main(["duel", "play", str(folder), "hold"]) == 2
    assert "say which player acts (--player): Ash, Birch" in capsys.readouterr().err
    assert service.log(folder).lines == ()


def test_a_practice_duel_going_on_is_refused_typed_and_the_bot_words_it() -> None:
    refusal = Refusal(Refused.PRACTISING, "Elemental Halma", what="Easy bot")
    assert "/" not in refusal.plain()
    assert discord_words(refusal) == (
        "You are playing Elemental Halma against Easy bot here already: /resign ends it."
    )
