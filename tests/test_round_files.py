"""The files a host hands to `resolve`: never a stale, foreign or half-read one taken for a
fresh one, every unusable file named, and the raw file stored once."""

from __future__ import annotations

import shutil
import unicodedata
from pathlib import Path

import openpyxl
import pytest

from festival.cli.main import main
from festival.core.errors import MatchError
from festival.match.match import Match
from festival.match.replay import states_after
from festival.match.rounds import check_round, ingest_folder
from sheets.limits import MAX_STORED_BYTES
from sheets.stamp import STAMP_TAB
from tests.conftest import PLAYERS, ROSTER, TABS, fill_workbooks
from tests.support.toy_event import ENGINE_ARGS


def _round_folder(match_folder: Path, round_no: int, value: int = 1) -> Path:
    """The round's templates, written by `festival templates` and filled in by everyone."""
    match = Match.open(match_folder)
    out = match_folder / f"in{round_no}"
    assert main(["templates", str(match_folder), "--round", str(round_no), "--out", str(out)]) == 0
    fill_workbooks(
        out,
        {p: {TABS[e]: value for e in match.events_of(p, round_no)} for p in match.config.players},
    )
    return out


def _resolve(match_folder: Path, folder: Path, *extra: str) -> int:
    return main(["resolve", str(match_folder), "--from", str(folder), *extra])


