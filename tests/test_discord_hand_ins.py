"""Hand-ins on Discord (issue #38): the real discord.py bot, against the Discord stand-in, takes
`/submit file:<attachment>` from a seated player in their own channel, downloads it from the
stand-in's CDN within the size limit, hands it to the match service and answers privately in
the domain's words; every bad input is refused in one private line (nothing stored where the
issue says so); `/submission` says what counts now; `/host seat` seats a player."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path

import openpyxl
import pytest

from events.duel import Picture, PictureCell
from festival.bot.bot import TOKEN_VARIABLE
from festival.bot.hand_ins import NOT_HERE, NOT_SEATED, Answer, Hall
from festival.bot.match_hand_ins import MatchHandIns
from festival.cli.main import main
from festival.discord.endpoint import API_VARIABLE
from festival.match import service
from festival.match.match import Match
from tests.conftest import numbers_json
from tests.support.discord.interactions import CHANNEL, BotApiServer, Sent, User
from tests.support.discord.run import ASH, BIRCH, HOST, SPECTATOR, running_bot
from tests.support.processes import Child, started

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")

ASH_ROOM = 900_020
BIRCH_ROOM = 900_021
LIMIT = 200_000
"""the size limit the tests' bot holds attachments to (festival's own is 5 MB)"""


def filled(path: Path, number: int = 3) -> bytes:
    """A generated workbook with `number` written on every Tally tab."""
    book = openpyxl.load_workbook(path)
    for name in book.sheetnames:
        if name.startswith("Tally"):
            book[name]["B2"] = number
    out = path.with_name(f"filled-{path.name}")
    book.save(out)
    return out.read_bytes()


@dataclass
class Room:
    match: Path
    inbox: Path
    server: BotApiServer

    def raws(self) -> int:
        with _opened(self.match) as match:
            return len(match.store.raws())

    def submit(
        self,
        user: User,
        data: bytes,
        name: str = "Spadez.xlsx",
        channel: int = ASH_ROOM,
        times: int = 1,
        **upload: object,
    ) -> int:
        attachment = self.server.upload(name, data, channel=channel, **upload)  # type: ignore[arg-type]
        interaction = self.server.interaction(user, "submit", {"file": attachment}, None, channel)
        return self.server.deliver(interaction, times)

    def answer(self, iid: int) -> Sent:
        """The answer the player reads: the first reply that is not a deferral."""
        self.server.wait_for(lambda: bool(_words(self.server, iid)))
        return _words(self.server, iid)[0]


def _words(server: BotApiServer, iid: int) -> list[Sent]:
    return [s for s in server.answers(iid) if s.kind == "followup" or s.callback_type == 4]


class _opened:
    def __init__(self, folder: Path) -> None:
        self.match = Match.open(folder)

    def __enter__(self) -> Match:
        return self.match

    def __exit__(self, *exc: object) -> None:
        self.match.close()


@pytest.fixture
def room(toy_match: Path, tmp_path: Path) -> Iterator[Room]:
    """The toy match's round 1 open, Spadez seated as ASH in ASH_ROOM and hedger as BIRCH in
    BIRCH_ROOM, a bot serving it."""
    inbox = tmp_path / "inbox"
    assert main(["templates", str(toy_match), "--out", str(inbox)]) == 0
    for player, user, channel in (("Spadez", ASH, ASH_ROOM), ("hedger", BIRCH, BIRCH_ROOM)):
        seat = ["seat", str(toy_match), "--player", player]
        assert main([*seat, "--user", str(user.id), "--channel", str(channel)]) == 0
    hall = Hall(toy_match, MatchHandIns(), limit=LIMIT)
    with BotApiServer() as server, running_bot(server, [], "Duel Host", hall=hall):
        yield Room(toy_match, inbox, server)


def _private_and_clean(sent: Sent, room: Room) -> None:
    """Only the player sees it, and it shows nothing of the host's machine."""
    assert sent.ephemeral
    for where in (str(room.match), str(room.inbox), str(room.match.parent)):
        assert where not in sent.content


