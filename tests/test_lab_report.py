"""The balance reports: intervals, paired item values, flags, catalog comparison, the page.

Synthetic tables with known answers check the arithmetic; a small real run checks the page.
"""

from __future__ import annotations

import math
import re
import shutil
from pathlib import Path

import openpyxl
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from dashboard.lab_charts import interval_chart
from festival.cli.main import main
from festival.core.paths import fixture
from festival.lab import report
from festival.lab.job import BASELINE
from tests.support.patience import PATIENCE

APP = str(Path(__file__).resolve().parent.parent / "dashboard" / "app.py")


@pytest.mark.parametrize(
    ("wins", "n", "low", "high"),
    [
        (0, 10, 0.0, 0.2775),  # Wilson's interval never leaves [0, 1]
        (5, 10, 0.2366, 0.7634),
        (63, 100, 0.5322, 0.7182),
    ],
)
def test_wilson_interval_known_values(wins: int, n: int, low: float, high: float) -> None:
    lo, hi = report.wilson(wins, n)
    assert lo == pytest.approx(low, abs=1e-4) and hi == pytest.approx(high, abs=1e-4)


def _rows(seed: int, force: str, score: float, applied: bool = True) -> dict[str, object]:
    return {"game": f"alchemy|A|{force}|{seed}", "seed": seed, "kind": "alchemy",
            "catalog": "A", "force": force, "forced_applied": applied, "player": "P01",
            "seat": 0, "strategy": "greedy", "alchemy_rank": 1, "alchemy_score": score}  # fmt: skip


def test_item_value_is_the_mean_paired_difference_on_the_same_seeds() -> None:
    """Pairs join on the seed; a seed where the item could not be bought is left out."""
    rows = [_rows(s, BASELINE, 100 + s) for s in range(36)]
    rows += [_rows(s, "alchemy:Bellows", 100 + s + 10 + (s % 2)) for s in range(36)]
    rows += [_rows(s, "alchemy:Alembic", 100 + s - 20 - (s % 3)) for s in range(35)]
    rows += [_rows(35, "alchemy:Alembic", 999, applied=False)]
    values = report.item_values(pd.DataFrame(rows)).set_index("item")
    assert values.loc["Bellows", "value"] == pytest.approx(10.5)
    assert values.loc["Bellows", "pairs"] == 36
    assert values.loc["Alembic", "pairs"] == 35
    assert values.loc["Alembic", "value"] == pytest.approx(-20 - 34 / 35)
    assert values.loc["Alembic", "flag"] == "worth less than nothing"
    # the median (-5.2) is below 0, so "over twice the median" means above 0
    assert values.loc["Bellows", "flag"] == "worth over twice the median"


def test_strategy_flags_name_the_strategy_that_wins_too_often() -> None:
    """ "no single strategy wins more than twice its fair share" is what the flag checks."""
    rows = []
    for g in range(60):
        for seat, strategy in enumerate(("greedy", "cautious", "random", "random")):
            rank = seat + 1 if g % 10 else 4 - seat  # greedy first in 9 games of 10
            row = {"game": str(g), "seed": g, "kind": "alchemy", "catalog": "A"}
            rows.append({**row, "force": BASELINE, "strategy": strategy, "alchemy_rank": rank})
    table = report.strategies(pd.DataFrame(rows)).set_index("strategy")
    assert table.loc["greedy", "win rate"] == pytest.approx(0.9)
    assert table.loc["greedy", "fair share"] == pytest.approx(0.25)
    assert table.loc["greedy", "flag"] == "wins over twice its fair share"
    assert table.loc["random", "flag"] == "wins less than its fair share"


def test_interval_chart_is_json_safe_and_ordered() -> None:
    spec = interval_chart(
        [{"s": "b", "v": 2.0, "lo": math.nan, "hi": 3.0, "flag": "x"},
         {"s": "a", "v": 1.0, "lo": 0.5, "hi": 1.5}], "s", "v", "lo", "hi", "v", 0.5,
    )  # fmt: skip
    assert spec["data"]["values"][0]["lo"] is None
    assert spec["layer"][0]["encoding"]["x"]["sort"] == ["b", "a"]
    assert spec["data"]["values"][0]["shown"] == "flagged"
    assert len(spec["layer"]) == 3


def richer_lanterns(folder: Path) -> Path:
    """The shipped Alchemy catalog with every Lanterns construct worth double."""
    book = openpyxl.load_workbook(fixture("alchemy", "catalog.xlsx"))
    for row in book["Constructs"].iter_rows(min_row=2):
        if row[1].value == "Lanterns":
            row[2].value = int(row[2].value) * 2
    path = folder / "lanterns.xlsx"
    book.save(path)
    return path


@pytest.fixture(scope="module")
def lab_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("lab")
    out = tmp / "results"
    args = ["simulate", "--event", "alchemy", "--games", "4", "--serial", "--quiet",
            "--force", "alchemy:Bellows", "--out", str(out),
            "--compare-catalog", f"alchemy={richer_lanterns(tmp)}"]  # fmt: skip
    assert main(args) == 0
    return out


