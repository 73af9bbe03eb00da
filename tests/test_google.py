"""A festival round through Google Sheets: the real gspread client against a local server
that speaks the Sheets API v4 (tests/support/sheets_server.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import festival.google.match_sheets as gs
from festival.cli.main import main
from festival.match.match import Match
from festival.match.replay import states_after
from festival.sample.play import sample_match
from sheets import google, google_tabs
from tests.support.google_match import fill_from_sample, google_match, over_budget, tab_titles
from tests.support.patience import PATIENCE
from tests.support.sheets_server import SheetsServer, service_account_file

pytestmark = pytest.mark.slow

NO_WAIT = google.Retry(attempts=4, first_delay=1.0, sleep=lambda s: None)


@pytest.fixture
def server() -> Iterator[SheetsServer]:
    with SheetsServer() as s:
        yield s


@pytest.fixture
def match_dir(tmp_path: Path, server: SheetsServer, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The sample festival's match, allocated, with a Google spreadsheet for every player."""
    return google_match(tmp_path, server, monkeypatch, NO_WAIT)


def test_templates_go_into_every_spreadsheet_and_never_touch_a_foreign_tab(
    match_dir: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    # A tab festival did not make is never touched, even when it has a template's title; and
    # every spreadsheet is checked before anything is written anywhere.
    server.spreadsheet("key-uri").sheets[0].properties["title"] = "R1 Board"
    assert main(["templates", str(match_dir), "--google"]) == 2
    err = capsys.readouterr().err
    assert "uri's spreadsheet key-uri already has tab(s) R1 Board that festival did not make" in err
    assert "nothing was written" in err and err.count("\n") == 1
    assert not server.batch_requests
    server.spreadsheet("key-uri").sheets[0].properties["title"] = "Sheet1"

    assert main(["templates", str(match_dir), "--google"]) == 0
    out = capsys.readouterr().out
    assert "Next: ask each player to fill in their tabs, then: " in out
    assert f"festival resolve {match_dir} --google --round 1" in out
    match = Match.open(match_dir)
    for p in match.config.players:
        tabs = set(tab_titles(server, f"key-{p}"))
        assert {"Sheet1", "Festival results"} <= tabs
        if "alchemy" in match.events_of(p, 1):
            assert {"R1 Harvest", "R1 Engineer", "R1 Status"} <= tabs
        if "continuum" in match.events_of(p, 1):
            assert {"R1 Board", "R1 Wards"} <= tabs
    assert "Festival standings" in tab_titles(server, "key-host")
    kinds = set(server.batch_requests)
    assert {"addSheet", "repeatCell", "setDataValidation", "addConditionalFormatRule"} <= kinds
    assert {"updateCells", "createDeveloperMetadata"} <= kinds
    assert "deleteSheet" not in kinds
    assert server.values("key-Spadez", "R1 Board")[2][0] == 8  # rank 8 drawn on row 3
    # Each of festival's tabs carries its marker: round, event, tab and what was written.
    board = server.sheet("key-Spadez", "R1 Board")
    (meta,) = board.developer_metadata
    marker = google_tabs.Marker.from_json(meta["metadataValue"])
    assert marker is not None and marker.identity == (1, "continuum", "Board")
    assert marker.cells == board.cells
    assert not server.sheet("key-Spadez", "Sheet1").developer_metadata


def test_a_round_read_from_google_equals_the_same_round_from_xlsx(
    tmp_path: Path, match_dir: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """One values:batchGet and one read of the tabs' markers per player spreadsheet, and the
    very submissions the .xlsx gives."""
    assert main(["templates", str(match_dir), "--google"]) == 0
    match = Match.open(match_dir)
    fill_from_sample(server, match, 1)
    server.reset_log()
    assert main(["resolve", str(match_dir), "--google"]) == 0
    batch_gets = [r for r in server.api_requests if r.path.endswith("values:batchGet")]
    assert len(batch_gets) == len(match.config.players)
    markers = [r for r in server.api_requests if r not in batch_gets]
    assert {r.path for r in markers} == {f"/v4/spreadsheets/key-{p}" for p in match.config.players}
    assert len(server.api_requests) == 2 * len(batch_gets)  # nothing else
    assert len({r.path for r in batch_gets}) == len(match.config.players)
    assert not over_budget(server, 2)

    other = Match.open(sample_match(tmp_path / "x", resolved=1))
    by_google = Match.open(match_dir).store.rounds()[0]
    by_xlsx = other.store.rounds()[0]
    assert by_google.submissions.keys() == by_xlsx.submissions.keys()
    for event in by_xlsx.submissions:
        for p, entry in by_xlsx.submissions[event].items():
            assert by_google.submissions[event][p]["submission"] == entry["submission"]
    assert by_google.rankings == by_xlsx.rankings
    raw = Match.open(match_dir).store.raws(1)
    assert raw and all(r.source.startswith("google:key-") for r in raw)


def test_429s_are_retried_then_the_round_resolves(match_dir: Path, server: SheetsServer) -> None:
    assert main(["templates", str(match_dir), "--google"]) == 0
    fill_from_sample(server, Match.open(match_dir), 1)
    server.reset_log()
    server.fail_next(3, status=429)
    assert main(["resolve", str(match_dir), "--google"]) == 0
    statuses = [r.status for r in server.api_requests]
    assert statuses.count(429) == 3 and Match.open(match_dir).last_resolved_round() == 1


def test_persistent_errors_fail_cleanly_and_leave_the_rounds_untouched(
    match_dir: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["templates", str(match_dir), "--google"]) == 0
    fill_from_sample(server, Match.open(match_dir), 1)
    before = Match.open(match_dir).store.rounds(include_superseded=True)
    server.fail_next(1000, status=500)
    capsys.readouterr()
    assert main(["resolve", str(match_dir), "--google"]) == 2
    err = capsys.readouterr().err
    assert "kept answering 500" in err and "nothing of the round was resolved" in err
    assert err.count("\n") == 1
    match = Match.open(match_dir)
    assert match.store.rounds(include_superseded=True) == before
    assert match.store.raws(1) == []  # every spreadsheet is read before anything is stored


def test_a_missing_or_unshared_spreadsheet_names_the_player(
    match_dir: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    server.set_shared("key-cam", False)
    capsys.readouterr()
    assert main(["templates", str(match_dir), "--google"]) == 2
    assert "cam's spreadsheet key-cam" in capsys.readouterr().err


def test_publish_writes_one_batch_update_per_spreadsheet_from_the_first_time(
    match_dir: Path, server: SheetsServer
) -> None:
    assert main(["templates", str(match_dir), "--google"]) == 0
    match = Match.open(match_dir)
    fill_from_sample(server, match, 1)
    assert main(["resolve", str(match_dir), "--google"]) == 0
    for _ in range(2):  # the first time too: `templates` made the results tabs
        server.reset_log()
        assert main(["publish", str(match_dir)]) == 0
        updates = [r for r in server.api_requests if r.path.endswith("values:batchUpdate")]
        assert len(updates) == len(match.config.players) + 1
        assert len(server.api_requests) == len(updates)
        assert all(r.status == 200 for r in server.api_requests)
        assert not over_budget(server, 1)
    assert any("private report" in row[0] for row in server.values("key-uri", "Festival results"))
    public = "\n".join(row[0] for row in server.values("key-host", "Festival standings") if row)
    assert "# AWA Festival, round 1" in public and "private report" not in public


def test_publish_makes_a_deleted_results_tab_again_in_one_more_request(
    match_dir: Path, server: SheetsServer
) -> None:
    assert main(["templates", str(match_dir), "--google"]) == 0
    fill_from_sample(server, Match.open(match_dir), 1)
    assert main(["resolve", str(match_dir), "--google"]) == 0
    book = server.spreadsheet("key-uri")
    book.sheets = [s for s in book.sheets if s.title != "Festival results"]
    server.reset_log()
    assert main(["publish", str(match_dir)]) == 0
    assert server.requests_per_spreadsheet()["key-uri"] == 2
    assert any("private report" in row[0] for row in server.values("key-uri", "Festival results"))


def test_the_service_account_key_is_never_stored_or_printed(
    tmp_path: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    from tests.support.sheets_server import mount_local

    key_file = service_account_file(tmp_path, server)
    secret = json.loads(key_file.read_text())["private_key"]
    real = google.client
    monkeypatch.setattr(
        gs, "make_client", lambda path: mount_local(real(path, retry=NO_WAIT), server)
    )
    folder = tmp_path / "m"
    sample_match(folder)
    players = Match.open(folder).config.players
    rows = ["player,spreadsheet"] + [f"{p},key-{p}" for p in players]
    for p in players:
        server.add_spreadsheet(f"key-{p}", p, {"Sheet1": []})
    (tmp_path / "s.csv").write_text("\n".join(rows) + "\n")
    monkeypatch.setenv(gs.ENV_CREDENTIALS, str(key_file))
    assert main(["google", str(folder), "--sheets", str(tmp_path / "s.csv")]) == 0
    assert main(["templates", str(folder), "--google"]) == 0
    assert server.token_requests, "the service account fetched a token from the local server"
    out = capsys.readouterr()
    dump = "\n".join(Match.open(folder).store.dump())
    for text in (out.out, out.err, dump):
        assert secret not in text and "PRIVATE KEY" not in text
    states_after(Match.open(folder), 0)  # the match still reads fine


def test_a_renamed_or_deleted_tab_is_a_clear_error_naming_player_sheet_and_tab(
    match_dir: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["templates", str(match_dir), "--google"]) == 0
    server.sheet("key-Spadez", "R1 Harvest").properties["title"] = "My notes"
    book = server.spreadsheet("key-uri")
    book.sheets = [s for s in book.sheets if s.title != "R1 Wards"]
    capsys.readouterr()
    assert main(["resolve", str(match_dir), "--google"]) == 2
    err = capsys.readouterr().err
    assert "Spadez's spreadsheet key-Spadez: the tab 'R1 Harvest' was renamed to 'My notes'" in err
    assert "run `festival templates --google` again" in err.lower()
    assert "nothing of the round was resolved" in err and err.count("\n") == 1
    assert Match.open(match_dir).last_resolved_round() == 0

    server.sheet("key-Spadez", "My notes").properties["title"] = "R1 Harvest"
    assert main(["resolve", str(match_dir), "--google"]) == 2
    err = capsys.readouterr().err
    assert "uri's spreadsheet key-uri: there is no tab 'R1 Wards' (deleted?)" in err


def test_the_round_desk_reads_and_resolves_from_google(
    match_dir: Path, server: SheetsServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from streamlit.testing.v1 import AppTest

    from tests.support.dashboard_app import markdown_tables

    assert main(["templates", str(match_dir), "--google"]) == 0
    fill_from_sample(server, Match.open(match_dir), 1)
    app = str(Path(__file__).resolve().parent.parent / "dashboard" / "app.py")
    monkeypatch.setenv("FESTIVAL_MATCH", str(match_dir))
    monkeypatch.setenv("FESTIVAL_HOST_PASSWORD", "pw")
    at = AppTest.from_file(app, default_timeout=PATIENCE).run()
    at.sidebar.text_input[0].input("pw").run()
    at.sidebar.radio[0].set_value("Round desk").run()
    server.reset_log()
    at.radio[0].set_value("the players' Google spreadsheets").run()
    assert not server.api_requests  # nothing is read until the host asks
    at.button[0].click().run()
    assert not at.exception, at.exception
    assert {row["status"] for row in markdown_tables(at)[-1]} == {"received"}
    asked = len(server.api_requests)
    at.checkbox[0].check().run()  # what was read is kept: a tick asks Google nothing
    assert len(server.api_requests) == asked
    assert {row["status"] for row in markdown_tables(at)[-1]} == {"received"}
    at.button[1].click().run()
    assert not at.exception, at.exception
    assert "Round 1 resolved" in at.success[0].value
    assert Match.open(match_dir).last_resolved_round() == 1
    assert "Round 2: submissions" in [h.value for h in at.subheader]  # shown at once