def test_a_ready_workbook_is_stored_and_answered_privately_in_the_reports_words(
    room: Room,
) -> None:
    before = room.raws()
    iid = room.submit(ASH, filled(room.inbox / "Spadez.xlsx"))
    sent = room.answer(iid)
    assert sent.content.startswith("Ready: this counts for round 1 (Alchemy, Elemental Continuum)")
    assert "the latest counts" in sent.content  # the rule on several hand-ins, stated
    _private_and_clean(sent, room)
    assert room.raws() == before + 1
    now = room.server.command(ASH, "submission", channel=ASH_ROOM, wait=False)
    told = room.answer(now)
    assert "# Spadez, round 1: what counts now" in told.content
    assert "Alchemy: ready" in told.content
    assert "hedger" not in told.content  # nothing of another player's
    _private_and_clean(told, room)


@pytest.mark.parametrize(
    ("who", "channel", "words"),
    [
        (ASH, CHANNEL, NOT_HERE),  # a seated player, but not in their own channel
        (ASH, BIRCH_ROOM, NOT_HERE),  # another player's channel
        (SPECTATOR, ASH_ROOM, NOT_SEATED),  # someone not seated, in a player's channel
    ],
)
def test_anyone_else_or_elsewhere_is_refused_in_one_private_line_and_nothing_is_stored(
    room: Room, who: User, channel: int, words: str
) -> None:
    before = room.raws()
    iid = room.submit(who, filled(room.inbox / "Spadez.xlsx"), channel=channel)
    sent = room.answer(iid)
    assert sent.content == words
    assert sent.ephemeral
    assert room.raws() == before
    assert room.server.downloads == []  # not even fetched


@pytest.mark.parametrize(
    ("upload", "said"),
    [
        ({"declared": LIMIT + 1}, "festival reads files of at most"),
        ({"fault": "404"}, "it answered 404"),
        ({"fault": "cut"}, "nothing was kept; send it again"),
        ({"declared": 1234}, "brought"),  # Discord said one size, the CDN gave another
    ],
)
def test_a_download_that_fails_or_is_too_big_is_refused_in_one_line_and_nothing_is_stored(
    room: Room, upload: dict[str, object], said: str
) -> None:
    before = room.raws()
    iid = room.submit(ASH, filled(room.inbox / "Spadez.xlsx"), **upload)
    sent = room.answer(iid)
    assert said in sent.content
    assert "\n" not in sent.content and "nothing was kept" in sent.content
    _private_and_clean(sent, room)
    assert room.raws() == before
    if "declared" in upload and upload["declared"] == LIMIT + 1:
        assert room.server.downloads == []  # refused from the declared size, never fetched


def test_a_file_over_the_limit_is_refused_on_its_bytes_too(room: Room) -> None:
    big = b"PK" + b"\0" * (LIMIT + 10)
    iid = room.submit(ASH, big, declared=100)  # a size declared small, bytes over the limit
    sent = room.answer(iid)
    assert "festival reads files of at most" in sent.content
    assert room.raws() == 0


@pytest.mark.parametrize("whose", ["another player's", "another match's"])
def test_another_players_or_matchs_workbook_is_stored_as_refused_and_named(
    room: Room, tmp_path: Path, roster_csv: Path, whose: str
) -> None:
    if whose == "another player's":
        data = filled(room.inbox / "hedger.xlsx")
    else:
        other = tmp_path / "other"
        from tests.support.toy_event import ENGINE_ARGS

        assert (
            main(["new", str(other), "--roster", str(roster_csv), "--seed", "7", *ENGINE_ARGS]) == 0
        )
        assert main(["allocate", str(other)]) == 0
        assert main(["templates", str(other), "--out", str(tmp_path / "other-inbox")]) == 0
        data = filled(tmp_path / "other-inbox" / "Spadez.xlsx")
    iid = room.submit(ASH, data)
    sent = room.answer(iid)
    assert sent.content.startswith("Not ready: Spadez.xlsx has problems")
    _private_and_clean(sent, room)
    assert room.raws() == 1  # stored, as refused
    if whose == "another player's":
        assert "made for hedger, not for Spadez" in sent.content


