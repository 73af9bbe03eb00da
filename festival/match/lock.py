"""One festival command at a time on a match: an operating-system lock on `match.lock`.

A command that writes to the store (or reads it as a whole, like `check`) holds the lock from
the moment it opens the match until it ends, so the round it decided to resolve is still the
next round when it commits. A second command fails at once with a clear message instead of
waiting or, worse, resolving the same round again. The operating system releases the lock
when its process ends, however it ends (killed, crashed), so a lock is never left stale; the
empty `match.lock` file itself may stay in the folder and means nothing when no command runs.
Reading commands (status, standings, announce, the dashboard) take no lock: every write is
one SQLite transaction, so they see a round either entirely or not at all.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from festival.core.lock import folder_lock
from festival.match.store import STORE_FILE

LOCK_FILE = "match.lock"


@contextmanager
def exclusive(folder: Path) -> Iterator[None]:
    """Hold the match's lock for the duration, or fail at once (StoreBusy) if another
    command holds it. A folder without a store is left alone (the command then says so)."""
    busy = (
        f"another festival command is using the match {folder} (resolving a round?); "
        "wait for it to finish and run this again"
    )
    with folder_lock(folder, STORE_FILE, LOCK_FILE, busy):
        yield
