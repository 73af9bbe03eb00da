"""The Discord duel bot, through discord.py's real client against the local stand-in
(tests/support/discord/interactions.py, gateway.py): who may act, wrong and repeated input,
a dropped connection, sealed orders, the host's commands, the clock, least privilege."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from festival.duels import host as duel_host
from festival.duels import service
from festival.duels import store as duel_store
from festival.duels.lock import duel_exclusive
from festival.duels.origin import Origin, Via
from festival.duels.store import DuelStore
from tests.support.discord.interactions import OTHER_CHANNEL, BotApiServer, User
from tests.support.discord.run import ASH, BIRCH, HOST, SPECTATOR, Table, hosted


def _element(tmp_path: Path, **options: Any) -> Path:
    folder = tmp_path / "duel"
    service.create(folder, "element", "summary", options, ["Ash", "Birch"], 18)
    return folder


FIRST_STONES = {"count": 4, "stones": "AWFE"}
"""the sample duel's first draw (fixtures/element/sample-duel.json), made by a dice bot"""
FIRST_MOVES = "UL, E H11, W A8, F C6, A J9"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with hosted(_element(tmp_path), ["Ash", "Birch"]) as t:
        yield t


def _only_private_line(t: Table, iid: int) -> str:
    (answer,) = t.server.answers(iid)
    assert answer.ephemeral and "\n" not in answer.content and answer.content
    return answer.content


@pytest.mark.parametrize(
    ("user", "name", "options", "group", "said"),
    [
        (BIRCH, "take", {"count": 2}, None, "It is Ash's turn, not yours."),
        (BIRCH, "play", {"text": "take 2"}, None, "It is Ash's turn, not yours."),
        (BIRCH, "confirm", None, None, "It is Ash's turn, not yours."),
        (BIRCH, "undo", None, None, "It is Ash's turn, not yours."),
        (SPECTATOR, "take", {"count": 1}, None, "You do not play in this duel."),
        (SPECTATOR, "resign", None, None, "You do not play in this duel."),
        (ASH, "undo", None, "host", "Only the host may do that."),
        (ASH, "clock", {"action": "start"}, "host", "Only the host may do that."),
        (ASH, "timeout", {"player": "Birch"}, "host", "Only the host may do that."),
        (BIRCH, "resign", {"player": "Ash"}, "host", "Only the host may do that."),
        (SPECTATOR, "take", {"count": 2, "stones": "FF"}, "host", "Only the host may do that."),
        (ASH, "seat", {"player": "Birch", "user": SPECTATOR}, "host", "Only the host may do"),
        (ASH, "orders", {"text": "d2-d4"}, None, "not played by sealed orders"),
        (ASH, "undo", None, None, "The last action is not yours to take back."),
    ],
)
def test_only_the_player_to_act_acts_others_get_one_private_line(
    table: Table, user: User, name: str, options: dict[str, Any] | None, group: str | None,
    said: str,
) -> None:  # fmt: skip
    iid = table.server.command(user, name, options, group)
    assert said in _only_private_line(table, iid)
    assert (table.raws(), table.steps()) == (0, 0)  # nothing stored, nothing changed


def test_a_command_in_a_channel_without_a_duel_is_refused(table: Table) -> None:
    iid = table.server.command(ASH, "take", {"count": 2}, channel=OTHER_CHANNEL)
    assert _only_private_line(table, iid) == "No duel is played in this channel."
    assert table.raws() == 0


def test_a_turn_is_recorded_with_its_discord_origin_and_the_board_pings_the_next(
    table: Table,
) -> None:
    server = table.server
    iid = server.command(HOST, "take", FIRST_STONES, "host")
    first = server.answers(iid)[0]
    assert not first.ephemeral and first.content.startswith("the host: take 4 AWFE")
    server.command(ASH, "play", {"text": FIRST_MOVES})
    iid = server.command(ASH, "confirm")
    (turn,) = server.answers(iid)
    assert "<@12>" in turn.content and turn.mentions["users"] == [12]
    assert [name for name, _ in turn.files] == ["board.png"]
    assert turn.files[0][1].startswith(b"\x89PNG")
    store = DuelStore.open(table.folder)
    try:
        raws = store.raws()
    finally:
        store.close()
    assert {r.source.via for r in raws} == {Via.DISCORD}
    assert raws[0].source.detail.endswith("user 30") and raws[0].player == "Ash"
    assert raws[1].source.detail.endswith("user 11") and raws[1].player == "Ash"


