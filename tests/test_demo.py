"""`festival demo`: the README's main job, playing back the sample festival's workbooks."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from festival.cli import entry
from festival.cli.main import main
from festival.match.match import Match
from festival.match.replay import verify_snapshots
from festival.sample.play import highlights, sample_settings
from tests.support.patience import PATIENCE
from tests.support.processes import started

ROOT = Path(__file__).resolve().parent.parent


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


def _stopped_demo(folder: Path, resolved: int | None) -> None:
    """A demo as Ctrl-C leaves it (every command committed whole or not at all): stopped
    after making the match (None), after allocating (0) or after `resolved` rounds."""
    from festival.sample.play import new_sample, sample_match

    settings = sample_settings()
    if resolved is None:
        new_sample(folder, int(settings["seed"]), str(settings["match_id"]))
    else:
        sample_match(folder, resolved)


@pytest.mark.slow
@pytest.mark.parametrize("resolved", [None, 0, 2])
def test_a_demo_stopped_by_ctrl_c_carries_on_when_run_again_in_its_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], resolved: int | None
) -> None:
    folder = tmp_path / "dm"
    _stopped_demo(folder, resolved)
    (folder / "match.lock").touch()  # what a stopped command leaves beside the store
    assert main(["demo", str(folder)]) == 0
    out = capsys.readouterr().out
    if resolved:
        assert f"Carrying on the demo stopped in {folder}: rounds 1 to {resolved} were" in out
        assert f"Round {resolved}: resolved" not in out
    assert "Alchemy (7): " in out and "Round 6: resolved" in out and "Final standings" in out
    match = Match.open(folder)
    assert match.finished and verify_snapshots(match) == []
    assert highlights(match) == {k: sample_settings()[k] for k in highlights(match)}


@pytest.mark.slow
def test_a_demo_played_to_the_end_or_a_folder_with_more_is_never_touched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    played = tmp_path / "played"
    assert main(["demo", str(played)]) == 0
    capsys.readouterr()
    assert main(["demo", str(played)]) == 2
    err = capsys.readouterr().err
    assert f"{played} holds the demo, played to the end: festival dashboard {played}" in err
    stopped = tmp_path / "stopped"
    _stopped_demo(stopped, 2)
    (stopped / "notes.txt").write_text("mine")
    assert main(["demo", str(stopped)]) == 2
    assert "not empty" in capsys.readouterr().err
    assert Match.open(stopped).last_resolved_round() == 2


@pytest.mark.slow
def test_ctrl_c_on_a_demo_then_the_same_command_again_plays_it_to_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The host's path: Ctrl-C once the demo's match is made, then the stop line's advice."""
    folder = tmp_path / "dm"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    argv = [sys.executable, "-m", "festival.cli", "demo", str(folder)]
    with started(argv, env=env, cwd=tmp_path) as child:
        waited = time.monotonic()
        while not (folder / "match.sqlite").is_file() and child.poll() is None:
            assert time.monotonic() - waited < PATIENCE
            time.sleep(0.01)
        ended = child.stop()
    if ended.returncode == entry.STOPPED:  # (else the demo had ended: nothing left to stop)
        assert ended.err.rstrip().endswith(entry.WORDS)
        assert main(["demo", str(folder)]) == 0
        assert "Final standings" in capsys.readouterr().out
    match = Match.open(folder)
    assert match.finished and verify_snapshots(match) == []
