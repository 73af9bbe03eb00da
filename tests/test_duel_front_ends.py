"""One way in (issue 37): every front end turns an act into the same typed duel command for the
one dispatcher (festival/duels/dispatcher.py), or, for a duel not made yet, the service's one
door for a new duel (`begin`). The command line and the dashboard's duel desks send it as the
host; the Discord bot as the player who sent the slash command, or, for a /host command, as a
member with the host's role; the practice bot as itself. The dispatcher and the door are
watched: each front end's act is recorded as the command, the actor and the way it came
(its origin) it reached them with."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from dashboard import duels_orders_desk, duels_page
from festival.cli.main import main
from festival.discord.duel_posting import DuelWebhooks
from festival.duels import practice, service
from festival.duels.acts import (
    AnnounceTimeOut,
    BotMove,
    Command,
    DiscordSetup,
    FromTabs,
    GoogleSetup,
    GoogleTabs,
    HoldAll,
    Inbox,
    NewDuel,
    OrderSheets,
    Play,
    Post,
    PracticeAnswer,
    Resign,
    ResolveOrders,
    Seat,
    SetClock,
    StartPractice,
    Undo,
    Verb,
    Workbooks,
)
from festival.duels.levels import Level
from festival.duels.origin import Origin, Via
from festival.google.duel_google import GoogleOrderSheets
from tests.support.discord.interactions import BotApiServer
from tests.support.discord.run import ASH, HOST, Table, hosted

Sent = tuple[Command, str | None, bool]
"""a command, and its actor's player and whether they hold the host's role"""

VIA = {
    "cli": {Via.TEXT, Via.DRAW},
    "desk": {Via.DESK},
    "orders desk": {Via.DESK},
    "discord": {Via.DISCORD},
    "practice": {Via.DISCORD},
    "practice bot": {Via.BOT},
}
"""the ways in (the origin's `via`) each front end sends its commands by"""

ACTS: dict[str, tuple[Sent, dict[str, Any]]] = {
    "the host takes back the last action": (
        (Undo(host=True), None, True),
        {
            "cli": ["duel", "undo", "{duel}"],
            "discord": (HOST, "undo", None, "host"),
            "desk": lambda duel: duels_page._undo(duel),
        },
    ),
    "the host starts the clock": (
        (SetClock(True), None, True),
        {
            "cli": ["duel", "clock", "{duel}", "start"],
            "discord": (HOST, "clock", {"action": "start"}, "host"),
            "desk": lambda duel: duels_page._clock(duel, True),
        },
    ),
    "the host records stones drawn elsewhere": (
        (Verb("take", ("4", "AWFE"), None, host=True), None, True),
        {
            "cli": ["duel", "draw", "{duel}", "4", "--stones", "AWFE"],
            "discord": (HOST, "take", {"count": 4, "stones": "AWFE"}, "host"),
        },
    ),
    "the host enters a player's actions": (
        (Play("take 4 AWFE", "Ash", host=True), None, True),
        {
            "cli": ["duel", "play", "{duel}", "take 4 AWFE", "--player", "Ash"],
            "desk": lambda duel: duels_page._play(duel, "take 4 AWFE", "Ash"),
            "orders desk": lambda duel: duels_orders_desk._play(duel, "take 4 AWFE", "Ash"),
        },
    ),
    "the host seats a player": (
        (Seat((("Ash", ASH.id),)), None, True),
        {
            "cli": ["duel", "seat", "{duel}", "--user", f"Ash={ASH.id}"],
            "discord": (HOST, "seat", {"player": "Ash", "user": ASH}, "host"),
        },
    ),
    "a bot plays a player's turn": (
        (BotMove("Ash", "mcts", Level.EASY), None, True),
        {
            "cli": ["duel", "play", "{duel}", "--bot", "Ash", "--bot-level", "easy"],
            "desk": lambda duel: duels_page._bot(duel, "Ash", Level.EASY),
        },
    ),
    "a player confirms their turn": (
        (Play("confirm"), "Ash", False),
        {"discord": (ASH, "confirm", None, None)},
    ),
    "a player resigns": (
        (Resign(), "Ash", False),
        {"discord": (ASH, "resign", None, None)},
    ),
    "the host records a loss on time": (
        (Resign("Ash", time=True), None, True),
        {"discord": (HOST, "timeout", {"player": "Ash"}, "host")},
    ),
}


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    folder = tmp_path / "duel"
    service.create(folder, "element", "summary", {}, ["Ash", "Birch"], 18)
    with hosted(folder, ["Ash"]) as t:
        yield t


@dataclass
class Watched:
    """What reached the dispatcher and the door for a new duel (then done as ever)."""

    sent: list[Sent]
    ways: list[Via]
    bots: list[bool]
    """whether each actor was a bot"""
    origins: list[Origin]

    def clear(self) -> None:
        self.sent.clear()
        self.ways.clear()
        self.bots.clear()
        self.origins.clear()


@pytest.fixture
def watched(monkeypatch: pytest.MonkeyPatch) -> Watched:
    seen = Watched([], [], [], [])

    def watch(door: Callable[..., Any]) -> Callable[..., Any]:
        def watching(where: Path, command: Any, actor: service.Actor, origin: Origin) -> Any:
            seen.sent.append((command, actor.player, actor.host))
            seen.ways.append(origin.via)
            seen.bots.append(actor.bot)
            seen.origins.append(origin)
            return door(where, command, actor, origin)

        return watching

    monkeypatch.setattr(service, "dispatch", watch(service.dispatch))
    monkeypatch.setattr(service, "begin", watch(service.begin))
    return seen


@pytest.fixture
def sent(watched: Watched) -> list[Sent]:
    return watched.sent


def _send(front: str, how: Any, table: Table) -> Origin | None:
    """The act sent through the front end; for the bot, the origin it must give (the
    interaction and its sender, the key applied once)."""
    if front == "cli":
        main([word.format(duel=table.folder) for word in how])
    elif front == "discord":
        user, name, options, group = how
        return Origin.discord(table.server.command(user, name, options, group), user.id)
    else:
        act: Callable[[Path], object] = how
        act(table.folder)
    return None


@pytest.mark.parametrize("act", list(ACTS))
def test_every_front_end_reaches_the_same_command(act: str, table: Table, watched: Watched) -> None:
    expected, fronts = ACTS[act]
    for front, how in fronts.items():
        watched.clear()
        origin = _send(front, how, table)
        assert watched.sent == [expected], front
        assert set(watched.ways) <= VIA[front] and watched.bots == [False], front
        if origin is not None:
            assert watched.origins == [origin], front


# --- a duel by sealed orders: its workbooks, spreadsheets and channel -----------------------

SHEETS = GoogleOrderSheets(None)
"""the Google adapter's port, as the command line hands it in (no credentials named)"""

SEALED_ACTS: dict[str, tuple[Callable[[Path], Command], dict[str, Any]]] = {
    "the host writes the turn's order workbooks": (
        lambda at: OrderSheets(Workbooks(at / "out")),
        {"cli": ["duel", "sheets", "{duel}", "--out", "{at}/out"]},
    ),
    "the host pushes the turn's order tabs": (
        lambda at: OrderSheets(GoogleTabs(SHEETS, force=True)),
        {"cli": ["duel", "sheets", "{duel}", "--google", "--force"]},
    ),
    "the host records whose spreadsheet is whose": (
        lambda at: GoogleSetup(at / "sheets.csv", SHEETS),
        {"cli": ["duel", "google", "{duel}", "--sheets", "{at}/sheets.csv"]},
    ),
    "the host resolves the turn from an inbox": (
        lambda at: ResolveOrders(Inbox(at / "inbox", hold_missing=True)),
        {"cli": ["duel", "resolve", "{duel}", "--from", "{at}/inbox", "--hold-missing"]},
    ),
    "the host resolves the turn from the spreadsheets": (
        lambda at: ResolveOrders(FromTabs(SHEETS)),
        {"cli": ["duel", "resolve", "{duel}", "--google"]},
    ),
    "the host records the duel's Discord channel": (
        lambda at: DiscordSetup(at / "hooks.csv", DuelWebhooks()),
        {"cli": ["duel", "discord", "{duel}", "--webhooks", "{at}/hooks.csv"]},
    ),
    "the host posts the board to the duel's channel": (
        lambda at: Post(DuelWebhooks()),
        {"cli": ["duel", "post", "{duel}"]},
    ),
    "the host posts, saying a cut message arrived": (
        lambda at: Post(DuelWebhooks(), at / "hooks.csv", mark_sent="123"),
        {"cli": ["duel", "post", "{duel}", "--webhooks", "{at}/hooks.csv", "--mark-sent", "123"]},
    ),
    "the host holds every player still awaited": (
        lambda at: HoldAll(),
        {"orders desk": lambda duel: duels_orders_desk._resolve(duel)},
    ),
    "a bot seals a player's orders": (
        lambda at: BotMove("Ash", "mcts", Level.EASY),
        {
            "cli": ["duel", "play", "{duel}", "--bot", "Ash", "--bot-level", "easy"],
            "orders desk": lambda duel: duels_orders_desk._bot(duel, "Ash", Level.EASY),
        },
    ),
}


@pytest.mark.parametrize("act", list(SEALED_ACTS))
def test_every_front_end_reaches_the_same_command_of_sealed_orders(
    act: str, tmp_path: Path, watched: Watched, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A command that reaches Google or Discord carries the adapter's port (called by the
    dispatcher inside the duel's lock); here the files it names are missing, so the command
    is refused after it reached the dispatcher, which is all this test asks."""
    monkeypatch.delenv("FESTIVAL_GOOGLE_CREDENTIALS", raising=False)
    folder = tmp_path / "duel"
    service.create(folder, "elementarium", None, {}, ["Ash", "Birch"], 5)
    expected, fronts = SEALED_ACTS[act]
    for front, how in fronts.items():
        watched.clear()
        if front == "cli":
            main([word.format(duel=folder, at=tmp_path) for word in how])
        else:
            how(folder)
        assert watched.sent == [(expected(tmp_path), None, True)], front
        assert set(watched.ways) <= VIA[front], front


# --- a duel not made yet: the door for a new duel -----------------------------------------


def test_the_host_creates_a_duel_through_the_door_for_a_new_duel(
    tmp_path: Path, watched: Watched
) -> None:
    folder = tmp_path / "new"
    args = ["--game", "alchelemental", "--players", "Ash,Birch", "--seed", "3"]
    more = ["--board", "battleground", "--option", "x=1", "--discord-user", f"Ash={ASH.id}"]
    main(["duel", "new", str(folder), *args, *more, "--discord-channel", "7"])
    new = NewDuel("alchelemental", ("Ash", "Birch"), None, (("x", 1),), 3, "battleground", 7,
                  (("Ash", ASH.id),))  # fmt: skip
    assert watched.sent == [(new, None, True)] and watched.ways == [Via.TEXT]


def test_a_player_starts_a_practice_duel_and_the_practice_bot_answers(
    tmp_path: Path, watched: Watched
) -> None:
    """/practice reaches the door for a new duel as the player who asked (no seat yet, not
    the host), from their interaction; the bot's first turn reaches the dispatcher as the
    practice bot."""
    from tests.support.discord.interactions import OTHER_CHANNEL
    from tests.support.discord.run import running_bot

    base = tmp_path / "practice"
    asked = {"game": "halma", "level": "easy", "first": "bot"}
    with BotApiServer() as server, running_bot(server, [], practice_folder=base,
                                               practice_channels=[OTHER_CHANNEL]):  # fmt: skip
        iid = server.command(ASH, "practice", asked, channel=OTHER_CHANNEL)
        server.wait_for(lambda: len(server.answers(iid)) >= 2)  # the board, the bot's turn
    start = StartPractice(practice.ask("halma", "easy", "bot"), OTHER_CHANNEL, ASH.id, ASH.name)
    assert watched.sent == [(start, None, False), (PracticeAnswer(), None, False)]
    assert watched.ways == [Via.DISCORD, Via.BOT] and watched.bots == [False, True]


def test_a_players_own_command_sent_as_the_host_is_refused_and_stores_nothing(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "duel"
    service.create(folder, "element", "summary", {}, ["Ash", "Birch"], 18)
    with pytest.raises(service.HostRefused) as refused:
        service.as_host(folder, Play("take 2"))  # not marked the host's: the player's own
    assert refused.value.refusal == service.Refusal(service.Refused.SPECTATOR)
    assert service.log(folder).lines == ()


def test_the_duels_page_reads_values_not_a_live_duel(tmp_path: Path) -> None:
    """What the Duels page and the orders desk draw is a value: no open duel, store or
    clock is handed out (issue 37)."""
    from festival.duels.host import Duel
    from festival.duels.store import DuelStore

    folder = tmp_path / "duel"
    service.create(folder, "element", "summary", {}, ["Ash", "Birch"], 18)
    service.draw(folder, 4, None, "Ash")
    history = service.history(folder)
    held = [*vars(history).values(), *vars(history.desk).values()]
    assert not any(isinstance(value, Duel | DuelStore) for value in held)
    assert history.desk.to_act == ("Ash",) and history.desk.after.over is None
    assert history.words and history.picture(0) != history.picture()


def test_the_duel_demo_goes_through_the_doors_as_the_host(tmp_path: Path, watched: Watched) -> None:
    """`festival duel demo` makes the sample duel through the door for a new duel and plays
    each of its turns as a `Play` the host sends through the dispatcher, from the demo."""
    import json

    sample = json.loads(
        (Path(__file__).parents[1] / "fixtures/element/sample-duel.json").read_text()
    )
    main(["duel", "demo", str(tmp_path / "demo")])
    options = tuple(sample.get("options", {}).items())
    new = NewDuel(sample["game"], tuple(sample["players"]), sample["variant"], options,
                  sample["seed"])  # fmt: skip
    plays = [(Play(t["text"], t["player"], host=True), None, True) for t in sample["turns"]]
    assert watched.sent == [(new, None, True), *plays]
    assert set(watched.ways) == {Via.DEMO} and not any(watched.bots)


def test_a_loss_on_time_announced_is_a_command_of_the_clock_bot(tmp_path: Path) -> None:
    """The bot keeping the clock records the announcement through the dispatcher
    (`AnnounceTimeOut`, as `CLOCK_BOT`); a player may not send it."""
    folder = tmp_path / "duel"
    service.create(folder, "element", "summary", {}, ["Ash", "Birch"], 18)
    service.as_host(folder, Resign("Ash", time=True))
    steps = service.watch(folder).steps
    player = service.dispatch(folder, AnnounceTimeOut(steps), service.Actor("Birch"),
                              service.TEXT_ORIGIN)  # fmt: skip
    assert player.refused == service.Refusal(service.Refused.NOT_HOST)
    assert not service.watch(folder).announced
    done = service.dispatch(folder, AnnounceTimeOut(steps), service.CLOCK_BOT, service.CLOCK_WATCH)
    assert done.done and service.watch(folder).announced
