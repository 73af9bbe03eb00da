"""`festival post` and `festival duel post` through a rate-limit storm, Discord server errors
and cut connections: the real discord.py webhook client against the local stand-in
(tests/support/discord/webhooks.py), every wait recorded by an injected sleeper instead of
slept.

A 429 (or a 4xx, or a 5xx) proves Discord stored nothing: it is waited out and tried again,
or reported in one line and left unsent, never taken for a message Discord may hold. A
message whose request was cut after it left holds back only itself: everything else is
posted, and the host is asked about that one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from festival.cli.main import main
from festival.discord.messages import PHONE_WIDTH, discord_messages
from tests.support.discord.webhooks import DiscordServer
from tests.test_discord_duel_post import duel as duel  # the fixture
from tests.test_discord_post import announced, resolve, webhooks_file
from tests.test_discord_post import mapped as mapped  # the fixture
from tests.test_discord_post import waits as waits  # the fixture

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")


@pytest.fixture(autouse=True)
def slept(waits: list[float]) -> list[float]:
    """Every wait made while posting, recorded instead of slept (in every test here)."""
    return waits


def everything_posted(server: DiscordServer, folder: Path, but: str = "") -> None:
    """Every channel holds the round's messages exactly once, in order (`but` one channel)."""
    for channel, messages in announced(folder, 1).items():
        if channel != but:
            assert [m.content for m in server.messages(channel)] == messages, channel


@pytest.mark.parametrize(
    ("status", "times", "waits"),
    [
        (429, 6, [0.5] * 6),  # the storm of issue 36: discord.py ended in a RuntimeError
        (502, 3, [1, 2, 4]),  # "no gateway available to process your request": retried
        (500, 2, [1, 2]),
    ],
)
def test_a_storm_on_one_message_is_waited_out_and_everything_posts_once(
    mapped: tuple[Path, Path],
    discord_api: DiscordServer,
    slept: list[float],
    capsys: pytest.CaptureFixture[str],
    status: int,
    times: int,
    waits: list[float],
) -> None:
    folder, _ = mapped
    discord_api.fail_next(status, times=times, channel="cam", retry_after=0.5)
    assert main(["post", str(folder)]) == 0, capsys.readouterr().err
    assert slept == waits
    assert discord_api.count("execute", "cam", status) == times
    everything_posted(discord_api, folder)
    assert discord_api.count("execute", status=200) == len(discord_api.messages())
    assert main(["post", str(folder)]) == 0  # nothing is waiting for the host


