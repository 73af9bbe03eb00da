"""A duel's positions are replayed only from the steps recorded since the open duel last read
them (festival/duels/host.py: one operation decodes each step once, no module cache): the
positions are always those a replay from the start gives, after an undo, new actions,
another command's writes or a changed row."""

from __future__ import annotations

from pathlib import Path

import pytest

from festival.core.errors import DuelHostError
from festival.duels.host import Duel

FIRST_TURN = "take 4 AWFE, UL, E H11, W A8, F C6, A J9"
"""the sample duel's first turn (fixtures/element/sample-duel.json), before its confirm"""


def _fresh(folder: Path) -> list[object]:
    duel = Duel.open(folder)
    try:
        return duel.positions()[0]
    finally:
        duel.close()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    duel = Duel.create(tmp_path / "d", "element", "summary", {}, ["Ash", "Birch"], 18)
    try:
        assert duel.play_text(FIRST_TURN, "Ash").ok
        duel.positions()
    finally:
        duel.close()
    return tmp_path / "d"


def test_positions_after_an_undo_and_new_actions_are_a_fresh_replays(folder: Path) -> None:
    duel = Duel.open(folder)
    try:
        duel.undo()
        assert len(duel.positions()[0]) == 6
        assert duel.play_text("A J9, confirm", "Ash").ok
        cached = duel.positions()[0]
    finally:
        duel.close()
    assert cached == _fresh(folder) and len(cached) == 8


def test_another_commands_steps_are_replayed_on_top(folder: Path) -> None:
    duel = Duel.open(folder)
    try:
        assert len(duel.positions()[0]) == 7
        other = Duel.open(folder)  # another command, on its own connection
        try:
            assert other.play_text("confirm", "Ash").ok
        finally:
            other.close()
        assert duel.positions()[0] == _fresh(folder)
    finally:
        duel.close()


def test_a_changed_row_is_replayed_from_the_start(folder: Path) -> None:
    duel = Duel.open(folder)
    try:
        duel.positions()
        with duel.store.transaction() as c:  # the last placement rewritten as the first one
            c.execute("UPDATE steps SET action = (SELECT action FROM steps WHERE id = 3) "
                      "WHERE id = 6")  # fmt: skip
        with pytest.raises(DuelHostError, match="does not replay"):
            duel.positions()
    finally:
        duel.close()


def test_one_operation_decodes_each_step_once(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`duel status`, `show` and a play read the positions several times (the time rule, the
    clock, the result); each recorded step is decoded once, and a play's text parsed once."""
    from events.element.game import ElementGame
    from festival.duels import service

    decoded: list[object] = []
    parsed: list[str] = []
    decode, parse = ElementGame.action_from_json, ElementGame.parse_actions
    monkeypatch.setattr(
        ElementGame, "action_from_json", lambda g, a: decoded.append(a) or decode(g, a)
    )
    monkeypatch.setattr(ElementGame, "parse_actions", lambda g, t: parsed.append(t) or parse(g, t))
    service.clock(folder, True)
    for read in (service.status, service.show):
        decoded.clear()
        read(folder)
        assert len(decoded) == 6
    decoded.clear()
    service.play(folder, "confirm", player="Ash")
    assert parsed[-1:] == ["confirm"] and parsed.count("confirm") == 1
    assert len(decoded) == 7  # the six recorded before, and the confirm once
