"""`festival demo`: the README's main job."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from festival.cli import main
from festival.match import Match
from festival.replay import verify_snapshots
from festival.standings_view import standings_json


def test_demo_plays_every_round_of_the_landed_events(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", str(tmp_path / "d")]) == 0
    out = capsys.readouterr().out
    assert "Round 6: resolved Alchemy, Elemental Continuum" in out and "Final standings:" in out
    match = Match.open(tmp_path / "d")
    assert match.finished and verify_snapshots(match) == []
    data = standings_json(match)
    assert sum(p["winner"] for p in data["players"]) >= 1
    breakdowns = [
        line
        for row in match.store.rounds()
        for report in row.reports
        for line in report["public"]
        if "broke down" in line
    ]
    assert breakdowns, "the bots should break some wards down"


def test_demo_never_overwrites_and_picks_a_new_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "keep.txt").write_text("mine")
    assert main(["demo", str(busy)]) == 2
    assert "not empty" in capsys.readouterr().err
    monkeypatch.chdir(tmp_path)
    (tmp_path / "festival-demo-1").mkdir()
    assert main(["demo"]) == 0
    assert (tmp_path / "festival-demo-2" / "match.sqlite").is_file()
    assert os.listdir(tmp_path / "festival-demo-1") == []
