"""Issue #39 on the bot, with real processes: `festival bot MATCH` keeping the deadlines is
killed with SIGKILL at a chosen moment of a step (its intent recorded and nothing done; a
round resolved and nothing posted; the step done and its done mark not written), against the
Discord stand-in (the bot's API and the match's webhooks on one address), then started again:
every reminder exactly once, the round resolved once and posted once."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from festival.bot.bot import TOKEN_VARIABLE
from festival.cli.main import main
from festival.discord.endpoint import API_VARIABLE
from festival.discord.messages import round_messages
from festival.match import schedule_service, service
from festival.match.acts import Actor, Via
from festival.match.handin_acts import HandIn
from festival.match.schedule import system_now
from festival.match.schedule_acts import SetSchedule
from tests.conftest import PLAYERS
from tests.support.discord.both import BotAndWebhooks
from tests.support.discord.run import ASH
from tests.support.patience import PATIENCE
from tests.test_deadlines_hand_ins import submission
from tests.test_deadlines_run import mapped

pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning"),
]
ROOT = Path(__file__).resolve().parents[1]
MISSING = ["Wren", "uri", "Quill"]


@pytest.fixture
def server(toy_match: Path) -> Iterator[BotAndWebhooks]:
    """The stand-in, the match's webhooks mapped, a player seated, the others' hand-ins in."""
    with BotAndWebhooks() as server:
        mapped(toy_match, server.webhooks)  # type: ignore[arg-type]
        seat = ["seat", str(toy_match), "--player", "Spadez", "--user", str(ASH.id)]
        assert main([*seat, "--channel", "900020"]) == 0
        for player in PLAYERS:
            if player not in MISSING:
                command = HandIn(player, "in.json", submission(toy_match, player, 1, 2))
                service.run(toy_match, command, Actor.of_player(player), Via.BOT, None)
        yield server


def bot(server: BotAndWebhooks, folder: Path, *paused: str) -> subprocess.Popen[str]:
    """`festival bot MATCH` as a process of its own; with `paused` (STARTED MOMENT KIND),
    held at that moment of its first step of that kind (tests/support/paused_run.py)."""
    head = ["tests.support.paused_run", *paused] if paused else ["festival.cli"]
    env = {**os.environ, API_VARIABLE: server.api, TOKEN_VARIABLE: server.token}
    return subprocess.Popen(
        [sys.executable, "-m", *head, "bot", str(folder), "--host-role", "Duel Host"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def killed_at(server: BotAndWebhooks, folder: Path, moment: str, kind: str, tmp: Path) -> None:
    started = tmp / f"started-{moment}-{kind}"
    run = bot(server, folder, str(started), moment, kind)
    end = time.monotonic() + PATIENCE
    while not started.exists() and run.poll() is None and time.monotonic() < end:
        time.sleep(0.02)  # waiting for the process's condition, within a generous bound
    assert started.exists(), run.communicate(timeout=PATIENCE)
    run.kill()
    run.communicate(timeout=PATIENCE)


def unfinished(folder: Path) -> list[str]:
    return [e.key for e in schedule_service.journal(folder) if not e.done]


def restarted_until(server: BotAndWebhooks, folder: Path, done: object) -> None:
    """The bot started again, until `done()` holds; then stopped."""
    run = bot(server, folder)
    try:
        server.wait_for(lambda: bool(done()) or run.poll() is not None)  # type: ignore[operator]
        assert run.poll() is None, run.communicate(timeout=PATIENCE)
    finally:
        run.kill()
        run.communicate(timeout=PATIENCE)


@pytest.mark.parametrize("moment", ["after-intent", "after-act"])
def test_the_bot_killed_at_a_reminder_and_restarted_reminds_exactly_once(
    toy_match: Path, server: BotAndWebhooks, tmp_path: Path, moment: str
) -> None:
    now = system_now()
    service.run(toy_match, SetSchedule(((1, now + 3600),), now))  # 12 h and 2 h passed
    killed_at(server, toy_match, moment, "remind", tmp_path)
    assert len(unfinished(toy_match)) == 1

    def reminded() -> bool:
        everyone = all(server.webhooks.messages(p) for p in MISSING)
        return (
            everyone and len(schedule_service.journal(toy_match)) >= 3 and not unfinished(toy_match)
        )

    restarted_until(server, toy_match, reminded)
    for player in PLAYERS:
        said = [m.content for m in server.webhooks.messages(player)]
        assert len(said) == (player in MISSING), (player, said)
    assert server.webhooks.count("execute") == len(MISSING), "no request twice"


@pytest.mark.parametrize("moment", ["after-intent", "after-resolve", "after-act"])
def test_the_bot_killed_while_closing_a_round_and_restarted_resolves_and_posts_it_once(
    toy_match: Path, server: BotAndWebhooks, tmp_path: Path, moment: str
) -> None:
    now = system_now()
    service.run(toy_match, SetSchedule(((1, now - 60), (2, now + 86400)), now - 3600))
    killed_at(server, toy_match, moment, "close", tmp_path)
    assert service.status(toy_match).last == (0 if moment == "after-intent" else 1)

    def closed() -> bool:
        room = [m.content for m in server.webhooks.messages("game room")]
        return bool(room) and "are closed" in room[-1] and not unfinished(toy_match)

    restarted_until(server, toy_match, closed)
    conn = sqlite3.connect(toy_match / "match.sqlite")
    try:
        rows = conn.execute("SELECT count(*) FROM rounds WHERE round_no = 1").fetchone()
    finally:
        conn.close()
    assert rows == (1,), "resolved once, never again"
    posts = round_messages(service.announce(toy_match, 1).messages)
    room = [m.content for m in server.webhooks.messages("game room")]
    assert room[:-1] == posts.public
    for player, private in posts.private.items():
        assert [m.content for m in server.webhooks.messages(player)] == private, player
    assert server.webhooks.count("execute") == len(server.webhooks.messages()), "never twice"
