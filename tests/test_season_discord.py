"""A season's Discord channels kept with it (issue 40): the webhooks file named once (`season
new --webhooks`, `season discord`), checked as a match's is with a Death Match channel more;
`season post` uses it, exactly once; `season deathmatch` carries the players' Discord ids, the
Death Match channel and its webhook over to the duel, so `festival duel post` reaches the
Death Match channel with no further setup; a season folder from another computer names a
file that is never read. Through the command line, against the stand-in of Discord's API."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from tests.conftest import PLAYERS
from tests.support.discord.webhooks import DiscordServer
from tests.support.season_kit import json_of, run
from tests.test_season_cli import _finish

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")

USERS = {p: 300000000000000000 + i for i, p in enumerate(PLAYERS)}
DEATH_MATCH_CHANNEL = 400000000000000001
FILE_USER = 500000000000000009
"""a player's id in the webhooks file's user column: it wins over the roster's"""


def _roster(tmp_path: Path) -> Path:
    roster = tmp_path / "season.csv"
    roster.write_text("player,discord\n" + "".join(f"{p},{USERS[p]}\n" for p in PLAYERS))
    return roster


def _webhooks(tmp_path: Path, api: DiscordServer, user_of: str | None = None) -> Path:
    """The host's file: the game room, the host channel, the Death Match channel, and one
    player's private channel with their user id."""
    hooks = tmp_path / "secrets" / "webhooks.csv"
    hooks.parent.mkdir(exist_ok=True)
    rows = [
        "player,webhook,user",
        f"host,{api.add_webhook('game room')},",
        f"host channel,{api.add_webhook('host channel')},",
        f"death match,{api.add_webhook('death match')},",
    ]
    if user_of is not None:
        rows.append(f"{user_of},{api.add_webhook(user_of)},{FILE_USER}")
    hooks.write_text("\n".join(rows) + "\n")
    return hooks


def _season(
    tmp_path: Path, api: DiscordServer, capsys: pytest.CaptureFixture[str], user_of: str | None
) -> tuple[Path, Path, dict]:  # type: ignore[type-arg]
    hooks = _webhooks(tmp_path, api, user_of)
    folder = tmp_path / "s1"
    argv = ["season", "new", str(folder), "--roster", str(_roster(tmp_path))]
    code, out, err = run(
        capsys, *argv, "--webhooks", str(hooks), "--death-match-channel", str(DEATH_MATCH_CHANNEL)
    )
    assert code == 0, err
    assert "Kept the webhooks file" in out and "death match" in out
    made = json_of(capsys, "season", "show", str(folder))
    return folder, hooks, made


def test_the_death_match_is_posted_in_the_seasons_death_match_channel_with_no_setup(
    toy_match: Path,
    tmp_path: Path,
    discord_api: DiscordServer,
    capsys: pytest.CaptureFixture[str],
) -> None:
    season, hooks, made = _season(tmp_path, discord_api, capsys, None)
    kept = made["discord"]
    assert kept["channels"] == ["game room", "host channel", "death match"]
    assert kept["death_match_channel"] == str(DEATH_MATCH_CHANNEL) and kept["kept_here"]
    assert str(hooks) not in json.dumps(made) and "webhooks/" not in json.dumps(made)
    s = str(season)
    _finish(toy_match, capsys)
    ep = json_of(capsys, "season", "episode", s, str(toy_match))["episodes"][0]
    winner, candidate = ep["winners"][0], ep["elimination_candidate"]
    others = [p for p in PLAYERS if p not in (winner, candidate)]
    assert run(capsys, "season", "give", s, winner, others[0])[0] == 0
    assert run(capsys, "season", "opponent", s, others[1])[0] == 0
    # the file's user column names the Opponent now: kept again, over the roster's id
    _webhooks(tmp_path, discord_api, others[1])
    code, out, err = run(capsys, "season", "discord", s, "--webhooks", str(hooks))
    assert code == 0 and f"Discord user ids for: {others[1]}." in out, err

    dm = json_of(capsys, "season", "deathmatch", s, "--game", "element", "--seed", "3")
    assert dm["death_match"] == {
        "duel_id": dm["episodes"][0]["duel_id"],
        "players": [candidate, others[1]],
        "discord_channel": str(DEATH_MATCH_CHANNEL),
        "users": {candidate: str(USERS[candidate]), others[1]: str(FILE_USER)},
        "posts_to": "death match",
    }
    duel = season / "episode-1-death-match"
    code, out, _ = run(capsys, "duel", "seat", str(duel))
    assert str(DEATH_MATCH_CHANNEL) in out and str(FILE_USER) in out, out
    with sqlite3.connect(duel / "duel.sqlite") as conn:
        (mapped,) = conn.execute("SELECT value FROM meta WHERE key = 'setting.discord'").fetchone()
    mapping = json.loads(mapped)  # the Opponent's private channel carried over, by name
    assert mapping["room"] == "death match" and mapping["channels"] == ["game room", others[1]]
    assert "webhooks/" not in mapped and candidate not in mapping["others"]

    code, out, err = run(capsys, "duel", "post", str(duel))
    assert code == 0, err
    (message,) = discord_api.messages("death match")
    assert f"<@{USERS[candidate]}>: your move." in message.content
    assert discord_api.messages("game room") == []
    assert run(capsys, "duel", "play", str(duel), "take 1 E")[0] == 0
    assert run(capsys, "duel", "post", str(duel))[0] == 0
    assert len(discord_api.messages("death match")) == 2
    assert run(capsys, "duel", "play", str(duel), "resign", "--player", candidate)[0] == 0
    assert run(capsys, "season", "result", s)[0] == 0

    # the season's post, with the file kept: once
    code, out, err = run(capsys, "season", "post", s)
    assert code == 0 and "1 message sent" in out, err
    (posted,) = discord_api.messages("game room")
    assert f"Eliminated: **{candidate}**." in posted.content
    assert not any(str(u) in posted.content for u in [*USERS.values(), FILE_USER])
    code, out, _ = run(capsys, "season", "post", s)
    assert "0 messages sent, 0 corrected, 1 already on Discord" in out
    assert discord_api.count("execute", "game room") == 1
    hooks.rename(hooks.with_name("moved.csv"))  # the kept file gone: the host is told
    code, _, err = run(capsys, "season", "post", s)
    assert code == 2 and "is not there: name it with --webhooks FILE" in err, err


