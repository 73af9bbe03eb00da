"""`festival demo`: the README's main job, playing back the sample festival's workbooks."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from festival.cli.main import main
from festival.match.match import Match
from festival.match.replay import verify_snapshots
from festival.sample.play import highlights, sample_settings


@pytest.mark.slow
def test_demo_plays_the_sample_festival_from_its_workbooks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", str(tmp_path / "d")]) == 0
    out = capsys.readouterr().out
    assert "Round 6: resolved Alchemy, Elemental Continuum, Summoner's Dream" in out
    assert "rejected, the rules' default played instead:" in out
    assert "did you mean 'Moonpetal'?" in out and "Final standings" in out
    assert out.count("WINNER") >= 1 and out.count("ELIMINATION CANDIDATE") == 1
    match = Match.open(tmp_path / "d")
    assert match.finished and verify_snapshots(match) == []
    settings = sample_settings()
    assert highlights(match) == {k: settings[k] for k in highlights(match)}


def test_the_sample_is_a_game_worth_watching() -> None:
    """A tie a tiebreak settles, a ward breakdown, a crowded market set, familiars reaching E."""
    s = sample_settings()
    assert s["tiebreak_settles_a_tie"] and s["ward_breakdowns"] >= 1
    assert s["crowded_market"] and s["familiars_stole"] >= 1


@pytest.mark.slow
def test_demo_never_overwrites_and_picks_a_new_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "keep.txt").write_text("mine")
    assert main(["demo", str(busy)]) == 2
    err = capsys.readouterr().err
    assert "not empty" in err and err.count("\n") == 1
    assert err.rstrip().endswith(  # what to do, not only what is wrong
        "name a new one (or none: `festival demo` makes festival-demo-N here)"
    )
    monkeypatch.chdir(tmp_path)
    (tmp_path / "festival-demo-1").mkdir()
    assert main(["demo"]) == 0
    assert (tmp_path / "festival-demo-2" / "match.sqlite").is_file()
    assert os.listdir(tmp_path / "festival-demo-1") == []
