"""`festival watch` (issue #38): every player's Google spreadsheet of the open round read every
few minutes within the read quota, checked as a hand-in is, and each player told in their own
channel only when the verdict changes (new problems, or ready), exactly once per change. A
stand-in for the spreadsheets (an injected adapter), the Discord stand-in for the channels,
and a recorded sleep: nothing here waits."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import openpyxl
import pytest

from festival.cli import watch_commands
from festival.cli.main import main
from festival.discord.match_posting import tell_changes
from festival.discord.posting import Action
from festival.match import service
from festival.match.acts import WatchSheets
from festival.match.match import Match
from festival.match.spreadsheets import SpreadsheetsFor
from festival.match.watch import READS_PER_MINUTE, quota_minutes
from sheets.raw import RawSubmission
from tests.conftest import TABS
from tests.support.discord.webhooks import DiscordServer
from tests.test_discord_post import webhooks_file


class Sheets:
    """The players' spreadsheets, standing in for Google: each player's tabs are their
    workbook in `books` (festival reads a spreadsheet's values as it reads a workbook's)."""

    def __init__(self, books: Path) -> None:
        self.books = books
        self.reads = 0

    def __call__(self, credentials: Path | None) -> Sheets:
        return self

    def source(self, match: Match, round_no: int) -> Sheets:
        return self

    def describe(self) -> str:
        return "stand-in spreadsheets"

    def fetch(self, player: str) -> RawSubmission | None:
        self.reads += 1
        path = self.books / f"{player}.xlsx"
        if not path.exists():
            return None
        return RawSubmission(player, f"google:key-{player}", path.read_bytes(), "xlsx")

    def type(self, player: str, tab: str, value: object) -> None:
        path = self.books / f"{player}.xlsx"
        book = openpyxl.load_workbook(path)
        book[tab]["B2"] = value
        book.save(path)


@pytest.fixture
def sheets(toy_match: Path, tmp_path: Path) -> Sheets:
    out = tmp_path / "sheets"
    assert main(["templates", str(toy_match), "--out", str(out)]) == 0
    given = Sheets(out)
    given.type("Wren", TABS["continuum"], 3)  # before the watch starts
    return given


def _watch(folder: Path, sheets: Sheets) -> Any:
    return service.run(folder, WatchSheets(), sheets=cast(SpreadsheetsFor, sheets))


def test_a_player_is_told_only_when_what_festival_reads_changes(
    toy_match: Path, sheets: Sheets
) -> None:
    first = _watch(toy_match, sheets)
    assert first.changes == ()  # the first read is where the watch starts: nothing to tell
    sheets.type("Wren", TABS["alchemy"], 9)
    sheets.type("Juniper", TABS["continuum"], 2)
    second = _watch(toy_match, sheets)
    told = {c.player: c.text for c in second.changes}
    assert set(told) == {"Wren", "Juniper"}
    assert told["Wren"].startswith("Your Google spreadsheet has problems in Alchemy (round 1)")
    assert "- Tally A!B2: '9' is not a number from 1 to 5" in told["Wren"]
    assert told["Juniper"] == "Ready: this counts for round 1 (Elemental Continuum) (your sheet)"
    assert _watch(toy_match, sheets).changes == ()  # read again, the same: nothing
    sheets.type("Wren", TABS["alchemy"], 4)
    (fixed,) = _watch(toy_match, sheets).changes
    assert (fixed.player, fixed.seq) == ("Wren", 3)  # the start, the problem, this
    assert fixed.text.startswith("Ready: this counts for round 1 (Alchemy, Elemental Continuum)")
    match = Match.open(toy_match)
    assert match.store.raws() == []  # a sheet watched is not handed in
    match.close()


def test_the_watch_waits_within_the_read_quota_and_never_sleeps_here(
    toy_match: Path, sheets: Sheets
) -> None:
    slept: list[float] = []
    every = max(0.01, quota_minutes(10))
    assert every == 10 * 2 / READS_PER_MINUTE
    code = watch_commands.watch_loop(
        lambda: _watch(toy_match, sheets), None, every, slept.append, passes=3
    )
    assert code == 0 and slept == [every * 60] * 2
    assert sheets.reads == 3 * 10  # each pass reads each player's sheet once


def test_each_change_is_told_once_in_the_player_s_own_channel(
    toy_match: Path,
    sheets: Sheets,
    discord_api: DiscordServer,
    capsys: pytest.CaptureFixture[str],
) -> None:
    hooks = webhooks_file(discord_api, toy_match.parent)
    assert main(["discord", str(toy_match), "--webhooks", str(hooks)]) == 0
    _watch(toy_match, sheets)  # the start
    sheets.type("Wren", TABS["alchemy"], 9)
    _watch(toy_match, sheets)  # recorded, then the run stops before telling anyone
    for _ in range(2):
        told = tell_changes(toy_match)
        assert told.unmapped == ()
    assert told.result.count(Action.SENT) == 0  # the second run: already told
    (message,) = discord_api.messages("Wren")
    assert message.content.startswith("Your Google spreadsheet has problems in Alchemy")
    assert [m for m in discord_api.messages() if m is not message] == []
    sheets.type("Wren", TABS["alchemy"], 3)
    _watch(toy_match, sheets)
    tell_changes(toy_match)
    assert [m.content.split("\n")[0] for m in discord_api.messages("Wren")] == [
        "Your Google spreadsheet has problems in Alchemy (round 1): fix them there; festival "
        "reads it again in a few minutes.",
        "Ready: this counts for round 1 (Alchemy, Elemental Continuum) (your sheet)",
    ]


def test_festival_watch_once_reads_tells_and_stops(
    toy_match: Path,
    sheets: Sheets,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from festival.google import match_google

    monkeypatch.setattr(match_google, "spreadsheets", sheets)
    assert main(["watch", str(toy_match), "--once"]) == 0
    sheets.type("Wren", TABS["alchemy"], 9)
    capsys.readouterr()
    assert main(["watch", str(toy_match), "--once"]) == 0
    out = capsys.readouterr().out
    assert "  round 1, Wren: Your Google spreadsheet has problems in Alchemy (round 1)" in out
    assert "(no Discord channels mapped: tell the players yourself)" in out


def test_a_changed_verdict_brings_the_players_own_board_picture(
    tmp_path: Path, roster_csv: Path, discord_api: DiscordServer
) -> None:
    """As `/submit` does: a Continuum player whose sheet is ready is sent their board."""
    from festival.core.picture import png
    from festival.match.watch_pictures import picture_from_json, picture_json
    from tests.support.continuum_boards import fill_setup, stripes

    folder = tmp_path / "real"
    assert main(["new", str(folder), "--roster", str(roster_csv), "--seed", "7"]) == 0
    assert main(["allocate", str(folder)]) == 0
    out = tmp_path / "sheets"
    assert main(["templates", str(folder), "--out", str(out)]) == 0
    sheets = Sheets(out)
    assert _watch(folder, sheets).changes == ()  # the start
    fill_setup(out / "Wren.xlsx", stripes())
    (change,) = [c for c in _watch(folder, sheets).changes if c.player == "Wren"]
    ((name, picture),) = change.pictures
    assert name == "Your board" and picture.caption == "Your board as handed in for round 1"
    assert picture_from_json(picture_json(picture)) == picture  # kept whole in the record
    hooks = webhooks_file(discord_api, folder.parent)
    assert main(["discord", str(folder), "--webhooks", str(hooks)]) == 0
    tell_changes(folder)
    (message,) = discord_api.messages("Wren")
    assert "Elemental Continuum" in message.content.split("\n")[0]
    assert message.filenames == ["Your board.png"]
    assert message.attachments[0].data == png(picture)
