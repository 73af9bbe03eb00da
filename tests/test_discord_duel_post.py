"""`festival duel post`: the board after each turn (PNG) and the turn's words, posted once to
the duel's channel through discord.py's webhook client (against the local stand-in), pinging
the player to move; a turn taken back is corrected in place."""

from __future__ import annotations

from pathlib import Path

import pytest

from festival.cli.main import main
from tests.support.discord.webhooks import DiscordServer

ASH, BIRCH = "123456789012345678", "223456789012345678"


@pytest.fixture
def duel(tmp_path: Path, discord_api: DiscordServer) -> Path:
    folder = tmp_path / "my-duel"
    args = ["duel", "new", str(folder), "--game", "element", "--variant", "summary"]
    assert main([*args, "--players", "Ash,Birch", "--seed", "7"]) == 0
    hooks = tmp_path / "webhooks.csv"
    hooks.write_text(
        f"player,webhook,user\nhost,{discord_api.add_webhook('duel room')},\n"
        f"Ash,,{ASH}\nBirch,,<@{BIRCH}>\n"
    )
    assert main(["duel", "discord", str(folder), "--webhooks", str(hooks)]) == 0
    return folder


def test_each_turn_is_posted_once_with_its_board_pinging_the_player_to_move(
    duel: Path, discord_api: DiscordServer, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["duel", "post", str(duel)]) == 0
    assert main(["duel", "draw", str(duel), "1", "--stones", "E"]) == 0
    assert main(["duel", "play", str(duel), "earth K10, U, D, U, D, confirm"]) == 0
    assert main(["duel", "post", str(duel)]) == 0
    assert main(["duel", "post", str(duel)]) == 0  # nothing new: nothing sent
    start, turn = discord_api.messages("duel room")
    assert discord_api.count("execute") == 2
    assert f"<@{ASH}>: your move." in start.content and start.filenames == ["board-0.png"]
    assert (
        "- Ash: take 1 E, E K10, U, D, U, D, confirm\n" in turn.content
        and f"<@{BIRCH}>: your move." in turn.content
    )
    assert f"<@{ASH}>" not in turn.content
    assert turn.filenames == [turn.filenames[0]] and turn.attachments[0].data[:4] == b"\x89PNG"
    assert start.content.startswith("**Element**, my-duel: the start\n")
    assert turn.content.startswith("**Element**, my-duel: turn 1\n")  # turns, as the game says
    out = capsys.readouterr().out
    assert "The duel's start: posted." in out and "The duel after turn 1: posted." in out
    assert "The duel after turn 1: already posted." in out and "step" not in out


def test_a_position_taken_back_is_corrected_once_by_the_next_post(
    duel: Path, discord_api: DiscordServer, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["duel", "draw", str(duel), "1", "--stones", "E"]) == 0
    assert main(["duel", "play", str(duel), "earth K10, U"]) == 0
    assert main(["duel", "post", str(duel)]) == 0
    assert main(["duel", "undo", str(duel)]) == 0  # stored; the post comes later
    assert main(["duel", "post", str(duel)]) == 0
    taken, now = discord_api.messages("duel room")
    assert taken.edits == 1 and taken.content.startswith(
        "**Element**, my-duel: taken back (Ash's U); this position no longer stands."
        "\n\n*Corrected: the turn was taken back.*"
    )
    assert taken.filenames == []  # its board no longer stands
    assert now.content.startswith("**Element**, my-duel: turn 1 so far (2 actions)\n")
    assert now.filenames and "- Ash: take 1 E, E K10\n" in now.content
    out = capsys.readouterr().out
    assert "The duel in turn 1, 3 actions so far: posted." in out
    assert "The message of a position taken back (Ash's U): corrected" in out
    assert main(["duel", "play", str(duel), "D"]) == 0  # the same number of actions again
    assert main(["duel", "post", str(duel)]) == 0
    assert main(["duel", "post", str(duel)]) == 0
    taken, now, later = discord_api.messages("duel room")
    assert (taken.edits, now.edits, later.edits) == (1, 0, 0)  # corrected once, never again
    assert "- Ash: take 1 E, E K10, D\n" in later.content and "Corrected" not in later.content
    assert discord_api.count("execute") == 3
    assert "taken back" not in capsys.readouterr().out.split("Recorded: D")[1]


