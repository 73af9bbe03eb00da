"""Hosting Elementarium through `festival duel ...`: sealed orders typed, from JSON, text or
order workbooks read from an inbox in one pass, errors named by player, tab and cell, a
player without orders holding, the log keeping orders secret until the turn resolves, undo,
pictures and the sample duel."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest

from festival.cli.main import main
from festival.duels.host import Duel


@pytest.fixture
def duel(tmp_path: Path) -> Path:
    folder = tmp_path / "duel"
    args = ["duel", "new", str(folder), "--game", "elementarium", "--players", "Ash,Birch"]
    assert main([*args, "--seed", "3"]) == 0
    return folder


def state_of(folder: Path) -> object:
    d = Duel.open(folder)
    try:
        return d.state()
    finally:
        d.close()


def pieces(folder: Path) -> dict[str, str]:
    view = json.loads(_run(["duel", "show", str(folder), "--json"]))
    return {u["field"]: u["type"] if u["player"] == 0 else u["type"].lower() for u in view["units"]}


def _run(args: list[str]) -> str:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(args) == 0
    return out.getvalue()


def test_orders_typed_stay_sealed_until_the_turn_resolves(duel: Path) -> None:
    """Orders stay private until the turn resolves; the public view shows the board after."""
    _run(["duel", "play", str(duel), "f3-e4, b2-b3", "--player", "Ash"])
    log = _run(["duel", "log", str(duel)])
    assert "e4" not in log and "sealed" in log
    shown = _run(["duel", "show", str(duel), "--json"])
    assert "e4" not in shown and json.loads(shown)["orders_in"] == [True, False]
    assert "e4" not in _run(["duel", "log", str(duel), "--json"])
    _run(["duel", "play", str(duel), "hold", "--player", "Birch"])
    log = _run(["duel", "log", str(duel)])
    assert "b2-b3, f3-e4" in log and "sealed" not in log
    assert pieces(duel)["e4"] == "A"


def test_undo_takes_back_sealed_orders_not_a_resolved_turn(
    duel: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _run(["duel", "play", str(duel), "f3-e4", "--player", "Ash"])
    _run(["duel", "undo", str(duel)])
    assert "e4" not in _run(["duel", "log", str(duel)])  # taken back, never revealed
    _run(["duel", "play", str(duel), "hold", "--player", "Ash"])
    _run(["duel", "play", str(duel), "hold", "--player", "Birch"])
    assert main(["duel", "undo", str(duel)]) != 0
    assert "resolved the turn" in capsys.readouterr().err


def test_resolve_reads_every_players_orders_in_one_pass(duel: Path, tmp_path: Path) -> None:
    """`festival duel resolve DIR --from inbox/`: JSON and text orders, one pass, the turn's
    moves reported, the next turn's workbooks written."""
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    (inbox / "Ash.txt").write_text("f3-e4\nb2-b3")
    orders = {"actions": [{"orders": [{"from": "f7", "to": "e6"}]}]}
    (inbox / "birch.json").write_text(json.dumps(orders))
    out = _run(["duel", "resolve", str(duel), "--from", str(inbox), "--out", str(tmp_path / "out")])
    assert "Ash moved f3 to e4" in out and "Birch moved f7 to e6" in out
    assert pieces(duel)["e6"] == "a" and pieces(duel)["e4"] == "A"
    assert (tmp_path / "out" / "Ash-turn2.xlsx").is_file()


def test_an_inbox_kept_from_turn_to_turn_reads_this_turns_file(duel: Path, tmp_path: Path) -> None:
    """Several files for one player: the one named for this turn is read ("Ash-turn1"),
    whatever sorts last by name ("Ash-turn10" after "Ash-turn1", "Ash-turn9" after both)."""
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    (inbox / "Ash-turn1.txt").write_text("f3-e4")
    (inbox / "Ash-turn10.txt").write_text("b2-b3")
    (inbox / "Ash-turn9.txt").write_text("b2-b3")
    (inbox / "Birch-turn1.txt").write_text("hold")
    out = _run(["duel", "resolve", str(duel), "--from", str(inbox)])
    assert "Ash moved f3 to e4" in out and "b2" not in out