def test_malformed_text_is_kept_and_answered_with_the_games_errors(table: Table) -> None:
    iid = table.server.command(ASH, "play", {"text": "take seven, fly"})
    (answer,) = table.server.answers(iid)
    assert answer.ephemeral and "kept as input 1" in answer.content
    assert (table.raws(), table.steps()) == (1, 0)


def test_a_player_may_not_name_the_stones_of_a_draw(table: Table) -> None:
    iid = table.server.command(ASH, "play", {"text": "take 2 FF"})
    assert "the duel's seed" in table.server.answers(iid)[0].content
    assert (table.raws(), table.steps()) == (1, 0)


def test_take_draws_with_the_duels_seed_as_festival_duel_draw_does(
    table: Table, tmp_path: Path
) -> None:
    cli = _element(tmp_path / "cli")
    drawn = service.draw(cli, 3, None, None)
    assert drawn.entered is not None
    table.server.command(ASH, "take", {"count": 3})
    assert service.log(table.folder).lines[0].words == drawn.entered.words[0]


def test_an_interaction_delivered_twice_is_applied_once(table: Table) -> None:
    server = table.server
    iid = server.deliver(server.interaction(ASH, "take", {"count": 2}), times=2)
    server.wait_answer(iid)
    server.command(ASH, "status")  # handled after both deliveries (one lock per duel)
    assert (table.raws(), table.steps()) == (1, 1)
    assert len(server.answers(iid)) == 1  # Discord refused the second answer (40060)


def test_across_a_dropped_connection_nothing_is_lost_or_doubled(table: Table) -> None:
    server = table.server
    server.command(HOST, "take", FIRST_STONES, "host")
    server.drop()
    iid = server.deliver(server.interaction(ASH, "play", {"text": FIRST_MOVES}))
    server.wait_answer(iid)  # sent while the bot was away: the resume delivers it
    assert server.gateway.resumes == 1
    server.drop()
    server.command(ASH, "confirm")
    assert server.gateway.resumes == 2
    assert (table.raws(), table.steps()) == (3, 7)
    assert service.status(table.folder).after.progress.startswith("Birch")


def test_a_rate_limited_answer_is_sent_after_retry_after(table: Table) -> None:
    table.server.rate_limit_next(2, 0.05)
    iid = table.server.command(ASH, "status")
    assert table.server.limited == 2
    assert "Ash to play" in table.server.answers(iid)[0].content


def test_a_command_line_holding_the_duel_makes_the_bot_say_busy(table: Table) -> None:
    with duel_exclusive(table.folder):
        iid = table.server.command(ASH, "take", {"count": 2})
        assert "another festival command" in _only_private_line(table, iid)
    assert table.raws() == 0
    service.draw(table.folder, 1, None, None)  # the command line, then the bot, on one duel
    table.server.command(ASH, "play", {"text": "undo-nothing"})
    assert (table.raws(), table.steps()) == (2, 1)


def test_the_host_starts_the_clock_undoes_and_records_a_time_out(table: Table) -> None:
    server = table.server
    iid = server.command(HOST, "clock", {"action": "start"}, "host")
    assert server.answers(iid)[0].content.startswith("clock running for Ash")
    server.command(HOST, "take", FIRST_STONES, "host")
    server.command(ASH, "play", {"text": "UL"})
    iid = server.command(HOST, "undo", group="host")
    assert "Took back Ash's UL" in server.answers(iid)[0].content
    iid = server.command(HOST, "timeout", {"player": "Ash"}, "host")
    assert "The duel is over" in server.answers(iid)[0].content
    assert service.log(table.folder).winner == service.Winner(
        "Birch", "time", "Ash ran out of time; Birch wins"
    )


