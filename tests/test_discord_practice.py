"""`/practice GAME LEVEL` on the Discord bot, through discord.py's real client against the
local stand-in: a practice duel against the search bot starts in a practice channel, the bot
answers each finished turn with a legal one, wrong choices are answered in one line, two
players' practice duels never mix, nothing secret is said, a command delivered twice starts
one duel, and the bot never plays a duel that is not a practice duel."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from events.duel import Concede
from festival.bot.duel_replies import bot_replies
from festival.core import registry
from festival.duels import practice, service
from festival.duels.host import Duel
from festival.duels.levels import Level
from festival.duels.origin import Origin, Via
from festival.duels.store import DuelStore
from tests.support.discord.interactions import CHANNEL, OTHER_CHANNEL, BotApiServer, Sent, User
from tests.support.discord.run import ASH, BIRCH, SPECTATOR, running_bot

PRACTICE = OTHER_CHANNEL
"""the stand-in's lobby, where the bot offers practice duels"""


@dataclass
class Room:
    server: BotApiServer
    folder: Path
    """where the bot keeps practice duels"""

    def start(self, user: User, game: str, level: str = "easy", **more: str) -> int:
        return self.server.command(user, "practice", {"game": game, "level": level, **more},
                                   channel=PRACTICE)  # fmt: skip

    def send(self, user: User, name: str, options: dict[str, Any] | None = None) -> int:
        return self.server.command(user, name, options, channel=PRACTICE)

    def duels(self) -> list[Path]:
        return practice.practice_folders(self.folder)

    def answered(self, iid: int, count: int) -> list[Sent]:
        self.server.wait_for(lambda: len(self.server.answers(iid)) >= count)
        return self.server.answers(iid)


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Room]:
    folder = tmp_path / "practice"
    with (
        BotApiServer() as server,
        running_bot(server, [], practice_folder=folder, practice_channels=[PRACTICE]),
    ):
        yield Room(server, folder)


def _one_private_line(room: Room, iid: int) -> str:
    (answer,) = room.server.answers(iid)
    assert answer.ephemeral and "\n" not in answer.content and answer.content
    return answer.content


def _state(folder: Path) -> tuple[Any, Duel]:
    duel = Duel.open(folder)
    return duel.state(), duel


def _a_legal_action(folder: Path, player: str) -> str | None:
    """A legal action of `player` now (never a concession); None when they are not to act."""
    state, duel = _state(folder)
    try:
        if player not in duel.game.to_act(state):
            return None
        actions = [a for a in duel.game.legal_actions(state, player) if not isinstance(a, Concede)]
        return str(duel.game.format_action(actions[0]))
    finally:
        duel.close()


def _play_a_turn(room: Room, user: User, folder: Path, player: str) -> int:
    """`user` plays `player`'s turn with legal actions, one /play each; the last one's id."""
    iid = 0
    for _ in range(40):
        text = _a_legal_action(folder, player)
        if text is None:
            return iid
        iid = room.send(user, "play", {"text": text})
        assert not room.server.answers(iid)[0].ephemeral, room.server.answers(iid)[0].content
    raise AssertionError("the turn did not end")


def _steps(folder: Path) -> list[tuple[str, str]]:
    """Each recorded action's player, and where the input that made it came from."""
    store = DuelStore.open(folder)
    try:
        sources = {raw.id: str(raw.source) for raw in store.raws()}
        return [(s.player, sources.get(s.raw_id or 0, "")) for s in store.steps()]
    finally:
        store.close()


def test_practice_is_registered_with_the_games_and_levels_as_choices(room: Room) -> None:
    (command,) = [c for c in room.server.commands if c["name"] == "practice"]
    options = {o["name"]: o for o in command["options"]}
    assert [c["value"] for c in options["game"]["choices"]] == [d.name for d in registry.duels()]
    assert [c["value"] for c in options["level"]["choices"]] == ["easy", "medium", "hard"]
    assert options["game"]["required"] and options["level"]["required"]
    assert not options["first"].get("required", False)


