"""`festival duel seat` and `festival duel bot` as the duels guide writes them: the bot runs as
a command line process against the stand-in, answers a slash command, stops on Ctrl-C, and its
token (read from FESTIVAL_DISCORD_TOKEN only) never shows in what it prints or in the folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from festival.bot.bot import TOKEN_VARIABLE
from festival.cli.main import main
from festival.discord.endpoint import API_VARIABLE
from festival.duels import service
from tests.support.discord.interactions import BotApiServer, User
from tests.support.doc_blocks import code_blocks, commands
from tests.support.processes import started

GUIDE = "docs/duels-guide.md"
CHANNEL = 1100000000000000001
ASH = User(1200000000000000001, "ash")


def _guide_commands() -> list[list[str]]:
    (block,) = code_blocks(GUIDE, "## Duels on Discord")
    return commands(block)


def test_the_guides_seating_is_recorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    new, bot = _guide_commands()
    assert bot[:3] == ["festival", "duel", "bot"]
    assert main(new[1:]) == 0
    assert "channel 1100000000000000001; Ash = user 1200000000000000001" in capsys.readouterr().out
    seated = service.seating(tmp_path / "ash-birch")
    assert seated.channel == CHANNEL and seated.player_of(ASH.id) == "Ash"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--user", "Ash"], "write PLAYER=DISCORD_USER_ID"),
        (["--user", "Zed=5"], "'Zed' does not play in this duel"),
        (["--channel", "0"], "0 is not a Discord channel id: a positive number below 2^64"),
        (["--channel", str(2**64)], "is not a Discord channel id"),  # discord.py could not use it
        (["--user", f"Ash={2**64}"], f"Ash: {2**64} is not a Discord user id"),
        (["--user", "Ash=5", "--user", "ash=6"], "--user: ash is named twice"),
        (["--user", "Ash=<#5>"], "write PLAYER=DISCORD_USER_ID"),
    ],
)
def test_a_wrong_seating_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    folder = tmp_path / "d"
    service.create(folder, "element", None, {}, ["Ash", "Birch"], 1)
    assert main(["duel", "seat", str(folder), *args]) == 2
    assert said in capsys.readouterr().err
    assert service.seating(folder).users == ()


def test_a_pasted_mention_seats_its_user(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "d"
    service.create(folder, "element", None, {}, ["Ash", "Birch"], 1)
    assert (
        main(["duel", "seat", str(folder), "--user", f"Ash=<@{ASH.id}>", "--user", "Birch=<@!7>"])
        == 0
    )
    assert service.seating(folder).users == (("Ash", ASH.id), ("Birch", 7))


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--discord-user", "Ash"], "--discord-user 'Ash': write PLAYER=DISCORD_USER_ID"),
        (["--discord-user", "Zed=5"], "'Zed' does not play in this duel"),
        (["--discord-channel", "-3"], "-3 is not a Discord channel id"),
        (["--discord-user", f"Birch={2**64 + 1}"], "is not a Discord user id"),
    ],
)
def test_a_wrong_seating_at_creation_makes_no_duel(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    folder = tmp_path / "d"
    assert main(["duel", "new", str(folder), "--players", "Ash,Birch", *args]) == 2
    assert said in capsys.readouterr().err
    assert not folder.exists()


@pytest.mark.parametrize("channel", ["0", "-5", str(2**64)])
def test_a_practice_channel_that_is_no_discord_id_is_refused_before_the_token(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    channel: str,
) -> None:
    monkeypatch.delenv(TOKEN_VARIABLE, raising=False)
    args = ["duel", "bot", str(tmp_path), "--host-role", "Duel Host", "--practice-channel", channel]
    assert main(args) == 2
    assert f"--practice-channel: {channel} is not a Discord channel id" in capsys.readouterr().err


def test_the_bot_needs_its_token_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv(TOKEN_VARIABLE, raising=False)
    assert main(["duel", "bot", str(tmp_path), "--host-role", "Duel Host"]) == 2
    assert TOKEN_VARIABLE in capsys.readouterr().err


def test_a_refused_token_is_said_in_one_line_without_the_token(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "d"
    service.create(folder, "element", None, {}, ["Ash", "Birch"], 1)
    service.seat(folder, CHANNEL, {})
    with BotApiServer() as server:
        monkeypatch.setenv(API_VARIABLE, server.api)
        monkeypatch.setenv(TOKEN_VARIABLE, "wrong.token.value")
        assert main(["duel", "bot", str(folder), "--host-role", "Duel Host"]) == 2
    out = capsys.readouterr()
    assert "Discord refused the bot's token" in out.err
    assert "wrong.token.value" not in out.out + out.err


def test_an_address_that_is_not_discords_bot_api_is_said_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """FESTIVAL_DISCORD_API naming a server without the bot's routes (here the webhook
    stand-in, which answers 404) is one line naming the variable, not a traceback."""
    from tests.support.discord.webhooks import DiscordServer

    folder = tmp_path / "d"
    service.create(folder, "element", None, {}, ["Ash", "Birch"], 1)
    service.seat(folder, CHANNEL, {})
    with DiscordServer() as server:
        monkeypatch.setenv(API_VARIABLE, server.base)
        monkeypatch.setenv(TOKEN_VARIABLE, "some.token.value")
        assert main(["duel", "bot", str(folder), "--host-role", "Duel Host"]) == 2
    err = capsys.readouterr().err
    assert "Discord answered 404" in err and API_VARIABLE in err and err.count("\n") == 1
    assert "some.token.value" not in err


@pytest.mark.slow
def test_the_bot_runs_as_the_guide_says_and_never_shows_its_token(tmp_path: Path) -> None:
    new, bot = _guide_commands()
    done = subprocess.run(
        [sys.executable, "-m", "festival.cli", *new[1:]], cwd=tmp_path, check=False,
        capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    with BotApiServer() as server:
        env = {**os.environ, API_VARIABLE: server.api, TOKEN_VARIABLE: server.token}
        argv = [sys.executable, "-m", "festival.cli", *bot[1:]]
        with started(argv, cwd=tmp_path, env=env) as process:
            server.wait_for(lambda: server.connected() or process.poll() is not None)
            assert server.connected(), process.stop()
            iid = server.command(ASH, "take", {"count": 2}, channel=CHANNEL)
            assert server.answers(iid)[0].content.startswith("Ash: take 2 ")
            ended = process.stop()  # Ctrl-C
    out, err = ended.out, ended.err
    assert "Hosting ash-birch in channel 1100000000000000001" in out
    assert out.endswith("Bot stopped.\n") and "Traceback" not in err, out + err
    assert server.token not in out + err
    for path in (tmp_path / "ash-birch").rglob("*"):
        assert path.is_dir() or server.token.encode() not in path.read_bytes()
    assert not list((tmp_path / "ash-birch" / ".clock-senders").iterdir()), "a stopped bot's"


def test_a_match_folder_hosts_every_duel_seated_under_its_duels(tmp_path: Path) -> None:
    from festival.bot.bot import duel_folders, tables
    from festival.core.errors import DuelHostError

    duels = tmp_path / "awa-s1" / "duels"
    for name, channel in (("a", 11), ("b", 12), ("c", None)):
        service.create(duels / name, "element", None, {}, ["Ash", "Birch"], 1)
        service.seat(duels / name, channel, {})
    found = duel_folders(tmp_path / "awa-s1")
    assert [p.name for p in found] == ["a", "b", "c"]
    seated, unseated = tables(found)
    assert [(t.folder.name, t.channel) for t in seated] == [("a", 11), ("b", 12)]
    assert [p.name for p in unseated] == ["c"]
    service.seat(duels / "c", 12, {})
    with pytest.raises(DuelHostError, match="both seated in channel 12"):
        tables(duel_folders(tmp_path / "awa-s1"))
    with pytest.raises(DuelHostError, match="holds no duel"):
        duel_folders(tmp_path)


def _practice_command() -> list[str]:
    (block,) = code_blocks(GUIDE, "### Practising on Discord")
    (command,) = commands(block)
    return command


def test_a_bot_for_practice_only_needs_no_duel(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    command = _practice_command()
    assert "--practice-channel" in command
    with BotApiServer() as server:
        monkeypatch.setenv(API_VARIABLE, server.api)
        monkeypatch.setenv(TOKEN_VARIABLE, "wrong.token.value")
        assert main(command[1:]) == 2  # past the duels (none), refused at Discord's door
    out = capsys.readouterr()
    assert "Practice duels (/practice) in channel 1100000000000000009" in out.out
    assert "Discord refused the bot's token" in out.err
    without = [w for w in command[1:] if w not in ("--practice-channel", "1100000000000000009")]
    assert main(without) == 2
    assert "--practice-channel ID" in capsys.readouterr().err


@pytest.mark.slow
def test_the_guides_practice_bot_runs_and_starts_a_practice_duel(tmp_path: Path) -> None:
    command = _practice_command()
    with BotApiServer() as server:
        env = {**os.environ, API_VARIABLE: server.api, TOKEN_VARIABLE: server.token}
        argv = [sys.executable, "-m", "festival.cli", *command[1:]]
        with started(argv, cwd=tmp_path, env=env) as process:
            server.wait_for(lambda: server.connected() or process.poll() is not None)
            assert server.connected(), process.stop()
            options = {"game": "halma", "level": "easy", "first": "bot"}
            iid = server.command(ASH, "practice", options, channel=1100000000000000009)
            server.wait_for(lambda: len(server.answers(iid)) == 2)
            begun, moved = server.answers(iid)
            assert "ash against Easy bot (easy)" in begun.content
            assert moved.content.startswith("Easy bot: ")
            ended = process.stop()  # Ctrl-C
    out, err = ended.out, ended.err
    assert "kept in club/practice (0 going on)" in out, out + err
    (folder,) = (tmp_path / "club" / "practice").glob("*/*")
    assert folder.parent.name == f"1100000000000000009-{ASH.id}"


def test_a_practice_folder_that_cannot_be_made_is_refused_before_the_bot_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(TOKEN_VARIABLE, "not-used")
    (tmp_path / "a-file").write_text("")
    args = ["duel", "bot", str(tmp_path), "--host-role", "Duel Host", "--practice-channel",
            "900011", "--practice-folder", str(tmp_path / "a-file" / "practice")]  # fmt: skip
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "cannot keep practice duels in" in err and "--practice-folder DIR" in err
