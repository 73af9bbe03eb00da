"""Elementarium orders from Google Sheets, as the festival match takes its rounds: the real
gspread client against the local Sheets server (tests/support/sheets_server.py).

`festival duel google` records whose spreadsheet is whose; `festival duel sheets --google`
makes each turn's `R<turn> Orders` tab (dropdowns of legal targets, festival's marker naming
the duel) and never destroys what a player typed; `festival duel resolve --google` reads both
tabs and their markers (two requests per spreadsheet), stores them as read, refuses a tab
marked for another duel, turn or player, names every bad order by player, tab and cell, and
resolves. Every Google failure is one clear line."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import festival.google.match_sheets as gs
from festival.cli.main import main
from festival.duels.host import Duel
from sheets import google, google_tabs
from tests.support.google_match import age_template, snapshot
from tests.support.patience import PATIENCE
from tests.support.sheets_server import SheetsServer, local_client

NO_WAIT = google.Retry(attempts=4, first_delay=1.0, sleep=lambda s: None, timeout=PATIENCE)
KEYS = {"Ash": "key-Ash", "Birch": "key-Birch"}


@pytest.fixture
def server() -> Iterator[SheetsServer]:
    with SheetsServer() as s:
        yield s


def _google_duel(tmp_path: Path, name: str, server: SheetsServer) -> Path:
    folder = tmp_path / name
    args = ["duel", "new", str(folder), "--game", "elementarium", "--players", "Ash,Birch"]
    assert main([*args, "--seed", "3"]) == 0
    sheets = tmp_path / "sheets.csv"
    rows = [f"{p},https://docs.google.com/spreadsheets/d/{k}/edit" for p, k in KEYS.items()]
    sheets.write_text("player,spreadsheet\n" + "\n".join(rows) + "\n")
    assert main(["duel", "google", str(folder), "--sheets", str(sheets)]) == 0
    return folder


@pytest.fixture
def duel(tmp_path: Path, server: SheetsServer, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An Elementarium duel of Ash and Birch, each with an empty spreadsheet."""
    for player, key in KEYS.items():
        server.add_spreadsheet(key, f"{player}'s orders", {"Sheet1": []})
    monkeypatch.setattr(
        gs, "make_client",
        lambda path: local_client(server, http_client=google.retrying_http_client(NO_WAIT)),
    )  # fmt: skip
    return _google_duel(tmp_path, "duel", server)


def push(duel: Path, *extra: str) -> int:
    return main(["duel", "sheets", str(duel), "--google", *extra])


def resolve(duel: Path) -> int:
    return main(["duel", "resolve", str(duel), "--google"])


def order(server: SheetsServer, player: str, title: str, field: str, target: str) -> int:
    """Type a target next to a piece in a player's Orders tab; returns the 0-based row."""
    sheet = server.sheet(KEYS[player], title)
    row = next(r for (r, c), v in sheet.cells.items() if c == 1 and v == field)
    sheet.cells[(row, 2)] = target
    return row


def writes(server: SheetsServer) -> list[str]:
    return [r.path for r in server.api_requests if r.method != "GET"]


