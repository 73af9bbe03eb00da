"""Issue #39 for duels, with real processes: the bot keeping a duel's clock is killed with
SIGKILL after it recorded a warning (`NoteClock`, in the duel's store) and before it sent it,
then started again against the Discord stand-in: the warning recorded is sent, once, and no
other warning is given for that turn."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

from festival.bot.bot import TOKEN_VARIABLE
from festival.discord.endpoint import API_VARIABLE
from festival.duels import service
from tests.support.discord.interactions import CHANNEL, BotApiServer
from tests.support.discord.run import ASH, BIRCH
from tests.support.processes import started

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[1]


def bot(folder: Path, *paused: str) -> list[str]:
    """`festival duel bot FOLDER`, warning two hours before a player's time runs out (at once,
    in a turn of an hour); with `paused` (STARTED), held once it recorded its first clock
    note (tests/support/paused_clock.py)."""
    head = ["tests.support.paused_clock", *paused] if paused else ["festival.cli"]
    return [
        sys.executable, "-m", *head, "duel", "bot", str(folder), "--host-role", "Duel Host",
        "--warn", "7200",
    ]  # fmt: skip


def unsent(folder: Path) -> list[service.ClockNote]:
    return [n for n in service.watch(folder).notes if not n.done]


def test_the_bot_killed_between_recording_a_warning_and_sending_it_sends_it_once(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "duel"
    options = {"turn_seconds": 3600, "reserve_seconds": 0}
    service.create(folder, "element", "summary", options, ["Ash", "Birch"], 18)
    service.seat(folder, CHANNEL, {"Ash": ASH.id, "Birch": BIRCH.id})
    service.clock(folder, True)
    mark = tmp_path / "started"
    with BotApiServer() as server:
        env = {**os.environ, API_VARIABLE: server.api, TOKEN_VARIABLE: server.token}
        with started(bot(folder, str(mark)), cwd=ROOT, env=env) as child:
            server.wait_for(lambda: mark.exists() or child.poll() is not None)
            assert mark.exists(), child.stop()
            child.stop(signal.SIGKILL)
        (note,) = unsent(folder)
        assert note.key == "warn:0:Ash" and note.text.startswith("<@11>: ")
        assert server.channel_messages() == []
        with started(bot(folder), cwd=ROOT, env=env) as child:  # started again
            server.wait_for(lambda: bool(server.channel_messages()) or child.poll() is not None)
            server.wait_for(lambda: not unsent(folder) or child.poll() is not None)
            assert child.poll() is None, child.stop()
            ended = child.stop()
        assert ended.returncode == 0, ended.err
        (sent,) = server.channel_messages()
        assert sent.content == note.text
        assert [n.key for n in service.watch(folder).notes] == ["warn:0:Ash"]