def test_the_same_attachment_delivered_twice_is_stored_once_and_answered_once(
    room: Room,
) -> None:
    iid = room.submit(ASH, filled(room.inbox / "Spadez.xlsx"), times=2)
    assert room.answer(iid).content.startswith("Ready")
    done = room.server.command(ASH, "submission", channel=ASH_ROOM)  # after both deliveries
    room.answer(done)
    assert len(_words(room.server, iid)) == 1
    assert room.raws() == 1


def test_after_the_round_is_resolved_the_file_is_kept_as_late_and_changes_nothing(
    room: Room,
) -> None:
    path = numbers_json(room.match, 1, lambda p, e: (len(p) + len(e)) % 5 + 1)
    assert main(["resolve", str(room.match), "--from", str(path)]) == 0
    standings = service.standings(room.match).data
    iid = room.submit(ASH, filled(room.inbox / "Spadez.xlsx", 1))
    sent = room.answer(iid)
    assert "round 1 is closed" in sent.content and "kept as late" in sent.content
    _private_and_clean(sent, room)
    assert service.standings(room.match).data == standings


def test_the_host_seats_a_player_in_their_channel_and_no_one_else_may(room: Room) -> None:
    cedar_room = 900_022
    refused = room.server.command(
        ASH, "seat", {"player": "uri", "user": SPECTATOR}, group="host", channel=cedar_room
    )
    assert room.answer(refused).content == "Only the host may do that."
    iid = room.server.command(
        HOST, "seat", {"player": "URI", "user": SPECTATOR}, group="host", channel=cedar_room
    )
    assert room.answer(iid).content.startswith("uri is seated")
    seat = service.seats(room.match).of("uri")
    assert seat is not None and (seat.user, seat.channel) == (SPECTATOR.id, cedar_room)
    again = room.submit(SPECTATOR, filled(room.inbox / "uri.xlsx"), "uri.xlsx", cedar_room)
    assert room.answer(again).content.startswith("Ready: this counts for round 1")


def test_seat_on_the_command_line_names_what_is_missing(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(["seat", str(toy_match), "--player", "wren", "--user", "<@123456789012345678>"]) == 0
    )
    out = capsys.readouterr().out
    assert "Wren on Discord: user 123456789012345678, no channel yet." in out
    assert out.endswith(f"festival seat {toy_match} --player Wren --channel ID\n")  # the user known
    assert main(["seat", str(toy_match), "--player", "Wrenn", "--channel", "5"]) == 2
    assert "Wrenn is not a player of this match (did you mean Wren?)" in capsys.readouterr().err
    assert main(["seat", str(toy_match), "--player", "uri", "--user", "123456789012345678"]) == 2
    assert "plays Wren already" in capsys.readouterr().err


class _FakeHandIns:
    """Hand-ins whose answer carries a picture (the toy event draws none)."""

    def hand_in(
        self, folder: Path, player: str, name: str, content: bytes, event: str | None, key: str
    ) -> Answer:
        return Answer(f"Ready: {player}, {name}, {event}", (("board", _picture()),))

    def submission(self, folder: Path, player: str) -> Answer:
        return Answer("now", (("board", _picture()), ("map", _picture())))


def _picture() -> Picture:
    cells = (PictureCell(0, 0, "F", "F"), PictureCell(1, 1, "W", "W"))
    return Picture("square", ("A", "B"), ("1", "2"), cells, ())


