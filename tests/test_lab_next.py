"""The lab's "Next:" commands run as printed and measure what the run measured: the same
catalog, options, strategies, seats and seeds, from the run itself and from `--from`; the
commands of docs/balance.md and docs/lab-guide.md run as printed; the sweep picture's legend
names only the colours it draws (issue #36, item 11)."""

from __future__ import annotations

import io
import shlex
import shutil
from pathlib import Path

import pandas as pd
import pytest
from PIL import Image

from festival.cli.lab_words import next_command
from festival.cli.main import main
from festival.lab.findings import Reports, next_step
from festival.lab.run_args import RunArgs
from festival.lab.sweep import Point, Sweep
from festival.lab.sweep_picture import BLUE, GREEN, RED, legend, png
from festival.lab.verdict import Verdict
from tests.support.doc_blocks import ROOT, section

CATALOG = ROOT / "fixtures" / "alchemy" / "catalog.xlsx"


def _next(out: str) -> list[str]:
    """The words of the last "Next:" command printed (after the words before it in a
    sweep's: "..., then measure every item again: festival simulate ...")."""
    line = [x for x in out.splitlines() if x.startswith("Next: ")][-1]
    command = "festival simulate " + line.split("festival simulate ", 1)[-1]
    words = shlex.split(command)
    assert words[:2] == ["festival", "simulate"], line
    return words[2:]


def _run(words: list[str], games: int, out: str, capsys: pytest.CaptureFixture[str]) -> str:
    """Run the command with fewer games, in this process; what it printed."""
    words = list(words)
    words[words.index("--games") + 1] = str(games)
    capsys.readouterr()
    assert main(["simulate", *words, "--serial", "--quiet", "--out", out]) == 0, words
    return capsys.readouterr().out


def _keeps(words: list[str], seed: str, catalog: str) -> None:
    assert words[words.index("--seed") + 1] == seed, words
    assert words[words.index("--catalog") + 1] == catalog, words


def test_every_next_command_keeps_the_runs_catalog_and_seeds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A run on a designer's catalog from seed 1001 points at paired arms, those at a sweep,
    the sweep at measuring again: each next command keeps --catalog and --seed and runs as
    printed; `--from` prints the same next command, from any folder."""
    monkeypatch.chdir(tmp_path)
    shutil.copy(CATALOG, "my.xlsx")
    first = ["--event", "alchemy", "--games", "30", "--seed", "1001",
             "--catalog", "alchemy=my.xlsx"]  # fmt: skip
    out = _run(first, 30, "r1", capsys)
    arms = _next(out)
    assert arms[:4] == ["--event", "alchemy", "--force-all", "alchemy"]
    _keeps(arms, "1001", "alchemy=my.xlsx")
    assert main(["simulate", "--from", "r1"]) == 0
    assert _next(capsys.readouterr().out) == arms
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    assert main(["simulate", "--from", "../r1"]) == 0
    elsewhere = _next(capsys.readouterr().out)  # the catalog found from here
    given = elsewhere[elsewhere.index("--catalog") + 1].removeprefix("alchemy=")
    assert Path(given).resolve() == tmp_path / "my.xlsx"
    monkeypatch.chdir(tmp_path)

    out = _run(arms, 30, "r2", capsys)
    swept = _next(out)
    assert swept[:3] == ["--event", "alchemy", "--sweep"]
    _keeps(swept, "1001", "alchemy=my.xlsx")
    assert main(["simulate", "--from", "r2"]) == 0
    assert _next(capsys.readouterr().out) == swept

    out = _run(swept, 30, "r3", capsys)  # enough to conclude (fewer: more games, below)
    assert "Next: set Bellows's cost in my.xlsx, then measure every item again:" in out
    again = _next(out)
    _keeps(again, "1001", "alchemy=my.xlsx")
    assert again.count("--catalog") == 1
    _run(again, 2, "r4", capsys)
    players = pd.read_parquet(tmp_path / "r4" / "players.parquet")
    assert int(players["seed"].min()) == 1001


def test_more_games_repeat_the_whole_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(CATALOG, "my.xlsx")
    run = ["--event", "alchemy", "--games", "2", "--seed", "5", "--seats", "5",
           "--mix", "greedy,random", "--catalog", "alchemy=my.xlsx", "--option",
           "summoners.reveal_invader=true", "--force", "alchemy:Bellows"]  # fmt: skip
    out = _run(run, 2, "small", capsys)
    more = _next(out)
    assert more == [
        "--event", "alchemy", "--mix", "greedy,random", "--seed", "5", "--seats", "5",
        "--catalog", "alchemy=my.xlsx", "--option", "summoners.reveal_invader=true",
        "--force", "alchemy:Bellows", "--games", "200", "--out", "small-200",
    ]  # fmt: skip
    _run(more, 2, "again", capsys)


def test_a_sweep_on_the_shipped_catalog_says_to_copy_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    out = _run(["--sweep", "alchemy.Bellows.cost=60..60:1", "--games", "30", "--seed", "7"], 30,
               "s", capsys)  # fmt: skip
    assert "Too small to conclude" not in out
    assert (
        "Next: set Bellows's cost in a copy of the shipped catalog (fixtures/alchemy/catalog"
        ".xlsx) saved as my-catalog.xlsx, then measure every item again: festival simulate "
        "--event alchemy --force-all alchemy --games 200 --seed 7 --catalog "
        "alchemy=my-catalog.xlsx"
    ) in out
    shutil.copy(CATALOG, "my-catalog.xlsx")
    _run(_next(out), 2, "measured", capsys)


def test_a_sweep_too_small_to_conclude_on_names_more_games_of_it_not_a_price(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A sweep too small to conclude on at every value sets no price: its next command is
    the same sweep with more games (and the run's strategies and seeds), which runs as
    printed; `--from` says the same."""
    monkeypatch.chdir(tmp_path)
    sweep = ["--sweep", "alchemy.Bellows.cost=40..80:40", "--games", "2", "--seed", "7",
             "--mix", "specialist,greedy"]  # fmt: skip
    out = _run(sweep, 2, "s", capsys)
    assert "Too small to conclude on Alchemy's Bellows cost: play more games (--games)." in out
    assert "set Bellows's cost" not in out and "measure every item again" not in out
    line = (
        "Next: play more games of the same sweep: festival simulate --sweep "
        "alchemy.Bellows.cost=40..80:40 --games 100 --mix specialist,greedy --seed 7"
    )
    assert out.strip().endswith(f"{line} --out s-100")
    assert main(["simulate", "--from", "s"]) == 0
    assert capsys.readouterr().out.strip().endswith(f"{line} --out s-100")
    again = _run(_next(out), 2, "s-100", capsys)  # as printed, with fewer games
    assert again.strip().endswith(f"{line} --out s-100")


