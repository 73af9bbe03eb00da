"""Never a stale or foreign Google tab read as a fresh one: festival's marker on each tab names
the match, round, event, tab and player it was made for; `templates` keeps out a tab of
another match, and reading a round refuses every tab festival did not make for this match,
round and player (stored as read, never played). The real gspread client against the local
Sheets server (tests/support/sheets_server.py)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path

import pytest

from events.template import Template, TemplateTab
from festival.cli.main import main
from festival.match.match import Match
from festival.sample.play import sample_match
from sheets import google, google_tabs
from sheets.google_tabs import BookTab, Marker
from tests.support.doc_blocks import code_blocks
from tests.support.google_match import fill_from_sample, google_match, snapshot, tab_titles
from tests.support.patience import PATIENCE
from tests.support.sheets_server import SheetsServer

NO_WAIT = google.Retry(attempts=4, first_delay=1.0, sleep=lambda s: None, timeout=PATIENCE)
OTHER_ID = "0123456789ab"

MINE = Marker(2, "alchemy", "Harvest", player="Fern", match="aaaaaaaaaaaa")


# --- the marker, pure ---------------------------------------------------------------------


def test_the_marker_carries_the_match_and_reads_back() -> None:
    text = MINE.to_json()
    assert '"match":"aaaaaaaaaaaa"' in text
    assert Marker.from_json(text) == MINE
    older = Marker.from_json('{"round":2,"event":"alchemy","tab":"Harvest","cells":[]}')
    assert older is not None and older.match is None and older.player is None


def test_the_marker_in_formats_md_reads_with_its_match_and_player() -> None:
    block = code_blocks("docs/formats.md", "## Google Sheets", "json")[0]
    marker = Marker.from_json(block)
    assert marker is not None and marker.player == "Spadez" and marker.match == "c5522bb839cb"
    assert Marker.from_json(marker.to_json()) == marker and marker.to_json() == block


@pytest.mark.parametrize(
    ("other", "same"),
    [
        (MINE, True),
        (Marker(2, "alchemy", "Harvest", player="Fern"), True),  # an older festival's: no match
        (Marker(2, "alchemy", "Harvest"), True),
        (Marker(2, "alchemy", "Harvest", player="Fern", match="bbbbbbbbbbbb"), False),
        (Marker(2, "alchemy", "Harvest", player="Ash", match="aaaaaaaaaaaa"), False),
        (Marker(1, "alchemy", "Harvest", player="Fern", match="aaaaaaaaaaaa"), False),
    ],
)
def test_same_tab_needs_the_same_match_unless_a_marker_has_none(other: Marker, same: bool) -> None:
    assert MINE.same_tab(other) is same and other.same_tab(MINE) is same


@pytest.mark.parametrize(
    ("found", "said"),
    [
        (BookTab(1, "R2 Harvest", MINE, {}), None),
        (BookTab(1, "R2 Harvest", Marker(2, "alchemy", "Harvest"), {}), None),
        (None, "was not among the spreadsheet's tabs when their markers were read"),
        (BookTab(1, "R2 Harvest", None, {}), "was not made by festival"),
        (
            BookTab(1, "R2 Harvest", Marker(2, "alchemy", "Harvest", {}, "Fern", "b" * 12), {}),
            "was made for another match (made for Fern, round 2, match " + "b" * 12 + ")",
        ),
        (
            BookTab(1, "R2 Harvest", Marker(1, "alchemy", "Harvest", {}, "Fern"), {}),
            "is the tab of round 1, not of round 2 (made for Fern, round 1, alchemy)",
        ),
        (
            BookTab(1, "R2 Harvest", Marker(2, "alchemy", "Harvest", {}, "Ash"), {}),
            "was made for Ash, not for Fern",
        ),
        (
            BookTab(1, "R2 Harvest", Marker(2, "continuum", "Board", {}, "Fern"), {}),
            "was made by festival as another tab (continuum Board; made for Fern, round 2, "
            "continuum)",
        ),
    ],
)
def test_refusal_names_what_the_tab_was_made_for(found: BookTab | None, said: str | None) -> None:
    why = google_tabs.refusal(found, MINE)
    assert why == said if said is None else why is not None and said in why


def test_plan_keeps_another_matchs_tab_out_and_says_whose_it_is() -> None:
    theirs = Marker(2, "alchemy", "Harvest", player="Fern", match="b" * 12)
    book = [BookTab(1, "R2 Harvest", theirs, {}), BookTab(2, "R2 Notes", None, {})]
    tabs = (TemplateTab("Harvest", {(0, 0): "x"}, "A1:B2"), TemplateTab("Notes", {}, "A1"))
    template = Template("alchemy", "Fern", 2, tabs)
    p = google_tabs.plan(book, [template], match="a" * 12)
    assert p.requests == [] and not p.kept
    assert p.foreign == {
        "R2 Harvest": "made by festival for Fern, round 2, match " + "b" * 12,
        "R2 Notes": "no festival marker",
    }
    assert not google_tabs.plan(book[:1], [template], match=None).foreign  # an older festival


# --- through the real client --------------------------------------------------------------


@pytest.fixture
def server() -> Iterator[SheetsServer]:
    with SheetsServer() as s:
        yield s


@pytest.fixture
def match_dir(tmp_path: Path, server: SheetsServer, monkeypatch: pytest.MonkeyPatch) -> Path:
    return google_match(tmp_path, server, monkeypatch, NO_WAIT)


def _resolve(folder: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["resolve", str(folder), "--google", *extra])
    got = capsys.readouterr()
    return code, got.out + got.err


def _refused_and_stored(folder: Path, round_no: int, out: str, players: list[str]) -> None:
    """The round is not resolved; every player's read is stored; each refused player is
    named with their spreadsheet and what to do."""
    match = Match.open(folder)
    try:
        assert match.last_resolved_round() == round_no - 1
        stored = {r.player for r in match.store.raws(round_no)}
        assert stored == {p for p in match.config.players if match.events_of(p, round_no)}
    finally:
        match.close()
    for p in players:
        assert f"{p}'s spreadsheet key-{p}: tab" in out
        assert f"ask {p} to rename or remove th" in out
        assert f"run `festival templates --google` (it makes {p}'s round {round_no} tab" in out


@pytest.mark.slow
def test_a_spreadsheet_reused_for_another_match_keeps_its_tabs_out_of_it(
    tmp_path: Path, match_dir: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """Match A's round 1 tabs, filled in, are in the players' spreadsheets; match B (the same
    festival, another id) uses the same spreadsheets. B's `templates` reports A's tabs as
    foreign, naming A, and writes nothing; B's round read refuses them all."""
    assert main(["templates", str(match_dir), "--google"]) == 0
    a = Match.open(match_dir)
    fill_from_sample(server, a, 1)
    a_id, players = a.match_id, list(a.config.players)
    a.close()
    before = snapshot(server)
    other = tmp_path / "b"
    sample_match(other, match_id=OTHER_ID)
    sheets = tmp_path / "sheets.csv"
    assert main(["google", str(other), "--sheets", str(sheets), "--host-sheet", "key-host"]) == 0
    capsys.readouterr()

    assert main(["templates", str(other), "--google"]) == 2
    err = capsys.readouterr().err
    p = players[0]
    assert f"{p}'s spreadsheet key-{p} already has tab(s) R1 " in err
    assert f"made by festival for {p}, round 1, match {a_id})" in err
    assert "use a new spreadsheet" in err and "nothing was written" in err
    assert snapshot(server) == before

    code, out = _resolve(other, capsys)
    assert code == 1
    assert f"each was made for another match (made for {p}, round 1, match {a_id})" in out
    _refused_and_stored(other, 1, out, players)


