"""The dashboard's match pages and round desk read values through the match service: the
match as drawn is built once per match version, and they open no match, store or Google
client themselves (the round desk hands the Google adapter's `spreadsheets` to the service,
imported only when the host asks for the spreadsheets). What is kept is kept per audience:
the public's value holds nothing of the host's, whichever was built first."""

from __future__ import annotations

import ast
import os
import sqlite3
from pathlib import Path

import pytest

from festival.match import service
from festival.match.acts import FromFolder, FromJson, Resolve
from festival.match.views import Audience
from tests.conftest import numbers_json

ROOT = Path(__file__).resolve().parent.parent
INTERNALS = (
    "festival.match.match",
    "festival.match.rounds",
    "festival.match.replay",
    "festival.match.lock",
    "festival.google",
)


ADAPTER = "festival.google.match_google"
"""the Google adapter a page may hand to the service, imported inside the function that does"""


def imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    lazy = {
        id(node)
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef)
        for node in ast.walk(function)
    }
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            module = node.module
            if module == "festival.google" and [a.name for a in node.names] == ["match_google"]:
                module = ADAPTER
            if not (module == ADAPTER and id(node) in lazy):
                names.add(module)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


@pytest.mark.parametrize("page", ["match_data.py", "round_desk.py"])
def test_the_match_pages_read_through_the_service(page: str) -> None:
    reached = {
        name
        for name in imported(ROOT / "dashboard" / page)
        if name.startswith(INTERNALS) or name == "festival.google"
    }
    assert reached == set()


def test_the_match_as_drawn_is_built_once_per_version(toy_match: Path) -> None:
    first = service.match_view(toy_match)
    assert service.match_view(toy_match) is first  # the same value: not read again
    path = numbers_json(toy_match, 1, lambda p, e: 2)
    service.run(toy_match, Resolve(FromJson(path), 1))
    after = service.match_view(toy_match)
    assert after is not first and (first.round_no, after.round_no) == (0, 1)


def test_the_desk_reads_values(toy_match: Path, tmp_path: Path) -> None:
    desk = service.desk(toy_match)
    assert (desk.last, desk.next_round, desk.finished, desk.google) == (0, 1, False, False)
    assert desk.inbox == toy_match / "inbox" / "round-1"
    assert desk.expected  # every player hands in round 1 of the toy match
    empty = tmp_path / "empty"
    empty.mkdir()
    check = service.preview(toy_match, 1, FromFolder(empty))
    assert sorted(check.missing) and not check.invalid
    assert service.desk(toy_match).last == 0  # a preview resolves nothing


def test_the_public_never_gets_the_hosts_kept_values(toy_match: Path) -> None:
    path = numbers_json(toy_match, 1, lambda p, e: 2)
    service.run(toy_match, Resolve(FromJson(path), 1))
    host = service.match_view(toy_match, Audience.HOST)  # built and kept first
    assert all(e.host and e.ranking for e in host.events.values())
    assert any(e.reports and e.rankings for e in host.events.values())
    assert host.standings and not host.finished
    public = service.match_view(toy_match, Audience.PUBLIC)
    assert public is not host and service.match_view(toy_match, Audience.PUBLIC) is public
    assert service.match_view(toy_match, Audience.HOST) is host  # each kept under its own key
    for event in public.events.values():
        assert (event.host, event.ranking, event.reports, event.rankings) == ({}, [], {}, {})
        assert event.public == host.events[event.event].public  # what the rules make public
    assert public.standings == {}  # revealed only at the end
    assert service.match_view(toy_match) is public  # asked for no one: the public's


def test_a_write_that_keeps_the_stores_size_and_time_is_a_new_version(toy_match: Path) -> None:
    store = toy_match / "match.sqlite"
    before, seen = service.version(toy_match), os.stat(store)
    first = service.match_view(toy_match)
    with sqlite3.connect(store) as conn:  # as long as before, then the same modification time
        conn.execute("UPDATE meta SET value = 'X' || substr(value, 2) WHERE key = 'created_at'")
    os.utime(store, ns=(seen.st_atime_ns, seen.st_mtime_ns))
    assert os.stat(store).st_size == seen.st_size
    assert service.version(toy_match) != before
    assert service.match_view(toy_match) is not first  # read again
