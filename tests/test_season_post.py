"""`festival season post`: the season to the game room exactly once, through the Discord
adapter's post log in the season's own file, against the local stand-in of Discord's API;
what players may know only (no Discord ids)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from festival.cli.main import main
from tests.conftest import PLAYERS
from tests.support.discord.webhooks import DiscordServer

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")


def test_the_season_is_posted_once_and_a_change_edits_it(
    tmp_path: Path, discord_api: DiscordServer, capsys: pytest.CaptureFixture[str]
) -> None:
    roster = tmp_path / "season.csv"
    users = {p: str(200000000000000000 + i) for i, p in enumerate(PLAYERS)}
    roster.write_text("player,discord\n" + "".join(f"{p},{users[p]}\n" for p in PLAYERS))
    season = tmp_path / "s1"
    assert main(["season", "new", str(season), "--roster", str(roster)]) == 0
    hooks = tmp_path / "secrets" / "webhooks.csv"
    hooks.parent.mkdir()
    hooks.write_text(f"player,webhook\nhost,{discord_api.add_webhook('game room')}\n")
    capsys.readouterr()

    assert main(["season", "post", str(season), "--webhooks", str(hooks)]) == 0
    assert "1 message sent" in capsys.readouterr().out
    (message,) = discord_api.messages("game room")
    assert "Season s1" in message.content and re.search(r"\nSpadez +yes +3 +0\n", message.content)
    assert not any(u in message.content for u in users.values())  # the host's, not players'

    assert main(["season", "post", str(season), "--webhooks", str(hooks)]) == 0
    assert "0 messages sent, 0 corrected, 1 already on Discord" in capsys.readouterr().out
    assert len(discord_api.messages("game room")) == 1

    assert main(["season", "give", str(season), "Spadez", "uri", "--garnets", "2"]) == 0
    assert main(["season", "post", str(season), "--webhooks", str(hooks)]) == 0
    assert "1 corrected" in capsys.readouterr().out
    (message,) = discord_api.messages("game room")
    assert re.search(r"\nuri +yes +5 +0\n", message.content) and message.edits == 1

    inside = season / "webhooks.csv"
    inside.write_text(hooks.read_text())
    assert main(["season", "post", str(season), "--webhooks", str(inside)]) == 2
    assert "keep the webhooks file out of" in capsys.readouterr().err
