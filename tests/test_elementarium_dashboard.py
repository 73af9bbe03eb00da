"""The Duels page with Elementarium (AppTest): the public board with the turn's arrows and
the slider, sealed orders shown only as "orders in", and a turn resolved from the host desk."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from festival.cli.main import main
from festival.duels.host import Duel
from tests.support.patience import PATIENCE

pytestmark = pytest.mark.slow

APP = str(Path(__file__).resolve().parent.parent / "dashboard" / "app.py")


def app(monkeypatch: pytest.MonkeyPatch, duels: Path, host: bool) -> AppTest:
    monkeypatch.delenv("FESTIVAL_MATCH", raising=False)
    monkeypatch.setenv("FESTIVAL_DUELS", str(duels))
    monkeypatch.setenv("FESTIVAL_HOST_PASSWORD", "pw")
    at = AppTest.from_file(APP, default_timeout=PATIENCE).run()
    if host:
        at.sidebar.text_input[0].input("pw").run()
    assert not at.exception, at.exception
    return at


def test_public_page_shows_the_turn_and_keeps_sealed_orders_secret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "d"
    args = ["duel", "new", str(folder), "--game", "elementarium", "--players", "Ash,Birch"]
    assert main([*args, "--seed", "1"]) == 0
    assert main(["duel", "play", str(folder), "f3-e4", "--player", "Ash"]) == 0
    assert main(["duel", "play", str(folder), "f7-e6", "--player", "Birch"]) == 0
    assert main(["duel", "play", str(folder), "b2-b3", "--player", "Ash"]) == 0
    at = app(monkeypatch, folder, host=False)
    svg = next(m.value for m in at.markdown if "<svg" in m.value)
    assert svg.count('class="move"') == 2  # the resolved turn's moves as arrows
    log = at.dataframe[0].value
    assert list(log["action"])[:2] == ["f3-e4", "f7-e6"]
    assert "b2-b3" not in repr(list(log["action"])) and "sealed" in list(log["action"])[2]


def test_host_seals_and_resolves_a_turn_from_the_desk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "d"
    args = ["duel", "new", str(folder), "--game", "elementarium", "--players", "Ash,Birch"]
    assert main([*args, "--seed", "1"]) == 0
    at = app(monkeypatch, folder, host=True)
    at.text_input(key="desk-Ash").input("f3-e4").run()
    at.button(key="desk-seal-Ash").click().run()
    assert not at.error and "sealed" in at.success[0].value
    at.text_input(key="desk-Birch").input("f7-f5").run()
    at.button(key="desk-seal-Birch").click().run()
    assert at.error and "f5" in at.error[0].value  # an obstacle: nothing recorded
    at.button(key="desk-resolve").click().run()
    assert not at.error and any("Ash moved f3 to e4" in s.value for s in at.success)
    d = Duel.open(folder)
    try:
        state = d.state()
        assert state.turn == 2 and d.game.to_act(state) == ("Ash", "Birch")
    finally:
        d.close()


def test_the_desk_says_what_the_last_orders_in_resolved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue #36, item 8: the last orders sealed resolve the turn, and the desk says what it
    did (not that they are sealed)."""
    folder = tmp_path / "d"
    args = ["duel", "new", str(folder), "--game", "elementarium", "--players", "Ash,Birch"]
    assert main([*args, "--seed", "1"]) == 0
    assert main(["duel", "play", str(folder), "f3-e4", "--player", "Ash"]) == 0
    at = app(monkeypatch, folder, host=True)
    at.text_input(key="desk-Birch").input("f7-e6").run()
    at.button(key="desk-seal-Birch").click().run()
    said = [s.value for s in at.success]
    assert not at.error and any("Resolved." in s and "Ash moved f3 to e4" in s for s in said)
    assert not any("sealed" in s for s in said)
