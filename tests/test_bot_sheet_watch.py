"""The bot watches the players' Google spreadsheets itself when its match reads Google (issue
#38: "`festival watch MATCH` (and the bot, when the match reads Google)"): every few minutes
within the read quota, each player told in their own channel once per changed verdict. The
spreadsheets and Discord are stand-ins; the wait is recorded, never slept."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from festival.bot import sheet_watch
from festival.bot.sheet_watch import SheetWatch, for_match, keep_watching
from festival.cli.main import main
from festival.match.match import Match
from festival.match.views import GOOGLE_SETTINGS
from festival.match.watch import Watched, quota_minutes
from sheets.errors import GoogleError
from tests.conftest import TABS
from tests.support.discord.webhooks import DiscordServer
from tests.test_discord_post import webhooks_file
from tests.test_sheet_watch import Sheets


def _reads_google(folder: Path) -> None:
    match = Match.open(folder)
    try:
        match.store.set_host_input(GOOGLE_SETTINGS, "{}")
    finally:
        match.close()


@pytest.fixture
def sheets(toy_match: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Sheets:
    from festival.google import match_google

    out = tmp_path / "sheets"
    assert main(["templates", str(toy_match), "--out", str(out)]) == 0
    given = Sheets(out)
    monkeypatch.setattr(match_google, "spreadsheets", given)
    return given


def test_a_match_that_reads_google_is_watched_by_its_bot_and_players_told_once(
    toy_match: Path, sheets: Sheets, discord_api: DiscordServer
) -> None:
    assert for_match(toy_match) is None  # a match of workbooks: nothing to watch
    _reads_google(toy_match)
    hooks = webhooks_file(discord_api, toy_match.parent)
    assert main(["discord", str(toy_match), "--webhooks", str(hooks)]) == 0
    watch = for_match(toy_match, every_minutes=0.01)
    assert watch is not None and watch.every_minutes == quota_minutes(10)
    slept: list[float] = []
    passes = iter([None, lambda: sheets.type("Wren", TABS["alchemy"], 9), None])

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        step = next(passes, None)
        if step is not None:
            step()
        if len(slept) == 3:
            raise asyncio.CancelledError  # the bot stops

    with pytest.raises(asyncio.CancelledError):
        asyncio.run(keep_watching(watch, sleep))
    assert slept == [watch.every_minutes * 60] * 3
    (message,) = discord_api.messages("Wren")
    assert message.content.startswith("Your Google spreadsheet has problems in Alchemy")
    assert [m for m in discord_api.messages() if m is not message] == []


def test_a_failed_pass_is_logged_and_the_watch_ends_with_the_match(
    caplog: pytest.LogCaptureFixture,
) -> None:
    results: list[Any] = [GoogleError("quota", "Google is busy"), Watched(1, (), ()), None]
    told: list[int] = []

    def check() -> Watched:
        result = results.pop(0)
        if isinstance(result, Exception):
            raise result
        return result if result is not None else Watched(6, (), (), closed=True)

    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    watch = SheetWatch(check, lambda: told.append(1), 1.0)
    asyncio.run(keep_watching(watch, sleep))
    assert slept == [60.0, 60.0] and told == [1]  # told after the good pass only
    assert "the spreadsheets' watch missed a pass" in caplog.text
    assert sheet_watch.start(None) is None


def test_festival_bot_says_it_watches_the_spreadsheets(
    toy_match: Path,
    sheets: Sheets,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from festival.bot import bot as duel_bot
    from festival.bot.bot import TOKEN_VARIABLE

    _reads_google(toy_match)
    seat = ["seat", str(toy_match), "--player", "Wren", "--user", "123456789012345678"]
    assert main([*seat, "--channel", "223456789012345678"]) == 0
    served: list[Any] = []

    async def serve(desk: Any, token: str, stop: Any, warn: float = 60.0, **kw: Any) -> None:
        served.append(kw["hall"])

    monkeypatch.setattr(duel_bot, "serve", serve)
    monkeypatch.setenv(TOKEN_VARIABLE, "stand-in-token.abc.def")
    capsys.readouterr()
    assert main(["bot", str(toy_match), "--host-role", "Host"]) == 0
    out = capsys.readouterr().out
    assert (
        f"Google spreadsheets read every {max(5.0, quota_minutes(10)):g} minutes; each player "
        "told in their channel when their verdict changes" in out
    )
    assert served[0].sheets is not None
