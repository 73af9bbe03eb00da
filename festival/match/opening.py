"""Opening a match for one operation of the match service: for reading, or under its lock
for a change (or a read of it whole); and the round an operation is about."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from festival.core import host_inputs
from festival.match.acts import (
    NoRoundResolved,
    RoundNumberedFromOne,
)
from festival.match.lock import exclusive
from festival.match.match import Match


@contextmanager
def opened(folder: Path) -> Iterator[Match]:
    """The match, open for reading; closed however the block ends."""
    match = Match.open(folder)
    try:
        yield match
    finally:
        match.close()


@contextmanager
def changing(folder: Path) -> Iterator[Match]:
    """The match, open under its lock (an operation that changes it, or reads it whole)."""
    with exclusive(folder), opened(folder) as match:
        yield match


def check_opens(folder: Path) -> None:
    """Open and close the match: a clear error now (StoreError) if it cannot be read."""
    with opened(folder):
        pass


def next_round(match: Match, asked: int | None) -> int:
    """The round to write templates for or resolve: `asked`, else the next one."""
    return asked if asked is not None else match.last_resolved_round() + 1


def resolved_round(match: Match, asked: int | None) -> int:
    """The round to announce or publish: `asked`, else the last resolved one."""
    if asked is not None and asked >= 1:
        return asked  # a round not resolved yet is refused where it is read, in words
    last = match.last_resolved_round()
    if last < 1:
        raise NoRoundResolved()
    if asked is not None:
        raise RoundNumberedFromOne(asked, last)
    return last


# --- creating and allocating --------------------------------------------------------------


def channels_mapped(match: Match) -> bool:
    """Whether the match's messages go to Discord (its channels were mapped)."""
    return match.store.host_input(host_inputs.DISCORD) is not None
