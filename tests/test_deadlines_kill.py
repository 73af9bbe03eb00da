"""Issue #39, step 4: `festival run` killed with SIGKILL at chosen moments of a step (its
intent recorded and nothing done; a round resolved and nothing posted; the step done and its
done mark not written), as real processes against the Discord stand-in, then run again:
every reminder exactly once, the round resolved once and posted once."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from festival.discord import endpoint
from festival.discord.messages import round_messages
from festival.match import schedule_service, service
from festival.match.schedule import system_now
from festival.match.schedule_acts import SetSchedule
from tests.conftest import PLAYERS
from tests.support.discord.webhooks import DiscordServer
from tests.support.patience import PATIENCE
from tests.test_deadlines_run import inbox, mapped

pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning"),
]
ROOT = Path(__file__).resolve().parents[1]
MISSING = ["Wren", "uri", "Quill"]


def start(server: DiscordServer, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, endpoint.API_VARIABLE: server.base}
    return subprocess.Popen(
        [sys.executable, "-m", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def run_args(folder: Path, box: Path) -> list[str]:
    return ["run", str(folder), "--inbox", str(box), "--once"]


def killed_at(
    server: DiscordServer, folder: Path, box: Path, moment: str, kind: str, tmp: Path
) -> None:
    """`festival run --once`, held at `moment` of its first `kind` step, then SIGKILLed."""
    started = tmp / f"started-{moment}-{kind}"
    run = start(
        server, "tests.support.paused_run", str(started), moment, kind, *run_args(folder, box)
    )
    end = time.monotonic() + PATIENCE
    while not started.exists() and run.poll() is None and time.monotonic() < end:
        time.sleep(0.02)
    assert started.exists(), run.communicate(timeout=PATIENCE)
    run.kill()
    run.communicate(timeout=PATIENCE)


def again(server: DiscordServer, folder: Path, box: Path) -> str:
    run = start(server, "festival.cli", *run_args(folder, box))
    out, err = run.communicate(timeout=PATIENCE)
    assert run.returncode == 0, err
    return out


def unfinished(folder: Path) -> list[str]:
    return [e.key for e in schedule_service.journal(folder) if not e.done]


@pytest.mark.parametrize("moment", ["after-intent", "after-act"])
def test_reminders_killed_at_any_moment_arrive_exactly_once(
    toy_match: Path, tmp_path: Path, moment: str
) -> None:
    with DiscordServer() as server:
        mapped(toy_match, server)
        now = system_now()
        service.run(toy_match, SetSchedule(((1, now + 3600),), now))  # 12 h and 2 h passed
        box = inbox(toy_match, 1, [p for p in PLAYERS if p not in MISSING])
        killed_at(server, toy_match, box, moment, "remind", tmp_path)
        assert len(unfinished(toy_match)) == 1
        out = again(server, toy_match, box)
        assert out.count("late reminder to") + out.count("was reminded already") == 3, out
        for player in PLAYERS:
            said = [m.content for m in server.messages(player)]
            assert len(said) == (player in MISSING), (player, said)
        assert server.count("execute") == len(MISSING), "no request twice"
        assert "Nothing is due now." in again(server, toy_match, box)
        assert unfinished(toy_match) == []


@pytest.mark.parametrize("moment", ["after-intent", "after-resolve", "after-act"])
def test_a_round_killed_at_any_moment_of_its_close_is_resolved_once_and_posted_once(
    toy_match: Path, tmp_path: Path, moment: str
) -> None:
    with DiscordServer() as server:
        mapped(toy_match, server)
        now = system_now()
        service.run(toy_match, SetSchedule(((1, now - 60), (2, now + 86400)), now - 3600))
        box = inbox(toy_match, 1, [p for p in PLAYERS if p not in MISSING])
        killed_at(server, toy_match, box, moment, "close", tmp_path)
        resolved = 0 if moment == "after-intent" else 1
        assert service.status(toy_match).last == resolved
        again(server, toy_match, box)
        assert "Nothing is due now." in again(server, toy_match, box)
        assert unfinished(toy_match) == []
        conn = sqlite3.connect(toy_match / "match.sqlite")
        try:
            rows = conn.execute("SELECT count(*) FROM rounds WHERE round_no = 1").fetchone()
        finally:
            conn.close()
        assert rows == (1,), "resolved once, never again"
        posts = round_messages(service.announce(toy_match, 1).messages)
        room = [m.content for m in server.messages("game room")]
        assert room[:-1] == posts.public
        assert room[-1].startswith("Round 1's hand-ins are closed; the round is resolved.")
        for player, private in posts.private.items():
            assert [m.content for m in server.messages(player)] == private, player
        assert server.count("execute") == len(server.messages()), "no request twice"
        entries = {e.key: e.outcome for e in schedule_service.journal(toy_match)}
        assert entries["close:1:1"] == "done"
        assert json.loads(json.dumps(entries))  # the journal reads back
