"""The balance report a designer reads (issue 30): findings in words first, ranked, tables
people read, the next command; and price sweeps. Pinned on small fixed-seed runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from festival.cli.main import main
from festival.core.registry import event_names
from festival.lab import sweep
from festival.lab.setup import option_set


@pytest.fixture(scope="module")
def alchemy_items(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("lab") / "items"
    assert main(["simulate", "--event", "alchemy", "--games", "40", "--serial", "--quiet",
                 "--force-all", "alchemy", "--out", str(out)]) == 0  # fmt: skip
    return out


def _report(folder: Path, capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    assert main(["simulate", "--from", str(folder)]) == 0
    return capsys.readouterr().out


def test_findings_come_first_ranked_with_their_figures(
    alchemy_items: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seeds 1-40 of Alchemy: what is never bought, then what is bought over its
    alternatives, then the strategies out of line, each with its figure and interval."""
    out = _report(alchemy_items, capsys)
    lines = out.strip().splitlines()
    assert lines[0] == "4 finding(s) in 40 game(s), the one that matters most first:"
    assert lines[1:5] == [
        "  1. Alchemy: 5 of 8 machines never bought in 40 game(s): Alembic, Hoard Map, "
        "Lens Grinder, Mining Cart, Transmuter.",
        "  2. Alchemy: Bellows is bought over its alternatives: 70.0% of machine purchases "
        "(64.5 to 75.5%; fair share 12.5%).",
        "  3. Strategy greedy wins less than its fair share: it wins 0.8% of its seats "
        "(0.1 to 6.0%; fair share 14.3%).",
        "  4. Strategy cautious wins more than its fair share: it wins 33.8% of its seats "
        "(22.6 to 47.1%; fair share 14.3%).",
    ]
    assert lines[-1] == (
        "Next: festival simulate --event alchemy --sweep alchemy.Bellows.cost=30..90:10 --games 100"
        f" --out {alchemy_items.parent / 'lab-alchemy-bellows-cost'}"
    )


def test_tables_are_for_people(alchemy_items: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Percentages and decimals, no index column, no fractions of 1."""
    out = _report(alchemy_items, capsys)
    strategies = out.split("Strategies (")[1].split("\n\n")[0].splitlines()
    assert strategies[1].split()[:4] == ["strategy", "seats", "win", "rate"]
    assert strategies[2].split()[:3] == ["cautious", "80", "33.8%"]
    values = out.split("Paired item values")[1].split("\n\n")[0].splitlines()
    assert values[2].split()[:5] == ["Alchemy", "Mining", "Cart", "40", "+101.4"]
    assert "0.338" not in out and "\n0 " not in out


def test_a_small_run_is_too_small_to_conclude(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--event", "alchemy", "--games", "4", "--serial", "--quiet",
                 "--out", str(tmp_path / "r")]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "Too small to conclude on strategies cautious, greedy, specialist" in out
    assert "wins more" not in out and "wins less" not in out
    # The headline counts the findings; the notes that flag nothing are listed apart, never
    # numbered on after them ("1 finding(s)" followed by "2. Too small ..." read as two).
    listed = out.split("the one that matters most first:\n", 1)[1].split("\n\n", 1)[0]
    count = int(out.split(" finding(s) in 4 game(s)")[0].rsplit("\n", 1)[-1])
    numbered = [line for line in listed.splitlines() if line[2].isdigit()]
    assert [line.split(".")[0].strip() for line in numbered] == [
        str(i) for i in range(1, count + 1)
    ]
    notes = listed.splitlines()[count:]
    assert notes and all(line.startswith("  - Too small to conclude") for line in notes)
    assert out.strip().endswith(
        f"Next: festival simulate --event alchemy --games 200 --out {tmp_path / 'r-200'}"
    )


# --- sweeps -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("alchemy.Bellows.cost", "expected EVENT.ITEM.FIELD=FROM..TO:STEP"),
        ("nosuch.Bellows.cost=1..2:1", "'nosuch' is not an event"),
        ("alchemy.Nope.cost=1..2:1", "Alchemy sells no 'Nope' (Alembic, Bellows"),
        ("continuum.x.cost=1..2:1", "Elemental Continuum sells nothing to sweep"),
        ("alchemy.Bellows.colour=1..2:1", "Bellows has no number 'colour' to sweep (it has"),
        ("alchemy.Bellows.cost=9..1:1", "FROM (9) must not be above TO (1)"),
        ("alchemy.Bellows.cost=1..9:0", "the step must be above 0"),
        ("alchemy.Bellows.cost=1..9", "is not FROM..TO:STEP"),
        ("alchemy.Bellows.cost=a..9:1", "holds something that is not a number"),
        ("alchemy.Bellows.cost=0..1000:1", "1001 values is more than a sweep plays (25)"),
        ("alchemy.Bellows.cost=-20..20:10", "never negative (-20)"),
    ],
)
def test_bad_sweeps_are_refused_in_words(text: str, said: str) -> None:
    with pytest.raises(sweep.SweepError, match=None) as caught:
        sweep.parse(text, option_set([], []))
    assert said in str(caught.value)


def test_a_sweep_changes_one_number_and_a_familiars_upgrades_with_it() -> None:
    options = option_set([], [])
    s = sweep.parse("summoners.crab.cost=5..15:5", options)
    assert (s.item, s.values) == ("Crab", (5, 10, 15))
    changed = sweep.apply(options, s, 5)["summoners"]["catalog"]
    before = options["summoners"]["catalog"]
    assert {lv["cost"] for lv in changed["familiars"]["Crab"]} == {5}
    assert changed["familiars"]["Cat"] == before["familiars"]["Cat"]
    geon = sweep.parse("summoners.Geon.cost=30..30:1", options)
    levels = sweep.apply(options, geon, 30)["summoners"]["catalog"]["towers"]["Geon"]
    assert [lv["cost"] for lv in levels] == [30, 35, 45]  # a tower's levels keep their prices
    assert {e for e in event_names()} >= {s.event}


def test_a_sweep_plays_paired_values_and_draws_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sweep"
    assert main(["simulate", "--sweep", "alchemy.Bellows.cost=40..200:160", "--games", "30",
                 "--serial", "--quiet", "--out", str(out)]) == 0  # fmt: skip
    printed = capsys.readouterr().out
    table = printed.split("intervals simultaneous over the values")[1].splitlines()
    assert [line.split()[:2] for line in table[2:4]] == [["40", "30"], ["200", "30"]]
    assert "Print Alchemy's Bellows cost in" in printed or "No value of" in printed
    assert json.loads((out / "sweep.json").read_text())["values"] == [40, 200]
    with Image.open(out / "sweep.png") as picture:
        assert picture.size == (900, 520)
    again = _report(out, capsys)  # --from a sweep's folder reports the sweep again
    assert (
        again.split("intervals simultaneous over the values")[1]
        == printed.split("intervals simultaneous over the values")[1]
    )
