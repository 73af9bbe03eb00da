"""Issue #39, step 2: what is due when (`due`), pure, on an injected clock; and, over random
clocks, extensions, pauses and restarts (kills between a step's intent and its act, and
between its act and its done mark), every reminder at most once, each round resolved at most
once, and never for a deadline that was extended or paused."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from festival.match.schedule import HOUR, Deadline, HandIn, Readiness, Schedule, Settings
from festival.match.schedule_due import Step, StepKind, due
from festival.match.schedule_store import JournalEntry

D = 1_000_000
"""the first deadline (UTC epoch seconds)"""
PLAYERS = ("ash", "bo", "cy")


def readiness(round_no: int = 1, **states: HandIn) -> Readiness:
    return Readiness(round_no, {p: {"alchemy": states.get(p, HandIn.NOTHING)} for p in PLAYERS})


def schedule(at: int = D, generation: int = 1, **kw: object) -> Schedule:
    settings_ = Settings(**kw)  # type: ignore[arg-type]
    return Schedule({1: Deadline(1, at, generation)}, settings_, 2, 0)


def sent(steps: list[Step], done: bool = True) -> list[JournalEntry]:
    return [replace(s.entry(), done=done) for s in steps]


@pytest.mark.parametrize(
    ("now", "expected"),
    [
        (D - 13 * HOUR, []),
        (D - 12 * HOUR, [(12 * HOUR, False)]),
        (D - 3 * HOUR, [(12 * HOUR, False)]),
        (D - 2 * HOUR, [(2 * HOUR, True)]),  # 12 h missed (not running): one, late
        (D - 10 * 60, [(30 * 60, True)]),  # 12 h and 2 h missed: one, late
    ],
)
def test_reminders_are_due_at_their_offsets_and_missed_ones_collapse_into_one_late(
    now: int, expected: list[tuple[int, bool]]
) -> None:
    steps = due(schedule(), [], readiness(ash=HandIn.READY, cy=HandIn.PROBLEMS), now)
    assert {s.player for s in steps} <= {"bo", "cy"}  # ash is ready: no reminder
    assert sorted({(s.offset, s.late) for s in steps}) == expected
    if steps:
        cy = next(s for s in steps if s.player == "cy")
        assert cy.wanting == (("alchemy", HandIn.PROBLEMS),)


def test_a_reminder_sent_is_not_due_again_and_the_next_one_comes_on_time() -> None:
    first = due(schedule(), [], readiness(), D - 11 * HOUR)
    assert len(first) == 3
    journal = sent(first)
    assert due(schedule(), journal, readiness(), D - 3 * HOUR) == []
    second = due(schedule(), journal, readiness(), D - 2 * HOUR + 1)
    assert {(s.offset, s.late) for s in second} == {(2 * HOUR, False)}


def test_the_deadline_closes_the_round_once_and_an_extension_gives_a_new_generation() -> None:
    (close,) = due(schedule(), [], readiness(), D)
    assert (close.kind, close.generation, close.early) == (StepKind.CLOSE, 1, False)
    assert due(schedule(), sent([close]), readiness(), D + 5) == []
    # extended before it was done: the old intent is dropped, never carried out
    extended = schedule(D + HOUR, generation=2)
    steps = due(extended, sent([close], done=False), readiness(), D + 5)
    assert steps[0].kind is StepKind.DROP and StepKind.CLOSE not in {s.kind for s in steps}
    # reminders are due again for the new deadline (12 h and 2 h passed: one, late)
    after = due(extended, sent([close]), readiness(), D + 5)
    assert {(s.kind, s.generation, s.offset, s.late) for s in after} == {
        (StepKind.REMIND, 2, 2 * HOUR, True)
    }


def test_early_close_only_when_switched_on_and_everyone_is_ready() -> None:
    ready = readiness(ash=HandIn.READY, bo=HandIn.READY, cy=HandIn.READY)
    assert due(schedule(), [], ready, D - 20 * HOUR) == []
    (close,) = due(schedule(early_close=True), [], ready, D - 20 * HOUR)
    assert (close.kind, close.early) == (StepKind.CLOSE, True)
    assert due(schedule(early_close=True), [], readiness(ash=HandIn.READY), D - 20 * HOUR) == []


def test_a_paused_deadline_neither_reminds_nor_closes() -> None:
    paused = Schedule({1: Deadline(1, D, 2, paused_left=HOUR)}, Settings(), 2, 0)
    assert due(paused, [], readiness(), D + 99 * HOUR) == []


def test_the_host_is_told_once_per_run_of_misses_at_the_threshold() -> None:
    base = Schedule({}, Settings(misses=2), 6, 3, {"bo": (2, 2), "cy": (1, 3)})
    (tell,) = due(base, [], None, D)
    assert (tell.kind, tell.player, tell.offset, tell.round_no) == (StepKind.TELL_HOST, "bo", 2, 2)
    assert due(base, sent([tell]), None, D) == []
    # a third miss in the same run: not told again; a new run (from round 5): told again
    assert due(replace(base, misses={"bo": (3, 2)}), sent([tell]), None, D) == []
    assert len(due(replace(base, misses={"bo": (2, 5)}), sent([tell]), None, D)) == 1


# --- the property: random clocks, host changes and kills -------------------------------------


@dataclass
class World:
    """The scheduler's world, simulated as `festival run` does it: the journal, the post
    log (messages by key), the rounds resolved, and the host's changes."""

    deadlines: dict[int, Deadline] = field(
        default_factory=lambda: {1: Deadline(1, D, 1), 2: Deadline(2, D + 24 * HOUR, 1)}
    )
    resolved: int = 0
    journal: dict[str, JournalEntry] = field(default_factory=dict)
    posted: set[str] = field(default_factory=set)
    sends: Counter[str] = field(default_factory=Counter)
    resolutions: list[tuple[int, int, int]] = field(default_factory=list)
    """(round, generation, time)"""
    ready: set[str] = field(default_factory=set)

    def schedule(self) -> Schedule:
        return Schedule(self.deadlines, Settings(), 2, self.resolved)

    def readiness(self) -> Readiness:
        r = self.resolved + 1
        return Readiness(
            r,
            {p: {"alchemy": HandIn.READY if p in self.ready else HandIn.NOTHING} for p in PLAYERS},
        )

    def change(self, kind: str, now: int, amount: int) -> None:
        """The host's command on the next round's deadline (refused ones change nothing)."""
        r = self.resolved + 1
        d = self.deadlines.get(r)
        if d is None:
            return
        g = d.generation + 1
        if kind == "extend" and not d.paused and now + amount > now:
            self.deadlines[r] = Deadline(r, max(d.at, now) + amount, g)
        elif kind == "pause" and not d.paused:
            self.deadlines[r] = Deadline(r, d.at, g, max(0, d.at - now))
        elif kind == "resume" and d.paused_left is not None:
            self.deadlines[r] = Deadline(r, now + d.paused_left, g)

    def run(self, now: int, kill: str | None, race: bool) -> None:
        """One `festival run --once` at `now`, killed at its first step's `kill` point; with
        `race`, the host extends between a close's intent and its act."""
        for step in due(self.schedule(), list(self.journal.values()), self.readiness(), now):
            if step.kind is StepKind.DROP:
                self.journal[step.key] = replace(self.journal[step.key], done=True)
                continue
            old = self.journal.get(step.key)
            if old is not None and old.done:
                continue
            self.journal.setdefault(step.key, step.entry())
            if kill == "after-intent":
                return
            if race and step.kind is StepKind.CLOSE:
                self.change("extend", now, HOUR)
            self.act(step, now)
            if kill == "after-act":
                return
            self.journal[step.key] = replace(self.journal[step.key], done=True)

    def act(self, step: Step, now: int) -> None:
        if step.kind is StepKind.REMIND:
            d = self.deadlines[step.round_no]
            assert d.generation == step.generation and not d.paused, "a superseded reminder"
            assert now < d.at and step.round_no > self.resolved, "a reminder after the deadline"
            if step.key not in self.posted:  # the post log: a message sent once
                self.posted.add(step.key)
                self.sends[step.key] += 1
        elif step.kind is StepKind.CLOSE and step.round_no > self.resolved:
            d = self.deadlines[step.round_no]
            if d.generation != step.generation or d.paused:
                return  # Superseded: the service refuses it
            assert now >= d.at, "never before the deadline (early close is off)"
            self.resolved = step.round_no
            self.resolutions.append((step.round_no, step.generation, now))
            self.ready = set()


