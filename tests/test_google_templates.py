"""`festival templates --google` never destroys what a player typed, recognises its own tabs
by the marker it writes into the spreadsheet (so a cut run can be run again), and keeps to
its request budget: one read and at most one write per spreadsheet."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from festival.cli.main import main
from festival.match.match import Match
from sheets import google, google_tabs
from sheets.source import load
from tests.support.google_match import (
    age_template,
    fill_from_sample,
    google_match,
    over_budget,
    snapshot,
    tab_titles,
)
from tests.support.patience import PATIENCE
from tests.support.sheets_server import SheetsServer

pytestmark = pytest.mark.slow

NO_WAIT = google.Retry(attempts=4, first_delay=1.0, sleep=lambda s: None, timeout=PATIENCE)


@pytest.fixture
def server() -> Iterator[SheetsServer]:
    with SheetsServer() as s:
        yield s


@pytest.fixture
def match_dir(tmp_path: Path, server: SheetsServer, monkeypatch: pytest.MonkeyPatch) -> Path:
    return google_match(tmp_path, server, monkeypatch, NO_WAIT)


def templates(match_dir: Path, *extra: str) -> int:
    return main(["templates", str(match_dir), "--google", *extra])


def writes(server: SheetsServer) -> list[str]:
    return [r.path for r in server.api_requests if r.method != "GET"]


def test_templates_run_again_keep_every_value_a_player_typed(
    match_dir: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """Fill the tabs as players would, run templates again, read back every value."""
    assert templates(match_dir) == 0
    match = Match.open(match_dir)
    typed = fill_from_sample(server, match, 1)
    server.sheet("key-uri", "R1 Board").cells[(40, 5)] = "a note of uri's, outside the form"
    assert typed > 300
    before = snapshot(server)
    server.reset_log()
    capsys.readouterr()

    assert templates(match_dir) == 0
    assert snapshot(server) == before
    assert writes(server) == []  # nothing was rewritten: one read per spreadsheet, no write
    assert server.requests_per_spreadsheet() == {k: 1 for k in server.spreadsheet_keys()}
    out = capsys.readouterr().out
    assert "0 made" in out and "0 refreshed" in out
    # and the round still reads as the players typed it
    assert main(["resolve", str(match_dir), "--google"]) == 0


def test_a_changed_template_over_typed_cells_is_refused_naming_whose_tabs(
    match_dir: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    assert templates(match_dir) == 0
    fill_from_sample(server, Match.open(match_dir), 1)
    age_template(server, "key-uri", "R1 Board")
    age_template(server, "key-Spadez", "R1 Harvest")
    before = snapshot(server)
    server.reset_log()
    capsys.readouterr()

    assert templates(match_dir) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "hold what players typed" in err and "Nothing was written" in err
    assert "Spadez (R1 Harvest: " in err and "uri (R1 Board: " in err and "--force" in err
    assert writes(server) == [] and snapshot(server) == before


def test_force_backs_the_typed_values_up_in_the_store_then_replaces_the_tab(
    match_dir: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    assert templates(match_dir) == 0
    fill_from_sample(server, Match.open(match_dir), 1)
    age_template(server, "key-uri", "R1 Board")
    typed_board = dict(server.sheet("key-uri", "R1 Board").cells)
    untouched = {k: v for k, v in snapshot(server).items() if k != ("key-uri", "R1 Board")}
    capsys.readouterr()

    assert templates(match_dir, "--force") == 0
    assert "kept in the match store" in capsys.readouterr().out
    (backup,) = Match.open(match_dir).store.raws(1)
    assert backup.player == "uri" and "backup before templates --force" in backup.source
    from sheets.source import RawSubmission

    grids = load(RawSubmission(backup.player, backup.source, backup.content, backup.content_type))
    board = grids["Board"]
    assert {(r, c): board.at(r, c) for (r, c) in typed_board} == typed_board
    # the tab is the current template again; every other tab kept what was typed
    board_now = server.sheet("key-uri", "R1 Board")
    assert board_now.cells[(0, 0)] != "an older template"
    marker = google_tabs.Marker.from_json(board_now.developer_metadata[0]["metadataValue"])
    assert marker is not None and marker.cells == board_now.cells
    assert {k: v for k, v in snapshot(server).items() if k != ("key-uri", "R1 Board")} == untouched


def test_a_changed_template_without_typed_cells_is_refreshed(
    match_dir: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    assert templates(match_dir) == 0
    age_template(server, "key-uri", "R1 Board")
    capsys.readouterr()
    # the marker and the cell agree: nothing was typed, the tab is simply out of date
    assert templates(match_dir) == 0
    assert "1 refreshed" in capsys.readouterr().out
    assert server.sheet("key-uri", "R1 Board").cells[(0, 0)] != "an older template"
    assert Match.open(match_dir).store.raws() == []


def test_a_new_round_adds_its_tabs_and_never_touches_the_old_ones(
    match_dir: Path, server: SheetsServer
) -> None:
    assert templates(match_dir) == 0
    fill_from_sample(server, Match.open(match_dir), 1)
    assert main(["resolve", str(match_dir), "--google"]) == 0
    before = snapshot(server)
    old_ids = {
        (key, s.sheet_id)
        for key in server.spreadsheet_keys()
        for s in server.spreadsheet(key).sheets
    }
    server.reset_log()

    assert templates(match_dir) == 0  # round 2
    assert not over_budget(server, 2)
    after = snapshot(server)
    assert {k: after[k] for k in before} == before
    new = set(after) - set(before)
    assert new and all(title.startswith("R2 ") for _, title in new)
    for key, request in server.batch_log:
        kind = next(iter(request))
        body = request[kind]
        touched = body.get("sheetId", body.get("start", body.get("range", {})).get("sheetId"))
        if kind == "deleteSheet" or (touched is not None and kind != "addSheet"):
            assert (key, touched) not in old_ids, (key, request)
    match = Match.open(match_dir)
    fill_from_sample(server, match, 2)
    assert main(["resolve", str(match_dir), "--google"]) == 0
    assert Match.open(match_dir).last_resolved_round() == 2


def test_request_budget_per_command_and_spreadsheet(match_dir: Path, server: SheetsServer) -> None:
    """templates <= 2 (one read, one write), a round read 2 (the values, the markers),
    publish 1: every time, the first time included."""
    for round_no in (1, 2):
        server.reset_log()
        assert templates(match_dir) == 0
        assert not over_budget(server, 2), server.requests_per_spreadsheet()
        assert all(
            len([r for r in server.api_requests if r.method == "GET" and key in r.path]) == 1
            for key in server.spreadsheet_keys()
        )
        server.reset_log()
        assert templates(match_dir) == 0  # again: one read each, nothing to write
        assert not over_budget(server, 1) and writes(server) == []
        fill_from_sample(server, Match.open(match_dir), round_no)
        server.reset_log()
        assert main(["resolve", str(match_dir), "--google"]) == 0
        assert not over_budget(server, 2)
        server.reset_log()
        assert main(["publish", str(match_dir)]) == 0
        assert not over_budget(server, 1)
        assert all(r.status == 200 for r in server.api_requests)


def test_a_run_cut_by_errors_on_one_spreadsheet_can_simply_be_run_again(
    match_dir: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    server.fail_next(10, status=429, key="key-Wren", method="POST")
    assert templates(match_dir) == 2
    err = capsys.readouterr().err
    assert "Wren's spreadsheet key-Wren" in err and "run `festival templates --google` again" in err
    assert templates(match_dir) == 2  # the other 6 answers of 429
    capsys.readouterr()
    assert templates(match_dir) == 0
    out = capsys.readouterr().out
    assert "0 refreshed" in out
    for key in server.spreadsheet_keys():
        titles = tab_titles(server, key)
        assert len(titles) == len(set(titles))
    assert "R1 Board" in tab_titles(server, "key-Wren") or "R1 Harvest" in tab_titles(
        server, "key-Wren"
    )


def test_a_write_whose_answer_was_lost_is_recognised_by_its_marker(
    match_dir: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """Google applied the write but the connection dropped before the answer: the retry is
    refused (the tabs exist now); one read finds festival's tabs by their markers, exactly as
    planned, so the run goes on. A later run keeps them."""
    server.reset_next(1, key="key-cam", method="POST", applied=True)
    assert templates(match_dir) == 0
    assert [r.status for r in server.api_requests if "key-cam" in r.path] == [200, 0, 400, 200]
    made = {k: v for k, v in snapshot(server).items() if k[0] == "key-cam"}
    assert any(title.startswith("R1 ") for _, title in made)
    titles = tab_titles(server, "key-cam")
    assert len(titles) == len(set(titles))
    server.reset_log()
    assert templates(match_dir) == 0
    assert {k: v for k, v in snapshot(server).items() if k[0] == "key-cam"} == made
    assert writes(server) == []


def test_a_refused_write_that_was_not_applied_is_an_error(
    match_dir: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    server.fail_next(1, status=400, key="key-cam", method="POST", message="Invalid requests[0]")
    assert templates(match_dir) == 2
    err = capsys.readouterr().err
    assert "Google Sheets answered 400 (Invalid requests[0])" in err
    assert "while writing the templates into cam's spreadsheet key-cam" in err
    assert "R1 Board" not in tab_titles(server, "key-cam")


def test_a_renamed_tab_is_named_back_with_its_values_and_a_deleted_one_made_again(
    match_dir: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    assert templates(match_dir) == 0
    fill_from_sample(server, Match.open(match_dir), 1)
    harvest = server.sheet("key-Spadez", "R1 Harvest")
    harvest.properties["title"] = "My notes"
    typed = dict(harvest.cells)
    book = server.spreadsheet("key-uri")
    book.sheets = [s for s in book.sheets if s.title != "R1 Wards"]
    capsys.readouterr()

    assert templates(match_dir) == 0
    out = capsys.readouterr().out
    assert "Spadez: renamed 'My notes' back to 'R1 Harvest'" in out and "1 made" in out
    assert server.sheet("key-Spadez", "R1 Harvest").cells == typed
    assert "R1 Wards" in tab_titles(server, "key-uri")
    fill_from_sample(server, Match.open(match_dir), 1)  # uri fills the new Wards tab in again
    assert main(["resolve", str(match_dir), "--google"]) == 0


def test_plan_is_order_free_and_keeps_foreign_tabs_out() -> None:
    """The plan for a spreadsheet depends on its tabs, not on the order they are listed in."""
    from events.template import Template, TemplateTab

    tab = TemplateTab("Board", {(0, 0): "Rank", (1, 0): 8}, "A1:B2")
    t = Template("continuum", "uri", 1, (tab,))
    ours = google_tabs.BookTab(
        7, "R1 Board", google_tabs.Marker(1, "continuum", "Board", {(0, 0): "x"}), {(0, 0): "y"}
    )
    foreign = google_tabs.BookTab(3, "Notes", None, {(0, 0): "mine"})
    for book in ([ours, foreign], [foreign, ours]):
        p = google_tabs.plan(book, [t])
        assert p.held == {"R1 Board": 1} and p.requests == [] and not p.foreign
        forced = google_tabs.plan(book, [t], force=True)
        assert forced.backups == {1: {"R1 Board": {(0, 0): "y"}}}
        assert forced.requests[0] == {"deleteSheet": {"sheetId": 7}}
        assert all(r.get("deleteSheet", {}).get("sheetId") != 3 for r in forced.requests)