def test_the_same_resolve_command_run_twice_does_not_resolve_the_next_round(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`resolve` refuses to take files that belong to the round already resolved (say which)."""
    inbox = _round_folder(toy_match, 1)
    assert _resolve(toy_match, inbox) == 0
    before = Match.open(toy_match).store.dump()
    capsys.readouterr()
    assert _resolve(toy_match, inbox, "--default-invalid") == 2
    err = capsys.readouterr().err
    assert "holds the workbooks of round 1, which is already resolved, not of round 2" in err
    assert "pass --round 1 to resolve round 1 again" in err
    assert "Traceback" not in err
    match = Match.open(toy_match)
    assert match.last_resolved_round() == 1
    assert match.store.dump() == before  # the same files again: nothing new stored


@pytest.mark.slow
def test_a_players_workbook_of_an_earlier_round_is_refused_for_that_player(
    toy_match: Path,
) -> None:
    """A workbook carries its match, round and player; a file for another round is refused
    with a message that says so."""
    first = _round_folder(toy_match, 1)
    assert _resolve(toy_match, first) == 0
    second = _round_folder(toy_match, 2)
    match = Match.open(toy_match)
    player = next(p for p in PLAYERS if match.events_of(p, 2) and match.events_of(p, 1))
    shutil.copy(first / f"{player}.xlsx", second / f"{player}.xlsx")
    inputs = ingest_folder(match, 2, second)
    check = check_round(match, 2, inputs, states_after(match, 1))
    mine = [e for e in check.errors if e.player == player]
    assert mine and mine[0].code == "sheet.unreadable"
    assert "is the workbook of round 1, not of round 2" in mine[0].message
    assert all(e.player == player for e in check.errors)


@pytest.mark.slow
def test_a_workbook_made_for_another_player_or_match_is_refused(
    toy_match: Path, tmp_path: Path, roster_csv: Path
) -> None:
    inbox = _round_folder(toy_match, 1)
    match = Match.open(toy_match)
    same = [p for p in PLAYERS if match.events_of(p, 1) == match.events_of(PLAYERS[0], 1)]
    a, b = same[:2]
    shutil.copy(inbox / f"{a}.xlsx", inbox / f"{b}.xlsx")
    other = tmp_path / "other"
    assert main(["new", str(other), "--roster", str(roster_csv), "--seed", "8", *ENGINE_ARGS]) == 0
    assert main(["allocate", str(other)]) == 0
    foreign = _round_folder(other, 1)
    c = next(
        p
        for p in PLAYERS
        if p not in (a, b) and Match.open(other).events_of(p, 1) == match.events_of(p, 1) != []
    )
    shutil.copy(foreign / f"{c}.xlsx", inbox / f"{c}.xlsx")
    inputs = ingest_folder(match, 1, inbox)
    assert f"was made for {a}, not for {b}" in str(inputs[b].unreadable)
    assert "was made for another match" in str(inputs[c].unreadable)
    assert inputs[a].unreadable is None


def test_a_changed_mark_is_refused_and_an_unmarked_workbook_is_read_with_a_note(
    toy_match: Path,
) -> None:
    inbox = _round_folder(toy_match, 1)
    match = Match.open(toy_match)
    x, y = [p for p in PLAYERS if match.events_of(p, 1)][:2]
    book = openpyxl.load_workbook(inbox / f"{x}.xlsx")
    book[STAMP_TAB]["B3"] = "nine"
    book.save(inbox / f"{x}.xlsx")
    book = openpyxl.load_workbook(inbox / f"{y}.xlsx")
    del book[STAMP_TAB]
    book.save(inbox / f"{y}.xlsx")
    inputs = ingest_folder(match, 1, inbox)
    assert "tab was changed" in str(inputs[x].unreadable)
    assert inputs[y].workbook is not None
    assert "carries no festival mark" in str(inputs[y].note)


def test_files_festival_cannot_read_are_named_not_ignored(toy_match: Path) -> None:
    """.ods/.xlsm/a folder named X.xlsx no longer make the player "missing" without a word."""
    inbox = _round_folder(toy_match, 1)
    match = Match.open(toy_match)
    players = [p for p in PLAYERS if match.events_of(p, 1)]
    (inbox / f"{players[0]}.xlsx").rename(inbox / f"{players[0]}.ods")
    (inbox / f"{players[1]}.xlsx").rename(inbox / f"{players[1]}.xlsm")
    (inbox / f"{players[2]}.xlsx").unlink()
    (inbox / f"{players[2]}.xlsx").mkdir()
    (inbox / ".DS_Store").write_bytes(b"x")  # hidden files stay ignored
    with pytest.raises(MatchError) as caught:
        ingest_folder(match, 1, inbox)
    text = str(caught.value)
    assert f"{players[0]}.ods .ods is not read: save it as an .xlsx workbook" in text
    assert f"{players[1]}.xlsm .xlsm is not read" in text
    assert f"{players[2]}.xlsx is a folder, not a workbook" in text
    assert ".DS_Store" not in text


def test_a_workbook_with_a_formula_and_no_saved_value_names_the_cell(toy_match: Path) -> None:
    inbox = _round_folder(toy_match, 1)
    match = Match.open(toy_match)
    player = next(p for p in PLAYERS if match.events_of(p, 1))
    tab = TABS[match.events_of(player, 1)[0]]
    book = openpyxl.load_workbook(inbox / f"{player}.xlsx")
    book[tab]["B2"] = "=1+1"
    book.save(inbox / f"{player}.xlsx")
    inputs = ingest_folder(match, 1, inbox)
    check = check_round(match, 1, inputs, states_after(match, 0))
    (error,) = [e for e in check.errors if e.code == "sheet.formula"]
    assert (error.player, error.tab, error.cell) == (player, tab, "B2")
    assert (
        "type the value into the cell, or open the file in Excel or Google Sheets and save it "
        "there, then send it again"
    ) in error.message


@pytest.mark.slow
def test_a_huge_file_is_refused_by_name_and_recorded_once(toy_match: Path) -> None:
    """Beyond a limit: a clear error naming the player and file; the raw file is still stored
    once (by content hash, not again on every retry)."""
    inbox = _round_folder(toy_match, 1)
    match = Match.open(toy_match)
    player = next(p for p in PLAYERS if match.events_of(p, 1))
    with (inbox / f"{player}.xlsx").open("r+b") as handle:
        handle.truncate(MAX_STORED_BYTES + 1)  # sparse: no real disk used
    for _ in range(2):
        inputs = ingest_folder(match, 1, inbox)
    assert "the file is too large" in str(inputs[player].unreadable)
    assert f"{player}.xlsx" in str(inputs[player].unreadable)
    rows = [r for r in match.store.raws(1) if r.player == player]
    assert len(rows) == 1 and rows[0].content_type == "too-large"
    assert rows[0].content.startswith(f"{MAX_STORED_BYTES + 1} bytes, SHA-256 ".encode())
    assert len(match.store.raws(1)) == len(inputs)  # every file once, after two attempts


UNICODE_NAMES = ["Zoë Ng", "Søren", "Jürgen", "李小龙", "Ана", "O'Brien"]


def test_unicode_player_names_play_a_round_from_their_workbooks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Festival players are international: letters of any script, NFC-normalised, with the
    workbook files named after them (and found again when stored decomposed, as macOS does)."""
    names = PLAYERS[: 10 - len(UNICODE_NAMES)] + UNICODE_NAMES
    roster = ROSTER
    for old, new in zip(PLAYERS[10 - len(UNICODE_NAMES) :], UNICODE_NAMES, strict=True):
        roster = roster.replace(f"\n{old},", f"\n{unicodedata.normalize('NFD', new)},")
    path = tmp_path / "roster.csv"
    path.write_text(roster)
    folder = tmp_path / "m"
    assert main(["new", str(folder), "--roster", str(path), "--seed", "7", *ENGINE_ARGS]) == 0
    assert main(["allocate", str(folder)]) == 0
    match = Match.open(folder)
    assert list(match.config.players) == names  # stored NFC
    inbox = _round_folder(folder, 1)
    zoe = inbox / "Zoë Ng.xlsx"
    if zoe.exists():
        zoe.rename(inbox / unicodedata.normalize("NFD", "Zoë Ng.xlsx"))
    assert _resolve(folder, inbox) == 0
    out = capsys.readouterr().out
    assert "missing" not in out


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["Аlice"], "mixes letters of different alphabets"),
        (["Bob", "B0b"], "looks the same as the name in row"),
        (["Zoe", "Zoë"], "looks the same as the name in row"),
        (["con"], "Windows reserves it"),
        (["a/b"], "'/' may not be used"),
        (["ann."], "may not end with '.'"),
        (["x" * 33], "is not a usable player name"),
    ],
)
def test_names_that_are_unsafe_or_look_alike_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], names: list[str], message: str
) -> None:
    """Confusable look-alikes and duplicates after normalisation are refused; file names
    derived from names must stay safe."""
    roster = ROSTER
    for old, new in zip(PLAYERS, names, strict=False):
        roster = roster.replace(f"\n{old},", f"\n{new},")
    path = tmp_path / "roster.csv"
    path.write_text(roster)
    assert main(["new", str(tmp_path / "m"), "--roster", str(path)]) == 2
    assert message in capsys.readouterr().err
