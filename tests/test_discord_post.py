"""`festival discord` and `festival post`: the real discord.py webhook client against a local
stand-in of Discord's HTTP API (tests/support/discord/webhooks.py). Every message once, corrections
edited in place, failures in one line, and no webhook URL or token anywhere it could leak."""

from __future__ import annotations

import logging
import sqlite3
import types
from pathlib import Path

import pytest

from festival.cli.main import main
from festival.discord import endpoint, match_posting
from festival.discord.messages import round_messages
from festival.discord.sender import DiscordFailure
from festival.match import service
from festival.match.store import STORE_FILE
from sheets.retry import Retry
from tests.conftest import PLAYERS, numbers_json
from tests.support.discord.webhooks import DiscordServer
from tests.support.played_demo import PlayedDemo

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Every wait made while posting (429 retry_after, 5xx backoff), festival's or
    discord.py's own, recorded instead of slept."""
    import discord.webhook.sync as sync

    from festival.discord import sender

    slept: list[float] = []
    retry = Retry(sleep=slept.append, timeout=5)
    monkeypatch.setattr(sender, "default_retry", lambda: retry)
    monkeypatch.setattr(sync, "time", types.SimpleNamespace(sleep=slept.append))
    return slept


def resolve(folder: Path, round_no: int, shift: int = 0, again: bool = False) -> None:
    path = numbers_json(folder, round_no, lambda p, e: (len(p) + len(e) + round_no + shift) % 5 + 1)
    args = ["resolve", str(folder), "--from", str(path)]
    assert main([*args, "--round", str(round_no)] if again else args) == 0


def webhooks_file(server: DiscordServer, where: Path, players: list[str] = PLAYERS) -> Path:
    rows = ["player,webhook", f"host,{server.add_webhook('game room')}"]
    rows += [f"{p},{server.add_webhook(p)}" for p in players]
    path = where / "webhooks.csv"
    path.write_text("\n".join(rows) + "\n")
    return path


def secrets_of(path: Path) -> list[str]:
    urls = [line.split(",")[1] for line in path.read_text().splitlines()[1:]]
    return urls + [u.rsplit("/", 1)[1] for u in urls]


def announced(folder: Path, round_no: int) -> dict[str, list[str]]:
    done = round_messages(service.announce(folder, round_no).messages)
    return {"game room": done.public, **done.private}


@pytest.fixture
def mapped(
    toy_match: Path, discord_api: DiscordServer, capsys: pytest.CaptureFixture[str]
) -> tuple[Path, Path]:
    resolve(toy_match, 1)
    hooks = webhooks_file(discord_api, toy_match.parent)
    assert main(["discord", str(toy_match), "--webhooks", str(hooks)]) == 0
    capsys.readouterr()
    return toy_match, hooks


def test_discord_names_the_mapped_channels_and_keeps_no_url(
    toy_match: Path, discord_api: DiscordServer, capsys: pytest.CaptureFixture[str]
) -> None:
    hooks = webhooks_file(discord_api, toy_match.parent, PLAYERS[:-1])
    assert main(["discord", str(toy_match), "--webhooks", str(hooks)]) == 0
    out = capsys.readouterr().out
    assert "game room, Spadez, hedger" in out and f"No channel for: {PLAYERS[-1]}" in out
    stored = "\n".join(sqlite3.connect(toy_match / STORE_FILE).iterdump())
    for secret in secrets_of(hooks):
        assert secret not in out and secret not in stored


