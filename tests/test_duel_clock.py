"""The duel clock (festival/duels/clock.py), sequential and simultaneous turns.

docs/rulings.md, "The clock in a simultaneous turn": in an Elementarium turn every player whose
orders are not in is on the clock, from the turn's start until their own orders arrive, and
their overtime is taken from their own reserve. Sequential games keep the clock they had."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from festival.duels import store as duel_store
from festival.duels.clock import INTERVAL, ClockReading, read_clock, running_time, turn_spans
from festival.duels.host import Duel

TURN, RESERVE = 30, 60
RUNNING = [(0.0, True)]


@dataclass(frozen=True)
class Case:
    rule: str
    awaited: list[tuple[str, ...]]
    times: list[float]
    at: float
    waiting: tuple[str, ...]
    used: float
    reserve: dict[str, int]
    out: tuple[str, ...] = ()
    events: Sequence[tuple[float, bool]] = tuple(RUNNING)
    over: bool = False
    """the duel is over: the clock reads as stopped whatever the host's clock says"""


CASES = [
    Case("sequential: the player to act is charged, then the next one's turn runs",
         [("A",), ("A",), ("B",)], [10, 45], 60, ("B",), 15, {"A": 30, "B": 60}),
    Case("sequential: running out of time forfeits",
         [("A",)], [], 100, ("A",), 100, {"A": 0, "B": 60}, ("A",)),
    Case("sequential: a finished duel has no turn under way",
         [("A",), ()], [20], 500, (), 0, {"A": 60, "B": 60}, over=True),
    Case("simultaneous, both awaited: both are on the clock from the turn's start",
         [("A", "B")], [], 50, ("A", "B"), 50, {"A": 30, "B": 30}),
    Case("simultaneous, one in: A's time stopped with A's orders, B's runs from the start",
         [("A", "B"), ("B",)], [40], 100, ("B",), 100, {"A": 30, "B": 0}, ("B",)),
    Case("simultaneous, the other one in: the same, mirrored",
         [("A", "B"), ("A",)], [40], 100, ("A",), 100, {"A": 0, "B": 30}, ("A",)),
    Case("simultaneous, both in: each charged until their own orders; the next turn runs",
         [("A", "B"), ("B",), ("A", "B")], [40, 70], 100, ("A", "B"), 30, {"A": 30, "B": 0}),
    Case("simultaneous: the player with less time left runs out first",
         [("A", "B"), ("B",), ("A", "B")], [40, 70], 125, ("A", "B"), 55, {"A": 0, "B": 0},
         ("B",)),
    Case("simultaneous: two players out at the same moment are both named",
         [("A", "B")], [], 100, ("A", "B"), 100, {"A": 0, "B": 0}, ("A", "B")),
    Case("simultaneous: a stopped clock charges nobody",
         [("A", "B"), ("B",)], [30], 80, ("B",), 50, {"A": 60, "B": 30},
         events=((0.0, True), (20.0, False), (50.0, True))),
    Case("simultaneous, first orders in the second turn: the other one runs from its start",
         [("A", "B"), ("B",), ("A", "B"), ("A",)], [10, 20, 30], 70, ("A",), 50,
         {"A": 30, "B": 60}),
    Case("simultaneous, B's orders first in the second turn: A runs from its start",
         [("A", "B"), ("A",), ("A", "B"), ("B",)], [10, 20, 30], 70, ("B",), 50,
         {"A": 60, "B": 30}),
    Case("simultaneous: the duel ends with a turn's orders: the clock stopped then",
         [("A", "B"), ("B",), ()], [40, 70], 500, (), 0, {"A": 30, "B": 0}, over=True),
    Case("simultaneous: the clock stopped before the end stays stopped",
         [("A", "B"), ()], [40], 500, (), 0, {"A": 30, "B": 30}, over=True,
         events=((0.0, True), (45.0, False))),
    Case("sequential: a loss on time ends the duel: the clock stopped with it",
         [("A",), ()], [100], 1000, (), 0, {"A": 0, "B": 60}, ("A",), over=True),
]  # fmt: skip


def reading(case: Case, players: Sequence[str] = ("A", "B")) -> ClockReading:
    turns = turn_spans(case.awaited, case.times)
    return read_clock(case.events, turns, players, TURN, RESERVE, case.at)


