"""`/status` for a match (issue #39: "the bot's `/status` shows the next deadline and who is
ready"), through discord.py against the Discord stand-in. One `/status` answers for the
channel it is typed in: a duel's channel gets the duel's status; elsewhere, the match's open
round and its deadline as Discord timestamps, privately, and who is ready as each audience
may see it (docs/rulings.md, "Who is ready"): the host every player's events and where each
hand-in came from; a player in their own channel their own events, and of the others only
how many players are ready; anyone else the count alone. No answer to a player names another
player or shows a host path."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import openpyxl
import pytest

from festival.bot.hand_ins import Hall
from festival.bot.match_hand_ins import MatchHandIns
from festival.cli.main import main
from festival.duels import service as duels
from festival.match import service
from festival.match.round_status import RoundStatus, host_text, player_text, public_text
from festival.match.schedule import HOUR, Deadline, HandIn, Readiness
from festival.match.schedule_acts import SetSchedule
from tests.conftest import PLAYERS
from tests.support.discord.interactions import CHANNEL, OTHER_CHANNEL, BotApiServer, Sent, User
from tests.support.discord.run import ASH, BIRCH, HOST, SPECTATOR, running_bot

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")

D = 2_000_000_000
"""round 1's deadline (UTC epoch seconds, in 2033: open while the tests run)"""
ASH_ROOM = 900_020
BIRCH_ROOM = 900_021


@dataclass
class Room:
    match: Path
    inbox: Path
    duel: Path
    server: BotApiServer

    def status(self, user: User, channel: int) -> Sent:
        iid = self.server.command(user, "status", channel=channel, wait=False)
        self.server.wait_for(lambda: bool(self.server.answers(iid)))
        return self.server.answers(iid)[0]

    def hand_in(self, player: str) -> None:
        """`festival hand-in` of the player's round-1 workbook, filled in."""
        book = openpyxl.load_workbook(self.inbox / f"{player}.xlsx")
        for name in book.sheetnames:
            if name.startswith("Tally"):
                book[name]["B2"] = 3
        filled = self.inbox / f"filled-{player}.xlsx"
        book.save(filled)
        assert main(["hand-in", str(self.match), str(filled), "--player", player]) == 0


@pytest.fixture
def room(toy_match: Path, tmp_path: Path) -> Iterator[Room]:
    """The toy match's round 1 open with its deadline at D; Spadez seated as ASH in ASH_ROOM,
    hedger as BIRCH in BIRCH_ROOM; an Element duel seated in CHANNEL; one bot serving both."""
    inbox = tmp_path / "inbox"
    assert main(["templates", str(toy_match), "--out", str(inbox)]) == 0
    service.run(toy_match, SetSchedule(((1, D), (2, D + 24 * HOUR)), D - 48 * HOUR))
    for player, user, channel in (("Spadez", ASH, ASH_ROOM), ("hedger", BIRCH, BIRCH_ROOM)):
        seat = ["seat", str(toy_match), "--player", player]
        assert main([*seat, "--user", str(user.id), "--channel", str(channel)]) == 0
    duel = tmp_path / "duel"
    duels.create(duel, "element", "summary", {}, ["Ash", "Birch"], 18)
    duels.seat(duel, CHANNEL, {"Ash": ASH.id, "Birch": BIRCH.id})
    hall = Hall(toy_match, MatchHandIns())
    with BotApiServer() as server, running_bot(server, [duel], "Duel Host", hall=hall):
        yield Room(toy_match, inbox, duel, server)


def _round_players(match: Path) -> int:
    return len({c.player for c in service.round_table(match, 1).cells})


def _named(text: str) -> set[str]:
    return {p for p in PLAYERS if re.search(rf"\b{re.escape(p)}\b", text)}


def _clean(sent: Sent, room: Room) -> None:
    """Private, and nothing of the host's machine."""
    assert sent.ephemeral
    for where in (str(room.match), str(room.inbox), str(room.match.parent), "/"):
        assert where not in sent.content.replace("</", "").replace("/submission", "")