operations = st.lists(
    st.tuples(
        st.sampled_from(["tick", "tick", "tick", "extend", "pause", "resume"]),
        st.integers(1, 14 * HOUR),
        st.sampled_from([None, None, "after-intent", "after-act"]),
        st.booleans(),
        st.sampled_from([None, *PLAYERS]),
    ),
    max_size=40,
)


@settings(max_examples=300)
@given(operations)
def test_random_clocks_changes_and_kills_never_repeat_or_resolve_an_old_deadline(
    ops: list[tuple[str, int, str | None, bool, str | None]],
) -> None:
    world, now = World(), D - 30 * HOUR
    for kind, amount, kill, race, becomes_ready in ops:
        if kind == "tick":
            now += amount
        else:
            world.change(kind, now, amount)
        if becomes_ready:
            world.ready.add(becomes_ready)
        world.run(now, kill, race)
    for _ in range(4):  # restarted at last, with no kill, long after every deadline
        now += 200 * HOUR
        world.change("resume", now, 0)
        world.run(now, None, False)
    assert all(n == 1 for n in world.sends.values()), "a reminder sent twice"
    per_deadline = Counter(k.rsplit(":", 1)[0] for k in world.sends)
    assert all(n <= len(Settings().reminders) for n in per_deadline.values())
    rounds = [r for r, _, _ in world.resolutions]
    assert rounds == sorted(set(rounds)) == [1, 2], "each round resolved exactly once"
    assert all(e.done for e in world.journal.values()), "every intent finished"
