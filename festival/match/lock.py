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

from filelock import FileLock, Timeout

from festival.match.store import STORE_FILE, StoreError

LOCK_FILE = "match.lock"


class StoreBusy(StoreError):
    """Another festival command is using the match right now."""


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


@contextmanager
def folder_lock(folder: Path, store_file: str, lock_file: str, busy: str) -> Iterator[None]:
    """Hold `folder/lock_file` for the duration, or fail at once (StoreBusy, saying `busy`)
    if another command holds it; a folder without `store_file` is left alone. The match's
    lock and a duel's (festival/duels/lock.py) are both this one."""
    if not (folder / store_file).is_file():
        yield
        return
    lock = FileLock(folder / lock_file, timeout=0)
    try:
        lock.acquire()
        locked = True
    except Timeout:
        raise StoreBusy(busy) from None
    except OSError:
        # A folder where the lock file cannot be made (a read-only backup): no festival
        # command can write there either, so a check may read it unlocked; a command that
        # writes fails on its first write with SQLite's "readonly database".
        locked = False
    try:
        yield
    finally:
        if locked:
            lock.release()