@pytest.mark.parametrize(
    ("row", "said"),
    [
        ("Wren,https://example.com/hook/123", "row 3 (Wren): the webhook is not a Discord webhook"),
        ("Nobody,{url}", "row 3: 'Nobody' is not a player"),
        ("Wren,{url}\nwren,{url}", "row 4 (Wren): a second webhook"),
        ("Wren,{url},12", "row 3 (Wren): the user column takes"),
        # one webhook pasted on two rows: the second channel's posts (a private report) would
        # land in the first channel (the game room)
        ("Wren,{url}\nSpadez,{url}", "row 4 (Spadez): the same webhook as Wren's channel"),
        ("Wren,{host}", "row 3 (Wren): the same webhook as the game room, so Wren's posts"),
        ("Wren,{host}/", "row 3 (Wren): the same webhook as the game room"),
    ],
)
def test_a_bad_webhooks_file_names_the_row_and_never_the_url(
    toy_match: Path,
    discord_api: DiscordServer,
    capsys: pytest.CaptureFixture[str],
    row: str,
    said: str,
) -> None:
    url, host = discord_api.add_webhook("Wren"), discord_api.add_webhook("game room")
    path = toy_match.parent / "hooks.csv"
    path.write_text(f"player,webhook,user\nhost,{host},\n" + row.format(url=url, host=host) + "\n")
    assert main(["discord", str(toy_match), "--webhooks", str(path)]) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1
    for secret in (url, host):
        assert secret not in err and secret.rsplit("/", 1)[1] not in err
    assert "example.com" not in err


def test_a_webhooks_file_inside_the_match_folder_is_refused(
    toy_match: Path, discord_api: DiscordServer, capsys: pytest.CaptureFixture[str]
) -> None:
    hooks = webhooks_file(discord_api, toy_match)
    assert main(["discord", str(toy_match), "--webhooks", str(hooks)]) == 2
    assert "keep the webhooks file out of" in capsys.readouterr().err


