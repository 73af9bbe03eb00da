"""The host sees who is where (issue #38): `festival status` (and the round desk, through the
same service read) shows per player and event ready / has problems / nothing yet and where it
came from: a hand-in (Discord, CLI), a workbook in the inbox folder the host names
(`--from FOLDER`), or the Google sheet `festival watch` last read. A hand-in counts over the
rest (docs/rulings.md, "Hand-ins"); the others are shown with it. Nothing is stored."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import cast

import pytest

from festival.cli.main import main
from festival.match import service
from festival.match.acts import Actor, Via, WatchSheets
from festival.match.handin_acts import HandIn
from festival.match.match import Match
from festival.match.spreadsheets import SpreadsheetsFor
from tests.conftest import TABS, fill_workbooks
from tests.test_sheet_watch import Sheets


@pytest.fixture
def books(toy_match: Path, tmp_path: Path) -> Path:
    out = tmp_path / "books"
    assert main(["templates", str(toy_match), "--out", str(out)]) == 0
    fill_workbooks(
        out,
        {
            "Wren": {TABS["alchemy"]: 3, TABS["continuum"]: 3},
            "Juniper": {TABS["continuum"]: 2},
            "uri": {TABS["continuum"]: 9},
        },
    )
    return out


def _raws(folder: Path) -> int:
    match = Match.open(folder)
    try:
        return len(match.store.raws())
    finally:
        match.close()


def _status(match: Path, capsys: pytest.CaptureFixture[str], *more: str) -> str:
    capsys.readouterr()
    assert main(["status", str(match), *more]) == 0
    return capsys.readouterr().out


def test_status_from_the_inbox_shows_each_file_checked_and_the_hand_in_over_it(
    toy_match: Path, books: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    for name in ("Wren", "Juniper", "uri"):
        shutil.copy(books / f"{name}.xlsx", inbox / f"{name}.xlsx")
    (inbox / "zed.xlsx").write_bytes((books / "cam.xlsx").read_bytes()[:10])
    content = (books / "Wren.xlsx").read_bytes()
    service.run(
        toy_match, HandIn("Wren", "Wren.xlsx", content), Actor.of_player("Wren"), Via.BOT, "k1"
    )
    stored = _raws(toy_match)
    out = _status(toy_match, capsys, "--from", str(inbox))
    assert (
        "Round 1, who is where (a hand-in counts over an inbox file or a Google sheet; the "
        "latest hand-in counts):" in out
    )
    assert "  Wren      Alchemy: ready (Discord; also inbox)" in out
    assert "  Juniper   Elemental Continuum: ready (inbox)" in out
    assert "  uri       Elemental Continuum: has problems (inbox)" in out
    assert "  Spadez    Elemental Continuum: nothing yet\n" in out
    assert (
        "Wren handed in and also has a file in the inbox: resolve --from refuses the round "
        "until you move one of the two out" in out
    )
    assert "zed.xlsx matches no player of round 1" in out
    assert _raws(toy_match) == stored  # a look, nothing stored
    plain = _status(toy_match, capsys)  # without --from: the hand-ins alone
    assert "Round 1 hand-ins (the latest counts):" in plain
    assert "  Juniper   Elemental Continuum: nothing yet" in plain
    missing = _status(toy_match, capsys, "--from", str(tmp_path / "nowhere"))
    assert f"{tmp_path / 'nowhere'} does not exist yet" in missing


def test_status_shows_the_google_verdict_the_watch_read_and_a_hand_in_over_it(
    toy_match: Path, books: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheets = Sheets(books)
    service.run(toy_match, WatchSheets(), sheets=cast(SpreadsheetsFor, sheets))
    out = _status(toy_match, capsys)
    assert "  Juniper   Elemental Continuum: ready (Google)" in out
    assert "  uri       Elemental Continuum: has problems (Google)" in out
    assert "  Spadez    Elemental Continuum: has problems (Google)" in out  # a Tally left blank
    content = (books / "Wren.xlsx").read_bytes()
    service.run(
        toy_match, HandIn("Wren", "Wren.xlsx", content), Actor.of_player("Wren"), Via.BOT, "k1"
    )
    out = _status(toy_match, capsys)
    assert "  Wren      Alchemy: ready (Discord; also Google)" in out
    assert f"or alone: festival resolve {toy_match} --hand-ins" in out
    rows = service.round_table(toy_match).rows()
    assert ("Juniper", "continuum", "ready", "Google") in rows
