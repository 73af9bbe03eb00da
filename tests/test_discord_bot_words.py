"""The bot's pure pieces: who holds the host's role, and what the clock watcher announces."""

from __future__ import annotations

import pytest

from festival.bot.clock_watch import Watch, news
from festival.bot.who import holds_role
from festival.duels.service import Situation, Watched, Winner


@pytest.mark.parametrize(
    ("roles", "host_role", "holds"),
    [
        ([(5, "Duel Host")], "Duel Host", True),
        ([(5, "duel host")], "Duel Host", True),
        ([(5, "Duel Host")], "5", True),
        ([(5, "Player")], "Duel Host", False),
        ([], "Duel Host", False),
        ([(5, "")], "", False),
    ],
)
def test_the_host_role_is_named_by_name_or_id(
    roles: list[tuple[int, str]], host_role: str, holds: bool
) -> None:
    assert holds_role(roles, host_role) is holds


def _watched(left: float, steps: int = 3, winner: Winner | None = None) -> Watched:
    return Watched(Situation(None, "Ash to play"), winner, True, (("Ash", left),), steps)


LOST = Winner("Birch", "time", "Ash ran out of time; Birch wins")


def test_a_warning_is_given_once_a_turn_and_a_loss_on_time_once() -> None:
    seen = Watch()
    users = {"Ash": 11}
    assert news(_watched(90), seen, 60, users) == []
    assert news(_watched(59), seen, 60, users) == [
        ("<@11>: 0:59 left before you lose on time.", (11,))
    ]
    assert news(_watched(30), seen, 60, users) == []  # the same turn: said already
    assert news(_watched(40, steps=5), seen, 60, {}) == [
        ("Ash: 0:40 left before you lose on time.", ())
    ]
    lost = [("Time ran out: Ash ran out of time; Birch wins.", ())]
    assert news(_watched(0, 5, LOST), seen, 60, users) == lost
    assert news(_watched(0, 5, LOST), seen, 60, users) == []


def test_an_end_that_is_not_on_time_is_left_to_the_command_that_made_it() -> None:
    resigned = Winner("Birch", "resigned", "Ash resigned; Birch wins")
    assert news(_watched(0, 5, resigned), Watch(), 60, {}) == []
