"""One festival command at a time on a folder: an operating-system lock on a lock file beside
the folder's store. The match's lock (festival/match/lock.py) and a duel's
(festival/duels/lock.py) are both this one.

The lock is the system's own (`flock` on Linux and macOS, `msvcrt.locking` on Windows), taken
through the standard library: every command that changes a duel or a match takes it, and the
filelock library cost each of them some 30 ms of CPU to import (its threads, logging and
fallbacks), about a tenth of a `festival duel play`."""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from festival.core.errors import StoreBusy

_HELD = frozenset({errno.EACCES, errno.EAGAIN, errno.EWOULDBLOCK, errno.EDEADLK})
"""what the system says when another open file holds the lock (EACCES, EDEADLK on Windows
and on some file systems)"""


class Held(Exception):
    """Another command (another open file, in this process or another) holds the lock."""


class FileLock:
    """An exclusive lock on `lock_file`, tried once: `acquire` takes it or raises `Held` at
    once. The file is made if missing and left in place (every command locks the same file).
    Two `FileLock`s on one file exclude each other, in one process or two."""

    def __init__(self, lock_file: Path) -> None:
        self.lock_file = lock_file
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock, or raise `Held` (another holds it) or OSError (no lock file can be
        made there: a read-only folder)."""
        fd = os.open(self.lock_file, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            _lock(fd)
        except OSError as exc:
            os.close(fd)
            if exc.errno in _HELD:
                raise Held(str(self.lock_file)) from None
            raise
        self._fd = fd

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            _unlock(fd)
        finally:
            os.close(fd)  # closing the file lets the lock go in any case


if sys.platform == "win32":
    import msvcrt

    def _lock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _unlock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


@contextmanager
def folder_lock(folder: Path, store_file: str, lock_file: str, busy: str) -> Iterator[None]:
    """Hold `folder/lock_file` for the duration, or fail at once (StoreBusy, saying `busy`)
    if another command holds it; a folder without `store_file` is left alone."""
    if not (folder / store_file).is_file():
        yield
        return
    lock = FileLock(folder / lock_file)
    try:
        lock.acquire()
        locked = True
    except Held:
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
