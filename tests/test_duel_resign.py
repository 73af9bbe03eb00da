"""Resigning a duel (issue 36, item 13): every duel game can be resigned, by any of its
players at any time (not only on their turn, their sealed orders in or not), on Discord
(`/resign`, through discord.py's real client against the local stand-in) and at the command
line (`festival duel play DIR resign --player NAME`); a practice duel is ended by `/resign`,
then `/practice` starts another. The rule texts say nothing of resigning (docs/rulings.md
"Duels on Discord (the bot)")."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from festival.cli.main import main
from festival.duels import practice, service
from tests.support.discord.interactions import OTHER_CHANNEL, BotApiServer
from tests.support.discord.run import ASH, BIRCH, hosted, running_bot

FIRST_ACTION = {
    "element": "take 0",
    "halma": "C3-D4",
    "alchelemental": "select firepower",
    "elementarium": "d2-d4",
}
"""an action of the first player (Ash) that leaves Ash's turn under way, or Ash's sealed
orders in: Ash is still to act in the first three; in Elementarium only Birch is"""


def _duel(tmp_path: Path, game: str) -> Path:
    folder = tmp_path / game
    service.create(folder, game, None, {}, ["Ash", "Birch"], 18)
    return folder


@pytest.mark.parametrize("game", sorted(FIRST_ACTION))
def test_a_player_not_to_act_resigns_on_discord_and_loses(tmp_path: Path, game: str) -> None:
    folder = _duel(tmp_path, game)
    with hosted(folder, ["Ash", "Birch"]) as t:
        server = t.server
        command = "orders" if game == "elementarium" else "play"
        iid = server.command(ASH, command, {"text": FIRST_ACTION[game]})
        server.wait_for(lambda: len(server.answers(iid)) >= 1, 30)
        loser = ASH if game == "elementarium" else BIRCH  # the one not to act now
        acting = service.status(folder).after
        assert (loser.name.title() + " to") not in acting.progress
        iid = server.command(loser, "resign")
        server.wait_for(lambda: len(server.answers(iid)) >= 1, 30)
        (answer,) = server.answers(iid)
        assert not answer.ephemeral, answer.content  # told to the channel, not refused
        winner = "Birch" if loser is ASH else "Ash"
        assert f"{loser.name.title()} resigned; " in answer.content and winner in answer.content
        assert "d2-d4" not in answer.content  # sealed orders stay sealed
    over = service.status(folder).after.over
    assert over is not None and over.startswith(f"{loser.name.title()} resigned; ")


@pytest.mark.parametrize("game", sorted(FIRST_ACTION))
def test_a_player_not_to_act_resigns_at_the_command_line(
    tmp_path: Path, game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _duel(tmp_path, game)
    assert main(["duel", "play", str(folder), FIRST_ACTION[game], "--player", "Ash"]) == 0
    loser = "Ash" if game == "elementarium" else "Birch"
    assert main(["duel", "play", str(folder), "resign", "--player", loser]) == 0
    winner = "Birch" if loser == "Ash" else "Ash"
    over = capsys.readouterr().out.splitlines()[-1]
    assert over.startswith(f"The duel is over: {loser} resigned; ") and winner in over
    assert main(["duel", "undo", str(folder)]) != 0  # a resignation is final
    assert f"{loser} resigned" in str(service.status(folder).after.over)


def test_a_halma_player_not_to_act_resigns_for_their_team(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "teams"
    service.create(folder, "halma", None, {}, ["Ann", "Bo", "Cy", "Di"], 3)
    assert main(["duel", "play", str(folder), "resign", "--player", "Bo"]) == 0
    out = capsys.readouterr().out
    assert "Bo resigned" in out and "Ann & Cy" in out


@pytest.fixture
def lobby(tmp_path: Path) -> Iterator[tuple[BotApiServer, Path]]:
    folder = tmp_path / "practice"
    with (
        BotApiServer() as server,
        running_bot(server, [], practice_folder=folder, practice_channels=[OTHER_CHANNEL]),
    ):
        yield server, folder


def test_an_elementarium_practice_duel_is_ended_by_resign_and_another_starts(
    lobby: tuple[BotApiServer, Path],
) -> None:
    server, folder = lobby

    def send(name: str, options: dict[str, str] | None = None) -> str:
        iid = server.command(ASH, name, options, channel=OTHER_CHANNEL)
        server.wait_for(lambda: len(server.answers(iid)) >= 1, 60)
        return server.answers(iid)[0].content

    started = send("practice", {"game": "elementarium", "level": "easy"})
    assert "/resign ends it" in started
    assert "resigned" in send("resign")
    again = send("practice", {"game": "halma", "level": "easy"})
    assert again.startswith("Practice duel: Elemental Halma"), again
    assert [p.name.split("-")[0] for p in practice.practice_folders(folder)] == [
        "elementarium",
        "halma",
    ]
