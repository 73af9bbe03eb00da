"""One festival command at a time on a duel: an operating-system lock on `duel.lock` in the
duel folder, as a match has (festival/core/lock.py). A command that changes the duel (or
records a loss on time) holds it; a second one on the same duel fails at once and says so.
Reading (show, log, status, the dashboard's board) takes no lock, unless a player's time ran
out: recording that loss is a change, so the read takes the lock for it first."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from festival.core.lock import folder_lock
from festival.duels.store import DUEL_FILE

DUEL_LOCK = "duel.lock"


@contextmanager
def duel_exclusive(folder: Path) -> Iterator[None]:
    """Hold the duel's lock for the duration, or fail at once (StoreBusy)."""
    busy = (
        f"another festival command is using the duel {folder}; "
        "wait for it to finish and run this again"
    )
    with folder_lock(folder, DUEL_FILE, DUEL_LOCK, busy):
        yield
