"""Elementarium order workbooks carry the duel's mark (the hidden `_festival` tab of
sheets/stamp.py: duel id, turn, player); `festival duel resolve --from inbox` refuses a
workbook of another duel, another turn or another player with one coded error naming the
player, the file, what it was made for and what was expected, after storing what it holds."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from pathlib import Path

import openpyxl
import pytest

from events.tables import Grid
from festival.cli.main import main
from festival.duels.host import Duel
from festival.duels.store import DUEL_FILE
from sheets.stamp import DUEL, MATCH, STAMP_TAB, Stamp, StampError, mismatch, read_stamp
from sheets.xlsx_reader import read_workbook
from tests.test_elementarium_hosting import _run


def _new(folder: Path, seed: int = 3) -> Path:
    args = ["duel", "new", str(folder), "--game", "elementarium", "--players", "Ash,Birch"]
    assert main([*args, "--seed", str(seed)]) == 0
    return folder


def _opened(folder: Path) -> Duel:
    return Duel.open(folder)


def _order(path: Path, field: str, target: str) -> None:
    """Type a target into the workbook's Orders tab, as a player would."""
    book = openpyxl.load_workbook(path)
    sheet = book["Orders"]
    row = next(r for r in range(2, sheet.max_row + 1) if sheet.cell(r, 2).value == field)
    sheet.cell(row, 3).value = target
    book.save(path)


@pytest.fixture
def duel(tmp_path: Path) -> Path:
    return _new(tmp_path / "duel")


def test_every_order_workbook_carries_a_very_hidden_protected_mark(
    duel: Path, tmp_path: Path
) -> None:
    """The mark names the duel (its stored id), the turn and the player; players never see it."""
    _run(["duel", "sheets", str(duel), "--out", str(tmp_path / "out")])
    d = _opened(duel)
    try:
        for player in ("Ash", "Birch"):
            path = tmp_path / "out" / f"{player}-turn1.xlsx"
            assert read_stamp(read_workbook(path)) == Stamp(d.duel_id, 1, player, DUEL)
            sheet = openpyxl.load_workbook(path)[STAMP_TAB]
            assert sheet.sheet_state == "veryHidden" and sheet.protection.sheet
            assert [sheet.cell(r, 1).value for r in (2, 3, 4)] == ["duel", "turn", "player"]
        assert len(d.duel_id) == 12 and int(d.duel_id, 16) >= 0
    finally:
        d.close()


def test_two_duels_of_the_same_players_and_seed_have_different_ids(tmp_path: Path) -> None:
    ids = set()
    for name in ("one", "two"):
        d = _opened(_new(tmp_path / name, seed=3))
        ids.add(d.duel_id)
        d.close()
    assert len(ids) == 2


def test_a_duel_store_without_an_id_gets_a_stable_one_from_its_creation(tmp_path: Path) -> None:
    """Documented fallback (docs/formats.md): a store made before duels had an id takes one
    from its creation time and configuration: the same in a copy, another for another duel."""
    first, second = _new(tmp_path / "one"), _new(tmp_path / "two")
    for folder, created in (
        (first, "2024-01-01T10:00:00+00:00"),
        (second, "2024-01-02T10:00:00+00:00"),
    ):
        with sqlite3.connect(folder / DUEL_FILE) as conn:
            conn.execute("DELETE FROM meta WHERE key = 'duel_id'")
            conn.execute("UPDATE meta SET value = ? WHERE key = 'created_at'", (created,))
    shutil.copytree(first, tmp_path / "copy")
    ids = []
    for folder in (first, tmp_path / "copy", second):
        d = _opened(folder)
        ids.append(d.duel_id)
        config = d.config
        d.close()
    assert ids[0] == ids[1] != ids[2] and all(len(i) == 12 for i in ids)
    text = "2024-01-02T10:00:00+00:00" + json.dumps(config, sort_keys=True)
    assert ids[2] == hashlib.sha256(text.encode()).hexdigest()[:12]


def _resolve(duel: Path, inbox: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["duel", "resolve", str(duel), "--from", str(inbox)])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def _turn_two(duel: Path, tmp_path: Path) -> Path:
    """Resolve turn 1 from its workbooks (Ash moves f3 to e4); return its inbox."""
    inbox = tmp_path / "turn1"
    _run(["duel", "sheets", str(duel), "--out", str(inbox)])
    _order(inbox / "Ash-turn1.xlsx", "f3", "e4")
    _run(["duel", "resolve", str(duel), "--from", str(inbox)])
    return inbox