def test_nothing_to_measure_points_at_the_charts_of_this_folder() -> None:
    empty = pd.DataFrame()
    r = Reports(100, "alchemy", empty, empty, empty, empty)
    said = next_command(next_step(r, [], None), RunArgs("alchemy"), "lab results")
    assert said == "festival simulate --dashboard 'lab results' (the charts of these results)"


def _point(value: int, worth: Verdict, share: Verdict) -> Point:
    return Point(value, 100, 5.0, 1.0, 9.0, 0.1, 0.05, 0.15, 0.125, worth, share)


IN, HIGH, SMALL = Verdict.IN_LINE, Verdict.ABOVE, Verdict.TOO_SMALL


@pytest.mark.parametrize(
    ("points", "named"),
    [
        ([(IN, IN), (IN, HIGH)], {"green", "red", "blue"}),  # a point to print is blue
        ([(IN, HIGH), (IN, HIGH)], {"red"}),
        ([(IN, HIGH), (SMALL, SMALL)], {"red", "blue"}),
        ([(SMALL, SMALL), (SMALL, SMALL)], {"blue"}),
        ([(IN, IN), (SMALL, SMALL)], {"green", "blue"}),
        ([(IN, IN), (IN, HIGH), (SMALL, SMALL)], {"green", "red", "blue"}),
    ],
)
def test_the_sweep_picture_names_the_colours_it_draws(
    points: list[tuple[Verdict, Verdict]], named: set[str]
) -> None:
    found = [_point(10 * (i + 1), w, s) for i, (w, s) in enumerate(points)]
    drawing = png(Sweep("alchemy", "Bellows", "cost", (10, 20, 30)), found)
    with Image.open(io.BytesIO(drawing)) as picture:
        drawn = {_hex(c) for _, c in picture.convert("RGB").getcolors(1 << 20) or []}
    colours = {"green": GREEN, "red": RED, "blue": BLUE}
    assert {name for name, c in colours.items() if c in drawn} == named
    text = legend(GREEN in drawn, drawn & {RED, BLUE})
    assert {name for name in colours if f"{name}:" in text} == named


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def test_the_balance_sessions_commands_and_next_lines_run_as_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/balance.md's session: each `$ festival simulate` and each "Next:" it shows, on 2
    games (the sweep on 2 seeds); the Next lines keep the session's seeds."""
    monkeypatch.chdir(tmp_path)
    shutil.copy(CATALOG, "my-catalog.xlsx")
    text = section("docs/balance.md", "## A designer's session")
    runs = [shlex.split(x[2:]) for x in text.splitlines() if x.startswith("$ festival simulate")]
    nexts = [_next(x) for x in text.splitlines() if x.startswith("Next: ")]
    assert len(runs) == 4 and len(nexts) == 2
    for i, words in enumerate([*[w[2:] for w in runs], *nexts]):
        assert "--seed" in words and words[words.index("--seed") + 1] == "1001", words
        if "--out" in words:
            words = words[: words.index("--out")] + words[words.index("--out") + 2 :]
        _run(words, 2, f"run-{i}", capsys)


def test_the_lab_guides_replay_runs_as_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    text = " ".join(section("docs/lab-guide.md", "## Design your own catalog").split())
    (command,) = [c for c in text.split("`") if c.startswith("festival simulate --replay")]
    assert main(shlex.split(command)[1:]) == 0, command
    assert "Wrote the festival of seed 17 to game-17" in capsys.readouterr().out


def test_the_lab_guides_step_3_next_keeps_its_mix_as_typed_and_its_compared_catalog(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Step 3 of the lab guide (fewer games): more games of it keep --compare-catalog and
    the --mix in the order typed."""
    monkeypatch.chdir(tmp_path)
    shutil.copy(CATALOG, "my-catalog.xlsx")
    step3 = ["--games", "4", "--mix", "greedy,cautious,specialist,random",
             "--compare-catalog", "alchemy=my-catalog.xlsx"]  # fmt: skip
    more = _next(_run(step3, 4, "lab-festivals", capsys))
    assert more == [
        "--mix", "greedy,cautious,specialist,random", "--compare-catalog",
        "alchemy=my-catalog.xlsx", "--games", "300", "--out", "lab-festivals-300",
    ]  # fmt: skip
