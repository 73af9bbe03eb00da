"""The dashboard's Duels page shows an Elemental Halma duel, and the host's desk plays it."""

from __future__ import annotations

from pathlib import Path

import pytest

from festival.cli.main import main
from tests.test_dashboard_duels import app
from tests.test_halma_hosting import state_of

pytestmark = pytest.mark.slow


def test_public_page_and_desk_for_halma(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    demo = tmp_path / "duels" / "demo"
    assert main(["duel", "demo", str(demo), "--game", "halma"]) == 0
    at = app(monkeypatch, demo, host=False)
    svg = [m.value for m in at.markdown if "<svg" in m.value]
    assert svg and 'data-kind="material"' in svg[0] and 'class="capturable"' in svg[0]
    assert any("Ash & Cedar" in s.value for s in at.success)

    folder = tmp_path / "desk"
    args = ["duel", "new", str(folder), "--game", "halma", "--players", "Ann,Bo"]
    assert main(args) == 0
    at = app(monkeypatch, folder, host=True)
    at.text_input(key="desk-action").input("C3-E5").run()
    at.button(key="desk-add").click().run()
    assert (
        at.error
        and "E5 is part of the material plane M, which is not next to C3" in at.error[0].value
    )
    at.text_input(key="desk-action").input("C3-D4").run()
    at.button(key="desk-add").click().run()
    at.button(key="desk-undo").click().run()
    assert "Took back" in at.success[0].value
    at.text_input(key="desk-action").input("C3 DR").run()
    at.button(key="desk-add").click().run()
    at.button(key="desk-confirm").click().run()
    assert not at.error, [e.value for e in at.error]
    state = state_of(folder)
    assert state.moves == 1 and state.player == "Bo"