def test_the_duels_guide_discord_section_runs_as_written(
    guide_home: Path, discord_api: DiscordServer, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.support.doc_blocks import code_blocks, commands

    assert main(["duel", "new", "my-duel", "--game", "element", "--players", "Ash,Birch"]) == 0
    heading = "## Posting a duel to Discord"
    example = code_blocks("docs/duels-guide.md", heading, language="csv")[0].split("\n")
    hooks = Path("~/festival-secrets/duel-webhooks.csv").expanduser()
    hooks.parent.mkdir(parents=True)
    url = discord_api.add_webhook("duel room")
    hooks.write_text("\n".join([example[0], f"host,{url},", *example[2:]]) + "\n")
    run = [words for b in code_blocks("docs/duels-guide.md", heading) for words in commands(b)]
    assert [w[:3] for w in run] == [["festival", "duel", "discord"], ["festival", "duel", "post"]]
    for words in run:
        assert main([str(Path(w).expanduser()) if w.startswith("~") else w for w in words[1:]]) == 0
    assert "pinged to move: Ash, Birch" in capsys.readouterr().out
    [message] = discord_api.messages("duel room")
    assert "<@123456789012345678>: your move." in message.content


def test_duel_post_before_mapping_names_the_duel_command_and_following_it_works(
    tmp_path: Path, discord_api: DiscordServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """A host who posts before mapping is told the command to run, and that command, typed
    as printed (FILE their file), maps the duel: `festival duel discord`, not the match's
    `festival discord` (which answers "not a match folder")."""
    import shlex

    folder = tmp_path / "pd"
    assert main(["duel", "new", str(folder), "--game", "element", "--players", "Ash,Birch"]) == 0
    capsys.readouterr()
    assert main(["duel", "post", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    hint = err.split("run `", 1)[1].split("`", 1)[0]
    assert hint == f"festival duel discord {folder} --webhooks FILE"
    hooks = tmp_path / "webhooks.csv"
    hooks.write_text(f"player,webhook\nhost,{discord_api.add_webhook('duel room')}\n")
    words = [str(hooks) if w == "FILE" else w for w in shlex.split(hint)]
    assert main(words[1:]) == 0
    assert main(["duel", "post", str(folder)]) == 0
    assert len(discord_api.messages("duel room")) == 1


def test_a_duels_webhooks_file_moved_away_names_the_duel_command(
    duel: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    moved = (duel.parent / "webhooks.csv").rename(tmp_path / "moved.csv")
    capsys.readouterr()
    assert main(["duel", "post", str(duel)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"(or run `festival duel discord {duel} --webhooks FILE` again)" in err
    assert main(["duel", "discord", str(duel), "--webhooks", str(moved)]) == 0
    assert main(["duel", "post", str(duel)]) == 0


def test_duel_post_webhooks_inside_the_duel_folder_is_refused_and_nothing_is_sent(
    duel: Path, discord_api: DiscordServer, capsys: pytest.CaptureFixture[str]
) -> None:
    inside = duel / "webhooks.csv"
    inside.write_text((duel.parent / "webhooks.csv").read_text())
    assert main(["duel", "post", str(duel), "--webhooks", str(inside)]) == 2
    assert "keep the webhooks file out of" in capsys.readouterr().err
    assert discord_api.count("execute") == 0


def test_an_undo_and_more_actions_stored_before_any_post_are_corrected_by_the_next(
    duel: Path, discord_api: DiscordServer
) -> None:
    """A post killed, or never run, between an undo and later actions: the store says what was
    taken back, so the next post corrects it all the same, once."""
    assert main(["duel", "draw", str(duel), "1", "--stones", "E"]) == 0
    assert main(["duel", "play", str(duel), "earth K10, U"]) == 0
    assert main(["duel", "post", str(duel)]) == 0
    assert main(["duel", "undo", str(duel)]) == 0
    assert main(["duel", "play", str(duel), "D"]) == 0
    for _ in range(2):
        assert main(["duel", "post", str(duel)]) == 0
    taken, now = discord_api.messages("duel room")
    assert taken.edits == 1 and "taken back (Ash's U)" in taken.content
    assert now.edits == 0 and "- Ash: take 1 E, E K10, D\n" in now.content


def test_elementarium_orders_taken_back_stay_sealed_and_turns_are_the_games(
    tmp_path: Path, discord_api: DiscordServer, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "ium"
    assert (
        main(["duel", "new", str(folder), "--game", "elementarium", "--players", "Ash,Birch"]) == 0
    )
    hooks = tmp_path / "webhooks.csv"
    hooks.write_text(f"player,webhook,user\nhost,{discord_api.add_webhook('duel room')},\n")
    assert main(["duel", "discord", str(folder), "--webhooks", str(hooks)]) == 0
    assert main(["duel", "play", str(folder), "d2-d4", "--player", "Ash"]) == 0
    assert main(["duel", "post", str(folder)]) == 0
    assert main(["duel", "undo", str(folder)]) == 0
    assert main(["duel", "play", str(folder), "e2-e4", "--player", "Ash"]) == 0
    assert main(["duel", "play", str(folder), "hold", "--player", "Birch"]) == 0
    assert main(["duel", "post", str(folder)]) == 0
    taken, turn = discord_api.messages("duel room")
    assert "taken back (Ash's orders)" in taken.content and "d2-d4" not in taken.content
    assert turn.content.startswith("**Elementarium**, ium: turn 1\n")
    assert "Turn 2: orders awaited from Ash, Birch." in turn.content
    out = capsys.readouterr().out
    assert "The duel in turn 1, 1 action so far: posted." in out
    assert "The duel after turn 1: posted." in out and "step" not in out


def test_a_deleted_webhook_names_the_duel_command_and_following_it_posts(
    duel: Path, tmp_path: Path, discord_api: DiscordServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """A duel's deleted webhook: the duel's command to read the new webhook, not the match's
    `festival discord` (which answers that the duel is not a match folder)."""
    discord_api.delete_webhook("duel room")
    capsys.readouterr()
    assert main(["duel", "post", str(duel)]) == 2
    err = capsys.readouterr().err
    assert "Discord does not know the webhook of" in err and err.count("\n") == 1
    assert f"run `festival duel discord {duel} --webhooks FILE` with it, then " in err
    assert f"`festival duel post {duel}`" in err
    hooks = tmp_path / "new-webhooks.csv"
    hooks.write_text(f"player,webhook,user\nhost,{discord_api.add_webhook('duel room')},\n")
    assert main(["duel", "discord", str(duel), "--webhooks", str(hooks)]) == 0
    assert main(["duel", "post", str(duel)]) == 0
    assert len(discord_api.messages("duel room")) == 1
