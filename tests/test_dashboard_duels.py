"""The dashboard's Duels page (AppTest): the public board, log and slider, and a whole duel
played from the host's duel desk."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from festival.cli.main import main
from festival.core.paths import fixture
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


def test_public_page_shows_board_log_and_steps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "demo"
    assert main(["duel", "demo", str(folder)]) == 0
    at = app(monkeypatch, folder, host=False)
    assert at.header[0].value == "Duels"
    svg = [m.value for m in at.markdown if "<svg" in m.value]
    assert svg and 'class="last-turn"' in svg[0]
    log = at.dataframe[0].value
    d = Duel.open(folder)
    _, steps, _ = d.positions()
    assert len(log) == len(steps) and log.iloc[0]["action"] == d.game.format_action(steps[0].action)
    d.close()
    assert any("Winner:" in s.value for s in at.success)
    at.slider[0].set_value(0).run()
    start = next(m.value for m in at.markdown if "<svg" in m.value)
    assert 'data-kind="' not in start  # the empty board before the first action
    assert not at.tabs  # no desk in public mode


def test_a_host_plays_a_whole_duel_from_the_desk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sample = json.loads(fixture("element", "sample-duel.json").read_text())
    folder = tmp_path / "desk"
    args = ["duel", "new", str(folder), "--players", ",".join(sample["players"])]
    assert main([*args, "--seed", str(sample["seed"])]) == 0
    at = app(monkeypatch, folder, host=True)
    for n, turn in enumerate(sample["turns"]):
        take, _, rest = turn["text"].partition(", ")
        at.text_input(key="desk-action").input(take).run()  # the draw: "take 2 FW"
        at.button(key="desk-add").click().run()
        assert not at.error, [e.value for e in at.error]
        actions = [a for a in rest.split(", ") if a != "confirm"]
        if n == 0:  # one action at a time, a mistake, an undo
            at.text_input(key="desk-action").input("fire F5").run()
            at.button(key="desk-add").click().run()
            assert at.error and "sage" in at.error[0].value
            at.text_input(key="desk-action").input(actions[0]).run()
            at.button(key="desk-add").click().run()
            at.button(key="desk-undo").click().run()
            assert "Took back" in at.success[0].value
        for action in actions if n == 0 else [", ".join(actions)]:
            at.text_input(key="desk-action").input(action).run()
            at.button(key="desk-add").click().run()
            assert not at.error, (turn, [e.value for e in at.error])
        if "confirm" in rest:
            at.button(key="desk-confirm").click().run()
            assert not at.error, [e.value for e in at.error]
    assert any("The duel is over" in s.value for s in at.success)
    d = Duel.open(folder)
    outcome = d.game.outcome(d.state())
    assert outcome is not None and outcome.winner == "Birch"
    d.close()


def test_the_public_duel_selector_shows_no_host_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue #24 item 6: the selector names each duel by its folder, not the host's path."""
    root = tmp_path / "host-private-path" / "duels"
    for name in ("final", "semi"):
        assert main(["duel", "demo", str(root / name)]) == 0
    at = app(monkeypatch, root, host=False)
    assert at.selectbox[0].options == ["final", "semi"]
    page = json.dumps([str(e.value) for e in at.main if hasattr(e, "value")])
    assert "host-private-path" not in page
    assert str(tmp_path) not in page
    at.selectbox[0].select_index(1).run()
    assert not at.exception


def test_the_desk_bot_plays_at_the_level_chosen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "bot"
    assert main(["duel", "new", str(folder), "--players", "Ash,Birch", "--seed", "3"]) == 0
    at = app(monkeypatch, folder, host=True)
    assert at.selectbox(key="desk-bot-level").value == "medium"
    at.selectbox(key="desk-bot-level").set_value("easy").run()
    at.button(key="desk-bot").click().run()
    assert not at.exception, at.exception
    assert at.success and at.success[0].value.startswith("The easy bot recorded")
    d = Duel.open(folder)
    try:
        assert d.state().player == "Birch"  # Ash's whole turn was played
    finally:
        d.close()


def test_the_host_desk_renders_without_taking_the_duels_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Drawing the Duels page is a read: it takes no lock (a loss on time that has happened
    is recorded by the read itself), so it never waits for, or fails beside, a command."""
    from festival.duels import opening

    folder = tmp_path / "demo"
    assert main(["duel", "new", str(folder), "--players", "Ash,Birch", "--seed", "3"]) == 0
    at = app(monkeypatch, folder, host=True)
    locked: list[Path] = []
    taken = opening.duel_exclusive

    def watched(where: Path) -> Any:
        locked.append(where)
        return taken(where)

    monkeypatch.setattr(opening, "duel_exclusive", watched)
    at.run()
    assert not at.exception and at.button(key="desk-add")
    assert locked == []


def _steps(folder: Path) -> int:
    d = Duel.open(folder)
    try:
        return len(d.positions()[1])
    finally:
        d.close()


@pytest.mark.parametrize(
    ("game", "press"),
    [
        ("element", lambda at: at.button(key="desk-bot").click().run()),
        ("element", lambda at: at.button(key="desk-add").click().run()),
        ("elementarium", lambda at: at.button(key="desk-resolve").click().run()),
    ],
)
def test_a_press_of_the_duel_desk_delivered_twice_is_done_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, press: Any
) -> None:
    """Each press of a duel desk carries its own apply-once key (dashboard/duel_press.py):
    the same press again (a double click, a rerun) is done once; the next press is new."""
    from dashboard.duel_press import ALREADY, PRESS

    folder = tmp_path / "duel"
    args = ["duel", "new", str(folder), "--game", game, "--players", "Ash,Birch", "--seed", "3"]
    assert main(args) == 0
    at = app(monkeypatch, folder, host=True)
    if game == "element":  # the action to add
        at.text_input(key="desk-action").input("take 2").run()
    before = _steps(folder)
    key = at.session_state[PRESS]
    press(at)
    assert not at.exception and not at.error, [e.value for e in [*at.error, *at.exception]]
    once = _steps(folder)
    assert once != before and at.session_state[PRESS] != key  # a new key for the next press
    at.session_state[PRESS] = key  # the same press, delivered again
    press(at)
    assert _steps(folder) == once and ALREADY in [s.value for s in at.success]
