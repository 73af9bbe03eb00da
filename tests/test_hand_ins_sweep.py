"""Bad input as a new player and a new host make it (issue #38), through the real front ends:
the bot against the Discord stand-in, and `festival hand-in` / `festival status`. Every answer
is one the player can act on, private, with no host path and no other player's facts; nothing
a user can reach ends in a traceback."""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest

from festival.bot.hand_ins import NOT_OPEN
from festival.cli.main import main
from tests.conftest import TABS
from tests.support.discord.run import ASH
from tests.test_discord_hand_ins import ASH_ROOM, Room, _private_and_clean, filled
from tests.test_discord_hand_ins import room as room  # the fixture

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")


def _workbook(room: Room) -> bytes:
    return filled(room.inbox / "Spadez.xlsx")


def _zipped(room: Room) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as package:
        package.writestr("Spadez.xlsx", _workbook(room))
    return out.getvalue()


def _macro_enabled(room: Room) -> bytes:
    """The workbook saved as .xlsm: its package says its main part is macro-enabled."""
    source = zipfile.ZipFile(io.BytesIO(_workbook(room)))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as package:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "[Content_Types].xml":
                data = data.replace(b"spreadsheetml.sheet.main+xml", b"sheet.macroEnabled.main+xml")
            package.writestr(item, data)
    return out.getvalue()


def _edited(room: Room, change: Callable[[openpyxl.Workbook], None]) -> bytes:
    book = openpyxl.load_workbook(io.BytesIO(_workbook(room)))
    change(book)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _renamed(book: openpyxl.Workbook) -> None:
    book[TABS["alchemy"]].title = "My moves"


def _deleted(book: openpyxl.Workbook) -> None:
    del book[TABS["continuum"]]


PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 64
OLE = bytes.fromhex("D0CF11E0A1B11AE1") + b"\0" * 512
"""an encrypted (password-protected) workbook, or an old .xls: an OLE compound file"""

CASES: list[tuple[str, str, Callable[[Room], bytes], str]] = [
    (
        "a .csv renamed",
        "Spadez.xlsx",
        lambda r: b"player,move\nSpadez,3\n",
        "not an .xlsx workbook",
    ),
    ("a screenshot", "screenshot.png", lambda r: PNG, "not an .xlsx workbook"),
    ("a zipped workbook", "Spadez.zip", _zipped, "not an .xlsx workbook"),
    ("an .xlsm", "Spadez.xlsm", _macro_enabled, "macro-enabled workbook (.xlsm); save it as"),
    ("a password", "Spadez.xlsx", lambda r: OLE, "password-protected workbook"),
    ("a tab renamed", "Spadez.xlsx", lambda r: _edited(r, _renamed), "no 'Tally A' tab"),
    ("a tab deleted", "Spadez.xlsx", lambda r: _edited(r, _deleted), "no 'Tally C' tab"),
    (
        "JSON: round as text",
        "spadez.json",
        lambda r: json.dumps({"round": "1", "submissions": {}}).encode(),
        'says "round": "1"; this is round 1: give "round": 1',
    ),
    (
        "JSON: round true",
        "spadez.json",
        lambda r: json.dumps({"round": True, "submissions": {}}).encode(),
        'says "round": true; this is round 1',
    ),
    (
        "JSON: a list",
        "spadez.json",
        lambda r: b"[1, 2]",
        'expected {"round": 1, "submissions": {"Spadez": {...}}}',
    ),
    ("JSON: not UTF-8", "spadez.json", lambda r: b"\xff\xfe{", "not UTF-8 text"),
]


