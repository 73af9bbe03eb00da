"""Every change to a match goes through the match service's one door (`service.run`): no
front end or adapter opens the match itself (issue #37), and the watch's and the schedule's
changes are typed commands the door refuses to anyone but the host."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from festival.match import service
from festival.match.acts import (
    Actor,
    NotAllowed,
    Note,
    PostNotes,
    TellSheetChanges,
    WatchSheets,
)

ROOT = Path(__file__).resolve().parents[1] / "festival"
OUTSIDE = ("discord", "bot", "cli", "sample", "lab")
"""the packages that reach a match only through its service"""
OPENERS = {"changing", "opened"}


def _opens_match(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("festival.match"):
            found += [f"{path.name}:{node.lineno} {a.name}" for a in node.names if a.name in OPENERS]
        if isinstance(node, ast.Attribute) and node.attr in OPENERS:
            if isinstance(node.value, ast.Name) and node.value.id == "service":
                found.append(f"{path.name}:{node.lineno} service.{node.attr}")
    return found


@pytest.mark.parametrize("package", OUTSIDE)
def test_no_front_end_opens_a_match_itself(package: str) -> None:
    found = [f for p in sorted((ROOT / package).rglob("*.py")) for f in _opens_match(p)]
    assert found == []


@pytest.mark.parametrize(
    "command",
    [
        WatchSheets(),
        TellSheetChanges(),
        PostNotes((Note("game-room", 1, "closed", "Round 1 closed.", "round 1, closed"),)),
    ],
)
def test_watch_and_schedule_commands_are_the_hosts(tmp_path: Path, command: object) -> None:
    with pytest.raises(NotAllowed):
        service.run(tmp_path, command, actor=Actor.of_player("Quill"))  # type: ignore[call-overload]
