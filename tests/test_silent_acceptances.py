"""Nothing a host or player does is accepted without a word (issue #24, item 7): text typed
where festival reads nothing is named in `resolve` and in the player's report; a player who
handed in nothing is told so; a match smaller than the rules plan for is created and
allocated only when the host says so."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest

from events.tables import Grid, ReadWorkbook
from festival.cli.main import main
from festival.match.match import Match

NOTE = "remember the lanterns"
NOT_READ = "sheet.not_read"
NOTHING = "**You handed in nothing for this event, so the rules' default was played for you.**"
BLANK = "You handed in this event's tabs blank, which chooses the rules' default"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def real_match(tmp_path: Path, roster_csv: Path) -> Path:
    """A new, allocated 10-player match of the real events."""
    folder = tmp_path / "match"
    assert main(["new", str(folder), "--roster", str(roster_csv), "--seed", "7"]) == 0
    assert main(["allocate", str(folder)]) == 0
    return folder


def _round_one(match_folder: Path) -> tuple[Path, str, list[str]]:
    """Round 1's workbooks as written; a player of Alchemy and Elemental Continuum; every
    player of the round."""
    out = match_folder.parent / "inbox"
    assert main(["templates", str(match_folder), "--round", "1", "--out", str(out)]) == 0
    match = Match.open(match_folder)
    try:
        players = [p for p in match.config.players if match.events_of(p, 1)]
        both = next(p for p in players if match.events_of(p, 1) == ["alchemy", "continuum"])
    finally:
        match.close()
    return out, both, players


def _type(path: Path, cells: dict[tuple[str, str], str | int]) -> None:
    book = openpyxl.load_workbook(path)
    for (tab, ref), value in cells.items():
        book[tab][ref] = value
    book.save(path)


def _report(capsys: pytest.CaptureFixture[str], match_folder: Path, player: str) -> str:
    out_dir = match_folder.parent / "posts"
    code, _, err = run(capsys, "announce", str(match_folder), "--round", "1", "--out", str(out_dir))
    assert code == 0, err
    return "\n".join(p.read_text() for p in sorted(out_dir.glob(f"round-1-private-{player}-*.md")))


def test_text_typed_where_nothing_is_read_is_named_in_resolve_and_the_report(
    real_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    inbox, who, players = _round_one(real_match)
    _type(
        inbox / f"{who}.xlsx",
        {("Engineer", "C4"): NOTE, ("Buy", "C4"): "cheap?", ("Board", "K5"): "F1"},
    )
    code, out, err = run(capsys, "resolve", str(real_match), "--from", str(inbox))
    assert code == 0, err
    said = [line.strip() for line in out.splitlines() if "not read:" in line]
    assert said == [
        f"not read: {who}: [Alchemy] Buy!C4: 'cheap?' is typed where festival reads nothing, "
        f"so it was ignored ({NOT_READ})",
        f"not read: {who}: [Alchemy] Engineer!C4: '{NOTE}' is typed where festival reads "
        f"nothing, so it was ignored ({NOT_READ})",
        f"not read: {who}: [Elemental Continuum] Board!K5: 'F1' is typed where festival reads "
        f"nothing, so it was ignored ({NOT_READ})",
    ]  # and nothing the templates wrote (labels, the catalog beside the rows) is named
    report = _report(capsys, real_match, who)
    assert f"- Engineer!C4: '{NOTE}' is typed where festival reads nothing" in report
    assert "- Buy!C4: 'cheap?' is typed where festival reads nothing" in report
    assert "- Board!K5: 'F1' is typed where festival reads nothing" in report
    assert BLANK in report  # the board itself was handed in blank: the default (issue #36)
    other = next(p for p in players if p != who)
    assert "typed where festival reads nothing" not in _report(capsys, real_match, other)
    match = Match.open(real_match)
    try:
        raw = next(r for r in match.store.raws(1) if r.player == who)
        stored = [(e["tab"], e["cell"]) for e in match.store.parse_errors(raw.id)]
    finally:
        match.close()
    assert stored == [("Buy", "C4"), ("Engineer", "C4"), ("Board", "K5")]


def test_a_report_names_only_the_notes_of_the_workbook_that_counted(
    real_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    inbox, who, _ = _round_one(real_match)
    path = inbox / f"{who}.xlsx"
    original = path.read_bytes()
    _type(path, {("Engineer", "C4"): "first note", ("Buy", "A4"): "Quartz", ("Buy", "B4"): 99999})
    code, out, _ = run(capsys, "resolve", str(real_match), "--from", str(inbox))
    assert code == 1 and "coins but you have 500" in out  # refused; the note is named too
    assert f"not read: {who}: [Alchemy] Engineer!C4: 'first note'" in out
    path.write_bytes(original)
    _type(path, {("Engineer", "C5"): "second note", ("Buy", "A4"): "Quartz"})
    code, out, err = run(capsys, "resolve", str(real_match), "--from", str(inbox))
    assert code == 0, err
    report = _report(capsys, real_match, who)
    assert "- Engineer!C5: 'second note'" in report
    assert "first note" not in report


def test_a_json_round_names_who_handed_in_nothing_and_tells_them(
    real_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = Match.open(real_match)
    try:
        alchemy = list(match.participants("alchemy"))
    finally:
        match.close()
    sender, silent = alchemy[0], alchemy[1]
    path = real_match.parent / "round-1.json"
    path.write_text(json.dumps({"round": 1, "submissions": {sender: {"alchemy": {}}}}))
    code, out, err = run(capsys, "resolve", str(real_match), "--from", str(path))
    assert code == 0, err
    assert f"missing, default played: {silent} in Alchemy" in out
    assert f"missing, default played: {sender} in Alchemy" not in out
    report = _report(capsys, real_match, silent)
    assert f"## Alchemy\n{NOTHING}" in report
    assert NOTHING not in _report(capsys, real_match, sender).split("## Elemental")[0]


def test_a_roster_smaller_than_the_rules_plan_is_created_only_when_the_host_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    roster = tmp_path / "three.csv"
    roster.write_text(
        "player,first,second\nAsh,Alchemy,Summoners\nBirch,Summoners,Continuum\n"
        "Fern,Continuum,Alchemy\n"
    )
    folder = tmp_path / "small"
    code, _, err = run(capsys, "new", str(folder), "--roster", str(roster))
    assert code == 2
    assert err.count("\n") == 1  # one line: why, and how to go on
    assert "lists 3 player(s); the rules plan the festival for 10 players" in err
    assert "each event for 6 or 7" in err and "--small-match" in err
    assert not (folder / "match.sqlite").exists()
    code, out, err = run(capsys, "new", str(folder), "--roster", str(roster), "--small-match")
    assert code == 0, err
    assert "Fewer players than the rules' 10, as you confirmed" in out
    code, out, err = run(capsys, "allocate", str(folder))
    assert code == 0, err
    assert "as you confirmed: 2 in Alchemy, 2 in Elemental Continuum, 2 in Summoner's Dream" in out


def test_an_event_smaller_than_the_rules_plan_is_allocated_only_when_the_host_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ten players, but a capacity that lets every one of them into Alchemy and Elemental
    Continuum: Summoner's Dream would have no one."""
    roster = tmp_path / "ten.csv"
    names = ["Ash", "Birch", "Cedar", "Dove", "Elm", "Fern", "Gale", "Heath", "Iris", "Jay"]
    roster.write_text("player,first,second\n" + "".join(f"{n},Alchemy,Continuum\n" for n in names))
    folder = tmp_path / "wide"
    code, _, err = run(capsys, "new", str(folder), "--roster", str(roster), "--capacity", "10")
    assert code == 0, err
    code, _, err = run(capsys, "allocate", str(folder))
    assert code == 2
    assert "the allocation puts 0 in Summoner's Dream, but the rules plan" in err
    assert "--small-match" in err and err.count("\n") == 1
    match = Match.open(folder)
    try:
        assert not match.allocated  # nothing stored
    finally:
        match.close()
    code, out, err = run(capsys, "allocate", str(folder), "--small-match")
    assert code == 0, err
    assert "as you confirmed: 0 in Summoner's Dream" in out