def test_a_rate_limited_season_post_sends_each_message_once(
    tmp_path: Path, discord_api: DiscordServer, capsys: pytest.CaptureFixture[str]
) -> None:
    season, _, _ = _season(tmp_path, discord_api, capsys, None)
    discord_api.fail_next(429, times=2, channel="game room")
    code, out, err = run(capsys, "season", "post", str(season))
    assert code == 0 and "1 message sent" in out, err
    assert len(discord_api.messages("game room")) == 1
    assert discord_api.count("execute", "game room", status=429) == 2
    assert run(capsys, "season", "post", str(season))[0] == 0
    assert len(discord_api.messages("game room")) == 1


def test_a_season_folder_from_another_computer_never_reads_the_file_it_names(
    tmp_path: Path,
    discord_api: DiscordServer,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    season, hooks, _ = _season(tmp_path, discord_api, capsys, None)
    theirs = tmp_path / "received" / "s1"
    shutil.copytree(season, theirs)
    monkeypatch.setenv("FESTIVAL_KEY_FILE", str(tmp_path / "other-computer" / "machine.key"))

    shown = json_of(capsys, "season", "show", str(theirs))  # read as data
    assert shown["discord"]["kept_here"] is False
    code, out, _ = run(capsys, "season", "show", str(theirs))
    assert f"Death Match: channel {DEATH_MATCH_CHANNEL} (its webhooks file was named on" in out
    assert str(hooks) not in out
    code, _, err = run(capsys, "season", "post", str(theirs))
    assert code == 2 and "was given its webhooks file on another computer" in err, err
    assert discord_api.requests == []
    # a kept path that points elsewhere, signed or not, is refused the same way
    conn = sqlite3.connect(theirs / "season.sqlite")
    kept = json.loads(conn.execute("SELECT value FROM meta WHERE key = 'discord'").fetchone()[0])
    kept["file"] = str(tmp_path / "elsewhere.csv")
    conn.execute("UPDATE meta SET value = ? WHERE key = 'discord'", (json.dumps(kept),))
    conn.commit()
    code, _, err = run(capsys, "season", "post", str(theirs))
    assert code == 2 and "another computer" in err and "elsewhere" not in err, err
    # a duel of the season (here a finals game) is refused before it is made
    for n, player in enumerate(PLAYERS[2:], 2):
        assert run(capsys, "season", "eliminate", str(theirs), player, "--why", f"ep {n}")[0] == 0
    code, _, err = run(
        capsys, "season", "final", str(theirs), "--game", "element", "--first", PLAYERS[0]
    )
    assert code == 2 and "another computer" in err and not (theirs / "final-game-1").exists()
    assert discord_api.requests == []
    # the host names their own file: it is read and kept, signed here
    mine = tmp_path / "mine" / "webhooks.csv"
    mine.parent.mkdir()
    mine.write_text(hooks.read_text())
    assert run(capsys, "season", "discord", str(theirs), "--webhooks", str(mine))[0] == 0
    code, out, err = run(capsys, "season", "post", str(theirs))
    assert code == 0 and "1 message sent" in out, err

    conn.execute("UPDATE meta SET value = '[1, 2' WHERE key = 'discord'")
    conn.commit()
    conn.close()
    code, _, err = run(capsys, "season", "show", str(theirs))
    assert code == 2 and "is damaged: meta.discord" in err, err


@pytest.mark.parametrize(
    ("row", "said"),
    [
        ("Nobody,{url},", "'Nobody' is not a player of this season"),
        ("death match,{url},300000000000000001", "the user column takes a player's"),
        ("death match,,", "(death match): no webhook"),
        ("death match,{game},", "the same webhook as the game room"),
    ],
    ids=["no-player", "room-with-user", "no-webhook", "same-as-game-room"],
)
def test_a_bad_season_webhooks_file_is_refused_before_the_season_is_made(
    tmp_path: Path,
    discord_api: DiscordServer,
    capsys: pytest.CaptureFixture[str],
    row: str,
    said: str,
) -> None:
    game = discord_api.add_webhook("game room")
    hooks = tmp_path / "webhooks.csv"
    url = discord_api.add_webhook("x")
    hooks.write_text(f"player,webhook,user\nhost,{game},\n{row.format(url=url, game=game)}\n")
    folder = tmp_path / "s1"
    argv = ["season", "new", str(folder), "--roster", str(_roster(tmp_path))]
    code, _, err = run(capsys, *argv, "--webhooks", str(hooks))
    assert code == 2 and said in err and url not in err and game not in err, err
    assert not (folder / "season.sqlite").exists()
    inside = folder / "webhooks.csv"
    inside.parent.mkdir()
    inside.write_text(f"player,webhook\nhost,{game}\n")
    code, _, err = run(capsys, *argv, "--webhooks", str(inside))
    assert code == 2 and "keep the webhooks file out of" in err, err


def test_the_host_guides_season_runs_as_written(
    guide_home: Path, discord_api: DiscordServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """ "Running a season": its roster, its webhooks file (each row's URL the stand-in's) and
    every command, in its order, as written; the Death Match posted in its channel."""
    from festival.cli.main import main
    from tests.support.doc_blocks import code_blocks, commands

    heading = "## Running a season"
    roster, hooks = code_blocks("docs/host-guide.md", heading, language="csv")
    Path("season.csv").write_text(roster + "\n")
    run_ = [w for block in code_blocks("docs/host-guide.md", heading) for w in commands(block)]
    assert [w[1:3] for w in run_][:3] == [
        ["season", "new"],
        ["demo", "awa-e1"],
        ["season", "episode"],
    ]
    named = Path(run_[0][run_[0].index("--webhooks") + 1]).expanduser()
    assert not named.is_relative_to(guide_home / "season-1")
    named.parent.mkdir(parents=True)
    header, *rows = hooks.split("\n")
    lines = [header]
    for row in rows:
        channel, url, user = row.split(",")
        assert url == "https://discord.com/api/webhooks/<id>/<token>"
        room = "game room" if channel == "host" else channel
        lines.append(f"{channel},{discord_api.add_webhook(room)},{user}")
    named.write_text("\n".join(lines) + "\n")
    for words in run_:
        assert words[0] == "festival"
        argv = [str(Path(w).expanduser()) if w.startswith("~") else w for w in words[1:]]
        assert main(argv) == 0, words
    out = capsys.readouterr().out
    assert "Episode 1: match " in out and "Elimination Candidate Spadez" in out
    assert "eliminated uri" in out and "Season season-1: 9 of 10 players still in" in out
    # the "Finals" part: the last eliminations, the supports, the series and its champion
    assert "Spadez (placed 3rd) supports Juniper: 3 garnets" in out, out
    assert "uri (placed 10th) supports Wren: 1 garnet" in out, out
    assert "Finals (best of 3, 2 wins): Wren 0 - Juniper 2" in out, out
    assert out.rstrip().endswith(
        "Champion of the season: Juniper\n"
        "Discord: game room, host channel, death match; Death Match: channel 123456789012345678"
    ), out
    start, end = discord_api.messages("death match")
    assert "**Element**, episode-1-death-match: the start" in start.content
    assert "**uri resigned; Spadez wins**" in end.content
    (posted,) = discord_api.messages("game room")
    assert "Eliminated: **uri**." in posted.content
    assert discord_api.messages("host channel") == []


def test_a_finals_game_is_seated_and_posted_as_a_death_match_is(
    tmp_path: Path, discord_api: DiscordServer, capsys: pytest.CaptureFixture[str]
) -> None:
    season, _, _ = _season(tmp_path, discord_api, capsys, PLAYERS[1])
    s = str(season)
    for n, player in enumerate(PLAYERS[2:], 2):
        assert run(capsys, "season", "eliminate", s, player, "--why", f"episode {n}")[0] == 0
    made = json_of(capsys, "season", "final", s, "--game", "element", "--first", PLAYERS[0])
    assert made["final_game"] == {
        "duel_id": made["final_game"]["duel_id"],
        "players": PLAYERS[:2],
        "discord_channel": str(DEATH_MATCH_CHANNEL),
        "users": {PLAYERS[0]: str(USERS[PLAYERS[0]]), PLAYERS[1]: str(FILE_USER)},
        "posts_to": "death match",
    }
    assert run(capsys, "duel", "post", str(season / "final-game-1"))[0] == 0
    (message,) = discord_api.messages("death match")
    assert f"<@{USERS[PLAYERS[0]]}>: your move." in message.content
    assert discord_api.messages("game room") == []
