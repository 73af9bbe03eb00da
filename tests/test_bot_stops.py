"""Ctrl-C (SIGINT) and SIGTERM (systemd, `docker stop`) stop the Discord bot within a few
seconds whatever it is doing, with one goodbye line and no traceback, and leave its duels'
stores whole (festival/bot/stopping.py): here while a command is mid-way, held there by the
test (tests/support/paused_bot.py), as a slow command on a busy machine would be."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import threading
from pathlib import Path

import pytest

from festival.bot.bot import TOKEN_VARIABLE
from festival.bot.stopping import run_until_stopped
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


def test_a_signal_stops_what_ignores_its_cancellation_and_leaves_a_stuck_call_behind() -> None:
    """The runner itself (festival/bot/stopping.py), with a main that loses its cancellation
    (as asyncio.wait_for of Python 3.11 may) and a call in a thread that never ends: the
    signal still ends the run, which says which signal it was."""
    stuck = threading.Event()
    begun = threading.Event()

    def call() -> None:
        begun.set()
        stuck.wait()

    async def main(stop: asyncio.Event) -> None:
        calling = asyncio.ensure_future(asyncio.to_thread(call))
        await asyncio.to_thread(begun.wait)
        os.kill(os.getpid(), signal.SIGTERM)
        while not calling.done():
            try:
                await asyncio.sleep(3600)
            except asyncio.CancelledError:  # lost, as a wait_for racing its result loses it
                continue

    try:
        assert run_until_stopped(main, grace=0.05) == "SIGTERM"
    finally:
        stuck.set()
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL  # as it was