@pytest.mark.parametrize(
    ("case", "expected"),
    [
        (
            "another duel",
            "Ash: Ash-turn2.xlsx was made for another duel (made for Ash, turn 2 of duel {other}; "
            "expected Ash, turn 2 of duel {mine}): send Ash's turn 2 order workbook (duel.mark)",
        ),
        (
            "an earlier turn",
            "Ash: Ash-turn2.xlsx is the workbook of turn 1, not of turn 2 (made for Ash, turn 1 of "
            "duel {mine}; expected Ash, turn 2 of duel {mine}): send Ash's turn 2 order workbook "
            "(duel.mark)",
        ),
        (
            "another player",
            "Ash: Ash-turn2.xlsx was made for Birch, not for Ash (made for Birch, turn 2 of duel "
            "{mine}; expected Ash, turn 2 of duel {mine}): send Ash's turn 2 order workbook "
            "(duel.mark)",
        ),
    ],
)
def test_a_workbook_of_another_duel_turn_or_player_is_refused_after_it_is_stored(
    duel: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str, expected: str
) -> None:
    """Turn 1 of duel X is not turn 2 of duel Y: one coded error naming the player, the file,
    what it was made for and what was expected; what the player typed is stored first and
    nothing is recorded."""
    old = _turn_two(duel, tmp_path)
    other = _new(tmp_path / "other")
    _run(["duel", "play", str(other), "f3-e4", "--player", "Ash"])
    _run(["duel", "play", str(other), "hold", "--player", "Birch"])
    sources = {
        "another duel": (other, "Ash"),
        "an earlier turn": (None, "Ash"),
        "another player": (duel, "Birch"),
    }
    folder, player = sources[case]
    inbox = tmp_path / "inbox"
    if folder is None:
        inbox.mkdir()
        shutil.copy(old / "Ash-turn1.xlsx", inbox / "Ash-turn2.xlsx")
    else:
        _run(["duel", "sheets", str(folder), "--out", str(tmp_path / "made")])
        inbox.mkdir()
        shutil.copy(tmp_path / "made" / f"{player}-turn2.xlsx", inbox / "Ash-turn2.xlsx")
    typed = ["Water", "b2", "b3"] if player == "Ash" else ["Water", "b8", "b7"]
    _order(inbox / "Ash-turn2.xlsx", typed[1], typed[2])
    d = _opened(duel)
    steps = d.store.step_count()
    mine = d.duel_id
    d.close()
    o = _opened(other)
    theirs = o.duel_id
    o.close()

    code, text = _resolve(duel, inbox, capsys)
    assert code == 1 and "Traceback" not in text
    assert expected.format(mine=mine, other=theirs) in text
    assert text.count("(duel.mark)") == 1 and "The turn is not resolved" in text

    d = _opened(duel)
    try:
        assert d.store.step_count() == steps  # nothing recorded, Birch not made to hold
        raw = d.store.raws()[-1]
        assert (raw.player, str(raw.source)) == ("Ash", "file:Ash-turn2.xlsx")
        stored = json.loads(raw.content)
        assert typed in stored["tabs"]["Orders"]  # what was typed, kept
        assert d.store.errors(raw.id)[0][0] == "duel.mark"
    finally:
        d.close()