@pytest.mark.parametrize("game", ["halma", "element"])
def test_a_practice_duel_starts_and_the_bot_answers_a_turn_with_a_legal_one(
    room: Room, game: str
) -> None:
    iid = room.start(ASH, game)
    (started,) = room.server.answers(iid)
    assert not started.ephemeral and "against Easy bot (easy)" in started.content
    assert "<@11>" in started.content and started.mentions["users"] == [11]
    assert [name for name, _ in started.files] == ["board.png"]
    (folder,) = room.duels()
    assert folder == practice.practice_folder(room.folder, game, PRACTICE, ASH.id, iid)
    log = service.log(folder)
    assert log.players == ("ash", "Easy bot") and log.seed >= 0  # the seed drawn, recorded
    assert service.seating(folder).users == (("ash", ASH.id),)
    last = _play_a_turn(room, ASH, folder, "ash")
    answer = room.answered(last, 2)[-1]  # the bot's turn follows the player's last action
    assert not answer.ephemeral and answer.content.startswith("Easy bot: ")
    assert "<@11>" in answer.content and answer.files  # the board, the player pinged
    sources = [source for player, source in _steps(folder) if player == "Easy bot"]
    assert sources and all(s.startswith(Via.BOT.value) for s in sources)  # checked, recorded
    assert service.status(folder).after.progress.startswith("ash")  # the player's turn again


def test_the_bot_starts_when_asked_and_then_waits_for_the_player(room: Room) -> None:
    iid = room.start(ASH, "alchelemental", "easy", first="bot")
    started, moved = room.answered(iid, 2)
    assert "Easy bot to play" in started.content and started.mentions["users"] == []
    assert moved.content.startswith("Easy bot: ") and "<@11>" in moved.content
    (folder,) = room.duels()
    assert service.log(folder).players == ("Easy bot", "ash")
    assert service.practice_answer(folder) is None  # the player's turn: the bot waits
    assert {p for p, _ in _steps(folder)} == {"Easy bot"}


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"game": "chess", "level": "easy"}, "No game 'chess': choose element, halma, "
         "alchelemental or elementarium."),
        ({"game": "element", "level": "expert"}, "No level 'expert': choose easy, medium or "
         "hard."),
        ({"game": "element", "level": "hard", "first": "later"}, "choose me or bot"),
    ],
)  # fmt: skip
def test_a_wrong_game_or_level_is_answered_in_one_line(
    room: Room, options: dict[str, str], said: str
) -> None:
    iid = room.server.command(ASH, "practice", options, channel=PRACTICE)
    assert said in _one_private_line(room, iid)
    assert room.duels() == []


def test_practice_is_offered_only_in_the_practice_channels(room: Room) -> None:
    iid = room.server.command(ASH, "practice", {"game": "halma", "level": "easy"})
    assert _one_private_line(room, iid) == "Practice duels are not played in this channel."
    iid = room.server.command(ASH, "board")  # no duel of the channel, none of ash's there
    assert _one_private_line(room, iid) == "No duel is played in this channel."
    assert room.duels() == []


def test_one_practice_duel_at_a_time_and_resign_ends_it(room: Room) -> None:
    room.start(ASH, "halma")
    iid = room.start(ASH, "element", "hard")
    assert _one_private_line(room, iid) == (
        "You are playing Elemental Halma against Easy bot here already: /resign ends it."
    )
    iid = room.send(ASH, "resign")
    assert "The duel is over" in room.server.answers(iid)[0].content
    iid = room.start(ASH, "element", "hard")
    assert "against Hard bot (hard)" in room.server.answers(iid)[0].content
    assert [p.name.split("-")[0] for p in room.duels()] == ["element", "halma"]


def test_two_players_practice_duels_do_not_mix(room: Room) -> None:
    room.start(ASH, "halma")
    room.start(BIRCH, "elementarium", "medium")
    halma, orders = sorted(room.duels(), key=lambda p: p.parent.name)
    assert halma.parent != orders.parent  # a folder per player
    iid = room.send(BIRCH, "play", {"text": "C3-D4"})
    assert "sealed orders" in _one_private_line(room, iid)  # birch's duel is Elementarium
    iid = room.send(ASH, "orders", {"text": "d2-d4"})
    assert "not played by sealed orders" in _one_private_line(room, iid)  # ash's is Halma
    last = _play_a_turn(room, ASH, halma, "ash")
    room.answered(last, 2)
    assert {p for p, _ in _steps(halma)} == {"ash", "Easy bot"}
    assert _steps(orders) == []  # nothing of ash's reached birch's duel
    iid = room.send(SPECTATOR, "status")  # a spectator has no duel here
    assert _one_private_line(room, iid) == "No duel is played in this channel."
    iid = room.send(BIRCH, "status")
    assert "Elementarium" in room.server.answers(iid)[0].content