def test_the_answer_carries_its_pictures_as_files_and_the_event_asked_for(
    toy_match: Path,
) -> None:
    assert main(["seat", str(toy_match), "--player", "Spadez", "--user", "11"]) == 0
    assert main(["seat", str(toy_match), "--player", "Spadez", "--channel", str(ASH_ROOM)]) == 0
    hall = Hall(toy_match, _FakeHandIns())
    with BotApiServer() as server, running_bot(server, [], "Duel Host", hall=hall):
        room = Room(toy_match, toy_match, server)
        attachment = server.upload("mine.xlsx", b"PK\x03\x04 workbook", channel=ASH_ROOM)
        options = {"file": attachment, "event": "continuum"}
        iid = server.deliver(server.interaction(ASH, "submit", options, None, ASH_ROOM))
        sent = room.answer(iid)
        assert sent.content == "Ready: Spadez, mine.xlsx, continuum"
        assert [name for name, _ in sent.files] == ["board.png"]
        assert sent.files[0][1].startswith(b"\x89PNG")
        now = room.answer(server.command(ASH, "submission", channel=ASH_ROOM, wait=False))
        assert [name for name, _ in now.files] == ["board.png", "map.png"]
        assert now.ephemeral


ROOT = Path(__file__).resolve().parents[1]


def _bot_process(
    server: BotApiServer, match: Path, stop: signal.Signals = signal.SIGINT
) -> AbstractContextManager[Child]:
    """`festival bot MATCH` for the block, stopped at its end with `stop`."""
    env = {**os.environ, API_VARIABLE: server.api, TOKEN_VARIABLE: server.token}
    argv = [sys.executable, "-m", "festival.cli", "bot", str(match), "--host-role", "Duel Host"]
    return started(argv, stop, cwd=ROOT, env=env)


@pytest.mark.slow
def test_a_bot_killed_between_storing_and_answering_answers_the_retry_once_from_the_store(
    toy_match: Path, tmp_path: Path
) -> None:
    inbox = tmp_path / "inbox"
    assert main(["templates", str(toy_match), "--out", str(inbox)]) == 0
    seat = ["seat", str(toy_match), "--player", "Spadez", "--user", str(ASH.id)]
    assert main([*seat, "--channel", str(ASH_ROOM)]) == 0
    with BotApiServer() as server:
        server.stall_followups = True  # the answer never gets through: the bot is killed first
        with _bot_process(server, toy_match, signal.SIGKILL) as first:
            server.wait_for(lambda: server.connected() or first.poll() is not None)
            assert server.connected(), first.stop()
            attachment = server.upload(
                "Spadez.xlsx", filled(inbox / "Spadez.xlsx"), channel=ASH_ROOM
            )
            interaction = server.interaction(ASH, "submit", {"file": attachment}, None, ASH_ROOM)
            server.deliver(interaction)
            server.wait_for(lambda: server.stalled == 1 or first.poll() is not None)
            assert server.stalled == 1  # stored, and answering
            room = Room(toy_match, inbox, server)
            assert room.raws() == 1
        server.wait_for(lambda: not server.gateway.connected.is_set())
        server.stall_followups = False
        with _bot_process(server, toy_match) as again:
            server.wait_for(lambda: server.gateway.connected.is_set() or again.poll() is not None)
            iid = server.deliver(interaction)  # Discord's retry of the same interaction
            sent = server.wait_followup(iid)
            assert sent.content.startswith("Ready: this counts for round 1")
            assert sent.ephemeral
            done = server.command(ASH, "submission", channel=ASH_ROOM, wait=False)
            assert "Alchemy: ready" in room.answer(done).content
            assert len(server.followups(iid)) == 1
            assert room.raws() == 1  # nothing stored twice, nothing lost
            ended = again.stop()  # Ctrl-C
    out, err = ended.out, ended.err
    assert "Hand-ins (/submit) from Spadez in channel 900020" in out
    assert server.token not in out + err