def test_a_player_sees_the_deadline_their_own_events_and_how_many_are_ready(room: Room) -> None:
    n = _round_players(room.match)
    before = room.status(ASH, ASH_ROOM)
    assert "**Round 1** of " in before.content
    assert f"Round 1's hand-ins close <t:{D}:F> (<t:{D}:R>)." in before.content
    assert f"Ready: 0 of {n} players." in before.content
    assert "- Alchemy: nothing handed in yet" in before.content
    assert "- Elemental Continuum: nothing handed in yet" in before.content
    _clean(before, room)
    room.hand_in("Spadez")
    room.hand_in("hedger")
    after = room.status(ASH, ASH_ROOM)
    assert f"Ready: 2 of {n} players." in after.content
    assert "- Alchemy: ready" in after.content and "- Elemental Continuum: ready" in after.content
    assert _named(after.content) <= {"Spadez"}  # who else is ready is not told: a count
    _clean(after, room)


def test_another_player_sees_only_their_own_events_and_the_count(room: Room) -> None:
    room.hand_in("Spadez")
    told = room.status(BIRCH, BIRCH_ROOM).content
    assert "Ready: 1 of" in told
    assert "- Alchemy: nothing handed in yet" in told  # hedger's own
    assert "Elemental Continuum" not in told  # Spadez's event, hedger does not play it
    assert _named(told) <= {"hedger"}


@pytest.mark.parametrize(
    ("who", "channel"),
    [
        (SPECTATOR, OTHER_CHANNEL),  # someone not seated, anywhere
        (ASH, BIRCH_ROOM),  # a player in another player's channel
        (ASH, OTHER_CHANNEL),  # a player outside their own channel
    ],
)
def test_anyone_else_sees_the_round_its_deadline_and_the_count_alone(
    room: Room, who: User, channel: int
) -> None:
    room.hand_in("Spadez")
    sent = room.status(who, channel)
    assert f"<t:{D}:F> (<t:{D}:R>)" in sent.content
    assert "Ready: 1 of" in sent.content
    assert "Your events" not in sent.content
    assert _named(sent.content) == set()
    _clean(sent, room)


def test_the_host_sees_every_players_events_and_where_each_came_from(room: Room) -> None:
    room.hand_in("Spadez")
    sent = room.status(HOST, OTHER_CHANNEL)
    assert sent.ephemeral
    told = sent.content
    assert f"<t:{D}:F> (<t:{D}:R>)" in told
    assert f"Round 1 hand-ins: 1 of {_round_players(room.match)} players ready" in told
    assert "- Spadez, Alchemy: ready (CLI)" in told
    assert "- hedger, Alchemy: nothing yet" in told
    assert _named(told) == {c.player for c in service.round_table(room.match, 1).cells}


def test_in_a_duels_channel_status_is_the_duels(room: Room) -> None:
    sent = room.status(SPECTATOR, CHANNEL)
    assert "Ash" in sent.content and "Round 1" not in sent.content
    assert sent.content == room.status(ASH, CHANNEL).content


def test_one_status_command_is_registered(room: Room) -> None:
    names = [c["name"] for c in room.server.commands]
    assert names.count("status") == 1


def test_a_match_without_a_deadline_is_said_so(toy_match: Path) -> None:
    hall = Hall(toy_match, MatchHandIns())
    with BotApiServer() as server, running_bot(server, [], "Duel Host", hall=hall):
        iid = server.command(SPECTATOR, "status", channel=OTHER_CHANNEL, wait=False)
        server.wait_for(lambda: bool(server.answers(iid)))
        told = server.answers(iid)[0].content
    assert "Round 1 has no deadline yet" in told


@pytest.mark.parametrize(
    ("round_no", "finished", "deadline", "said"),
    [
        (None, False, None, "The match has not begun: the events are not allocated yet."),
        (None, True, None, "The match is over: every round is resolved."),
        (2, False, Deadline(2, D, 3, paused_left=5 * HOUR), "paused (5 h left)"),
        (2, False, Deadline(2, D - 60, 1), f"Round 2's hand-ins closed <t:{D - 60}:F>"),
        (2, False, Deadline(2, D + 60, 1), f"Round 2's hand-ins close <t:{D + 60}:F>"),
    ],
)
def test_the_round_and_its_deadline_in_each_state(
    round_no: int | None, finished: bool, deadline: Deadline | None, said: str
) -> None:
    ready = Readiness(2, {"Wren": {"alchemy": HandIn.READY}, "uri": {"alchemy": HandIn.NOTHING}})
    status = RoundStatus(round_no, 6, finished, deadline, ready if round_no else None, None)
    assert said in public_text(status.public(), D)
    assert said in player_text(status.of_player("Wren"), D, str)
    assert said in host_text(status, D, str)
    assert "uri" not in player_text(status.of_player("Wren"), D, str)
