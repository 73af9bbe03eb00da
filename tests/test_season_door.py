"""Every change to a season is a typed command through its one door, `service.run` (issue
#37): the command line only translates its input into a command, as the host, posting to the
game room too (`Post`, with the Discord adapter as the game room's port, called inside the
season's lock on the open store, where the post log is kept); no module outside the season's
service and store opens the season's store to change it."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from festival.cli import season_commands
from festival.cli.main import main
from festival.core.errors import FestivalError, StoreBusy
from festival.core.posted import PostResult
from festival.core.sqlite_file import SqliteFile
from festival.discord.season_posting import DiscordGameRoom
from festival.season import service
from festival.season.acts import (
    HOST,
    Actor,
    Correct,
    DuelResult,
    Endgame,
    GiveGarnets,
    GiveToken,
    NewSeason,
    PickOpponent,
    Post,
    RecordResult,
    Refused,
    Reinstate,
    SeasonRefused,
    TakeEpisode,
    Via,
)
from festival.season.room import Said
from festival.season.store import SEASON_FILE

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ("Ann", "Bea", "Cy")


@pytest.fixture
def season(tmp_path: Path) -> Path:
    folder = tmp_path / "s1"
    service.begin(folder, NewSeason("s1", tuple((p, None, None) for p in PLAYERS)))
    return folder


class Recorded(Exception):
    """Raised by the recording door: the command was reached, nothing was done."""


Seen = list[tuple[Any, Actor, Via, dict[str, Any]]]


@pytest.fixture
def door(monkeypatch: pytest.MonkeyPatch) -> Seen:
    seen: Seen = []

    def run(folder: Path, command: Any, actor: Actor = HOST, via: Via = Via.CLI, **kw: Any) -> Any:
        seen.append((command, actor, via, kw))
        raise Recorded

    monkeypatch.setattr(service, "run", run)
    return seen


ENDGAME = Endgame("m1", True, PLAYERS, (), (), (), ("Ann",), "Cy")


def test_every_season_act_of_the_command_line_reaches_the_door(
    season: Path, door: Seen, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Front end x act: the command line (the season's only front end that changes it; the
    dashboard's Season page reads) gives each act as a command, as the host."""
    monkeypatch.setattr(season_commands, "read_endgame", lambda _: ENDGAME)
    hooks = tmp_path / "secrets" / "webhooks.csv"
    s = str(season)
    table: list[tuple[str, list[str], object]] = [
        ("episode", ["episode", s, "m"], TakeEpisode(ENDGAME)),
        ("give", ["give", s, "Ann", "Bea", "--why", "a deal"], GiveToken("Ann", "Bea", "a deal")),
        ("give", ["give", s, "Ann", "Bea", "--garnets", "2"], GiveGarnets("Ann", "Bea", 2)),
        ("opponent", ["opponent", s, "Bea"], PickOpponent("Bea")),
        ("result", ["result", s], RecordResult(DuelResult("", (), False, None))),
        ("reinstate", ["reinstate", s, "Cy", "--why", "a ruling"], Reinstate("Cy", "a ruling")),
        ("correct", ["correct", s, "2", "--why", "typo"], Correct(2, "typo")),
        ("post", ["post", s, "--webhooks", str(hooks)], Post(hooks)),
        ("post", ["post", s, "--webhooks", str(hooks), "--resend"], Post(hooks, resend=True)),
        ("post", ["post", s, "--webhooks", str(hooks), "--mark-sent", "12"],
         Post(hooks, mark_sent="12")),
    ]  # fmt: skip
    for name, words, command in table:
        with pytest.raises(Recorded):
            main(["season", *words])
        given, actor, via, kw = door.pop()
        assert (given, actor, via) == (command, HOST, Via.CLI), name
        if isinstance(command, Post):
            assert isinstance(kw["room"], DiscordGameRoom), name  # the port, filled by Discord


class Room:
    """A game room that records what the door hands it."""

    def __init__(self, inside: Callable[[], None] = lambda: None) -> None:
        self.given: list[tuple[SqliteFile, Post, Said]] = []
        self.inside = inside

    def post(self, store: SqliteFile, command: Post, said: Said) -> PostResult:
        self.given.append((store, command, said))
        self.inside()
        return PostResult(())


def test_a_post_hands_the_port_the_public_season_on_its_open_store_under_its_lock(
    season: Path, tmp_path: Path
) -> None:
    def busy() -> None:  # the season's lock is held while the port posts
        with pytest.raises(StoreBusy):
            service.run(season, GiveToken("Ann", "Bea"))

    room = Room(busy)
    hooks = tmp_path / "hooks.csv"
    before = service.show(season).entries
    done = service.run(season, Post(hooks, mark_sent="7"), room=room)
    ((store, command, said),) = room.given
    assert store.path == season / SEASON_FILE and command == Post(hooks, mark_sent="7")
    assert said == Said(season, 0, PLAYERS, service.public_markdown(service.show(season)))
    assert (done.episode, done.result) == (0, PostResult(()))
    assert service.show(season).entries == before  # a post adds nothing to the ledger


def test_only_the_host_posts_and_a_post_needs_its_port(season: Path, tmp_path: Path) -> None:
    room = Room()
    with pytest.raises(SeasonRefused) as caught:
        service.run(season, Post(tmp_path / "h.csv"), Actor(False, "Ann"), Via.BOT, room=room)
    assert caught.value.refusal.why is Refused.NOT_HOST and room.given == []
    with pytest.raises(FestivalError, match="no adapter"):
        service.run(season, Post(tmp_path / "h.csv"))


OPENERS = {"SeasonStore", "season_lock", "changing"}
"""the season's store and lock, and a door for adapters round `run`"""
DOOR = {"festival/season/service.py", "festival/season/store.py"}


def _opens_a_season(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    season_service = any(
        isinstance(n, ast.ImportFrom)
        and n.module == "festival.season"
        and any(a.name == "service" for a in n.names)
        for n in ast.walk(tree)
    )
    found = []
    for node in ast.walk(tree):
        where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("festival.season"):
            found += [f"{where} {a.name}" for a in node.names if a.name in OPENERS]
        if isinstance(node, ast.Attribute) and node.attr in OPENERS:
            owner = node.value.id if isinstance(node.value, ast.Name) else ""
            if owner == "service" and season_service:
                found.append(f"{where} service.{node.attr}")
    return found


def test_only_the_seasons_door_opens_its_store_to_change_it() -> None:
    paths = sorted([*(ROOT / "festival").rglob("*.py"), *(ROOT / "dashboard").rglob("*.py")])
    found = [f for p in paths if str(p.relative_to(ROOT)) not in DOOR for f in _opens_a_season(p)]
    assert found == []
    assert not hasattr(service, "changing")
