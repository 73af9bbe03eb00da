"""The duel formats documented in docs/formats.md are what the code reads and writes."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.support.element_kit import GAME, act, new_state

DOC = (Path(__file__).resolve().parent.parent / "docs" / "formats.md").read_text()
SECTION = DOC.split("## Element (duel)", 1)[1]


def json_block(after: str) -> object:
    part = SECTION.split(after, 1)[1]
    block = re.search(r"```json\n(.+?)\n```", part, flags=re.S)
    assert block is not None
    return json.loads(block.group(1))


def test_the_state_json_example_has_the_real_keys() -> None:
    documented = json_block("### State JSON")
    assert isinstance(documented, dict)
    actual = GAME.state_to_json(act(new_state(), "take 2 FW", "F B3"))
    assert set(documented) == set(actual)
    assert set(documented["turn"]) == set(actual["turn"])
    assert set(documented["variant"]) == set(actual["variant"])
    for square, cell in documented["squares"].items():
        assert set(cell) <= {"stone", "height", "stack", "range"}, square


def test_the_turn_json_example_parses_action_by_action() -> None:
    documented = json_block("### Action and turn JSON")
    assert isinstance(documented, dict) and documented["player"] == "Ash"
    for action in documented["actions"]:
        parsed = GAME.action_from_json(action)
        assert parsed.value is not None, action
        assert GAME.action_to_json(parsed.value) == action


def test_the_notation_example_turn_parses() -> None:
    example = re.search(r"Example turn: `(.+?)`", SECTION)
    assert example is not None
    parsed = GAME.parse_actions(example.group(1))
    assert parsed.value is not None and len(parsed.value) == 6