@pytest.mark.parametrize("case", CASES, ids=[c.rule for c in CASES])
def test_the_clock_charges_every_awaited_player(case: Case) -> None:
    got = reading(case)
    assert got.waiting == case.waiting
    assert got.turn_used == case.used
    assert got.turn_left == max(0.0, TURN - case.used)
    assert dict(got.reserve_left) == case.reserve
    assert got.out_of_time == case.out
    assert got.over == case.over
    assert got.running == (not case.over and case.events[-1][1])


@pytest.mark.parametrize("case", CASES, ids=[c.rule for c in CASES])
def test_the_order_of_the_players_decides_nothing(case: Case) -> None:
    first, second = reading(case), reading(case, ("B", "A"))
    assert set(first.waiting) == set(second.waiting)
    assert dict(first.reserve_left) == dict(second.reserve_left)
    assert set(first.out_of_time) == set(second.out_of_time)


def test_a_simultaneous_turn_is_described_for_every_awaited_player() -> None:
    both = reading(CASES[3])
    assert both.describe() == (
        "clock running for A and B: 0:00 of the turn left, 0:50 used; reserve A 0:30, B 0:30"
    )
    assert reading(CASES[8]).describe().startswith("clock running: A and B are both out of time")


@pytest.mark.parametrize(
    ("rule", "turn", "reserve", "said"),
    [
        ("time control, nobody out", TURN, RESERVE,
         "clock stopped: the duel is over (reserve: A 1:00, B 1:00)"),
        ("no time control", 0, 0, "clock stopped: the duel is over (this duel has no time limit)"),
    ],
)  # fmt: skip
def test_a_finished_duel_reads_as_stopped_and_over(
    rule: str, turn: int, reserve: int, said: str
) -> None:
    got = read_clock(RUNNING, turn_spans([("A",), ()], [20.0]), ("A", "B"), turn, reserve, 500)
    assert (got.running, got.over, got.describe()) == (False, True, said)


def test_a_duel_lost_on_time_says_who_ran_out_once_over() -> None:
    assert reading(CASES[-1]).describe() == (
        "clock stopped: the duel is over; A ran out of time (reserve: A 0:00, B 1:00)"
    )


# --- sequential games: exactly the clock they had -----------------------------------------


def old_reading(
    events: Sequence[tuple[float, bool]],
    awaited: Sequence[tuple[str, ...]],
    times: Sequence[float],
    at: float,
) -> tuple[tuple[str, ...], float, dict[str, int], tuple[str, ...]]:
    """The clock before simultaneous turns were read (the first awaited player charged from
    the last change of who acts): (waiting, turn used, reserves, out of time)."""
    spans: list[tuple[str, float, float | None]] = []
    start = 0.0
    for before, after, taken in zip(awaited, awaited[1:], times, strict=False):
        if before and after != before:
            spans.append((before[0], start, taken))
            start = taken
    if awaited[-1]:
        spans.append((awaited[-1][0], start, None))
    reserve = dict.fromkeys(("A", "B"), RESERVE)
    out: str | None = None
    used = 0.0
    for player, begin, end in spans:
        used = running_time(events, begin, end if end is not None else at)
        over = max(0.0, used - TURN)
        if over > reserve[player] and out is None:
            out = player
        reserve[player] = max(0, reserve[player] - INTERVAL * math.ceil(over / INTERVAL))
    current = spans[-1][0] if spans and spans[-1][2] is None else None
    return (
        (current,) if current else (),
        used if current else 0.0,
        reserve,
        (out,) if out else (),
    )


