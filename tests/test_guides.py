"""The host guide's and the lab guide's commands run as written (docs/host-guide.md,
docs/lab-guide.md); the duels guide is run by tests/test_readme_duel.py and its neighbours."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from events.tables import Grid
from festival.cli.main import main
from festival.match.roster import parse_roster
from tests.support.doc_blocks import ROOT, code_blocks, commands

HOST = "docs/host-guide.md"
SAMPLE = ROOT / "fixtures" / "sample"


def test_the_host_guides_roster_example_parses() -> None:
    example = code_blocks(HOST, "## Running a match, step by step", language="csv")[0]
    rows = [line.strip().split(",") for line in example.splitlines()]
    roster, errors = parse_roster(Grid.from_rows("roster", rows))
    assert errors == [] and roster is not None
    assert [(p.player, p.garnets) for p in roster.preferences] == [("Spadez", 2), ("hedger", 1)]


def test_the_host_guide_runs_a_round_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every command block of the guide, in its order, on the sample festival's roster; the
    players hand back their round-1 workbooks untouched (each plays the rules' default)."""
    monkeypatch.chdir(tmp_path)
    shutil.copy(SAMPLE / "roster.csv", "roster.csv")
    players = [line.split(",")[0] for line in (SAMPLE / "roster.csv").read_text().splitlines()]
    Path("sheets.csv").write_text(
        "player,spreadsheet\n" + "".join(f"{p},key-{p}\n" for p in players[1:])
    )
    sections = (
        "## Running a match, step by step",
        "## Google Sheets",
        "## Checking and restoring a match folder",
    )
    run = [words for s in sections for block in code_blocks(HOST, s) for words in commands(block)]
    assert [w[1] for w in run] == [
        "new", "allocate", "templates", "resolve", "announce", "standings", "standings",
        "google", "check",
    ]  # fmt: skip
    for words in run:
        assert words[0] == "festival"
        if words[1] == "resolve":
            shutil.copytree("awa-s1/templates/round-1", "inbox/round-1")
        assert main(words[1:]) == 0, words
    out = capsys.readouterr().out
    assert "Resolved round 1: Alchemy, Elemental Continuum." in out
    assert '"audience": "host"' in out and "The store is sound." in out
    assert (tmp_path / "awa-s1" / "announcements" / "round-1-public-1.md").is_file()


def test_the_lab_guides_studies_run_in_small(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The guide's two studies as written, on 2 games in this process instead of hundreds on
    a Dask cluster, with a copy of the shipped catalog as the designer's own."""
    monkeypatch.chdir(tmp_path)
    shutil.copy(ROOT / "fixtures" / "alchemy" / "catalog.xlsx", "my-catalog.xlsx")
    blocks = code_blocks("docs/lab-guide.md", "## Design your own catalog")
    assert len(blocks) == 2
    for block in blocks:
        for words in commands(block):
            assert words[:2] == ["festival", "simulate"]
            words[words.index("--games") + 1] = "2"
            assert main([*words[1:], "--serial"]) == 0, words
    out = capsys.readouterr().out
    assert "\nStrategies (" in out and "\nNext: festival simulate" in out
    assert (tmp_path / "lab-items" / "items.parquet").is_file()
    assert (tmp_path / "lab-festivals" / "players.parquet").is_file()


def test_the_lab_guides_sweep_runs_in_small(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The guide's price sweep as written, on 2 seeds in this process."""
    monkeypatch.chdir(tmp_path)
    (block,) = code_blocks("docs/lab-guide.md", "## Sweep a price")
    (words,) = commands(block)
    words[words.index("--games") + 1] = "2"
    assert main([*words[1:], "--serial", "--quiet"]) == 0, words
    out = capsys.readouterr().out
    assert "Too small to conclude on Summoner's Dream's Crab cost" in out
    assert (tmp_path / "lab-crab" / "sweep.png").is_file()


def test_the_lab_guides_strategies_run_in_small(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The strategies section's run as written, on 2 festivals: its behaviour tables, one
    per event, with each event's own figures."""
    monkeypatch.chdir(tmp_path)
    (block,) = code_blocks("docs/lab-guide.md", "## The strategies")
    (words,) = commands(block)
    words[words.index("--games") + 1] = "2"
    assert main(words[1:]) == 0, words
    out = capsys.readouterr().out
    tables = out[out.index("\nHow each strategy plays") :]
    for heading in ("Alchemy:", "Elemental Continuum:", "Summoner's Dream:"):
        assert f"\n  {heading}\n" in tables
    for figure in ("coins left (end)", "both bolts on one square", "towers placed"):
        assert figure in tables
    assert (tmp_path / "lab-strategies" / "players.parquet").is_file()


def test_the_duels_guide_can_be_followed_top_to_bottom_in_one_folder() -> None:
    """A host types the guide's blocks one after the other in one folder: no block makes a
    duel folder an earlier block made (the Google block made `my-duel` again, which the
    Element block had made: "my-duel already holds a duel")."""
    text = (ROOT / "docs" / "duels-guide.md").read_text(encoding="utf-8")
    made = [
        words[3]
        for block in re.findall(r"^ *```bash\n(.+?)\n *```", text, flags=re.S | re.M)
        for words in commands(block)
        if words[:3] == ["festival", "duel", "new"]
    ]
    assert len(made) >= 5 and len(made) == len(set(made)), made