def test_post_webhooks_inside_the_match_folder_is_refused_and_nothing_is_sent(
    mapped: tuple[Path, Path], discord_api: DiscordServer, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, hooks = mapped
    inside = folder / "webhooks.csv"
    inside.write_text(hooks.read_text())
    assert main(["post", str(folder), "--webhooks", str(inside)]) == 2
    assert "keep the webhooks file out of" in capsys.readouterr().err
    assert discord_api.count("execute") == 0


@pytest.mark.parametrize(
    ("round_no", "said"),
    [
        # the command a host can type as printed (FOLDER theirs): `festival resolve M` alone
        # was refused ("say where the round comes from"), and round 4 comes after 2 and 3
        (2, "--round 2: that round is not resolved, so there is nothing to post (resolved: 1); "
            "rounds resolve in order, next round 2: `festival resolve {folder} --from FOLDER`"),
        (4, "--round 4: that round is not resolved, so there is nothing to post (resolved: 1); "
            "rounds resolve in order, next round 2: `festival resolve {folder} --from FOLDER`"),
        (99, "--round 99: that round is not resolved, so there is nothing to post (resolved: 1); "
             "the match has"),
    ],
)  # fmt: skip
def test_post_of_a_round_not_resolved_says_so_in_one_line_and_sends_nothing(
    mapped: tuple[Path, Path],
    discord_api: DiscordServer,
    capsys: pytest.CaptureFixture[str],
    round_no: int,
    said: str,
) -> None:
    folder, _ = mapped
    assert main(["post", str(folder), "--round", str(round_no)]) == 2
    err = capsys.readouterr().err
    assert said.format(folder=folder) in err and err.count("\n") == 1
    assert discord_api.count("execute") == 0


def test_a_webhooks_file_moved_away_names_the_command_that_maps_it_again(
    mapped: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Following the line as printed (FILE the file's new place) maps and posts."""
    import shlex

    folder, hooks = mapped
    moved = hooks.rename(tmp_path / "moved.csv")
    assert main(["post", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "name it with --webhooks FILE" in err
    hint = err.split("(or run `", 1)[1].split("`", 1)[0]
    assert hint == f"festival discord {folder} --webhooks FILE"
    assert main([str(moved) if w == "FILE" else w for w in shlex.split(hint)][1:]) == 0
    assert main(["post", str(folder)]) == 0


def test_post_sends_each_message_once_as_announce_prints_it(
    mapped: tuple[Path, Path], discord_api: DiscordServer, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, _ = mapped
    expected = announced(folder, 1)
    assert main(["post", str(folder)]) == 0
    total = sum(len(m) for m in expected.values())
    assert discord_api.count("execute") == total == len(discord_api.requests)
    for channel, messages in expected.items():
        assert [m.content for m in discord_api.messages(channel)] == messages
    assert f"{total} message(s) sent" in capsys.readouterr().out

    assert main(["post", str(folder)]) == 0  # again: nothing
    assert len(discord_api.requests) == total
    assert f"0 message(s) sent, 0 corrected, {total} already" in capsys.readouterr().out
    assert main(["check", str(folder)]) == 0, "the posts table leaves the store sound"


def test_requests_per_round_one_execute_per_message_no_resends(
    mapped: tuple[Path, Path], discord_api: DiscordServer
) -> None:
    folder, _ = mapped
    for round_no in range(1, 4):
        if round_no > 1:
            resolve(folder, round_no)
        before = len(discord_api.requests)
        assert main(["post", str(folder)]) == 0
        made = discord_api.requests[before:]
        messages = sum(len(m) for m in announced(folder, round_no).values())
        assert [r.kind for r in made] == ["execute"] * messages, round_no
        assert all(r.status == 200 for r in made)
    assert len(discord_api.messages()) == len(discord_api.requests)


def test_a_re_resolved_round_edits_only_the_changed_messages_marked_corrected(
    mapped: tuple[Path, Path], discord_api: DiscordServer, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, _ = mapped
    resolve(folder, 2)
    assert main(["post", str(folder), "--round", "1"]) == 0
    assert main(["post", str(folder)]) == 0
    before = {ch: announced(folder, 2).get(ch, []) for ch in ["game room", *PLAYERS]}
    capsys.readouterr()
    resolve(folder, 2, shift=2, again=True)
    after = announced(folder, 2)
    changed = [ch for ch in after if after[ch] != before.get(ch)]
    assert changed, "the test needs a change"
    sent = len(discord_api.requests)
    assert main(["post", str(folder)]) == 0
    out = capsys.readouterr().out
    edits = [r for r in discord_api.requests[sent:]]
    assert {r.kind for r in edits} == {"edit"}
    assert len(edits) == sum(
        sum(1 for a, b in zip(after[c], before.get(c, []), strict=False) if a != b) for c in changed
    )
    for channel in changed:
        assert (
            f"corrected: round 2, {'the public post' if channel == 'game room' else channel}" in out
        )
        shown = [m.content for m in discord_api.messages(channel) if m.edits]
        assert shown and all("*Corrected: the round was resolved again.*" in m for m in shown)
    for channel in set(after) - set(changed):
        assert not any(m.edits for m in discord_api.messages(channel))
    sent = len(discord_api.requests)
    assert main(["post", str(folder)]) == 0
    assert len(discord_api.requests) == sent, "nothing twice"


@pytest.mark.parametrize("global_", [False, True])
def test_a_429_is_waited_out_and_nothing_is_sent_twice(
    mapped: tuple[Path, Path], discord_api: DiscordServer, waits: list[float], global_: bool
) -> None:
    folder, _ = mapped
    discord_api.fail_next(429, times=2, retry_after=0.25, global_=global_)
    assert main(["post", str(folder)]) == 0
    assert waits[:2] == [0.25, 0.25]
    assert discord_api.count("execute", status=429) == 2
    total = sum(len(m) for m in announced(folder, 1).values())
    assert len(discord_api.messages()) == discord_api.count("execute", status=200) == total


def test_a_rate_limit_bucket_is_kept_to(
    mapped: tuple[Path, Path], discord_api: DiscordServer
) -> None:
    folder, _ = mapped
    discord_api.rate_limit(2, 0.05)
    assert main(["post", str(folder)]) == 0
    total = sum(len(m) for m in announced(folder, 1).values())
    assert len(discord_api.messages()) == total


def test_a_5xx_is_retried_and_posts_once(
    mapped: tuple[Path, Path], discord_api: DiscordServer, waits: list[float]
) -> None:
    folder, _ = mapped
    discord_api.fail_next(503, times=2)
    assert main(["post", str(folder)]) == 0
    assert waits == [1, 2]  # festival's bounded backoff (sheets/retry.py)
    total = sum(len(m) for m in announced(folder, 1).values())
    assert len(discord_api.messages()) == total


def test_a_deleted_webhook_stops_with_one_line_naming_the_channel(
    mapped: tuple[Path, Path], discord_api: DiscordServer, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, hooks = mapped
    discord_api.delete_webhook("hedger")
    assert main(["post", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("festival: error: Discord does not know the webhook of hedger (404")
    assert "make a new webhook in that channel" in err and err.count("\n") == 1
    assert not any(s in err for s in secrets_of(hooks))
    posted = len(discord_api.messages())
    assert posted >= 1  # the game room and Spadez came before hedger
    # a new webhook for hedger's channel: the rest is posted, nothing twice
    text = hooks.read_text().splitlines()
    text = [
        f"hedger,{discord_api.add_webhook('hedger')}" if x.startswith("hedger,") else x
        for x in text
    ]
    hooks.write_text("\n".join(text) + "\n")
    assert main(["discord", str(folder), "--webhooks", str(hooks)]) == 0
    assert main(["post", str(folder)]) == 0
    total = sum(len(m) for m in announced(folder, 1).values())
    assert len(discord_api.messages()) == total


def test_unreachable_discord_is_retried_then_one_line(
    mapped: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder, hooks = mapped
    monkeypatch.setenv(endpoint.API_VARIABLE, "http://127.0.0.1:9/api/v10")  # nothing listens
    slept: list[float] = []
    with pytest.raises(DiscordFailure) as caught:
        match_posting.post(folder, None, retry=Retry(sleep=slept.append, timeout=2))
    assert slept == [1, 2, 4, 8]
    said = str(caught.value)
    assert said.startswith("could not reach Discord while posting to the game room, after several")
    assert not any(s in said for s in secrets_of(hooks))


@pytest.mark.parametrize("after_apply", [False, True])
def test_a_dropped_new_message_is_never_sent_again_without_the_host(
    mapped: tuple[Path, Path],
    discord_api: DiscordServer,
    capsys: pytest.CaptureFixture[str],
    after_apply: bool,
) -> None:
    folder, hooks = mapped
    discord_api.drop_next(after_apply=after_apply, channel="cam")
    assert main(["post", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "before Discord answered: Discord may hold the message or not" in err
    assert main(["post", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "an earlier run was cut while sending round 1, cam's private report" in err
    assert "--mark-sent LINK" in err and "--resend" in err
    assert not any(s in err for s in secrets_of(hooks))
    held = discord_api.messages("cam")
    if after_apply:
        link = f"https://discord.com/channels/1/2/{held[0].id}"
        assert main(["post", str(folder), "--mark-sent", link]) == 0
        assert "recorded as sent, as you said: round 1, cam's private report" in (
            capsys.readouterr().out
        )
    else:
        assert held == []
        assert main(["post", str(folder), "--resend"]) == 0
    expected = announced(folder, 1)
    for channel, messages in expected.items():
        assert [m.content for m in discord_api.messages(channel)] == messages, channel
    assert main(["post", str(folder), "--resend"]) == 2  # nothing is waiting any more


def test_the_advice_for_a_cut_message_names_its_round(
    mapped: tuple[Path, Path], discord_api: DiscordServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """A run cut while posting round 1, then round 2 resolved: the plain `festival post` (the
    last round) advises `--round 1`, the round of the message that was cut."""
    folder, _ = mapped
    discord_api.drop_next(after_apply=False, channel="cam")
    assert main(["post", str(folder)]) == 2
    capsys.readouterr()
    resolve(folder, 2)
    assert main(["post", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "while sending round 1, cam's private report" in err
    assert f"`festival post {folder} --round 1 --resend`" in err, err
    assert main(["post", str(folder), "--round", "1", "--resend"]) == 0


def test_mark_sent_checks_the_message_says_what_it_should(
    mapped: tuple[Path, Path], discord_api: DiscordServer, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, _ = mapped
    discord_api.drop_next(after_apply=True, channel="cam")
    assert main(["post", str(folder)]) == 2
    other = discord_api.messages("game room")[0].id  # not cam's message
    assert main(["post", str(folder), "--mark-sent", other]) == 2
    err = capsys.readouterr().err
    assert f"cam has no message {other} from festival (404 Unknown Message)" in err
    assert main(["post", str(folder), "--mark-sent", discord_api.messages("cam")[0].id]) == 0


def test_no_url_or_token_reaches_output_logs_store_or_posts(
    mapped: tuple[Path, Path],
    discord_api: DiscordServer,
    waits: list[float],
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    folder, hooks = mapped
    caplog.set_level(logging.DEBUG)
    discord_api.fail_next(429, times=1)
    discord_api.fail_next(500, times=1)
    assert main(["post", str(folder)]) == 0
    discord_api.delete_webhook("Wren")
    resolve(folder, 2)
    assert main(["post", str(folder)]) == 2
    assert main(["announce", str(folder)]) == 0
    captured = capsys.readouterr()
    stored = "\n".join(sqlite3.connect(folder / STORE_FILE).iterdump())
    posted = "\n".join(m.content for m in discord_api.messages())
    assert "rate limited" in caplog.text  # discord.py did log, scrubbed
    for secret in secrets_of(hooks):
        for where, text in [
            ("stdout", captured.out),
            ("stderr", captured.err),
            ("logs", caplog.text),
            ("store", stored),
            ("posts", posted),
        ]:
            assert secret not in text, where


def test_the_readme_discord_section_runs_as_written(
    guide_home: Path,
    roster_csv: Path,
    discord_api: DiscordServer,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The mapping file's shape and the two commands of README's "Discord", as written."""
    from tests.support.doc_blocks import code_blocks, commands
    from tests.support.toy_event import ENGINE_ARGS

    assert main(["new", "awa-s1", "--roster", str(roster_csv), "--seed", "7", *ENGINE_ARGS]) == 0
    assert main(["allocate", "awa-s1"]) == 0
    resolve(Path("awa-s1"), 1)
    example = code_blocks("README.md", "## Discord", language="csv")[0].split("\n")
    assert [x.strip() for x in example][:2] == [
        "player,webhook",
        "host,https://discord.com/api/webhooks/123456789012345678/<token>",
    ]
    secrets = Path("~/festival-secrets").expanduser()
    secrets.mkdir(parents=True)
    webhooks_file(discord_api, secrets)
    run = [words for block in code_blocks("README.md", "## Discord") for words in commands(block)]
    assert [w[:2] for w in run] == [["festival", "discord"], ["festival", "post"]]
    for words in run:
        assert main([str(Path(w).expanduser()) if w.startswith("~") else w for w in words[1:]]) == 0
    assert "Discord channels mapped" in capsys.readouterr().out
    assert len(discord_api.messages()) == sum(len(m) for m in announced(Path("awa-s1"), 1).values())


@pytest.mark.slow
def test_the_public_post_carries_the_public_continuum_boards(
    tmp_path: Path,
    discord_api: DiscordServer,
    capsys: pytest.CaptureFixture[str],
    played_demo: PlayedDemo,
) -> None:
    """The sample festival's round 3 (a ward broke down): each Continuum player's board as
    everyone may see it, a PNG on the public post; the private reports carry none."""
    from festival.match.match import Match

    folder = played_demo.copy(tmp_path / "awa-demo")
    match = Match.open(folder)
    continuum, players = match.participants("continuum"), list(match.config.players)
    match.close()
    hooks = webhooks_file(discord_api, tmp_path, players)
    assert main(["discord", str(folder), "--webhooks", str(hooks)]) == 0
    assert main(["post", str(folder), "--round", "3"]) == 0
    first = discord_api.messages("game room")[0]
    assert len(first.attachments) == len(continuum) <= 10
    assert all(a.data[:4] == b"\x89PNG" for a in first.attachments)
    assert {a.filename for a in first.attachments} == {
        f"round-3-continuum-{p.lower()}-s-board.png" for p in continuum
    }
    assert not any(m.attachments for p in continuum for m in discord_api.messages(p))
    executes = discord_api.count("execute")
    assert main(["post", str(folder), "--round", "3"]) == 0
    assert discord_api.count("execute") == executes, "same pictures, nothing sent again"
    out = tmp_path / "announcements"
    assert main(["announce", str(folder), "--round", "3", "--out", str(out)]) == 0
    said = f"Wrote the messages and {len(continuum)} picture(s) to"
    assert said in capsys.readouterr().out
    written = {p.name: p.read_bytes() for p in out.glob("*.png")}
    assert written == {a.filename: a.data for a in first.attachments}, "the pictures as posted"