def test_the_host_seats_a_player_who_then_acts_for_them(table: Table) -> None:
    server = table.server
    iid = server.command(HOST, "seat", {"player": "zed", "user": SPECTATOR}, "host")
    assert "'zed' does not play in this duel" in _only_private_line(table, iid)
    interaction = server.interaction(HOST, "seat", {"player": "ash", "user": SPECTATOR}, "host")
    iid = server.deliver(interaction, times=2)  # Discord delivering twice: seated once
    first = server.wait_answer(iid)
    server.command(HOST, "status")  # handled after both deliveries (one lock per duel)
    assert first.content.startswith("Ash is now played by Discord user 20.\n")
    assert (table.raws(), table.steps()) == (2, 0)  # each seating stored, the wrong one too
    assert service.seating(table.folder).player_of(SPECTATOR.id) == "Ash"
    server.command(HOST, "take", FIRST_STONES, "host")
    iid = server.command(SPECTATOR, "play", {"text": FIRST_MOVES})
    assert server.answers(iid)[0].content.startswith(f"Ash: {FIRST_MOVES}\n")


def test_the_bot_asks_for_no_message_content_and_registers_only_its_commands(
    table: Table,
) -> None:
    import discord

    (identify,) = table.server.gateway.identified
    assert identify["token"] is True and identify["intents"] == discord.Intents.default().value
    assert not identify["intents"] & discord.Intents(message_content=True).value
    names = {c["name"] for c in table.server.commands}
    assert names == {"board", "status", "play", "orders", "take", "confirm", "undo", "resign",
                     "host"}  # fmt: skip
    (host,) = [c for c in table.server.commands if c["name"] == "host"]
    assert {o["name"] for o in host["options"]} == {
        "undo", "clock", "timeout", "resign", "take", "seat"
    }  # fmt: skip


