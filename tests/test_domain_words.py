"""No front end's words in the match domain, the core or the lab: a refusal there is a value
with the facts (a round not resolved, an item that does not read, a job too large), and the
command line names its own flags for them, word for word as before."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from festival.cli.main import main
from festival.core.options import ItemRefused, catalog_files, engine_overrides, event_options
from festival.lab.job import FESTIVAL, MAX_GAMES, Job, JobError, TooManyGames, specs

ROOT = Path(__file__).resolve().parent.parent
FLAG = re.compile(r"(?<![\w-])--[a-z][a-z-]*")
PAGE_WORDS = ("reload the page", "click ", "tick the", "press the")


def spoken(path: Path) -> list[str]:
    """The strings a module can say (its docstrings aside: a string standing alone as a
    statement), each whole; a string that is one flag token alone is an argument handed to
    another program (`dask scheduler --host`)."""
    tree = ast.parse(path.read_text())
    docs = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            out.append("".join(v.value for v in node.values if isinstance(v, ast.Constant)))
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docs
            and not re.fullmatch(r"--[a-z][a-z-]*", node.value)
        ):
            out.append(node.value)
    return out


@pytest.mark.parametrize("package", ["match", "core", "lab"])
def test_no_flag_or_page_word_in_the_domains_and_the_core(package: str) -> None:
    said = [
        (path.name, text)
        for path in sorted((ROOT / "festival" / package).rglob("*.py"))
        for text in spoken(path)
        if FLAG.search(text) or any(w in text.lower() for w in PAGE_WORDS)
    ]
    assert said == []


@pytest.mark.parametrize(
    ("read", "items", "kind", "plain"),
    [
        (engine_overrides, ["nosuch=x:Y"], "engine", "'nosuch=x:Y': expected EVENT=module:Class"),
        (catalog_files, ["alchemy"], "catalog", "'alchemy': expected EVENT=FILE"),
        (catalog_files, ["alchemy=a.xlsx", "Alchemy=b.xlsx"], "catalog",
         "alchemy is given twice (a.xlsx and b.xlsx); give one catalog per event"),
        (event_options, ["alchemy.x"], "option", "'alchemy.x': expected EVENT.NAME=VALUE"),
    ],
)  # fmt: skip
def test_an_item_that_does_not_read_is_refused_with_its_kind(
    read: object, items: list[str], kind: str, plain: str
) -> None:
    with pytest.raises(ItemRefused) as caught:
        read(items)  # type: ignore[operator]
    assert caught.value.kind == kind and caught.value.said.startswith(plain)
    assert "--" not in str(caught.value)


def test_the_command_line_names_the_flag_of_a_refused_item(
    tmp_path: Path, roster_csv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = str(tmp_path / "m")
    given = ["new", folder, "--roster", str(roster_csv), "--catalog", "alchemy"]
    assert main(given) == 2
    assert capsys.readouterr().err == (
        "festival: error: --catalog 'alchemy': expected EVENT=FILE\n"
    )
    assert (
        main(["new", folder, "--roster", str(roster_csv), "--option", "a.b=1", "--engine", "x"])
        == 2
    )
    assert "festival: error: --engine 'x': expected EVENT=module:Class" in capsys.readouterr().err
    lab = ["simulate", "--event", "alchemy", "--games", "1", "--serial", "--quiet"]
    assert main([*lab, "--compare-catalog", "alchemy", "--out", str(tmp_path / "l")]) == 2
    assert "festival: error: --catalog 'alchemy': expected EVENT=FILE" in capsys.readouterr().err


def test_a_job_too_large_is_a_value_the_command_line_words_with_its_flag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(JobError) as caught:
        specs(Job(FESTIVAL, MAX_GAMES + 1, ("greedy",)))
    assert caught.value.problems == (TooManyGames(MAX_GAMES + 1),)
    assert "--" not in str(caught.value)
    lab = ["simulate", "--games", str(MAX_GAMES + 1), "--serial", "--quiet"]
    assert main([*lab, "--out", str(tmp_path / "l")]) == 2
    assert capsys.readouterr().err.endswith(
        f"festival: error: {MAX_GAMES + 1:,} games is more than one job plays ({MAX_GAMES:,}: "
        "results are held in memory); split the study into jobs with --seed\n"
    )


COMMAND = re.compile(r"`festival [a-z]")
"""a command line's command named (`festival check MATCH`): the front end names its own"""


@pytest.mark.parametrize("package", ["match", "core", "lab", "duels", "sample"])
def test_no_command_line_command_in_the_domains_and_the_core(package: str) -> None:
    said = [
        (path.name, text)
        for path in sorted((ROOT / "festival" / package).rglob("*.py"))
        for text in spoken(path)
        if COMMAND.search(text)
    ]
    assert said == []


def test_the_command_line_names_its_commands_where_the_core_does_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["status", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        f"festival: error: {tmp_path} is not a match folder (no match.sqlite); run `festival new`\n"
    )
    assert main(["duel", "status", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        f"festival: error: {tmp_path} is not a duel folder (no duel.sqlite); "
        "run `festival duel new`\n"
    )
