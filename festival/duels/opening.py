"""Opening a duel for one operation: under its lock to change it (`changing`), or to read it
(`opened`), a time-out that has happened recorded first either way; and the small values
every operation reads off an open duel."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from festival.duels.host import Duel, Played
from festival.duels.lock import duel_exclusive
from festival.duels.results import Entered, Situation, Winner


@contextmanager
def open_duel(folder: Path) -> Iterator[Duel]:
    duel = Duel.open(folder)
    try:
        yield duel
    finally:
        duel.close()


@contextmanager
def changing(folder: Path) -> Iterator[Duel]:
    """The duel, open under its lock, for an operation that changes it; a time-out that has
    happened is recorded first (`Duel.timed_out` names the player), so no operation acts in
    a position where a player whose time ran out is still to play."""
    with duel_exclusive(folder), open_duel(folder) as duel:
        duel.enforce_time()
        yield duel


@contextmanager
def opened(folder: Path) -> Iterator[Duel]:
    """The duel, open for reading, a time-out that has happened recorded first: what anyone
    reads is never a position where a player whose time ran out is still to play. Recording
    is a change, so only then is the duel's lock taken (and a read fails, busy, while another
    command holds it); a read with nothing to record takes no lock. Closed however the
    block ends."""
    with open_duel(folder) as duel:
        if duel.time_out_due() is None:
            yield duel
            return
    with changing(folder) as duel:
        timed_out = duel.timed_out
    with open_duel(folder) as duel:
        duel.timed_out = timed_out
        yield duel


def situation(duel: Duel, state: Any) -> Situation:
    outcome = duel.game.outcome(state)
    if outcome is not None:
        return Situation(outcome.detail, "")
    return Situation(None, duel.game.progress(state))


def entered_of(duel: Duel, played: Played) -> Entered:
    words = tuple(duel.game.format_action(s.action) for s in played.steps)
    turn_of = "" if duel.game.simultaneous else played.player
    return Entered(played.raw_id, words, played.errors, played.turn_lines, turn_of)


def winner_of(duel: Duel, state: Any) -> Winner | None:
    outcome = duel.game.outcome(state)
    return None if outcome is None else Winner(outcome.winner, outcome.reason, outcome.detail)
