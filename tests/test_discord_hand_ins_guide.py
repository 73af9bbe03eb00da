"""The host guide's and the README's "Hand-ins on Discord" commands, as written: the seats
recorded, and `festival bot awa-s1` run as a real process against the Discord stand-in, taking
Spadez's round 1 workbook from `/submit` on the sample festival's roster (real events)."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from festival.bot.bot import TOKEN_VARIABLE
from festival.cli.main import main
from festival.discord.endpoint import API_VARIABLE
from festival.match import service
from tests.support.discord.interactions import BotApiServer, User
from tests.support.doc_blocks import ROOT, code_blocks, commands
from tests.support.processes import started

SPADEZ = User(1300000000000000001, "spadez")
SPADEZ_ROOM = 1400000000000000001


def _blocks(doc: str) -> list[list[str]]:
    return [
        words for block in code_blocks(doc, "## Hand-ins on Discord") for words in commands(block)
    ]


def test_the_readmes_commands_are_the_host_guides() -> None:
    guide = _blocks("docs/host-guide.md")
    assert all(line in guide for line in _blocks("README.md"))
    assert [w[:2] for w in guide] == [["festival", "seat"]] * 2 + [["festival", "bot"]]


@pytest.mark.slow
def test_the_host_guides_hand_ins_run_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(ROOT / "fixtures" / "sample" / "roster.csv", "roster.csv")
    assert main(["new", "awa-s1", "--roster", "roster.csv", "--seed", "42"]) == 0
    assert main(["allocate", "awa-s1"]) == 0
    assert main(["templates", "awa-s1", "--out", "inbox"]) == 0
    *seats, bot = _blocks("docs/host-guide.md")
    for words in seats:
        assert main(words[1:]) == 0, words
    assert "Spadez on Discord: user 1300000000000000001, channel 1400000000000000001." in (
        capsys.readouterr().out
    )
    seat = service.seats(tmp_path / "awa-s1").of("Spadez")
    assert seat is not None and (seat.user, seat.channel) == (SPADEZ.id, SPADEZ_ROOM)
    with BotApiServer(host_role=bot[bot.index("--host-role") + 1]) as server:
        env = {**os.environ, API_VARIABLE: server.api, TOKEN_VARIABLE: server.token}
        env["PYTHONPATH"] = str(ROOT)
        argv = [sys.executable, "-m", "festival.cli", *bot[1:]]
        with started(argv, cwd=tmp_path, env=env) as process:
            server.wait_for(lambda: server.connected() or process.poll() is not None)
            assert server.connected(), process.stop()
            data = (tmp_path / "inbox" / "Spadez.xlsx").read_bytes()
            attachment = server.upload("Spadez.xlsx", data, channel=SPADEZ_ROOM)
            interaction = server.interaction(
                SPADEZ, "submit", {"file": attachment}, None, SPADEZ_ROOM
            )
            sent = server.wait_followup(server.deliver(interaction))
            assert sent.content.startswith("Ready: this counts for round 1 (")
            assert sent.ephemeral and str(tmp_path) not in sent.content
            ended = process.stop()  # Ctrl-C
    out, err = ended.out, ended.err
    assert "Hand-ins (/submit) from Spadez in channel 1400000000000000001" in out
    assert "festival seat awa-s1 --player cam --user ID --channel ID" in out  # not seated yet
    assert server.token not in out + err
