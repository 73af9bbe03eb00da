"""The bot's pure pieces: who holds the host's role, and what it announces of a duel's clock
(when: festival/duels/clock_due.py, pure; the words: festival/bot/duel_clocks.py)."""

from __future__ import annotations

import pytest

from festival.bot.duel_clocks import said
from festival.bot.who import holds_role
from festival.duels.clock_due import ClockStep, clock_due
from festival.duels.service import ClockNote, Situation, Watched, Winner


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


def _watched(
    left: float, steps: int = 3, winner: Winner | None = None, notes: tuple[str, ...] = ()
) -> Watched:
    recorded = tuple(ClockNote(key, "said", ()) for key in notes)
    return Watched(
        Situation(None, "Ash to play"), winner, True, (("Ash", left),), steps, at=100.0,
        notes=recorded,
    )  # fmt: skip


LOST = Winner("Birch", "time", "Ash ran out of time; Birch wins")


def news(watched: Watched, warn: float, users: dict[str, int]) -> list[tuple[str, tuple[int, ...]]]:
    """What the bot says now (the items due at the reading's time), as it words them."""
    due = [d for d in clock_due(watched, warn) if d.at <= watched.at]
    return [said(d, watched, users) for d in due if d.step is not ClockStep.TIME_OUT]


def test_a_warning_is_given_once_a_turn_and_a_loss_on_time_once() -> None:
    users = {"Ash": 11}
    assert news(_watched(90), 60, users) == []
    assert news(_watched(59), 60, users) == [("<@11>: 0:59 left before you lose on time.", (11,))]
    assert news(_watched(30, notes=("warn:3:Ash",)), 60, users) == []  # the same turn: said
    assert news(_watched(40, steps=5, notes=("warn:3:Ash",)), 60, {}) == [
        ("Ash: 0:40 left before you lose on time.", ())
    ]
    lost = [("Time ran out: Ash ran out of time; Birch wins.", ())]
    assert news(_watched(0, 5, LOST), 60, users) == lost
    assert news(_watched(0, 5, LOST, ("lost:5",)), 60, users) == []
    announced = Watched(Situation(None, ""), LOST, False, (), 5, announced=True)
    assert news(announced, 60, users) == []


def test_an_end_that_is_not_on_time_is_left_to_the_command_that_made_it() -> None:
    resigned = Winner("Birch", "resigned", "Ash resigned; Birch wins")
    assert news(_watched(0, 5, resigned), 60, {}) == []


def test_the_clock_plans_the_warning_and_the_time_out_at_their_times() -> None:
    """Read at 100 s with 90 s before Ash loses: warned at 130 s (60 s left), the clock read
    again just after 190 s (the time-out); nothing while the clock is stopped."""
    due = clock_due(_watched(90), 60)
    assert [(d.step, d.at, d.key) for d in due] == [
        (ClockStep.WARN, 130.0, "warn:3:Ash"),
        (ClockStep.TIME_OUT, 190.01, "time-out:3"),
    ]
    stopped = Watched(Situation(None, "Ash to play"), None, False, (), 3, at=100.0)
    assert clock_due(stopped, 60) == []
