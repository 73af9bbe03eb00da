"""Every change to a match goes through the match service's one door (`service.run`): no
front end or adapter opens the match itself (issue #37), the sample festival included, and the
watch's and the schedule's changes are typed commands the door refuses to anyone but the host.
Reads go through the door too: a front end reads a match or a duel through its service's read
models (values), never an open match or duel, and no module outside the domains opens one to
read a plain value off it."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from festival.match import service
from festival.match.acts import (
    HOST,
    Actor,
    Allocate,
    NewMatch,
    NotAllowed,
    Note,
    PostNotes,
    Resolve,
    TellSheetChanges,
    Via,
    WatchSheets,
)
from festival.sample.play import sample_match, sample_settings

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
FRONT_ENDS = (
    "festival/cli",
    "festival/bot",
    "festival/discord",
    "festival/google",
    "dashboard",
)
"""the front ends and adapters: they read a match or a duel only through its service's read
models (values), never opening it"""
DOMAINS = ("festival.match", "festival.duels")
OPENED = "opened"
"""`service.opened`, `duel_service.opened`: an open match or duel handed out"""
OPEN = {"Match", "Duel"}
"""`Match.open`, `Duel.open`"""


def _round_the_door(path: Path) -> list[str]:
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    match_service = any(  # `service` is the match's (not the duel's or the season's)
        isinstance(n, ast.ImportFrom)
        and n.module == "festival.match"
        and any(a.name == "service" for a in n.names)
        for n in ast.walk(tree)
    )
    for node in ast.walk(tree):
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


def _domain_modules(tree: ast.AST) -> set[str]:
    """The names a module binds to the match's or the duels' modules (`service`,
    `match_service`, `duel_service`, ...)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(DOMAINS):
            names |= {a.asname or a.name for a in node.names if a.name != OPENED}
        if isinstance(node, ast.Import):
            names |= {a.asname or a.name for a in node.names if a.name.startswith(DOMAINS)}
    return names


def _is_opening(node: ast.AST, modules: set[str]) -> bool:
    """`service.opened`, `duel_service.opened`, `opened` (imported), `Match.open`, `Duel.open`."""
    if isinstance(node, ast.Name):
        return node.id == OPENED
    if not isinstance(node, ast.Attribute) or not isinstance(node.value, ast.Name):
        return False
    owner = node.value.id
    return (node.attr == OPENED and owner in modules) or (node.attr == "open" and owner in OPEN)


def _openings(path: Path) -> list[str]:
    """Where a module opens a match or a duel itself."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules = _domain_modules(tree)
    found = []
    for node in ast.walk(tree):
        where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(DOMAINS):
            found += [f"{where} import {a.name}" for a in node.names if a.name == OPENED]
        elif isinstance(node, ast.Call) and _is_opening(node.func, modules):
            found.append(f"{where} {ast.unparse(node.func)}")
    return found


def _plain_reads(path: Path) -> list[str]:
    """Where a module opens a match or a duel (`with ... opened(FOLDER) as handle:`) to read a
    value off it: an attribute read straight off the handle (`handle.match_id`,
    `handle.config.players`), or a block that never hands the open match on whole (a read
    model gives what it reads)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules = _domain_modules(tree)
    parents = {id(c): n for n in ast.walk(tree) for c in ast.iter_child_nodes(n)}
    found = []
    for block in ast.walk(tree):
        if not isinstance(block, ast.With):
            continue
        for item in block.items:
            call, handle = item.context_expr, item.optional_vars
            if not (isinstance(call, ast.Call) and _is_opening(call.func, modules)):
                continue
            if not isinstance(handle, ast.Name):
                continue
            where = f"{path.relative_to(ROOT)}:{block.lineno}"
            uses = [
                n
                for s in block.body
                for n in ast.walk(s)
                if isinstance(n, ast.Name) and n.id == handle.id
            ]
            passed_on = False
            for use in uses:
                top: ast.AST = use
                while isinstance(parent := parents.get(id(top)), ast.Attribute):
                    top = parent
                if top is use:
                    passed_on = True
                elif not (
                    isinstance(call_of := parents.get(id(top)), ast.Call) and call_of.func is top
                ):
                    found.append(f"{where} {ast.unparse(top)}")
            if not passed_on:
                found.append(f"{where} {handle.id} read, never handed on")
    return found


@pytest.mark.parametrize("package", FRONT_ENDS)
def test_no_front_end_opens_a_match_or_a_duel(package: str) -> None:
    """The season's commands read a match's and a duel's id through `service.match_id` and
    `duel_service.duel_id`, not through an open match or duel."""
    found = [f for p in sorted((ROOT / package).rglob("*.py")) for f in _openings(p)]
    assert found == []


@pytest.mark.parametrize("package", OUTSIDE)
def test_no_module_outside_the_domains_opens_a_match_or_a_duel_to_read_a_value(
    package: str,
) -> None:
    """The sample's bots are handed the open match whole (to play as players); its id comes
    from `service.match_id`."""
    found = [f for p in sorted((ROOT / package).rglob("*.py")) for f in _plain_reads(p)]
    assert found == []


def test_the_sample_match_is_made_through_the_door(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`sample_match` (the tests' and benchmarks' sample festival) gives `NewMatch`,
    `Allocate` and each round's `Resolve` to the door as the host at the command line, as
    `festival demo` does, and its id is the one the committed workbooks carry."""
    seen: list[tuple[Any, Actor, Via]] = []
    door = service.run

    def run(folder: Path, command: Any, actor: Actor = HOST, via: Via = Via.CLI, **kw: Any) -> Any:
        seen.append((command, actor, via))
        return door(folder, command, actor, via, **kw)

    monkeypatch.setattr(service, "run", run)
    folder = sample_match(tmp_path / "m", resolved=2)
    assert [type(c) for c, _, _ in seen] == [NewMatch, Allocate, Resolve, Resolve]
    assert {(a, v) for _, a, v in seen} == {(HOST, Via.CLI)}
    resolves = [c for c, _, _ in seen if isinstance(c, Resolve)]
    assert [(c.round_no, c.default_invalid) for c in resolves] == [(1, True), (2, True)]
    assert service.status(folder).last == 2
    assert service.match_id(folder) == sample_settings()["match_id"]
    other = sample_match(tmp_path / "other", match_id="0123456789ab")
    assert service.match_id(other) == "0123456789ab" and service.status(other).allocated


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
