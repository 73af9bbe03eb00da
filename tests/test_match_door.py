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

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE = (
    "festival/discord",
    "festival/bot",
    "festival/cli",
    "festival/sample",
    "festival/lab",
    "festival/google",
    "dashboard",
)
"""the packages that change a match only through its service (the lab's replay among them)"""
OPENERS = {"changing"}
"""the match service's lock and open match, for a change"""
CHANGERS = {"create", "allocate"}
"""`Match.create`, `match.allocate()`: a match made or changed round the door"""
LEFT = {"sample_match"}
"""the tests' sample match (festival/sample/play.py), opened for them to change"""


def _round_the_door(path: Path) -> list[str]:
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = {
        id(n)
        for f in ast.walk(tree)
        if isinstance(f, ast.FunctionDef) and f.name in LEFT
        for n in ast.walk(f)
    }
    match_service = any(  # `service` is the match's (not the duel's or the season's)
        isinstance(n, ast.ImportFrom)
        and n.module == "festival.match"
        and any(a.name == "service" for a in n.names)
        for n in ast.walk(tree)
    )
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("festival.match"):
            for a in node.names:
                rounds = node.module == "festival.match.rounds" and a.name == "resolve"
                if a.name in OPENERS or rounds:
                    found.append(f"{where} {a.name}")
        if isinstance(node, ast.Attribute) and node.attr in OPENERS | CHANGERS:
            owner = node.value.id if isinstance(node.value, ast.Name) else ""
            if owner in ("Match", "match") or (owner == "service" and match_service):
                found.append(f"{where} {owner}.{node.attr}")
    return found


@pytest.mark.parametrize("package", OUTSIDE)
def test_no_front_end_changes_a_match_round_the_door(package: str) -> None:
    found = [f for p in sorted((ROOT / package).rglob("*.py")) for f in _round_the_door(p)]
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
