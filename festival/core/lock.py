"""One festival command at a time on a folder: an operating-system lock on a lock file beside
the folder's store. The match's lock (festival/match/lock.py) and a duel's
(festival/duels/lock.py) are both this one."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from festival.core.errors import StoreBusy


@contextmanager
def folder_lock(folder: Path, store_file: str, lock_file: str, busy: str) -> Iterator[None]:
    """Hold `folder/lock_file` for the duration, or fail at once (StoreBusy, saying `busy`)
    if another command holds it; a folder without `store_file` is left alone."""
    if not (folder / store_file).is_file():
        yield
        return
    # a library that brings threads and logging: imported by the commands that lock only
    from filelock import FileLock, Timeout

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