def test_sealed_orders_and_the_seed_are_never_said(room: Room) -> None:
    iid = room.start(ASH, "elementarium", "easy")
    (folder,) = room.duels()
    seed = str(service.log(folder).seed)
    iid = room.send(ASH, "orders", {"text": "d2-d4, e2-e4, i2-h4"})
    mine, waiting, bot = room.answered(iid, 3)
    assert mine.ephemeral and "d2-d4" in mine.content
    assert not waiting.ephemeral and "d2-d4" not in waiting.content
    assert "Waiting for Easy bot" in waiting.content
    (orders,) = [s for p, s in _steps(folder) if p == "Easy bot"]
    log = service.log(folder)
    said = [line.words for line in log.lines if line.player == "Easy bot"]
    assert not bot.ephemeral and bot.content.startswith(f"Easy bot: {said[0]}")  # resolved
    assert "ash moved d2 to d4" in bot.content
    for sent in room.server.sent:
        assert seed not in sent.content
        if sent is not bot:  # the bot's orders were never said before the turn resolved
            assert said[0] not in sent.content
    assert orders.startswith("bot")


def test_the_bots_sealed_orders_are_said_only_to_be_in() -> None:
    before = service.Situation(None, "Turn 1: orders awaited from ash.")
    entered = service.Entered(3, ("f7-c4",), ())
    acted = service.Acted(before, ("ash",), entered=entered, sealed=True)
    (reply,) = bot_replies(acted, service.Seating(5, (("ash", 11),)), "Easy bot")
    assert reply.text == "Easy bot's orders are in (sealed).\nWaiting for ash."
    assert reply.board is None


def test_elements_draws_name_only_the_stones_drawn(room: Room) -> None:
    iid = room.start(ASH, "element", "easy", first="bot")
    _, moved = room.answered(iid, 2)
    (folder,) = room.duels()
    log = service.log(folder)
    assert str(log.seed) not in moved.content
    words = ", ".join(line.words for line in log.lines)
    assert moved.content.startswith(f"Easy bot: {words}\n")  # what it recorded, nothing else


def test_a_practice_command_delivered_twice_starts_one_duel(room: Room) -> None:
    server = room.server
    interaction = server.interaction(ASH, "practice", {"game": "halma", "level": "easy"},
                                     channel=PRACTICE)  # fmt: skip
    iid = server.deliver(interaction, times=2)
    server.wait_answer(iid)
    room.send(ASH, "status")  # handled after both deliveries
    (folder,) = room.duels()
    assert len(server.answers(iid)) == 1  # Discord refused the second answer (40060)
    store = DuelStore.open(folder)
    try:
        (raw,) = store.raws()
    finally:
        store.close()
    assert raw.content == "practice halma easy me" and raw.source.via is Via.DISCORD
    asked = service.StartPractice(practice.ask("halma", "easy"), PRACTICE, ASH.id, "ash")
    again = Origin.discord(iid, ASH.id)
    assert service.practice_start(room.folder, asked, service.Actor(None), again).repeated


def test_the_bot_never_plays_a_duel_that_is_not_a_practice_duel(tmp_path: Path) -> None:
    folder = tmp_path / "duel"
    service.create(folder, "halma", None, {}, ["Ash", "Birch"], 3)
    assert service.practice_answer(folder) is None
    assert _steps(folder) == []