@settings(max_examples=60, deadline=None)
@given(
    moves=st.lists(st.tuples(st.booleans(), st.integers(1, 90)), max_size=8),
    over=st.booleans(),
    toggles=st.lists(st.integers(1, 120), max_size=4),
    tail=st.integers(0, 150),
)
def test_sequential_games_keep_their_clock(
    moves: list[tuple[bool, int]], over: bool, toggles: list[int], tail: int
) -> None:
    """A sequential duel (one player acts at a time, some turns of several actions, maybe
    finished) reads exactly as before."""
    awaited: list[tuple[str, ...]] = [("A",)]
    times: list[float] = []
    now = 0.0
    for switch, wait in moves:
        now += wait
        times.append(now)
        awaited.append(("B",) if (awaited[-1] == ("A",)) == switch else ("A",))
    if over:
        now += 5
        times.append(now)
        awaited.append(())
    events: list[tuple[float, bool]] = [(0.0, True)]
    for gap in toggles:
        events.append((events[-1][0] + gap, not events[-1][1]))
    at = now + tail
    got = read_clock(events, turn_spans(awaited, times), ("A", "B"), TURN, RESERVE, at)
    waiting, used, reserve, out = old_reading(events, awaited, times, at)
    assert (got.waiting, got.turn_used, dict(got.reserve_left), got.out_of_time) == (
        waiting,
        used,
        reserve,
        out,
    )


# --- a hosted Elementarium duel -------------------------------------------------------------


def test_an_elementarium_turn_runs_for_the_player_still_awaited_from_its_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = [1000.0]
    import festival.duels.host as host

    monkeypatch.setattr(duel_store, "clock_now", lambda: now[0])
    monkeypatch.setattr(host, "clock_now", lambda: now[0])
    duel = Duel.create(tmp_path / "d", "elementarium", None, {}, ["Ash", "Birch"], 3)
    try:
        duel.set_clock(True)
        assert duel.clock().waiting == ("Ash", "Birch")
        now[0] += 40
        assert duel.play_text("f3-e4", "Ash").ok
        now[0] += 60
        reading = duel.clock()
        assert reading.waiting == ("Birch",) and reading.turn_used == 100.0
        assert duel.play_text("hold", "Birch").ok
        now[0] += 5
        reading = duel.clock()
        assert reading.waiting == ("Ash", "Birch") and reading.turn_used == 5.0
        assert duel.enforce_time() is None  # Elementarium has no forfeit for time
    finally:
        duel.close()


@pytest.mark.parametrize("game", ["halma", "alchelemental"])
def test_a_duel_with_no_time_control_never_runs_out_of_time(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Elemental Halma and Alchelemental give no turn time or reserve: a clock the host
    starts only counts. (It used to read 0 + 0 seconds as a limit, and the player to move
    lost on time a second after the host started it.)"""
    now = [1000.0]
    import festival.duels.host as host

    monkeypatch.setattr(duel_store, "clock_now", lambda: now[0])
    monkeypatch.setattr(host, "clock_now", lambda: now[0])
    duel = Duel.create(tmp_path / "d", game, None, {}, ["Ash", "Birch"], 3)
    try:
        duel.set_clock(True)
        now[0] += 3600
        reading = duel.clock()
        assert reading.out_of_time == () and not reading.limited
        assert reading.turn_used == 3600.0
        assert "no time limit" in reading.describe()
        assert duel.enforce_time() is None
        assert duel.game.outcome(duel.state()) is None
    finally:
        duel.close()


def test_a_turn_time_alone_is_a_time_control() -> None:
    events = [(0.0, True)]
    turns = turn_spans([("A",)], [])
    reading = read_clock(events, turns, ("A", "B"), 60, 0, 61.0)
    assert reading.limited and reading.out_of_time == ("A",)


@pytest.mark.parametrize(
    ("at", "before", "reserve_left"),
    [
        (4.0, 66.0, 60),  # 6 s of the turn and the reserve of 60 s
        (11.0, 59.0, 30),  # into the reserve: one interval charged, 59 s still to run
        (69.0, 1.0, 0),  # two intervals charged; out when the 70th second is exceeded
        (70.5, 0.0, 0),
    ],
)
def test_the_time_before_a_loss_counts_the_reserve_held_when_the_turn_began(
    at: float, before: float, reserve_left: int
) -> None:
    """What the bot's warning and its time-out are planned on (festival/duels/clock_due.py):
    the clock may run the turn's time plus the whole reserve the player had before they lose,
    though a reserve interval started is charged at once."""
    reading = read_clock([(0.0, True)], turn_spans([("A",)], []), ("A", "B"), 10, 60, at)
    assert reading.before_loss == {"A": before}
    assert reading.reserve_left["A"] == reserve_left
    assert reading.out_of_time == (("A",) if at > 70 else ())
