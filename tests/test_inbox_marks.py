"""Whose is each file of a round's inbox (issue #36, item 4): a workbook carries its player in
its mark, so a file name does not block a round. A misnamed workbook is taken for the player
its mark names (and the host is told), what is not a workbook is named and skipped, and only
what is really ambiguous stops the round; the refusals by mark (another round's, match's or
player's workbook) stay."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from festival.cli.main import main
from festival.core.errors import MatchError
from festival.match.match import Match
from festival.match.rounds import preview_source
from sheets.source import FolderSource
from tests.conftest import ROSTER, TABS, fill_workbooks
from tests.support.toy_event import ENGINE_ARGS


@pytest.fixture
def zoe_match(tmp_path: Path) -> Path:
    """The toy match with Quill renamed Zoë Ng."""
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER.replace("\nQuill,", "\nZoë Ng,"))
    folder = tmp_path / "match"
    assert main(["new", str(folder), "--roster", str(roster), "--seed", "7", *ENGINE_ARGS]) == 0
    assert main(["allocate", str(folder)]) == 0
    return folder


def _inbox(folder: Path, round_no: int) -> tuple[Path, dict[str, list[str]]]:
    match = Match.open(folder)
    events = {p: match.events_of(p, round_no) for p in match.config.players}
    match.close()
    events = {p: es for p, es in events.items() if es}
    out = folder.parent / f"inbox-{round_no}"
    args = ["templates", str(folder), "--round", str(round_no), "--out", str(out)]
    assert main(args) == 0
    fill_workbooks(out, {p: {TABS[e]: 3 for e in es} for p, es in events.items()})
    return out, events


def _resolve(folder: Path, inbox: Path, *extra: str) -> int:
    return main(["resolve", str(folder), "--from", str(inbox), *extra])


def test_misnamed_workbooks_are_taken_by_their_mark_and_strays_skipped(
    zoe_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    inbox, events = _inbox(zoe_match, 1)
    assert {"Wren", "Zoë Ng", "Juniper"} <= set(events)
    (inbox / "Wren.xlsx").rename(inbox / "Wren (1).xlsx")
    (inbox / "Zoë Ng.xlsx").rename(inbox / "Zoe Ng.xlsx")
    shutil.copy(inbox / "Juniper.xlsx", inbox / "Juniper.xlsm")  # beside Juniper's .xlsx
    (inbox / "notes.txt").write_text("Wren sent hers twice")
    capsys.readouterr()
    assert _resolve(zoe_match, inbox) == 0
    out = capsys.readouterr().out
    for name, player in (("Wren (1).xlsx", "Wren"), ("Zoe Ng.xlsx", "Zoë Ng")):
        assert f"{name} is named for no player; its mark says it is {player}'s: read as " in out
    assert "Juniper.xlsm was skipped: festival reads only .xlsx workbooks" in out
    assert "notes.txt was skipped: it is not a workbook" in out
    assert "missing" not in out
    match = Match.open(zoe_match)
    row = match.store.rounds()[0]
    for player in ("Wren", "Zoë Ng"):
        for event in events[player]:
            assert row.submissions[event][player]["from"].startswith("raw:")
            assert row.submissions[event][player]["submission"] == {"number": 3}
    match.close()


def test_only_what_is_really_ambiguous_stops_the_round(
    zoe_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    inbox, _ = _inbox(zoe_match, 1)
    shutil.copy(inbox / "Wren.xlsx", inbox / "Wren (1).xlsx")  # two files for Wren
    (inbox / "Mistral.xlsx").rename(inbox / "Mistral.ods")  # Mistral's, in a format not read
    capsys.readouterr()
    assert _resolve(zoe_match, inbox) == 2
    err = capsys.readouterr().err
    assert "Wren (1).xlsx and Wren.xlsx are both Wren's (by name or mark): keep only one" in err
    assert "Mistral.ods .ods is not read: save it as an .xlsx workbook" in err
    assert Match.open(zoe_match).last_resolved_round() == 0


def test_a_misnamed_workbook_of_another_round_stays_refused_for_its_player(
    zoe_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, _ = _inbox(zoe_match, 1)
    assert _resolve(zoe_match, first) == 0
    second, events = _inbox(zoe_match, 2)
    assert "Wren" in events
    (second / "Wren.xlsx").unlink()
    shutil.copy(first / "Wren.xlsx", second / "Wren (1).xlsx")
    capsys.readouterr()
    assert _resolve(zoe_match, second) == 1
    out = capsys.readouterr().out
    assert "Wren (1).xlsx is the workbook of round 1, not of round 2" in out
    assert Match.open(zoe_match).last_resolved_round() == 1


def test_the_round_desk_preview_sorts_the_folder_as_resolve_does(zoe_match: Path) -> None:
    inbox, _ = _inbox(zoe_match, 1)
    (inbox / "Wren.xlsx").rename(inbox / "Wren (1).xlsx")
    (inbox / "notes.txt").write_text("x")
    match = Match.open(zoe_match)
    try:
        check = preview_source(match, 1, FolderSource(inbox))
        assert not check.missing and not check.invalid
        assert any(n.startswith("Wren (1).xlsx is named for no player") for n in check.file_notes)
        assert "notes.txt was skipped: it is not a workbook" in check.file_notes
        shutil.copy(inbox / "Wren (1).xlsx", inbox / "Wren.xlsx")
        with pytest.raises(MatchError, match="are both Wren's"):
            preview_source(match, 1, FolderSource(inbox))
        assert match.store.raws() == []  # a preview stores nothing
    finally:
        match.close()


def test_the_match_s_own_templates_folder_is_not_taken_for_the_players_workbooks(
    zoe_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found following the host guide: `resolve --from MATCH/templates/round-1` (the blank
    workbooks festival wrote) played every player's default as "handed in blank"."""
    assert main(["templates", str(zoe_match)]) == 0
    capsys.readouterr()
    made = zoe_match / "templates" / "round-1"
    assert _resolve(zoe_match, made) == 2
    err = capsys.readouterr().err
    assert "is where `festival templates` wrote the blank workbooks to send out" in err
    assert "collect the workbooks the players send back into another folder" in err
    match = Match.open(zoe_match)
    try:
        assert match.last_resolved_round() == 0 and match.store.raws() == []
    finally:
        match.close()