def test_another_rounds_workbook_is_kept_as_late_and_the_open_round_is_untouched(
    room: Room, tmp_path: Path
) -> None:
    path = numbers_json(room.match, 1, lambda p, e: (len(p) + len(e)) % 5 + 1)
    assert main(["resolve", str(room.match), "--from", str(path)]) == 0
    assert main(["templates", str(room.match), "--out", str(tmp_path / "round-2")]) == 0
    iid = room.submit(ASH, filled(room.inbox / "Spadez.xlsx"))  # round 1's, in round 2
    sent = room.answer(iid)
    assert "round 1 is closed" in sent.content
    _private_and_clean(sent, room)
    now = room.answer(room.server.command(ASH, "submission", channel=ASH_ROOM, wait=False))
    assert "round 2" in now.content and "Alchemy: nothing yet" in now.content


def test_one_bot_for_a_match_and_its_duels_seats_each_where_the_host_types(
    toy_match: Path,
) -> None:
    from festival.duels import service as duels

    duel = toy_match / "duels" / "ash-birch"
    duels.create(duel, "element", "summary", {}, ["Ash", "Birch"], 18)
    duels.seat(duel, CHANNEL, {})
    hall = Hall(toy_match, MatchHandIns())
    with BotApiServer() as server, running_bot(server, [duel], "Duel Host", hall=hall):
        room = Room(toy_match, toy_match, server)
        in_duel = {"player": "Ash", "user": ASH}
        room.answer(server.command(HOST, "seat", in_duel, group="host", channel=CHANNEL))
        in_room = {"player": "Spadez", "user": ASH}
        said = room.answer(server.command(HOST, "seat", in_room, group="host", channel=ASH_ROOM))
        assert said.content.startswith("Spadez is seated")
        board = server.command(ASH, "board", channel=CHANNEL)
        assert server.answers(board)[0].files  # the duel's commands as before
    assert duels.seating(duel).player_of(ASH.id) == "Ash"
    seat = service.seats(toy_match).of("Spadez")
    assert seat is not None and (seat.user, seat.channel) == (ASH.id, ASH_ROOM)


def test_a_match_bot_with_nobody_seated_is_refused_before_it_starts(
    toy_match: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(TOKEN_VARIABLE, "stand-in-token.abc.def")
    assert main(["bot", str(toy_match), "--host-role", "Duel Host"]) == 2
    err = capsys.readouterr().err
    assert "no player or duel is seated in a Discord channel: run festival seat" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "url",
    [
        "http://cdn.discordapp.com/attachments/1/2/a.xlsx",  # not https
        "https://example.com/attachments/1/2/a.xlsx",
        "https://cdn.discordapp.com.example.com/a.xlsx",
        "file:///etc/passwd",
    ],
)
def test_only_discords_cdn_is_asked_for_an_attachment(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    import aiohttp

    from festival.bot.download import DownloadRefused, Wanted, fetch

    monkeypatch.delenv(API_VARIABLE, raising=False)

    async def attempt() -> str:
        async with aiohttp.ClientSession() as session:
            try:
                await fetch(session, Wanted("a.xlsx", url, 10))
            except DownloadRefused as refused:
                return refused.line
        return "fetched"

    assert asyncio.run(attempt()) == (
        "a.xlsx is not on Discord's file server: nothing was kept; send it again"
    )


def test_the_webhooks_files_user_column_seats_a_player_once_their_channel_is_named(
    toy_match: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    token = "t" * 68
    hooks = tmp_path / "webhooks.csv"
    hooks.write_text(
        "player,webhook,user\n"
        f"host,https://discord.com/api/webhooks/100000000000000001/{token},\n"
        f"Wren,https://discord.com/api/webhooks/100000000000000002/{token},<@123456789012345678>\n"
    )
    assert main(["discord", str(toy_match), "--webhooks", str(hooks)]) == 0
    seat = service.seats(toy_match).of("Wren")
    assert seat is not None and (seat.user, seat.channel) == (123456789012345678, None)
    capsys.readouterr()
    assert (
        main(["seat", str(toy_match), "--player", "Wren", "--channel", "223456789012345678"]) == 0
    )
    said = capsys.readouterr().out
    assert said == "Wren on Discord: user 123456789012345678, channel 223456789012345678.\n"
    assert [s.player for s in service.seats(toy_match).seated] == ["Wren"]