def test_sealed_orders_are_answered_privately_and_the_resolved_turn_publicly(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "duel"
    service.create(folder, "elementarium", None, {}, ["Ash", "Birch"], 5)
    with hosted(folder, ["Ash", "Birch"]) as t:
        server = t.server
        iid = server.command(ASH, "play", {"text": "d2-d4"})
        assert "sealed orders" in _only_private_line(t, iid)
        iid = server.command(ASH, "orders", {"text": "d2-d4, e2-e4, i2-h4"})
        server.wait_for(lambda: len(server.answers(iid)) == 2)
        private, public = server.answers(iid)
        assert private.ephemeral and "d2-d4" in private.content
        assert not public.ephemeral and "d2-d4" not in public.content
        assert "Ash's orders are in (sealed)" in public.content
        iid = server.command(BIRCH, "undo")  # not Birch's orders to take back
        assert "not yours" in _only_private_line(t, iid)
        iid = server.command(ASH, "undo")  # Ash changes their mind before Birch's are in
        assert "Took back Ash's orders" in server.answers(iid)[0].content
        server.command(ASH, "orders", {"text": "d2-d4, e2-e4, i2-h4"})
        iid = server.command(BIRCH, "orders", {"text": "a9-a8, g8-g6, k9-k7"})
        server.wait_for(lambda: len(server.answers(iid)) == 2)
        private, public = server.answers(iid)
        assert private.ephemeral and not public.ephemeral
        assert public.files and "<@11>" in public.content and "<@12>" in public.content
        assert "Ash moved d2 to d4" in public.content  # the resolved turn, in the game's words


@pytest.fixture
def now(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The duels' clock, moved by the test (now[0]), so the timekeeper's readings do not
    depend on how fast a busy machine runs it."""
    at = [1000.0]
    monkeypatch.setattr(duel_store, "clock_now", lambda: at[0])
    monkeypatch.setattr(duel_host, "clock_now", lambda: at[0])
    return at


def test_the_clock_warning_and_the_time_out_are_announced_when_they_happen(
    tmp_path: Path, now: list[float]
) -> None:
    folder = _element(tmp_path, turn_seconds=1, reserve_seconds=0)
    with hosted(folder, ["Ash", "Birch"], warn_seconds=0.9, every=0.05) as t:
        service.clock(folder, True)  # the bot is watching: 1 s left, above the warning's 0.9
        now[0] += 0.5  # 0.5 s left: warned
        t.server.wait_for(lambda: len(t.server.channel_messages()) >= 1)
        now[0] += 1.0  # the turn is over: the loss is recorded and announced
        t.server.wait_for(lambda: len(t.server.channel_messages()) >= 2)
        warning, lost = t.server.channel_messages()[:2]
        assert warning.content.startswith("<@11>: 0:0")
        assert warning.content.endswith("left before you lose on time.")
        assert warning.mentions["users"] == [11]
        assert lost.content == "Time ran out: Ash ran out of time; Birch wins."
    assert service.log(folder).winner is not None


def test_a_loss_on_time_recorded_while_no_bot_ran_is_announced_once_when_it_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    watched: list[Path] = []  # the clock read by the bot, once a run
    read = service.watch

    def counted(folder: Path) -> service.Watched:
        watched.append(folder)
        return read(folder)

    monkeypatch.setattr(service, "watch", counted)
    folder = _element(tmp_path)
    host = service.Actor(None, host=True)
    service.dispatch(folder, service.Resign("Ash", time=True), host, Origin(Via.TEXT))  # no bot
    assert not service.watch(folder).announced
    with hosted(folder, ["Ash", "Birch"], every=0.05) as t:
        t.server.wait_for(lambda: bool(t.server.channel_messages()))
        t.server.wait_for(lambda: service.watch(folder).announced)
        (lost,) = t.server.channel_messages()
        assert lost.content == "Time ran out: Ash ran out of time; Birch wins."
    with hosted(folder, ["Ash", "Birch"], every=0.05) as t:  # started again: said already
        iid = t.server.command(SPECTATOR, "status")
        rounds = len(watched)
        t.server.wait_for(lambda: len(watched) >= rounds + 3)  # several runs of its clock
        assert [m.content for m in t.server.channel_messages()] == []
        assert "Birch wins" in t.server.answers(iid)[0].content


def test_an_unknown_session_is_identified_anew_and_play_goes_on(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def at_once(shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py waits 5 s before identifying again (Discord's identify limit); the
        stand-in has none."""

    monkeypatch.setattr(table.bot, "before_identify_hook", at_once)
    server = table.server
    server.gateway.sessions.clear()  # Discord forgot the session: its RESUME is refused
    server.drop()
    server.wait_for(lambda: len(server.gateway.identified) == 2)
    server.wait_for(server.connected)
    iid = server.command(ASH, "take", {"count": 1})
    assert server.answers(iid)[0].content.startswith("Ash: take 1 ")
    assert server.gateway.resumes == 0 and server.gateway.heartbeats >= 2


def test_the_token_never_shows_in_the_log(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with hosted(_element(tmp_path), ["Ash", "Birch"]) as t:
        t.server.command(ASH, "take", {"count": 2})
        t.server.drop()
        t.server.command(BIRCH, "play", {"text": "zz"})
        token = t.server.token
    assert "INTERACTION_CREATE" in caplog.text  # discord.py's debug log was captured
    assert token not in caplog.text


@pytest.mark.parametrize(
    ("query", "refused"),
    [
        ("v=10&encoding=json&compress=zstd-stream", "400"),
        ("v=9&encoding=json", "4012"),
        ("v=10&encoding=etf", "4002"),
    ],
)
def test_the_gateway_stand_in_refuses_what_it_does_not_speak(query: str, refused: str) -> None:
    import aiohttp

    async def dial(url: str) -> str:
        async with aiohttp.ClientSession() as session:
            try:
                async with session.ws_connect(url) as ws:
                    async for _ in ws:
                        pass
                    return str(ws.close_code)
            except aiohttp.WSServerHandshakeError as exc:
                return str(exc.status)

    with BotApiServer() as server:
        assert asyncio.run(dial(f"{server.gateway.url}?{query}")) == refused