def _pair_with_the_same_tabs(server: SheetsServer, players: list[str]) -> tuple[str, str]:
    by_tabs: dict[frozenset[str], str] = {}
    for p in players:
        tabs = frozenset(t for t in tab_titles(server, f"key-{p}") if t.startswith("R1 "))
        if tabs in by_tabs:
            return by_tabs[tabs], p
        by_tabs[tabs] = p
    raise AssertionError("no two players with the same round 1 tabs")


@pytest.mark.parametrize("how", ["made by hand", "copied from another player"])
@pytest.mark.slow
def test_a_tab_festival_did_not_make_for_this_player_is_refused_by_name(
    how: str, match_dir: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["templates", str(match_dir), "--google"]) == 0
    match = Match.open(match_dir)
    fill_from_sample(server, match, 1)
    players = list(match.config.players)
    match.close()
    source, p = _pair_with_the_same_tabs(server, players)
    title = next(t for t in tab_titles(server, f"key-{p}") if t.startswith("R1 "))
    if how == "made by hand":  # festival's tab deleted, one typed anew under its title
        server.sheet(f"key-{p}", title).developer_metadata.clear()
        said = f"tab {title!r} was not made by festival (it carries no festival marker)"
    else:  # the player copied the other player's spreadsheet into theirs
        server.spreadsheet(f"key-{p}").sheets = copy.deepcopy(
            server.spreadsheet(f"key-{source}").sheets
        )
        said = f"each was made for {source}, not for {p} (made for {source}, round 1, match "
    code, out = _resolve(match_dir, capsys)
    assert code == 1 and said in out
    _refused_and_stored(match_dir, 1, out, [p])
    assert not any(f"{q}'s spreadsheet" in out for q in players if q != p)


@pytest.mark.slow
def test_a_round_1_tab_renamed_to_the_round_2_title_is_refused(
    match_dir: Path, server: SheetsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["templates", str(match_dir), "--google"]) == 0
    match = Match.open(match_dir)
    fill_from_sample(server, match, 1)
    assert _resolve(match_dir, capsys)[0] == 0
    assert main(["templates", str(match_dir), "--google"]) == 0
    fill_from_sample(server, match, 2)
    players = list(match.config.players)
    match.close()
    p, old, new = next(
        (p, t, "R2" + t[2:])
        for p in players
        for t in tab_titles(server, f"key-{p}")
        if t.startswith("R1 ") and "R2" + t[2:] in tab_titles(server, f"key-{p}")
    )
    book = server.spreadsheet(f"key-{p}")
    book.sheets.remove(server.sheet(f"key-{p}", new))
    server.sheet(f"key-{p}", old).properties["title"] = new
    code, out = _resolve(match_dir, capsys)
    assert code == 1
    assert f"tab {new!r} is the tab of round 1, not of round 2 (made for {p}, round 1, match" in out
    _refused_and_stored(match_dir, 2, out, [p])