@pytest.mark.parametrize(
    ("status", "retry_after", "said"),
    [
        (429, 0.5, "Discord answered 429 (too many requests) 10 times in a row while posting"),
        (429, 7200.0, "Discord asks festival to wait 2.0 hours (429, too many requests) while"),
        (503, 0.5, "Discord kept answering 503 (a Discord server error) while posting to"),
    ],
)
def test_a_storm_festival_does_not_wait_out_is_one_line_and_the_message_left_unsent(
    mapped: tuple[Path, Path],
    discord_api: DiscordServer,
    capsys: pytest.CaptureFixture[str],
    status: int,
    retry_after: float,
    said: str,
) -> None:
    folder, _ = mapped
    discord_api.fail_next(status, times=1000, channel="cam", retry_after=retry_after)
    assert main(["post", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"festival: error: {said}") and err.count("\n") == 1
    assert "while posting to cam's channel" in err
    assert "stored nothing of it, so it is left unsent" in err
    assert "Traceback" not in err and "may or may not" not in err
    assert discord_api.messages("cam") == []
    discord_api.clear_faults()  # the storm is over: the next run sends it, no --resend asked
    assert main(["post", str(folder)]) == 0, capsys.readouterr().err
    everything_posted(discord_api, folder)


@pytest.mark.parametrize("after_apply", [False, True])
def test_a_cut_message_holds_back_only_itself_and_the_host_is_asked(
    mapped: tuple[Path, Path],
    discord_api: DiscordServer,
    capsys: pytest.CaptureFixture[str],
    after_apply: bool,
) -> None:
    folder, _ = mapped
    discord_api.drop_next(after_apply=after_apply, channel="cam")
    assert main(["post", str(folder)]) == 2
    captured = capsys.readouterr()
    everything_posted(discord_api, folder, but="cam")  # the channels after cam's too
    assert "Round 1: " in captured.out and "message(s) sent" in captured.out
    [line] = captured.err.splitlines()
    assert "before Discord answered: Discord may hold the message or not" in line
    assert "festival held round 1, cam's private report back and posted the rest" in line
    assert f"`festival post {folder} --round 1 --resend`" in line and "--mark-sent LINK" in line
    # a later round is posted whole, cam's channel too; the host is asked again
    resolve(folder, 2)
    assert main(["post", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "an earlier run was cut while sending round 1, cam's private report" in err
    assert f"`festival post {folder} --round 1 --resend`" in err
    round_2 = announced(folder, 2)
    for channel, messages in round_2.items():
        assert [m.content for m in discord_api.messages(channel)][-len(messages) :] == messages
    held = [m.id for m in discord_api.messages("cam")][: int(after_apply)]
    settle = ["--mark-sent", held[0]] if held else ["--resend"]
    assert main(["post", str(folder), "--round", "1", *settle]) == 0, capsys.readouterr().err
    assert main(["post", str(folder)]) == 0
    first = announced(folder, 1)["cam"]
    assert sum(m.content in first for m in discord_api.messages("cam")) == len(first)


def test_a_cut_part_holds_back_the_rest_of_its_post_and_nothing_else(
    mapped: tuple[Path, Path],
    discord_api: DiscordServer,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The game room's post is cut into messages (short ones, here); its first is cut: the
    others wait for it (a post is read in order), every private report is posted."""
    monkeypatch.setattr(discord_messages, "__defaults__", (70, PHONE_WIDTH))
    folder, _ = mapped
    assert len(announced(folder, 1)["game room"]) > 1
    discord_api.drop_next(after_apply=False, channel="game room")
    assert main(["post", str(folder)]) == 2
    assert discord_api.messages("game room") == []
    everything_posted(discord_api, folder, but="game room")
    assert main(["post", str(folder), "--resend"]) == 0, capsys.readouterr().err
    everything_posted(discord_api, folder)


def test_a_duel_post_waits_out_a_storm_and_a_cut_one_holds_back_only_itself(
    duel: Path, discord_api: DiscordServer, slept: list[float], capsys: pytest.CaptureFixture[str]
) -> None:
    discord_api.fail_next(429, times=6, retry_after=0.25)
    assert main(["duel", "post", str(duel)]) == 0, capsys.readouterr().err
    assert slept == [0.25] * 6 and len(discord_api.messages("duel room")) == 1
    assert main(["duel", "draw", str(duel), "1", "--stones", "E"]) == 0
    assert main(["duel", "play", str(duel), "earth K10, U"]) == 0
    discord_api.drop_next(after_apply=True)
    assert main(["duel", "post", str(duel)]) == 2
    assert "festival duel post" in capsys.readouterr().err
    assert main(["duel", "play", str(duel), "D"]) == 0
    assert main(["duel", "post", str(duel)]) == 2  # the new action is posted; the cut one asked
    captured = capsys.readouterr()
    assert "The duel in turn 1" in captured.out and ": posted." in captured.out
    assert "an earlier run was cut while sending" in captured.err
    assert f"`festival duel post {duel} --mark-sent LINK`" in captured.err
    cut = discord_api.messages("duel room")[1]
    assert main(["duel", "post", str(duel), "--mark-sent", cut.id]) == 0, capsys.readouterr().err
    assert len(discord_api.messages("duel room")) == 3  # each once
    assert discord_api.count("execute", status=200) + discord_api.count("execute", status=0) == 3


def test_the_host_guide_quotes_the_question_festival_asks(
    guide_home: Path,
    roster_csv: Path,
    discord_api: DiscordServer,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The guide's held-back message, word for word but for the time festival read."""
    from tests.support.doc_blocks import code_blocks
    from tests.support.toy_event import ENGINE_ARGS

    assert main(["new", "awa-s1", "--roster", str(roster_csv), "--seed", "7", *ENGINE_ARGS]) == 0
    assert main(["allocate", "awa-s1"]) == 0
    resolve(Path("awa-s1"), 1)
    hooks = webhooks_file(discord_api, guide_home)
    assert main(["discord", "awa-s1", "--webhooks", str(hooks)]) == 0
    discord_api.drop_next(channel="cam")
    assert main(["post", "awa-s1"]) == 2
    capsys.readouterr()
    assert main(["post", "awa-s1"]) == 2
    said = capsys.readouterr().err.strip()
    [quoted] = code_blocks("docs/host-guide.md", "## Posting to Discord", language="text")
    quoted = " ".join(quoted.split())
    stamp = re.compile(r"\(at [^)]*\)")
    assert stamp.sub("(at T)", said) == stamp.sub("(at T)", quoted)
