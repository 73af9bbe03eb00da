"""Domains never speak a front end's words (issue 37): the duel domain, the lab and the core's
reading of engines, catalogs and options refuse in typed values with the facts; the command
line names its flags (festival/cli/duel_words.py, setting_words.py, lab_words.py), the Discord
bot its slash commands (festival/discord/duel_replies.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from festival.cli.main import main
from festival.core.options import Setting, SettingRefused, catalog_files
from festival.discord.duel_replies import refusal_words as discord_words
from festival.duels import service
from festival.duels.acts import HOST, Actor, HostRefused, NewDuel, Refusal, Refused
from festival.duels.origin import Origin, Via
from festival.lab.job import MAX_GAMES, Job, JobError, TooManyGames, specs

ROOT = Path(__file__).resolve().parents[1]
SPEAKING = [
    *sorted((ROOT / "festival" / "duels").glob("*.py")),
    ROOT / "festival" / "lab" / "job.py",
    ROOT / "festival" / "core" / "options.py",
]


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


@pytest.mark.parametrize("path", SPEAKING, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_domain_module_says_no_flag_of_the_command_line(path: Path) -> None:
    said = [s for s in _strings(path) if " --" in f" {s}" and "--" in s]
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


def test_a_setting_that_cannot_be_read_is_typed_and_the_command_line_names_its_flag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SettingRefused) as caught:
        catalog_files(["alchemy=a.xlsx", "Alchemy=b.xlsx"])
    assert caught.value.setting is Setting.CATALOG and "--" not in str(caught.value)
    roster = tmp_path / "roster.csv"
    roster.write_text("player\n" + "\n".join(f"P{i}" for i in range(10)) + "\n")
    args = ["new", str(tmp_path / "m"), "--roster", str(roster), "--catalog", "nosuch=x.xlsx"]
    assert main(args) == 2
    assert (
        "festival: error: --catalog 'nosuch=x.xlsx': expected EVENT=FILE" in capsys.readouterr().err
    )


def test_a_job_of_too_many_games_is_typed_and_the_command_line_says_split_it_by_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(JobError) as caught:
        specs(Job("alchemy", MAX_GAMES + 1, ("greedy",)))
    assert caught.value.problems == (TooManyGames(MAX_GAMES + 1),)
    assert "--" not in str(caught.value)
    out = tmp_path / "r"
    args = ["simulate", "--event", "alchemy", "--games", str(MAX_GAMES + 1), "--serial"]
    assert main([*args, "--quiet", "--out", str(out)]) == 2
    assert "split the study into jobs with --seed" in capsys.readouterr().err
    assert not out.exists()