@pytest.mark.parametrize(
    ("files", "said"),
    [
        (["Ash.txt", "Ash-old.txt"], "Ash-old.txt, Ash.txt all match player 'Ash'; keep only one"),
        (["Ash-turn9.txt", "Ash-turn10.txt"], "keep only one (or name this turn's Ash-turn1.txt)"),
        (["Ash.json/"], "Ash.json is a folder, not Ash's order file"),
    ],
)
def test_an_inbox_that_does_not_say_which_file_is_refused_and_stores_nothing(
    files: list[str],
    said: str,
    duel: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Choosing by name would read a stale file for a fresh one: the host keeps only one."""
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    for name in files:
        if name.endswith("/"):
            (inbox / name).mkdir()
        else:
            (inbox / name).write_text("f3-e4")
    (inbox / "Birch.txt").write_text("hold")
    before = _run(["duel", "log", str(duel), "--json"])
    assert main(["duel", "resolve", str(duel), "--from", str(inbox)]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
    assert _run(["duel", "log", str(duel), "--json"]) == before
    d = Duel.open(duel)
    try:
        assert d.store.raws() == []
    finally:
        d.close()


def test_a_player_who_sends_nothing_holds_when_the_host_says_so(duel: Path, tmp_path: Path) -> None:
    """Ruling: a player with no order file holds all units still, when the host passes
    --hold-missing (issue 24: never without the host saying so)."""
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    (inbox / "Ash.txt").write_text("f3-e4")
    out = _run(["duel", "resolve", str(duel), "--from", str(inbox), "--hold-missing"])
    assert "Birch: no orders" in out and "Birch: hold" in _run(["duel", "log", str(duel)])


def test_bad_orders_are_named_and_nothing_resolves(
    duel: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every order is validated with player, tab and cell named; a bad file resolves
    nothing (and no missing player is made to hold), and the input is kept."""
    inbox = tmp_path / "inbox"
    _run(["duel", "sheets", str(duel), "--out", str(inbox)])
    book = openpyxl.load_workbook(inbox / "Ash-turn1.xlsx")
    sheet = book["Orders"]
    rows = {sheet.cell(r, 2).value: r for r in range(2, sheet.max_row + 1)}
    sheet.cell(rows["f3"], 3).value = "e4"
    sheet.cell(rows["b2"], 3).value = "zz"
    book.save(inbox / "Ash-turn1.xlsx")
    (inbox / "Birch-turn1.xlsx").unlink()
    assert main(["duel", "resolve", str(duel), "--from", str(inbox)]) == 1
    err = capsys.readouterr().err
    assert f"Ash, tab Orders, cell C{rows['b2']}" in err and "'zz'" in err
    assert "Birch:" not in _run(["duel", "log", str(duel)])
    sheet.cell(rows["b2"], 3).value = "b3"
    sheet.cell(rows["d2"], 3).value = "d6"  # too far for an A
    book.save(inbox / "Ash-turn1.xlsx")
    assert main(["duel", "resolve", str(duel), "--from", str(inbox)]) == 1
    assert f"Ash, tab Orders, cell C{rows['d2']}" in capsys.readouterr().err
    sheet.cell(rows["d2"], 3).value = None
    book.save(inbox / "Ash-turn1.xlsx")
    out = _run(["duel", "resolve", str(duel), "--from", str(inbox), "--hold-missing"])
    assert "Ash moved b2 to b3" in out and "Birch: no orders" in out
    d = Duel.open(duel)
    try:
        assert d.store.step_count() == 2
    finally:
        d.close()


def test_sheets_says_what_to_do_next_and_that_works_as_printed(duel: Path, tmp_path: Path) -> None:
    """`duel sheets --out` ends with the next command, as the match's `templates` does; typed
    as printed (FOLDER the host's), it resolves the turn (untouched workbooks hold)."""
    import shlex

    out = _run(["duel", "sheets", str(duel), "--out", str(tmp_path / "outbox")])
    last = out.rstrip().splitlines()[-1]
    assert last.startswith("Next: send each player theirs, collect the filled-in workbooks")
    command = last.split("then: ", 1)[1]
    assert command == f"festival duel resolve {duel} --from FOLDER"
    inbox = tmp_path / "outbox"  # the players sent them back untouched
    words = [str(inbox) if w == "FOLDER" else w for w in shlex.split(command)]
    assert "Turn 2: orders awaited from" in _run(words[1:])


def test_order_workbook_lists_each_units_legal_targets(duel: Path, tmp_path: Path) -> None:
    """The order workbook: the player's units, each unit's legal targets as dropdowns."""
    _run(["duel", "sheets", str(duel), "--out", str(tmp_path)])
    sheet = openpyxl.load_workbook(tmp_path / "Birch-turn1.xlsx")["Orders"]
    fields = [sheet.cell(r, 2).value for r in range(2, sheet.max_row + 1)]
    assert len(fields) == 21 and "f9" in fields and "f3" not in fields
    lists = {str(v.sqref): v.formula1 for v in sheet.data_validations.dataValidation}
    row = fields.index("f7") + 2
    assert lists[f"C{row}"] == '"stay,c4,d5,e6,e8,f8,g6,g8,h5,i4"'  # Birch's A, facing down


@pytest.mark.slow
def test_demo_plays_the_sample_duel_to_its_result(tmp_path: Path) -> None:
    out = _run(["duel", "demo", str(tmp_path / "demo"), "--game", "elementarium"])
    assert "Winner: Ash" in out
    png, svg = tmp_path / "b.png", tmp_path / "b.svg"
    _run(["duel", "show", str(tmp_path / "demo"), "--png", str(png), "--svg", str(svg)])
    assert png.read_bytes()[:4] == b"\x89PNG" and "<svg" in svg.read_text()


def test_picture_shows_units_obstacles_sources_moves_and_clashes() -> None:
    """Board pictures: units by type and owner, obstacles, the neutral zone, Sources, the
    turn's moves as arrows and its clashes marked."""
    from festival.core import picture as duel_picture
    from tests.support.elementarium_kit import GAME, position, turn

    state = turn(position({"d3": "W", "c7": "f", "h2": "E"}), "d3-d5, h2-h3", "c7-d5")
    picture = GAME.picture(state)
    assert len(picture.arrows) == 3 and picture.marks == {(3, 4)}  # d5, top row first
    kinds = {c.kind for c in picture.cells}
    assert {"O", "zone", "W", "E"} <= kinds
    labels = sorted(p.label for p in picture.pieces)
    assert "S" in labels and "s" in labels and "e" in labels
    svg = duel_picture.svg(picture)
    assert svg.count('class="move"') == 3 and svg.count('class="clash"') == 1
    assert duel_picture.png(picture)[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    ("name", "content", "said"),
    [
        ("Ash.json", b"\xff\xfe{not text", "Ash: Ash.json: not UTF-8 text"),
        ("Ash.txt", b"\xfa\xbf f3-e4", "Ash: Ash.txt: not UTF-8 text"),
        ("Ash.json", b"[" * 100_000, "Ash: Ash.json: nested deeper than"),
        (
            "Ash.json",
            b'{"player": "Birch", "actions": []}',
            "holds the orders of 'Birch', not of Ash",
        ),
        (
            "Ash.txt",
            b"hold\n" * 1_200_000,
            "Ash: Ash.txt: the file is 5.7 MB; festival reads at most",
        ),
    ],
)
def test_an_order_file_that_cannot_be_read_is_refused_by_name_and_kept(
    name: str, content: bytes, said: str, duel: Path, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    """Bad input never crashes: an order file that is not text, breaks the limits of
    docs/formats.md or is another player's is refused in words, stored, and nothing resolves."""
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    (inbox / name).write_bytes(content)
    assert main(["duel", "resolve", str(duel), "--from", str(inbox)]) == 1
    assert said in capsys.readouterr().err
    d = Duel.open(duel)
    try:
        assert d.store.step_count() == 0 and [r.player for r in d.store.raws()] == ["Ash"]
    finally:
        d.close()