@pytest.mark.parametrize(
    ("name", "data", "said"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_bad_file_on_discord_is_answered_privately_with_what_to_do(
    room: Room, name: str, data: Callable[[Room], bytes], said: str
) -> None:
    iid = room.submit(ASH, data(room), name=name)
    sent = room.answer(iid)
    assert sent.content.startswith(f"Not ready: {name} has problems"), sent.content
    assert said in sent.content
    _private_and_clean(sent, room)
    assert "hedger" not in sent.content
    assert room.raws() == 1  # kept, as every hand-in is, and refused


def test_an_event_she_does_not_play_is_refused_and_nothing_is_stored(room: Room) -> None:
    attachment = room.server.upload("Spadez.xlsx", _workbook(room), channel=ASH_ROOM)
    options = {"file": attachment, "event": "summoners"}
    iid = room.server.deliver(room.server.interaction(ASH, "submit", options, None, ASH_ROOM))
    sent = room.answer(iid)
    assert sent.content == (
        "Spadez does not play Summoner's Dream in round 1 (plays: Alchemy, Elemental Continuum)"
    )
    _private_and_clean(sent, room)
    assert room.raws() == 0


def test_two_files_sent_quickly_are_both_kept_and_the_latest_counts(room: Room) -> None:
    first = room.submit(ASH, filled(room.inbox / "Spadez.xlsx", 9), name="a.xlsx")
    second = room.submit(ASH, filled(room.inbox / "Spadez.xlsx", 3), name="b.xlsx")
    assert room.answer(first).content.startswith("Not ready: a.xlsx")
    assert room.answer(second).content.startswith("Ready: this counts for round 1")
    now = room.answer(room.server.command(ASH, "submission", channel=ASH_ROOM, wait=False))
    assert "Alchemy: ready (b.xlsx, Discord" in now.content
    assert room.raws() == 2


def test_submission_before_anything_and_after_the_match_is_over(room: Room) -> None:
    now = room.answer(room.server.command(ASH, "submission", channel=ASH_ROOM, wait=False))
    assert (
        "Alchemy: nothing yet" in now.content and "Elemental Continuum: nothing yet" in now.content
    )
    _private_and_clean(now, room)
    for _ in range(1, 6):
        assert main(["resolve", str(room.match), "--hand-ins", "--default-invalid"]) == 0
    # the last round: a hand-in still counts for it
    assert main(["templates", str(room.match), "--round", "6", "--out", str(room.inbox / "6")]) == 0
    iid = room.submit(ASH, filled(room.inbox / "6" / "Spadez.xlsx"))
    assert room.answer(iid).content.startswith("Ready: this counts for round 6")
    assert main(["resolve", str(room.match), "--hand-ins", "--default-invalid"]) == 0
    late = room.answer(room.submit(ASH, filled(room.inbox / "6" / "Spadez.xlsx", 2)))
    assert "closed" in late.content and "kept as late" in late.content, late.content
    _private_and_clean(late, room)
    over = room.answer(room.server.command(ASH, "submission", channel=ASH_ROOM, wait=False))
    assert over.content == "Every round is resolved: nothing more to hand in, Spadez."
    assert over.ephemeral


def test_submit_without_a_file_is_answered_in_one_private_line(room: Room) -> None:
    iid = room.server.deliver(room.server.interaction(ASH, "submit", {}, None, ASH_ROOM))
    sent = room.answer(iid)  # Discord itself asks for the file: only a broken client gets here
    assert sent.content == "That did not work; the host can see why."
    assert sent.ephemeral
    assert room.raws() == 0


def test_a_match_not_allocated_yet_says_so_to_the_player_in_their_words(
    tmp_path: Path, roster_csv: Path
) -> None:
    from festival.bot.hand_ins import Hall
    from festival.bot.match_hand_ins import MatchHandIns
    from tests.support.discord.interactions import BotApiServer
    from tests.support.discord.run import running_bot
    from tests.support.toy_event import ENGINE_ARGS

    match = tmp_path / "early"
    assert main(["new", str(match), "--roster", str(roster_csv), "--seed", "7", *ENGINE_ARGS]) == 0
    seat = ["seat", str(match), "--player", "Spadez", "--user", str(ASH.id)]
    assert main([*seat, "--channel", str(ASH_ROOM)]) == 0
    with (
        BotApiServer() as server,
        running_bot(server, [], "Duel Host", hall=Hall(match, MatchHandIns())),
    ):
        early = Room(match, tmp_path, server)
        for iid in (
            early.submit(ASH, b"PK\x03\x04 a workbook"),
            server.command(ASH, "submission", channel=ASH_ROOM, wait=False),
        ):
            sent = early.answer(iid)
            assert sent.content == NOT_OPEN
            _private_and_clean(sent, early)
        assert early.raws() == 0


@pytest.mark.parametrize(
    ("args", "code", "said"),
    [
        (["hand-in", "{m}", "--player", "Wren", "{t}/missing.xlsx"], 2, "No such file"),
        (["hand-in", "{m}", "--player", "Wren", "{t}"], 2, "Is a directory"),
        (["hand-in", "{m}", "--player", "Nobody", "{t}/w.json"], 2, "not a player"),
        (
            ["hand-in", "{m}", "--player", "Wren", "--event", "chess", "{t}/w.json"],
            2,
            "--event chess: not an event (Alchemy, Elemental Continuum, Summoner's Dream)",
        ),
        (["hand-in", "{m}", "--player", "Wren", "{t}/w.json"], 0, 'says "round": true'),
        (
            ["status", "{m}", "--from", "{t}/w.json"],
            0,
            "is a file: give the folder of the round's workbooks",
        ),
        (["status", "{m}", "--from", "{t}/nowhere"], 0, "does not exist yet"),
    ],
)
def test_a_new_host_s_mistakes_on_the_command_line_are_one_line_each(
    toy_match: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    code: int,
    said: str,
) -> None:
    (tmp_path / "w.json").write_text(json.dumps({"round": True, "submissions": {}}))
    given = [a.format(m=toy_match, t=tmp_path) for a in args]
    capsys.readouterr()
    assert main(given) == code
    out, err = capsys.readouterr()
    assert said in (err if code else out)
    assert "Traceback" not in out + err


def test_a_hand_in_before_the_events_are_allocated_names_the_command(
    tmp_path: Path, roster_csv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = tmp_path / "early"
    assert main(["new", str(match), "--roster", str(roster_csv)]) == 0
    (tmp_path / "w.xlsx").write_bytes(b"PK")
    capsys.readouterr()
    assert main(["hand-in", str(match), "--player", "Wren", str(tmp_path / "w.xlsx")]) == 2
    assert capsys.readouterr().err == (
        f"festival: error: events are not allocated yet; run `festival allocate {match}` first\n"
    )