def test_a_changed_mark_is_refused_and_an_unmarked_workbook_is_read_with_a_note(
    duel: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    inbox = tmp_path / "inbox"
    _run(["duel", "sheets", str(duel), "--out", str(inbox)])
    book = openpyxl.load_workbook(inbox / "Ash-turn1.xlsx")
    book[STAMP_TAB]["B3"] = "seven"
    book.save(inbox / "Ash-turn1.xlsx")
    code, text = _resolve(duel, inbox, capsys)
    assert code == 1 and "Ash: Ash-turn1.xlsx: the '_festival' tab was changed" in text

    book = openpyxl.load_workbook(inbox / "Ash-turn1.xlsx")
    del book[STAMP_TAB]
    book.save(inbox / "Ash-turn1.xlsx")
    _order(inbox / "Ash-turn1.xlsx", "f3", "e4")
    code, text = _resolve(duel, inbox, capsys)
    assert code == 0
    assert "note: Ash: Ash-turn1.xlsx carries no festival mark" in text
    assert "it was read as Ash's turn 1 orders" in text and "Ash moved f3 to e4" in text


def test_the_workbook_of_this_turn_is_stored_as_its_cells_then_played(
    duel: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    inbox = tmp_path / "inbox"
    _run(["duel", "sheets", str(duel), "--out", str(inbox)])
    _order(inbox / "Ash-turn1.xlsx", "f3", "e4")
    code, text = _resolve(duel, inbox, capsys)
    assert code == 0 and "note:" not in text and "Ash moved f3 to e4" in text
    d = _opened(duel)
    try:
        raws = {r.player: r for r in d.store.raws()}
        stored = json.loads(raws["Ash"].content)
        assert (
            stored["file"] == "Ash-turn1.xlsx" and ["Air", "f3", "e4"] in stored["tabs"]["Orders"]
        )
        ash = [s for s in d.store.steps() if s.player == "Ash"]
        assert ash[0].raw_id == raws["Ash"].id
    finally:
        d.close()


KINDS_CASES = [
    # (found, expected, reasons): what `mismatch` says, for the match and the duel alike
    (Stamp("m1", 2, "cam"), Stamp("m1", 2, "cam"), []),
    (Stamp("m0", 2, "cam"), Stamp("m1", 2, "cam"), ["was made for another match"]),
    (Stamp("m1", 1, "cam"), Stamp("m1", 2, "cam"), ["is the workbook of round 1, not of round 2"]),
    (
        Stamp("d1", 3, "Ash", DUEL),
        Stamp("d1", 4, "Ash", DUEL),
        ["is the workbook of turn 3, not of turn 4"],
    ),
    (
        Stamp("d0", 4, "Birch", DUEL),
        Stamp("d1", 4, "Ash", DUEL),
        ["was made for another duel", "was made for Birch, not for Ash"],
    ),
    (
        Stamp("d1", 1, "Ash", DUEL),
        Stamp("m1", 1, "Ash"),
        ["was made for a duel, not for a festival match"],
    ),
    (
        Stamp("m1", 1, "Ash", MATCH),
        Stamp("d1", 1, "Ash", DUEL),
        ["was made for a festival match, not for a duel"],
    ),
]


@pytest.mark.parametrize(("found", "expected", "reasons"), KINDS_CASES)
def test_a_mark_is_compared_field_by_field_and_kind_first(
    found: Stamp, expected: Stamp, reasons: list[str]
) -> None:
    assert mismatch(found, expected) == reasons


def test_a_mark_reads_back_as_written_and_mixed_labels_are_a_changed_mark() -> None:
    for stamp in (Stamp("abc", 12, "Ash", DUEL), Stamp("abc", 3, "cam")):
        assert read_stamp({STAMP_TAB: Grid.from_rows(STAMP_TAB, stamp.rows())}) == stamp
    rows = Stamp("abc", 3, "Ash", DUEL).rows()
    rows[2][0] = "round"  # a duel's id with a match's round
    with pytest.raises(StampError):
        read_stamp({STAMP_TAB: Grid.from_rows(STAMP_TAB, rows)})


def _steps_and_raws(folder: Path) -> tuple[int, int]:
    d = _opened(folder)
    try:
        return d.store.step_count(), len(d.store.raws())
    finally:
        d.close()


def test_order_workbooks_are_recognised_by_their_mark_whatever_their_name(
    duel: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 24: `orders_Ash.xlsx` and `Birch (1).xlsx` (the names a mail program or a
    download gives) were taken for no file: both players held, the turn was lost. The mark
    says whose turn-1 orders they are."""
    made, inbox = tmp_path / "made", tmp_path / "inbox"
    _run(["duel", "sheets", str(duel), "--out", str(made)])
    inbox.mkdir()
    shutil.copy(made / "Ash-turn1.xlsx", inbox / "orders_Ash.xlsx")
    shutil.copy(made / "Birch-turn1.xlsx", inbox / "Birch (1).xlsx")
    _order(inbox / "orders_Ash.xlsx", "f3", "e4")
    _order(inbox / "Birch (1).xlsx", "f7", "e6")
    code, text = _resolve(duel, inbox, capsys)
    assert code == 0, text
    assert "Ash moved f3 to e4" in text and "Birch moved f7 to e6" in text
    assert "Ash: orders in from orders_Ash.xlsx" in text and "hold" not in text
    d = _opened(duel)
    try:
        sources = {r.player: str(r.source) for r in d.store.raws()}
        assert sources == {"Ash": "file:orders_Ash.xlsx", "Birch": "file:Birch (1).xlsx"}
    finally:
        d.close()


def test_an_inbox_without_a_players_orders_resolves_nothing_unless_the_host_says_hold(
    duel: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 24: an empty folder recorded both players as holding and resolved the turn
    (which undo then refused). "No file found" becomes "hold" only with --hold-missing."""
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    code, text = _resolve(duel, inbox, capsys)
    assert code == 1 and "Traceback" not in text
    assert f"No orders in {inbox} for Ash, Birch." in text
    assert "or run resolve again with --hold-missing to have Ash, Birch hold every unit" in text
    assert "The turn is not resolved" in text and "moved" not in text
    assert _steps_and_raws(duel) == (0, 0)

    capsys.readouterr()
    assert main(["duel", "resolve", str(duel), "--from", str(inbox), "--hold-missing"]) == 0
    out = capsys.readouterr().out
    assert f"Ash: no orders in {inbox}: holds every unit still (--hold-missing)." in out
    assert _steps_and_raws(duel)[0] == 2


def test_the_files_that_match_nobody_are_named_and_the_players_files_are_kept(
    duel: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ash's file is last turn's workbook under another name, and a note lies beside it:
    both are named with what they are; Birch's file is recorded (a file is handed in once),
    Ash is not made to hold, and the turn waits for Ash's orders."""
    old = _turn_two(duel, tmp_path)
    made, inbox = tmp_path / "made", tmp_path / "inbox"
    _run(["duel", "sheets", str(duel), "--out", str(made)])
    inbox.mkdir()
    shutil.copy(old / "Ash-turn1.xlsx", inbox / "orders_Ash.xlsx")
    shutil.copy(made / "Birch-turn2.xlsx", inbox / "Birch-turn2.xlsx")
    (inbox / "notes.txt").write_text("see you next turn")
    steps = _steps_and_raws(duel)[0]
    d = _opened(duel)
    mine = d.duel_id
    d.close()
    code, text = _resolve(duel, inbox, capsys)
    assert code == 1
    assert f"No orders in {inbox} for Ash." in text
    assert f"orders_Ash.xlsx (Ash, turn 1 of duel {mine})" in text
    assert "notes.txt (named for no player)" in text
    assert "Birch: orders in from Birch-turn2.xlsx" in text
    assert _steps_and_raws(duel)[0] == steps + 1  # Birch's, sealed; Ash not made to hold
    shutil.copy(made / "Ash-turn2.xlsx", inbox / "Ash (2).xlsx")
    code, text = _resolve(duel, inbox, capsys)
    assert code == 0 and "Ash: orders in from Ash (2).xlsx" in text, text


def test_two_workbooks_marked_for_one_player_are_refused_and_nothing_is_stored(
    duel: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    inbox = tmp_path / "inbox"
    _run(["duel", "sheets", str(duel), "--out", str(inbox)])
    shutil.copy(inbox / "Ash-turn1.xlsx", inbox / "orders_Ash.xlsx")
    code, text = _resolve(duel, inbox, capsys)
    assert code == 2
    assert "Ash-turn1.xlsx and orders_Ash.xlsx both hold Ash's turn 1 orders; keep only one" in text
    assert _steps_and_raws(duel) == (0, 0)


def _play(
    duel: Path, path: Path, capsys: pytest.CaptureFixture[str], *extra: str
) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["duel", "play", str(duel), "--from", str(path), *extra])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


@pytest.mark.parametrize("who", [["--player", "Ash"], []], ids=["--player Ash", "by its mark"])
def test_duel_play_from_an_order_workbook_reads_its_orders_never_its_readme(
    duel: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], who: list[str]
) -> None:
    """Issue 24: `duel play --from` given an order workbook read its README tab as 11 bad
    moves. Its Orders tab is read, as the player's the mark names (or --player gives)."""
    made = tmp_path / "made"
    _run(["duel", "sheets", str(duel), "--out", str(made)])
    _order(made / "Ash-turn1.xlsx", "f3", "e4")
    code, text = _play(duel, made / "Ash-turn1.xlsx", capsys, *who)
    assert code == 0, text
    assert "Recorded:" in text and "README" not in text and "Nothing recorded" not in text
    code, text = _play(duel, made / "Birch-turn1.xlsx", capsys)
    assert code == 0, text
    assert "1. Ash: f3-e4" in _run(["duel", "log", str(duel)])
    d = _opened(duel)
    try:
        raw = d.store.raws()[0]
        assert (raw.player, str(raw.source)) == ("Ash", "file:Ash-turn1.xlsx")
        assert ["Air", "f3", "e4"] in json.loads(raw.content)["tabs"]["Orders"]
    finally:
        d.close()


def test_duel_play_from_an_order_workbook_it_cannot_use_says_what_it_is(
    duel: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Another duel's workbook is refused with the one coded mark error (stored first); a
    duel game without order workbooks refuses one in one line naming what it is."""
    other = _new(tmp_path / "other")
    made = tmp_path / "made"
    _run(["duel", "sheets", str(other), "--out", str(made)])
    code, text = _play(duel, made / "Ash-turn1.xlsx", capsys)
    assert code == 1 and text.count("(duel.mark)") == 1 and "README" not in text
    assert "Ash: Ash-turn1.xlsx was made for another duel (made for Ash, turn 1 of duel" in text
    assert _steps_and_raws(duel) == (0, 1)

    element = tmp_path / "element"
    args = ["duel", "new", str(element), "--game", "element", "--players", "Ash,Birch"]
    assert main(args) == 0
    code, text = _play(element, made / "Birch-turn1.xlsx", capsys)
    assert code == 2 and text.count("\n") == 1, text
    assert "Birch-turn1.xlsx is an order workbook (Birch, turn 1 of duel " in text
    assert "Element takes no order workbooks" in text
