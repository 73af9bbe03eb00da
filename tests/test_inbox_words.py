"""What a host and a player are told about the files in a round's inbox (issue #24, item 8):
a player sees their own file's name, never the host's folders; a misnamed file gets a "did
you mean"; a file that is no spreadsheet at all is not told to be saved as one."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from festival.cli.main import main
from festival.match.match import Match
from sheets.stamp import STAMP_TAB
from tests.conftest import PLAYERS, TABS, fill_workbooks


def _inbox(match_folder: Path) -> tuple[Path, list[str]]:
    match = Match.open(match_folder)
    try:
        players = [p for p in PLAYERS if match.events_of(p, 1)]
        out = match_folder.parent / "host-secret-folder" / "round-1"
        assert main(["templates", str(match_folder), "--round", "1", "--out", str(out)]) == 0
        fill_workbooks(out, {p: {TABS[e]: 1 for e in match.events_of(p, 1)} for p in players})
    finally:
        match.close()
    return out, players


def test_a_private_report_names_the_players_file_not_the_hosts_folder(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    inbox, players = _inbox(toy_match)
    victim = players[0]
    (inbox / f"{victim}.xlsx").write_bytes(b"")
    assert main(["resolve", str(toy_match), "--from", str(inbox), "--default-invalid"]) == 0
    capsys.readouterr()
    out_dir = toy_match.parent / "posts"
    assert main(["announce", str(toy_match), "--round", "1", "--out", str(out_dir)]) == 0
    report = "\n".join(
        p.read_text() for p in sorted(out_dir.glob(f"round-1-private-{victim}-*.md"))
    )
    assert f"{victim}.xlsx" in report
    assert "host-secret-folder" not in report
    assert str(toy_match.parent) not in report
    for path in out_dir.iterdir():
        assert "host-secret-folder" not in path.read_text(), path.name


@pytest.mark.parametrize("stem", ["Spadéz", "Spadz", "spadez_"])
def test_a_misnamed_workbook_gets_a_did_you_mean(
    toy_match: Path, capsys: pytest.CaptureFixture[str], stem: str
) -> None:
    """A misnamed workbook without festival's mark (issue #36 item 4: one with the mark is
    taken for the player it names, tests/test_inbox_marks.py)."""
    inbox, players = _inbox(toy_match)
    assert "Spadez" in players
    book = openpyxl.load_workbook(inbox / "Spadez.xlsx")
    del book[STAMP_TAB]
    (inbox / "Spadez.xlsx").unlink()
    book.save(inbox / f"{stem}.xlsx")
    capsys.readouterr()
    code = main(["resolve", str(toy_match), "--from", str(inbox)])
    err = capsys.readouterr().err
    if stem == "spadez_":  # the same name once case and '_' are ignored: it is Spadez's file
        assert code == 0, err
        return
    assert code == 2
    assert f"{stem}.xlsx matches no player of round 1 (did you mean Spadez?)" in err
    assert "Sent nothing" not in err  # Spadez sent the file the "did you mean" is about


def test_a_file_that_is_no_spreadsheet_is_not_told_to_become_one(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    inbox, _ = _inbox(toy_match)
    (inbox / "readme.txt").write_text("send your workbooks by Friday")
    (inbox / "notes").write_text("x")
    capsys.readouterr()
    assert main(["resolve", str(toy_match), "--from", str(inbox)]) == 0  # issue #36 item 4
    out = capsys.readouterr().out
    assert "readme.txt was skipped: it is not a workbook" in out
    assert "notes was skipped: it is not a workbook" in out
    assert "readme.txt .txt is not read" not in out
    assert "save it as an .xlsx workbook" not in out


def test_a_report_speaks_only_of_the_submission_that_counted(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue #24 item 1: a player who replaced a refused workbook is told only what was wrong
    with the one the round was resolved from."""
    inbox, players = _inbox(toy_match)
    who = players[0]
    match = Match.open(toy_match)
    tabs = [TABS[e] for e in match.events_of(who, 1)]
    match.close()
    fill_workbooks(inbox, {who: dict.fromkeys(tabs, 9)})
    assert main(["resolve", str(toy_match), "--from", str(inbox)]) == 1  # refused: 9 is no 1-5
    fill_workbooks(inbox, {who: dict.fromkeys(tabs, 7)})  # the corrected file, still wrong
    assert main(["resolve", str(toy_match), "--from", str(inbox), "--default-invalid"]) == 0
    capsys.readouterr()
    out_dir = toy_match.parent / "posts"
    assert main(["announce", str(toy_match), "--round", "1", "--out", str(out_dir)]) == 0
    report = "\n".join(p.read_text() for p in sorted(out_dir.glob(f"round-1-private-{who}-*.md")))
    assert "'7' is not a number from 1 to 5" in report
    assert "'9'" not in report
