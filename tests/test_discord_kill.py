"""`festival post` killed at random points, as real processes: SIGTERM finishes the message in
flight and records it (every message ends up posted exactly once); SIGKILL inside the window
between Discord accepting a message and the store recording it leaves an intent, and the next
run holds that message back (posting everything else) and asks the host instead of sending
it again (nothing is ever posted twice)."""

from __future__ import annotations

import os
import re
import shutil
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from festival.cli.main import main
from festival.discord import endpoint
from festival.discord.messages import round_messages
from festival.match import service
from tests.conftest import numbers_json
from tests.support.discord.webhooks import DiscordServer
from tests.support.patience import PATIENCE
from tests.support.processes import Child, Children
from tests.test_discord_post import webhooks_file

pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning"),
]
ROOT = Path(__file__).resolve().parents[1]


RUNNING = Children()
"""every `festival` process of the test running, ended at its end (`_ended`)"""


@pytest.fixture(autouse=True)
def _ended() -> Iterator[None]:
    yield
    RUNNING.end()


def festival(server: DiscordServer, *args: str) -> Child:
    env = {**os.environ, endpoint.API_VARIABLE: server.base}
    return RUNNING.start([sys.executable, "-m", "festival.cli", *args], cwd=ROOT, env=env)


def expected(folder: Path) -> dict[str, list[str]]:
    done = round_messages(service.announce(folder, None).messages)
    return {"game room": done.public, **done.private}


def played(toy_match: Path) -> Path:
    path = numbers_json(toy_match, 1, lambda p, e: (len(p) + len(e)) % 5 + 1)
    assert main(["resolve", str(toy_match), "--from", str(path)]) == 0
    return toy_match


def trial_folder(base: Path, tmp: Path, n: int, server: DiscordServer) -> Path:
    folder = tmp / f"trial-{n}" / "match"
    shutil.copytree(base, folder)
    hooks = webhooks_file(server, folder.parent)
    assert main(["discord", str(folder), "--webhooks", str(hooks)]) == 0
    return folder


def until_posted(server: DiscordServer, run: Child, count: int) -> None:
    """Wait until Discord holds `count` messages (the last one's answer still stalled: the
    window between Discord accepting a message and the store recording it), or the run
    ended."""
    end = time.monotonic() + PATIENCE
    while len(server.messages()) < count and run.poll() is None and time.monotonic() < end:
        time.sleep(0.005)


def posted_exactly_once(server: DiscordServer, folder: Path, but: str = "") -> None:
    """Every channel (`but` one) holds its messages once each, in order."""
    for channel, messages in expected(folder).items():
        if channel != but:
            assert [m.content for m in server.messages(channel)] == messages, channel


@pytest.mark.parametrize("seed", [1])
def test_sigterm_at_random_points_posts_every_message_exactly_once(
    toy_match: Path, tmp_path: Path, seed: int
) -> None:
    base = played(toy_match)
    rng = np.random.default_rng(seed)
    stopped = 0
    for n in range(4):
        with DiscordServer() as server:
            folder = trial_folder(base, tmp_path, n, server)
            server.stall_next(0.05, times=1000, after_apply=True)  # the unsafe window, widened
            for _ in range(3):  # killed up to three times, then run to the end
                run = festival(server, "post", str(folder))
                # at a random message: 0 more (while starting) to 3 more
                until_posted(server, run, len(server.messages()) + int(rng.integers(0, 4)))
                ended = run.stop(signal.SIGTERM)
                out, err = ended.out, ended.err
                if ended.returncode == 128 + signal.SIGTERM:
                    stopped += 1
                    assert "Stopped by SIGTERM: every message sent is recorded" in out
                else:
                    assert ended.returncode in (0, -signal.SIGTERM), err
            server.clear_faults()  # the last run is not cut: no window to widen
            final = festival(server, "post", str(folder))
            done = final.wait()
            assert done.returncode == 0, done.err
            posted_exactly_once(server, folder)
            assert server.count("execute") == len(server.messages()), "no request twice"
    assert stopped, "some SIGTERM should land while posting"


def test_sigkill_never_posts_twice_and_the_host_is_told(toy_match: Path, tmp_path: Path) -> None:
    base = played(toy_match)
    rng = np.random.default_rng(27)
    told = 0
    for n in range(5):
        with DiscordServer() as server:
            folder = trial_folder(base, tmp_path, n, server)
            server.stall_next(0.15, times=1000, after_apply=True)
            run = festival(server, "post", str(folder))
            until_posted(server, run, int(rng.integers(1, 6)))  # at a random message
            run.stop(signal.SIGKILL)
            server.clear_faults()  # the runs after it are not cut
            again = festival(server, "post", str(folder))
            done = again.wait()
            err = done.err
            if done.returncode == 2:
                assert "an earlier run was cut while sending" in err, err
                told += 1
                cut = re.search(r"Look in (the game room|(\S+)'s channel)", err)
                assert cut is not None
                channel = cut.group(2) or "game room"
                # the message cut holds back only itself: every other channel is posted
                posted_exactly_once(server, folder, but=channel)
                want = expected(folder)[channel]
                held = server.messages(channel)
                assert len(held) <= len(want), "never twice"
                recorded = _recorded(folder, channel)
                # Discord has it: the host marks it sent; else sends it again
                there = [m.id for m in held if m.id not in recorded]
                args = ["--mark-sent", there[0]] if there else ["--resend"]
                done = festival(server, "post", str(folder), *args).wait()
                err = done.err
            assert done.returncode == 0, err
            posted_exactly_once(server, folder)
    assert told, "some SIGKILL should land inside the window"


def _recorded(folder: Path, channel: str) -> set[str]:
    """The message ids the store holds for a channel."""
    import sqlite3

    conn = sqlite3.connect(folder / "match.sqlite")
    try:
        rows = conn.execute(
            "SELECT message_id FROM discord_posts WHERE channel = ? AND message_id IS NOT NULL",
            (channel,),
        ).fetchall()
        return {str(r[0]) for r in rows}
    finally:
        conn.close()
