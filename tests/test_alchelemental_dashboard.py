"""The dashboard's Duels page with an Alchelemental duel: the public board (unit hexagons),
and the host's desk showing the desk text and recording, undoing and confirming catalyses."""

from __future__ import annotations

from pathlib import Path

import pytest

from festival.cli.main import main
from festival.duels.host import Duel
from tests.test_dashboard_duels import app

pytestmark = pytest.mark.slow


def test_public_page_shows_the_sample_duel(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "demo"
    assert main(["duel", "demo", str(folder), "--game", "alchelemental"]) == 0
    at = app(monkeypatch, folder, host=False)
    svg = [m.value for m in at.markdown if "<svg" in m.value]
    assert svg and 'class="face"' in svg[0]
    assert any("Winner: Dark" in s.value for s in at.success)


def test_host_plays_catalyses_from_the_desk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "desk"
    args = ["duel", "new", str(folder), "--game", "alchelemental", "--board", "pit"]
    assert main([*args, "--players", "Light,Dark", "--seed", "2"]) == 0
    at = app(monkeypatch, folder, host=True)
    assert any("Light to play" in m.value for m in at.markdown)
    at.text_input(key="desk-action").input("call gnome water L R3").run()
    at.button(key="desk-add").click().run()
    assert at.error and "cannot call to R3" in at.error[0].value
    at.text_input(key="desk-action").input("call gnome water L R4, move R").run()
    at.button(key="desk-add").click().run()
    assert not at.error, [e.value for e in at.error]
    at.button(key="desk-undo").click().run()
    assert "Took back move R" in at.success[0].value
    at.text_input(key="desk-action").input("select firepower").run()
    at.button(key="desk-add").click().run()
    at.button(key="desk-confirm").click().run()
    assert not at.error, [e.value for e in at.error]
    assert any("Light gnome on R4 hex 1" in c.value for c in at.code)
    d = Duel.open(folder)
    try:
        assert d.state().player == "Dark"
    finally:
        d.close()
