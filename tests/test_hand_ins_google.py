"""Hand-ins and `festival watch` in a match that reads Google Sheets (issue #38), against the
local Sheets server: a hand-in counts instead of the player's spreadsheet for the events it
holds (a spreadsheet cannot be taken out of the round), and the host is told; the watch reads
the real adapter and tells only what changed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from festival.cli.main import main
from festival.core.paths import fixture
from festival.google import match_google
from festival.match import service
from festival.match.acts import Actor, Via, WatchSheets
from festival.match.handin_acts import HandIn
from festival.match.match import Match
from festival.match.origin import CameFrom, came_from
from sheets import google
from tests.support.google_match import fill_from_sample, google_match
from tests.support.sheets_server import SheetsServer

pytestmark = pytest.mark.slow

NO_WAIT = google.Retry(attempts=4, first_delay=1.0, sleep=lambda s: None)


@pytest.fixture
def server() -> Iterator[SheetsServer]:
    with SheetsServer() as s:
        yield s


@pytest.fixture
def match_dir(tmp_path: Path, server: SheetsServer, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = google_match(tmp_path, server, monkeypatch, NO_WAIT)
    assert main(["templates", str(folder), "--google"]) == 0
    return folder


def test_a_hand_in_counts_instead_of_the_spreadsheet_and_the_host_is_told(
    match_dir: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    match = Match.open(match_dir)
    fill_from_sample(server, match, 1)
    events = match.events_of("Wren", 1)
    match.close()
    content = fixture("sample", "round-1", "Wren.xlsx").read_bytes()
    done = service.run(
        match_dir, HandIn("Wren", "Wren.xlsx", content), Actor.of_player("Wren"), Via.BOT, "1"
    )
    assert done.ready, done.markdown()
    capsys.readouterr()
    assert main(["resolve", str(match_dir), "--google"]) == 0
    out = capsys.readouterr().out
    titles = ", ".join(e.title for e in done.events)
    assert f"Wren: the hand-in Wren.xlsx counts for {titles}, not the Google spreadsheet" in out
    match = Match.open(match_dir)
    row = match.store.rounds()[0]
    for event in events:
        raw = match.store.raw(int(row.submissions[event]["Wren"]["from"].removeprefix("raw:")))
        assert came_from(raw.source, raw.content_type) is CameFrom.DISCORD
    uri = next(p for p in match.config.players if p != "Wren" and match.events_of(p, 1))
    event = match.events_of(uri, 1)[0]
    raw = match.store.raw(int(row.submissions[event][uri]["from"].removeprefix("raw:")))
    assert came_from(raw.source, raw.content_type) is CameFrom.GOOGLE
    match.close()


def test_the_watch_reads_the_real_adapter_and_tells_only_what_changed(
    match_dir: Path, server: SheetsServer
) -> None:
    start = service.run(match_dir, WatchSheets(), sheets=match_google.spreadsheets)
    assert start.changes == () and start.unread == ()
    match = Match.open(match_dir)
    fill_from_sample(server, match, 1)
    players = [p for p in match.config.players if match.events_of(p, 1)]
    match.close()
    filled = service.run(match_dir, WatchSheets(), sheets=match_google.spreadsheets)
    told = [c.player for c in filled.changes]
    assert told and set(told) <= set(players) and len(told) == len(set(told))
    assert all(c.text.startswith("Ready: this counts for round 1") for c in filled.changes)
    table = {(c.player, c.kind.value, c.where) for c in service.round_table(match_dir).cells}
    assert all((p, "ready", "Google") in table for p in told)  # who is where: the sheet read
    watched = Match.open(match_dir)
    assert watched.store.raws() == []  # a sheet watched is not a hand-in
    watched.close()
    assert service.run(match_dir, WatchSheets(), sheets=match_google.spreadsheets).changes == ()