def test_a_bot_started_again_picks_up_the_practice_duels_going_on(tmp_path: Path) -> None:
    from festival.bot.practice_commands import practising

    base = tmp_path / "practice"
    for user, key in ((ASH, 1), (BIRCH, 2)):
        asked = service.StartPractice(practice.ask("halma", "medium"), PRACTICE, user.id, user.name)
        origin = Origin.discord(key, user.id)
        service.practice_start(base, asked, service.Actor(None), origin)
    over = practice.practice_folder(base, "halma", PRACTICE, BIRCH.id, 2)
    service.dispatch(over, service.Resign(), service.Actor("birch"), Origin(Via.TEXT))
    room = practising(base, frozenset({PRACTICE}))
    assert list(room.playing) == [(PRACTICE, ASH.id)]
    table = room.playing[(PRACTICE, ASH.id)]
    assert (table.bot, table.channel, table.simultaneous) == ("Medium bot", PRACTICE, False)


@pytest.mark.parametrize(
    ("display", "level", "seat"),
    [("ash", Level.EASY, "ash"), ("Hard bot", Level.HARD, "Player"), ("a<b>", Level.EASY,
     "Player"), ("  Ash  Birch ", Level.MEDIUM, "Ash Birch")],
)  # fmt: skip
def test_the_player_is_seated_by_their_name_when_it_is_a_player_name(
    display: str, level: Level, seat: str
) -> None:
    assert practice.player_name(display, level) == seat


def test_a_practice_duel_in_a_hosted_channel_is_refused_to_its_players(tmp_path: Path) -> None:
    folder = tmp_path / "duel"
    service.create(folder, "element", None, {}, ["Ash", "Birch"], 18)
    service.seat(folder, CHANNEL, {"Ash": ASH.id})
    practising = {"practice_folder": tmp_path / "p", "practice_channels": [CHANNEL]}
    with BotApiServer() as server, running_bot(server, [folder], **practising):
        iid = server.command(ASH, "practice", {"game": "halma", "level": "easy"})
        (answer,) = server.answers(iid)
        assert answer.content == "You play the duel in this channel: practise in another channel."
        iid = server.command(SPECTATOR, "practice", {"game": "halma", "level": "easy"})
        assert "Practice duel" in server.answers(iid)[0].content
        iid = server.command(ASH, "take", {"count": 1})  # ash's commands: the channel's duel
        assert server.answers(iid)[0].content.startswith("Ash: take 1")


def test_a_bots_turn_left_unplayed_is_played_and_posted_when_the_bot_starts(
    tmp_path: Path,
) -> None:
    base = tmp_path / "practice"
    asked = service.StartPractice(practice.ask("halma", "easy", "bot"), PRACTICE, ASH.id, "ash")
    started = service.practice_start(base, asked, service.Actor(None), Origin(Via.TEXT))
    assert started.practice is not None and started.practice.to_act == ("Easy bot",)
    with BotApiServer() as server, running_bot(server, [], practice_folder=base,
                                               practice_channels=[PRACTICE]):  # fmt: skip
        server.wait_for(lambda: bool(server.channel_messages(PRACTICE)))
        (moved,) = server.channel_messages(PRACTICE)
        assert moved.content.startswith("Easy bot: ") and moved.mentions["users"] == [ASH.id]
        assert [name for name, _ in moved.files] == ["board.png"]
    assert service.status(started.practice.folder).after.progress.startswith("ash")


def test_the_bots_search_leaves_the_bot_answering_others(
    room: Room, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot's search runs off the event loop: another player's command is answered while
    it searches (and the gateway's heartbeat, on the same loop, goes on). The search is held
    until the other answer is in, so the test proves it without timing anything."""
    searching, release = threading.Event(), threading.Event()
    answer = service.practice_answer

    def held(folder: Path) -> Any:
        searching.set()
        assert release.wait(30), "the other player was never answered"
        return answer(folder)

    monkeypatch.setattr(service, "practice_answer", held)
    iid = room.start(ASH, "alchelemental", "easy", first="bot")  # the answer, then the search
    assert searching.wait(30)
    other = room.send(BIRCH, "status")
    room.answered(other, 1)  # on the event loop's blocked search this would time out
    assert "No duel" in room.server.answers(other)[0].content
    assert not room.server.answers(iid)[1:], "the bot's move came before the search ended"
    release.set()
    room.answered(iid, 2)
