"""Ctrl-C (SIGINT) and SIGTERM (systemd, `docker stop`) stop the Discord bot within a few
seconds whatever it is doing, with one goodbye line and no traceback, and leave its duels'
stores whole (festival/bot/stopping.py): here while a command is mid-way, held there by the
test (tests/support/paused_bot.py), as a slow command on a busy machine would be."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

from festival.bot.bot import TOKEN_VARIABLE
from festival.discord.endpoint import API_VARIABLE
from festival.duels import service
from tests.support.discord.interactions import BotApiServer, User
from tests.support.processes import started

ROOT = Path(__file__).resolve().parents[1]
CHANNEL = 1100000000000000001
ASH = User(1200000000000000001, "ash")
STOPS_WITHIN = 60.0
"""seconds: the bound on a stop the bot promises within a few (its grace, festival/bot/
stopping.py, is 5 s a step), generous for a machine whose every core is busy"""


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_the_bot_stops_while_a_command_is_mid_way_and_the_duel_is_whole(
    tmp_path: Path, sig: signal.Signals
) -> None:
    folder = tmp_path / "ash-birch"
    service.create(folder, "element", None, {}, ["Ash", "Birch"], 1)
    service.seat(folder, CHANNEL, {"Ash": ASH.id})
    begun, go = tmp_path / "begun", tmp_path / "go"
    argv = [sys.executable, "-m", "tests.support.paused_bot", str(begun), str(go),
            "duel", "bot", str(folder), "--host-role", "Duel Host"]  # fmt: skip
    with BotApiServer() as server:
        env = {**os.environ, API_VARIABLE: server.api, TOKEN_VARIABLE: server.token}
        env["PYTHONPATH"] = str(ROOT)
        with started(argv, sig, STOPS_WITHIN, cwd=tmp_path, env=env) as bot:
            server.wait_for(lambda: server.connected() or bot.poll() is not None)
            assert server.connected(), bot.stop()
            server.command(ASH, "take", {"count": 2}, channel=CHANNEL, wait=False)
            server.wait_for(lambda: begun.exists() or bot.poll() is not None)
            assert begun.exists(), bot.stop()  # the command is mid-way, and stays so
            ended = bot.stop()
    assert ended.returncode == 0, ended
    assert ended.out.splitlines()[-1] == "Bot stopped.", ended.out
    assert "Traceback" not in ended.err, ended.err
    assert service.status(folder).actions == 0  # the command cut short is not recorded
