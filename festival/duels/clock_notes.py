"""The clock notes of a duel (issue #39): each warning ("0:45 left before you lose on time")
and each loss on time the bot announces is recorded in the duel's store before it is sent (an
intent, with its words and who it pings: the `NoteClock` command) and marked sent after
(`MarkClockNote`), both done by the duel's dispatcher under the duel's lock. A second bot, or
the same bot started again, never records a note twice (the dispatcher answers `repeated`).
Each note names the bot that recorded it (`Sending`: a lock it holds while its process
lives); a bot started again sends an unsent note only if that bot is gone, taking it over
first (`take_over`: of two bots started at once, one takes it), and leaves it to a bot still
sending it. So a restart gives every warning exactly once, as the match's deadlines' journal
gives every reminder (festival/match/schedule_store.py). Kept in the duel's settings as one
JSON value, the latest `KEEP` notes (a duel's turns are many; an old note is never asked for
again).

A loss on time announced is also recorded by the steps it ended the duel after
(`time_out_announced`, the `AnnounceTimeOut` command's part), so a read says whether it was
announced (festival/duels/reads.py `watch`).

Each function works on a duel the caller opened (the dispatcher, under the lock; a read)."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import weakref
from pathlib import Path
from typing import Any

from festival.core.lock import FileLock, Held
from festival.duels.host import Duel
from festival.duels.results import ClockNote
from festival.duels.seating import ANNOUNCED_SETTING
from festival.duels.store import DuelStore

NOTES_SETTING = "discord.clock-notes"
KEEP = 200


def notes(store: DuelStore) -> list[ClockNote]:
    """The notes recorded, oldest first."""
    try:
        rows: Any = json.loads(store.setting(NOTES_SETTING) or "[]")
        return [
            ClockNote(
                str(r["key"]),
                str(r["text"]),
                tuple(int(p) for p in r["pings"]),
                bool(r["done"]),
                str(r.get("sender", "")),
            )
            for r in rows
        ]
    except (ValueError, TypeError, KeyError):  # edited by hand: started afresh
        return []


def _write(store: DuelStore, kept: list[ClockNote]) -> None:
    rows = [
        {"key": n.key, "text": n.text, "pings": list(n.pings), "done": n.done, "sender": n.sender}
        for n in kept[-KEEP:]
    ]
    store.set_setting(NOTES_SETTING, json.dumps(rows))


def note(duel: Duel, key: str, text: str, pings: tuple[int, ...], sender: str = "") -> bool:
    """Record the note's intent: True if recorded now (the sender is to send it), False if it
    was recorded before (sent, or being sent, by a bot)."""
    kept = notes(duel.store)
    if any(n.key == key for n in kept):
        return False
    _write(duel.store, [*kept, ClockNote(key, text, pings, sender=sender)])
    return True


def take_over(duel: Duel, key: str, old: str, new: str) -> bool:
    """The note `key`, recorded by `old` and not sent, recorded as `new`'s to send: False if
    it was sent meanwhile or another bot took it over first."""
    kept = notes(duel.store)
    if not any(n.key == key and n.sender == old and not n.done for n in kept):
        return False
    _write(
        duel.store,
        [
            ClockNote(n.key, n.text, n.pings, n.done, new if n.key == key else n.sender)
            for n in kept
        ],
    )
    return True


def mark_sent(duel: Duel, key: str) -> None:
    kept = notes(duel.store)
    _write(
        duel.store,
        [ClockNote(n.key, n.text, n.pings, n.done or n.key == key, n.sender) for n in kept],
    )


def time_out_announced(duel: Duel, steps: int) -> None:
    """Record that the loss on time ending the duel after `steps` actions was announced
    (`AnnounceTimeOut`)."""
    duel.store.set_setting(ANNOUNCED_SETTING, str(steps))


SENDERS = ".clock-senders"
"""the folder, inside the duel's, of the running bots' lock files (`Sending`)"""


class Sending:
    """A bot keeping the duel's clock, named while it runs: it holds the system's lock on its
    own file under `SENDERS` for as long as its process lives (the system lets it go when the
    process ends, even by SIGKILL). A note it recorded and has not marked sent is its own while
    it lives (`alive`); a bot started again sends the notes of senders no longer alive, so a
    note is sent once whether its bot was killed between recording and sending it or is still
    sending it. Where no lock file can be made (a read-only folder), the bot is unnamed and its
    notes are taken as a dead sender's."""

    def __init__(self, folder: Path) -> None:
        self.name = secrets.token_hex(8)
        self._end: weakref.finalize[Any, Any] | None = None
        try:
            (folder / SENDERS).mkdir(exist_ok=True)
            lock = FileLock(folder / SENDERS / f"{self.name}.lock")
            lock.acquire()
        except (OSError, Held):
            self.name = ""
            return
        # its file let go of and removed when the bot ends (at exit, or let go of in a test);
        # a bot killed leaves its file, removed by the first `alive` that finds it dead
        self._end = weakref.finalize(self, _let_go, lock)

    def close(self) -> None:
        if self._end is not None:
            self._end()


def _let_go(lock: FileLock) -> None:
    lock.release()
    with contextlib.suppress(OSError):
        os.remove(lock.lock_file)


def alive(folder: Path, sender: str) -> bool:
    """Whether the bot named `sender` still runs (holds its lock); a dead one's file is
    removed."""
    if not sender:
        return False
    path = folder / SENDERS / f"{sender}.lock"
    if not path.exists():
        return False
    probe = FileLock(path)
    try:
        probe.acquire()
    except Held:
        return True
    except OSError:
        return False
    probe.release()
    with contextlib.suppress(OSError):
        os.remove(path)
    return False