@pytest.mark.parametrize("small_at_creation", [True, False])
def test_a_small_match_confirmed_at_creation_is_recorded_whatever_the_roster(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], small_at_creation: bool
) -> None:
    """`allocate --help` says --small-match is implied when the match was created with it:
    so it is for a roster of 10 or more (14 players in one event each make events of 4 or 5),
    and a match created without it still asks (issue #36, item 15)."""
    roster = tmp_path / "fourteen.csv"
    names = [f"P{i:02d}" for i in range(14)]
    events = ["Alchemy", "Elemental Continuum", "Summoner's Dream"]
    roster.write_text(
        "player,first,second\n"
        + "".join(f"{n},{events[i % 3]},{events[(i + 1) % 3]}\n" for i, n in enumerate(names))
    )
    folder = tmp_path / "fourteen"
    flag = ["--small-match"] if small_at_creation else []
    new = ["new", str(folder), "--roster", str(roster), "--events-per-player", "1", *flag]
    code, out, err = run(capsys, *new)
    assert code == 0, err
    assert "Fewer players than the rules' 10" not in out  # 14 is not fewer
    assert ("allocate will allocate events of fewer than 6" in out) is small_at_creation
    code, out, err = run(capsys, "allocate", str(folder))
    if small_at_creation:
        assert code == 0, err
        assert "as you confirmed: 5 in Alchemy, 5 in Elemental Continuum, 4 in" in out
    else:
        assert code == 2
        assert "the allocation puts 5 in Alchemy and 5 in Elemental Continuum and 4 in" in err
        assert "--small-match" in err


def test_a_parsers_reads_are_noted_cell_by_cell() -> None:
    grid = Grid.from_rows("T", [["a", "b"], [None, "c"]])
    read = ReadWorkbook.of({"T": grid, "U": grid})
    seen = read.workbook["T"]
    assert seen.text(0, 0) == "a" and seen.cell("B2") == "c" and seen.at(5, 5) is None
    assert read.unread("T") == {(0, 1): "b"}
    assert read.was_read("T") and not read.was_read("U")
    assert read.workbook["U"].rows == grid.rows  # going over every cell reads every cell
    assert read.was_read("U") and read.unread("U") == {}
    assert read.unread("missing tab") == {}
