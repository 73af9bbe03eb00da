"""One way in (issue 37): every front end turns an act into the same typed duel command for the
one dispatcher (festival/duels/dispatcher.py). The command line and the dashboard's duel desk
send it as the host; the Discord bot as the player who sent the slash command, or, for a
/host command, as a member with the host's role. The dispatcher is watched: each front end's
act is recorded as the command and the actor it reached the dispatcher with."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from dashboard import duels_orders_desk, duels_page
from festival.cli.main import main
from festival.duels import service
from festival.duels.acts import (
    BotMove,
    Command,
    Play,
    Resign,
    Seat,
    SetClock,
    Undo,
    Verb,
)
from festival.duels.levels import Level
from tests.support.discord.run import ASH, HOST, Table, hosted

Sent = tuple[Command, str | None, bool]
"""a command, and its actor's player and whether they hold the host's role"""

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


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[Sent]:
    """What reached the dispatcher (then done as ever)."""
    seen: list[Sent] = []
    dispatch = service.dispatch

    def watched(folder: Path, command: Command, actor: service.Actor, origin: Any) -> Any:
        seen.append((command, actor.player, actor.host))
        return dispatch(folder, command, actor, origin)

    monkeypatch.setattr(service, "dispatch", watched)
    return seen


def _send(front: str, how: Any, table: Table) -> None:
    if front == "cli":
        main([word.format(duel=table.folder) for word in how])
    elif front == "discord":
        user, name, options, group = how
        table.server.command(user, name, options, group)
    else:
        act: Callable[[Path], object] = how
        act(table.folder)


@pytest.mark.parametrize("act", list(ACTS))
def test_every_front_end_reaches_the_same_command(act: str, table: Table, sent: list[Sent]) -> None:
    expected, fronts = ACTS[act]
    for front, how in fronts.items():
        sent.clear()
        _send(front, how, table)
        assert sent == [expected], front


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