def one_clear_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.startswith("festival: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


def opened(folder: Path) -> Duel:
    return Duel.open(folder)


def test_each_player_gets_the_turns_orders_tab_with_dropdowns_and_the_duels_marker(
    duel: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """ "each turn the tool writes each player's order workbook (their units, each unit's legal
    targets as dropdowns) or Google tabs as for the festival" """
    server.reset_log()
    assert push(duel) == 0
    assert f"festival duel resolve {duel} --google" in capsys.readouterr().out
    assert server.requests_per_spreadsheet() == {"key-Ash": 2, "key-Birch": 2}  # read + write
    birch = server.sheet("key-Birch", "R1 Orders")
    fields = [v for (r, c), v in sorted(birch.cells.items()) if c == 1 and r > 0]
    assert len(fields) == 21 and "f9" in fields and "f3" not in fields
    row = fields.index("f7") + 1
    rule = next(v["rule"] for v in birch.validations if v["range"]["startRowIndex"] == row)
    options = [o["userEnteredValue"] for o in rule["condition"]["values"]]
    assert options == ["stay", "c4", "d5", "e6", "e8", "f8", "g6", "g8", "h5", "i4"]
    d = opened(duel)
    (meta,) = birch.developer_metadata
    marker = google_tabs.Marker.from_json(meta["metadataValue"])
    assert marker is not None and marker.identity == (1, f"elementarium {d.duel_id}", "Orders")
    d.close()
    assert "R1 Orders" in [s.title for s in server.spreadsheet("key-Ash").sheets]


def test_pushing_again_keeps_typed_values_and_a_new_turn_adds_its_own_tab(
    duel: Path, server: SheetsServer
) -> None:
    assert push(duel) == 0
    order(server, "Ash", "R1 Orders", "f3", "e4")
    before = snapshot(server)
    server.reset_log()
    assert push(duel) == 0
    assert writes(server) == [] and snapshot(server) == before  # one read each, nothing written
    assert resolve(duel) == 0
    assert push(duel) == 0
    after = snapshot(server)
    assert {k: v for k, v in after.items() if k[1] != "R2 Orders"} == before
    assert ("key-Ash", "R2 Orders") in after and ("key-Birch", "R2 Orders") in after


def test_resolve_reads_both_tabs_and_their_markers_stores_them_then_resolves(
    duel: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """One values:batchGet per spreadsheet and one read of its tab titles and markers (no
    values), nothing else; what was read is stored as received before it is parsed; the turn
    resolves as typed."""
    assert push(duel) == 0
    order(server, "Ash", "R1 Orders", "f3", "e4")
    order(server, "Birch", "R1 Orders", "f7", "e6")
    server.reset_log()
    capsys.readouterr()
    assert resolve(duel) == 0
    out = capsys.readouterr().out
    assert "Ash moved f3 to e4" in out and "Birch moved f7 to e6" in out
    assert "Ash: orders in from spreadsheet key-Ash, tab R1 Orders" in out
    paths = [r.path for r in server.api_requests]
    assert paths == [
        f"/v4/spreadsheets/{k}{end}" for k in KEYS.values() for end in ("/values:batchGet", "")
    ]
    markers = [r.query for r in server.api_requests if not r.path.endswith("batchGet")]
    assert all(q["includeGridData"] == ["false"] for q in markers)
    assert server.requests_per_spreadsheet() == {"key-Ash": 2, "key-Birch": 2}
    d = opened(duel)
    try:
        raws = {r.player: r for r in d.store.raws()}
        assert str(raws["Ash"].source) == "google:key-Ash"
        stored = json.loads(raws["Ash"].content)
        assert stored["ranges"] == ["'R1 Orders'!A1:C22"]
        assert ["Air", "f3", "e4"] in stored["valueRanges"][0]["values"]
        assert [s.raw_id for s in d.store.steps()] == [raws["Ash"].id, raws["Birch"].id]
    finally:
        d.close()


def test_an_untouched_tab_holds(duel: Path, server: SheetsServer) -> None:
    """A player who chooses nothing holds every unit still (the ruling for no orders)."""
    assert push(duel) == 0
    order(server, "Ash", "R1 Orders", "f3", "e4")
    assert resolve(duel) == 0
    d = opened(duel)
    try:
        birch = [s for s in d.store.steps() if s.player == "Birch"]
        assert birch[0].action == {"orders": []}
    finally:
        d.close()


def test_bad_orders_are_named_by_player_tab_and_cell_and_nothing_resolves(
    duel: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    assert push(duel) == 0
    bad = order(server, "Ash", "R1 Orders", "b2", "zz")
    far = order(server, "Birch", "R1 Orders", "d8", "d4")  # too far for an A
    capsys.readouterr()
    assert resolve(duel) == 1
    err = capsys.readouterr().err
    assert f"Ash, tab R1 Orders, cell C{bad + 1}: expected a field such as d4" in err
    assert f"Birch, tab R1 Orders, cell C{far + 1}: " in err and "Traceback" not in err
    d = opened(duel)
    try:
        assert d.store.step_count() == 0
        raws = {r.player: r for r in d.store.raws()}
        assert '"zz"' in raws["Ash"].content  # what Ash typed is kept
        assert d.store.errors(raws["Ash"].id)[0][0] == "elementarium.workbook"
    finally:
        d.close()
    order(server, "Ash", "R1 Orders", "b2", "stay")
    order(server, "Birch", "R1 Orders", "d8", "d7")
    assert resolve(duel) == 0


def test_no_tab_is_sealed_while_the_turn_cannot_resolve(
    duel: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """Players may still edit their tabs: when one player's orders are wrong, nobody's are
    recorded (an untouched tab is not sealed as "hold"), and the next resolve reads both."""
    assert push(duel) == 0
    order(server, "Ash", "R1 Orders", "d2", "d6")  # too far for an A
    capsys.readouterr()
    assert resolve(duel) == 1
    out = capsys.readouterr().out
    assert "Birch: orders read from spreadsheet key-Birch, tab R1 Orders" in out
    assert "not recorded until every player's are" in out
    d = opened(duel)
    try:
        assert d.store.step_count() == 0 and len(d.store.raws()) == 2
    finally:
        d.close()
    order(server, "Ash", "R1 Orders", "d2", "d3")
    order(server, "Birch", "R1 Orders", "f7", "e6")
    server.reset_log()
    assert resolve(duel) == 0
    assert "Birch moved f7 to e6" in capsys.readouterr().out
    assert server.requests_per_spreadsheet() == {"key-Ash": 2, "key-Birch": 2}  # values, marker


def _429s(server: SheetsServer) -> None:
    server.fail_next(3, status=429)


def _500s(server: SheetsServer) -> None:
    server.fail_next(1000, status=500)


def _forbidden(server: SheetsServer) -> None:
    server.fail_next(1000, status=403, key="key-Birch")


def _not_found(server: SheetsServer) -> None:
    server.fail_next(1000, status=404, key="key-Birch")


def _deleted_tab(server: SheetsServer) -> None:
    book = server.spreadsheet("key-Birch")
    book.sheets = [s for s in book.sheets if s.title != "R1 Orders"]


def _dropped(server: SheetsServer) -> None:
    server.reset_next(1000)


NOT_SHARED = "Birch's spreadsheet key-Birch was not found, or is not shared"
FAILURES: list[tuple[str, Callable[[SheetsServer], None], str | None]] = [
    # (what happens, how, the clear line's words; None: retried, then resolved)
    ("429s are retried", _429s, None),
    ("a server error that stays", _500s, "kept answering 500 (a Google server error)"),
    ("not shared (403)", _forbidden, NOT_SHARED),
    ("not found (404)", _not_found, NOT_SHARED),
    ("a deleted tab", _deleted_tab, "key-Birch: there is no tab 'R1 Orders' (deleted?)"),
    ("a dropped connection", _dropped, "could not reach Google while reading Ash's spreadsheet"),
]


@pytest.mark.parametrize(("case", "fault", "words"), FAILURES, ids=[f[0] for f in FAILURES])
def test_every_google_failure_when_reading_is_one_clear_line_and_stores_nothing(
    duel: Path,
    server: SheetsServer,
    capsys: pytest.CaptureFixture[str],
    case: str,
    fault: Callable[[SheetsServer], None],
    words: str | None,
) -> None:
    assert push(duel) == 0
    order(server, "Ash", "R1 Orders", "f3", "e4")
    fault(server)
    capsys.readouterr()
    if words is None:
        assert resolve(duel) == 0
        assert [r.status for r in server.api_requests].count(429) == 3
        return
    assert resolve(duel) == 2
    err = one_clear_line(capsys)
    assert words in err
    if case == "a deleted tab":
        assert f"Run `festival duel sheets {duel} --google` again" in err
    else:
        assert f"run `festival duel resolve {duel} --google` again" in err
    d = opened(duel)
    try:
        assert d.store.raws() == [] and d.store.step_count() == 0  # all read before any stored
    finally:
        d.close()


def test_a_failed_push_is_one_clear_line_and_a_rerun_finishes(
    duel: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    server.fail_next(NO_WAIT.attempts, status=500, method="POST")  # every try of one write
    capsys.readouterr()
    assert push(duel) == 2
    err = one_clear_line(capsys)
    assert "while writing the order tabs into Ash's spreadsheet key-Ash" in err
    assert f"run `festival duel sheets {duel} --google` again" in err
    assert push(duel) == 0
    assert all(("key-" + p, "R1 Orders") in snapshot(server) for p in KEYS)


def test_changed_tabs_holding_typed_values_are_kept_unless_forced_and_backed_up_first(
    duel: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    assert push(duel) == 0
    order(server, "Ash", "R1 Orders", "f3", "e4")
    age_template(server, "key-Ash", "R1 Orders")
    before = snapshot(server)
    server.reset_log()
    capsys.readouterr()
    assert push(duel) == 2
    err = one_clear_line(capsys)
    assert "the turn 1 order tabs changed since they were written" in err
    assert "Ash (R1 Orders: " in err and f"festival duel sheets {duel} --google --force" in err
    assert writes(server) == [] and snapshot(server) == before

    assert push(duel, "--force") == 0
    assert "kept in the duel store before their tabs were replaced: Ash" in capsys.readouterr().out
    d = opened(duel)
    try:
        (backup,) = d.store.raws()
        assert str(backup.source) == "google:key-Ash (backup before duel sheets --force)"
        assert "e4" in backup.content and backup.player == "Ash"
    finally:
        d.close()
    assert "e4" not in server.sheet("key-Ash", "R1 Orders").cells.values()


def test_another_duels_tab_in_the_same_spreadsheet_is_never_taken_for_this_duels(
    duel: Path, tmp_path: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """Both duels start from the same board, so their turn 1 tabs look alike: the marker's
    duel id keeps one duel from reusing (and then reading) the other's tab."""
    assert push(duel) == 0
    other = _google_duel(tmp_path, "other", server)
    capsys.readouterr()
    assert push(other) == 2
    err = one_clear_line(capsys)
    assert "already has tab(s) R1 Orders that festival did not make for this duel" in err


def _duel_id(folder: Path) -> str:
    d = opened(folder)
    try:
        return d.duel_id
    finally:
        d.close()


def _birchs_tab_in_ashs(server: SheetsServer) -> None:
    """Birch's R1 Orders tab, marker and all, copied over Ash's (as "Copy to" would)."""
    ash = server.spreadsheet("key-Ash")
    copied = copy.deepcopy(server.sheet("key-Birch", "R1 Orders"))
    copied.properties["sheetId"] = server.sheet("key-Ash", "R1 Orders").sheet_id
    ash.sheets = [copied if s.title == "R1 Orders" else s for s in ash.sheets]


def _hand_made_tab(server: SheetsServer) -> None:
    """Ash's R1 Orders tab made again by hand: the same cells, no festival marker."""
    server.sheet("key-Ash", "R1 Orders").developer_metadata.clear()


def test_another_duels_tab_is_refused_by_name_when_reading_and_what_it_holds_is_kept(
    duel: Path, tmp_path: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 24: "`festival duel resolve --google` plays another duel's orders": duel X's
    R1 Orders tabs, filled in, are in the spreadsheets duel Y reads. Y's resolve refuses
    both tabs by player, spreadsheet and tab, saying whose they are; it stores what it read
    and records nothing, so turn 1 of Y is not played with X's moves."""
    assert push(duel) == 0
    order(server, "Ash", "R1 Orders", "f3", "e4")
    order(server, "Birch", "R1 Orders", "f7", "e6")
    other = _google_duel(tmp_path, "other", server)
    x, y = _duel_id(duel), _duel_id(other)
    capsys.readouterr()
    assert resolve(other) == 1
    captured = capsys.readouterr()
    err = captured.err
    for player in KEYS:
        assert (
            f"{player}: spreadsheet key-{player}, tab R1 Orders was made for another duel "
            f"(made for {player}, turn 1 of duel {x}; expected {player}, turn 1 of duel {y}): "
            f"rename or remove that tab, then run `festival duel sheets {other} --google`"
        ) in err
    assert err.count("(duel.mark)") == 2 and "moved" not in captured.out + err
    d = opened(other)
    try:
        assert d.store.step_count() == 0
        raws = {r.player: r for r in d.store.raws()}
        assert set(raws) == set(KEYS) and '"e4"' in raws["Ash"].content  # kept as read
        assert d.store.errors(raws["Ash"].id)[0][0] == "duel.mark"
    finally:
        d.close()
    assert resolve(duel) == 0  # the tabs are duel X's own: X reads them
    assert "Ash moved f3 to e4" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("case", "fault", "words"),
    [
        (
            "another player's tab",
            _birchs_tab_in_ashs,
            "Ash: spreadsheet key-Ash, tab R1 Orders was made for Birch, not for Ash (made for "
            "Birch, turn 1 of duel {d}; expected Ash, turn 1 of duel {d})",
        ),
        (
            "a tab festival did not make",
            _hand_made_tab,
            "Ash: spreadsheet key-Ash, tab R1 Orders was not made by festival (it carries no "
            "festival marker): rename or remove that tab",
        ),
    ],
)
def test_a_tab_not_marked_for_this_player_is_refused_when_reading(
    duel: Path,
    server: SheetsServer,
    capsys: pytest.CaptureFixture[str],
    case: str,
    fault: Callable[[SheetsServer], None],
    words: str,
) -> None:
    assert push(duel) == 0
    order(server, "Birch", "R1 Orders", "f7", "e6")
    fault(server)
    capsys.readouterr()
    assert resolve(duel) == 1
    err = capsys.readouterr().err
    assert words.format(d=_duel_id(duel)) in err and err.count("(duel.mark)") == 1
    d = opened(duel)
    try:
        assert d.store.step_count() == 0 and len(d.store.raws()) == 2
    finally:
        d.close()
    assert push(duel) == 2  # nor is it reused
    assert "already has tab(s) R1 Orders that festival did not make" in one_clear_line(capsys)


def test_an_earlier_turns_tab_renamed_to_this_turns_is_refused_when_reading(
    duel: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """A stale tab: Ash's R1 Orders (turn 1's moves still in it) renamed over R2 Orders."""
    assert push(duel) == 0
    order(server, "Ash", "R1 Orders", "f3", "e4")
    assert resolve(duel) == 0
    assert push(duel) == 0
    ash = server.spreadsheet("key-Ash")
    ash.sheets = [s for s in ash.sheets if s.title != "R2 Orders"]
    server.sheet("key-Ash", "R1 Orders").properties["title"] = "R2 Orders"
    capsys.readouterr()
    assert resolve(duel) == 1
    err = capsys.readouterr().err
    d = _duel_id(duel)
    assert (
        f"Ash: spreadsheet key-Ash, tab R2 Orders is the tab of turn 1, not of turn 2 (made for "
        f"Ash, turn 1 of duel {d}; expected Ash, turn 2 of duel {d})"
    ) in err


@pytest.mark.parametrize(
    ("rows", "words"),
    [
        (["Ash,key-1", "Birch,key-1"], "Ash and Birch (key-1) share a spreadsheet"),
        (["Ash,key-1", "Cedar,key-2"], "'Cedar' is not a player of this duel"),
        (["Ash,key-1"], "no spreadsheet for Birch"),
        (["Ash,key-1", "Birch,key-2", "ash,key-3"], "row 4: Ash is given a second spreadsheet"),
        (["Ash,key-3", "Birch,key-2", "Ash,key-1"], "row 4: Ash is given a second spreadsheet"),
    ],
)
def test_the_spreadsheets_file_is_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rows: list[str], words: str
) -> None:
    """Order never decides: a player given two spreadsheets is refused (the last row would win)."""
    folder = tmp_path / "d"
    args = ["duel", "new", str(folder), "--game", "elementarium", "--players", "Ash,Birch"]
    assert main(args) == 0
    sheets = tmp_path / "s.csv"
    sheets.write_text("player,spreadsheet\n" + "\n".join(rows) + "\n")
    capsys.readouterr()
    assert main(["duel", "google", str(folder), "--sheets", str(sheets)]) == 2
    assert words in one_clear_line(capsys)
    assert main(["duel", "resolve", str(folder), "--google"]) == 2
    assert f"run `festival duel google {folder} --sheets FILE` first" in one_clear_line(capsys)
    assert main(["duel", "sheets", str(folder), "--out", str(tmp_path), "--force"]) == 2
    assert "--force is for --google" in one_clear_line(capsys)