def test_unknown_options_are_refused_before_anything_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "--games", "1", "--serial", "--option", "alchemy.nosuch=1",
            "--out", str(tmp_path / "x")]  # fmt: skip
    assert main(args) == 2
    assert "Alchemy has no option 'nosuch'" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def _spoil(folder: Path, how: str) -> None:
    if how == "no players file":
        (folder / "players.parquet").unlink()
    elif how == "text as parquet":
        (folder / "players.parquet").write_text("not parquet")
    elif how == "truncated items":
        (folder / "items.parquet").write_bytes(b"PAR1")
    elif how == "foreign parquet":
        pd.DataFrame({"a": [1]}).to_parquet(folder / "players.parquet")
    elif how == "no games":
        pd.read_parquet(folder / "players.parquet").iloc[0:0].to_parquet(folder / "players.parquet")


@pytest.mark.parametrize(
    ("how", "said"),
    [
        ("no players file", "holds no lab results (players.parquet)"),
        ("text as parquet", "players.parquet: not readable lab results"),
        ("truncated items", "items.parquet: not readable lab results"),
        ("foreign parquet", "players.parquet: not lab results (no column game, seed"),
        ("no games", "holds no games to report on"),
    ],
)
@pytest.mark.parametrize("flag", ["--from", "--dashboard"])
def test_a_results_folder_that_cannot_be_read_is_refused_in_words(
    how: str,
    said: str,
    flag: str,
    lab_folder: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """--from reports on results already written, --dashboard opens them: a missing, damaged
    or foreign file is named, and no dashboard is started on it."""
    import subprocess

    started: list[object] = []
    monkeypatch.setattr(subprocess, "call", lambda *a, **k: started.append(a) or 0)
    folder = tmp_path / "copy"
    shutil.copytree(lab_folder, folder)
    _spoil(folder, how)
    assert main(["simulate", flag, str(folder)]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
    assert started == []


def test_catalog_sets_side_by_side(lab_folder: Path) -> None:
    players = pd.read_parquet(lab_folder / "players.parquet")
    assert set(players["catalog"]) == {"A", "B"}
    side = report.compare_catalogs(players)
    assert ("value", "A") in side.columns and ("value", "B") in side.columns
    scores = side["value"].loc["Alchemy mean score"]
    assert scores["B"] > scores["A"]  # the same seeds, lanterns worth double


def test_catalog_sets_side_by_side_read_as_people_read(
    lab_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The report's comparison of sets is a table for people, as the others are: a row a
    measure, each set's figure and interval, win rates in percent (before: pandas' pivot
    of fractions, "0.250", under "high"/"low"/"value" and an index named "measure")."""
    capsys.readouterr()
    assert main(["simulate", "--from", str(lab_folder)]) == 0
    out = capsys.readouterr().out
    table = out.split("\nCatalog sets side by side")[1].split("\n\n")[0].splitlines()
    assert table[1].split() == ["measure", "set", "A", "set", "A", "interval", "set", "B",
                                "set", "B", "interval"]  # fmt: skip
    rates = [line for line in table[2:] if " win rate " in line]
    assert rates and all(line.count("%") == 4 for line in rates)
    [score] = [line for line in table[2:] if line.strip().startswith("Alchemy mean score ")]
    assert score.count(" to ") == 2
    assert not any(re.fullmatch(r"0\.\d{3}", word) for line in table for word in line.split())


@pytest.mark.slow
def test_balance_lab_page_draws_the_reports(
    lab_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FESTIVAL_MATCH", str(lab_folder))
    at = AppTest.from_file(APP, default_timeout=PATIENCE)
    at.run()
    assert not at.exception, at.exception
    assert at.title[0].value == "Balance lab"
    headers = [h.value for h in at.header]
    assert headers[:3] == ["Findings", "Strategies", "Paired item values"]
    assert "Catalog sets side by side" in headers and "How each strategy plays" in headers
    assert "Alchemy" in [h.value for h in at.subheader]  # the event's title, not "alchemy"
    assert "alchemy" not in [h.value for h in at.subheader]
    said = at.markdown[0].value
    assert said.startswith("1 finding(s) in 4 game(s)")  # a count: 6 machines never bought
    assert said.count(":red[") == 1 and ":red[Alchemy: 6 of 8 machines never bought" in said
    assert "\n- Too small to conclude on strategies" in said  # not red, not counted: no flag
    strategies = at.dataframe[0].value
    assert list(strategies.columns)[:3] == ["strategy", "seats", "win rate"]
    assert all(str(x).endswith("%") for x in strategies["win rate"])


@given(st.lists(st.sampled_from(["P10", "P02", "P1", "festival|A|-|12", "festival|A|-|2", ""])))
def test_coded_text_groups_in_the_order_of_the_text(words: list[str]) -> None:
    """The report groups millions of rows by codes: codes must order as the text does, so
    its groups (and the figures summed over them) come out as grouping by the text would."""
    table = pd.DataFrame({"game": pd.Series(words, dtype="str"), "n": range(len(words))})
    codes = report.coded(table, ("game", "absent"))
    by_text = table.groupby("game")["n"].sum().tolist()
    assert codes.groupby("game")["n"].sum().tolist() == by_text
    assert list(codes.columns) == ["game", "n"]
