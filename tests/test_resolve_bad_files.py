"""`festival resolve` given each class of bad file: a clear coded error naming the player or
file, no traceback, and the resolved rounds exactly as they were."""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest

from festival.cli.main import main
from festival.match.match import Match
from sheets.limits import MAX_FILE_BYTES, MAX_UNPACKED_BYTES
from tests.conftest import TABS, fill_workbooks


def _inbox(match_folder: Path) -> tuple[Path, str, str]:
    """Round 1's workbooks, filled in; a player of the round and one of their tabs."""
    match = Match.open(match_folder)
    out = match_folder / "in1"
    assert main(["templates", str(match_folder), "--out", str(out)]) == 0
    players = [p for p in match.config.players if match.events_of(p, 1)]
    fill_workbooks(out, {p: {TABS[e]: 1 for e in match.events_of(p, 1)} for p in players})
    return out, players[0], TABS[match.events_of(players[0], 1)[0]]


def _set(path: Path, tab: str, ref: str, value: object) -> None:
    book = openpyxl.load_workbook(path)
    book[tab][ref] = value
    book.save(path)


def _long_cell(path: Path, tab: str) -> None:
    _set(path, tab, "B2", "9" * 5000)


def _formula(path: Path, tab: str) -> None:
    _set(path, tab, "B2", "=1+1")


def _far_cell(path: Path, tab: str) -> None:
    _set(path, "README", "XFD20000", "x")


def _too_big(path: Path, tab: str) -> None:
    with path.open("r+b") as handle:
        handle.truncate(MAX_FILE_BYTES + 10)


def _zip_bomb(path: Path, tab: str) -> None:
    good = zipfile.ZipFile(io.BytesIO(path.read_bytes()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as bomb:
        for item in good.infolist():
            bomb.writestr(item.filename, good.read(item.filename))
        bomb.writestr("xl/media/image1.png", b"\0" * (MAX_UNPACKED_BYTES + 1))
    path.write_bytes(out.getvalue())


def _not_a_workbook(path: Path, tab: str) -> None:
    path.write_bytes(b"PK\x03\x04 this is no zip")


def _old_excel(path: Path, tab: str) -> None:
    path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 100)


BAD_WORKBOOKS: dict[str, tuple[Callable[[Path, str], None], str]] = {
    "a 5000-digit cell": (_long_cell, "5000 characters; a cell may hold at most 4000"),
    "a formula without a saved value": (
        _formula,
        "Tally A!B2: a formula with no saved value (the program that saved the file does not "
        "calculate formulas), where festival reads a value: type the value into the cell",
    ),
    "a cell far beyond the limits": (_far_cell, "README!XFD20000: a filled cell beyond row 5000"),
    "a file over 5 MB": (_too_big, "festival reads files of at most 5 MB"),
    "a zip bomb": (_zip_bomb, "unpacks to 50 MB"),
    "a damaged zip": (_not_a_workbook, "not a readable .xlsx workbook"),
    "an old .xls": (_old_excel, "old .xls or a password-protected workbook"),
}


@pytest.mark.parametrize("case", sorted(BAD_WORKBOOKS))
def test_a_bad_workbook_is_named_and_nothing_is_resolved(
    toy_match: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    spoil, message = BAD_WORKBOOKS[case]
    inbox, player, tab = _inbox(toy_match)
    spoil(inbox / f"{player}.xlsx", tab)
    capsys.readouterr()
    assert main(["resolve", str(toy_match), "--from", str(inbox)]) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    lines = [x for x in captured.out.splitlines() if x.strip().startswith(f"{player}:")]
    assert lines and message in lines[0]
    assert "99999999999" not in captured.out  # the cell is never echoed whole
    assert Match.open(toy_match).store.rounds() == []
    raws = [r for r in Match.open(toy_match).store.raws(1) if r.player == player]
    assert len(raws) == 1  # stored as received, once


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"round": 1, "submissions": {"x": ' + b"9" * 5000 + b"}}", "a number of 5000 digits"),
        (b'{"round": 1, "submissions": ' + b"[" * 100_000, "nested deeper than 32 levels"),
        (b'{"round": 1, "submissions": {"x": NaN}}', "NaN is not a JSON number"),
        (b'{"submissions": {}}', 'has no "round"'),
        (b'{"round": 1, "submissions": {', "not valid JSON"),
    ],
    ids=["huge-number", "deep", "nan", "no-round", "cut"],
)
def test_a_bad_json_file_is_one_clear_line_and_nothing_is_resolved(
    toy_match: Path, capsys: pytest.CaptureFixture[str], content: bytes, message: str
) -> None:
    path = toy_match.parent / "subs.json"
    path.write_bytes(content)
    capsys.readouterr()
    assert main(["resolve", str(toy_match), "--from", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
    assert str(path) in err
    assert Match.open(toy_match).store.rounds() == []


def test_a_json_file_of_a_resolved_round_is_refused_by_name(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = toy_match.parent / "subs.json"
    path.write_text(json.dumps({"round": 1, "submissions": {}}))
    assert main(["resolve", str(toy_match), "--from", str(path)]) == 0
    before = Match.open(toy_match).store.rounds()
    capsys.readouterr()
    assert main(["resolve", str(toy_match), "--from", str(path)]) == 2
    err = capsys.readouterr().err
    assert 'says "round": 1; this is round 2. Round 1 is already resolved' in err
    assert Match.open(toy_match).store.rounds() == before
