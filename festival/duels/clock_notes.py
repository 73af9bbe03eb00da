"""The clock notes of a duel (issue #39): each warning ("0:45 left before you lose on time")
and each loss on time the bot announces is recorded in the duel's store before it is sent (an
intent, with its words and who it pings: the `NoteClock` command) and marked sent after
(`MarkClockNote`), both done by the duel's dispatcher under the duel's lock. A second bot, or
the same bot started again, never records a note twice (the dispatcher answers `repeated`);
a bot killed between the record and the mark sends the unsent note when it starts again. So a
restart gives every warning exactly once, as the match's deadlines' journal gives every
reminder (festival/match/schedule_store.py). Kept in the duel's settings as one JSON value,
the latest `KEEP` notes (a duel's turns are many; an old note is never asked for again).

A loss on time announced is also recorded by the steps it ended the duel after
(`time_out_announced`, the `AnnounceTimeOut` command's part), so a read says whether it was
announced (festival/duels/reads.py `watch`).

Each function works on a duel the caller opened (the dispatcher, under the lock; a read)."""

from __future__ import annotations

import json
from typing import Any

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
                str(r["key"]), str(r["text"]), tuple(int(p) for p in r["pings"]), bool(r["done"])
            )
            for r in rows
        ]
    except (ValueError, TypeError, KeyError):  # edited by hand: started afresh
        return []


def _write(store: DuelStore, kept: list[ClockNote]) -> None:
    rows = [
        {"key": n.key, "text": n.text, "pings": list(n.pings), "done": n.done} for n in kept[-KEEP:]
    ]
    store.set_setting(NOTES_SETTING, json.dumps(rows))


def note(duel: Duel, key: str, text: str, pings: tuple[int, ...]) -> bool:
    """Record the note's intent: True if recorded now (the sender is to send it), False if it
    was recorded before (sent, or being sent, by a bot)."""
    kept = notes(duel.store)
    if any(n.key == key for n in kept):
        return False
    _write(duel.store, [*kept, ClockNote(key, text, pings)])
    return True


def mark_sent(duel: Duel, key: str) -> None:
    kept = notes(duel.store)
    _write(duel.store, [ClockNote(n.key, n.text, n.pings, n.done or n.key == key) for n in kept])


def time_out_announced(duel: Duel, steps: int) -> None:
    """Record that the loss on time ending the duel after `steps` actions was announced
    (`AnnounceTimeOut`)."""
    duel.store.set_setting(ANNOUNCED_SETTING, str(steps))
