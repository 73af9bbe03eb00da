"""The bot's clock notes for a duel (issue #39): each warning ("0:45 left before you lose on
time") and each loss on time the bot announces is recorded in the duel's store before it is
sent (an intent, with its words and who it pings) and marked done after. A second bot, or the
same bot started again, never claims a note recorded already; a bot killed between the record
and the done mark sends the unfinished note when it starts again. So a restart gives every
warning exactly once, as the match's deadlines' journal gives every reminder
(festival/match/schedule_store.py). Kept in the duel's settings as one JSON value, the latest
`KEEP` notes (a duel's turns are many; an old note is never asked for again).

A loss on time announced is also recorded by the steps it ended the duel after
(`time_out_announced`, the `AnnounceTimeOut` command's part, done by the dispatcher), so a
read says whether it was announced (festival/duels/reads.py `watch`)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from festival.duels.host import Duel
from festival.duels.opening import changing, opened
from festival.duels.seating import ANNOUNCED_SETTING
from festival.duels.store import DuelStore

NOTES_SETTING = "discord.clock-notes"
KEEP = 200


@dataclass(frozen=True)
class ClockNote:
    key: str
    """what it is about: "warn:STEPS:PLAYER" or "lost:STEPS\""""
    text: str
    pings: tuple[int, ...]
    done: bool = False


def _read(store: DuelStore) -> list[ClockNote]:
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


def _write(store: DuelStore, notes: list[ClockNote]) -> None:
    rows = [
        {"key": n.key, "text": n.text, "pings": list(n.pings), "done": n.done}
        for n in notes[-KEEP:]
    ]
    store.set_setting(NOTES_SETTING, json.dumps(rows))


def claim(folder: Path, key: str, text: str, pings: tuple[int, ...]) -> bool:
    """Record the note's intent, under the duel's lock: True if this caller is to send it,
    False if it was recorded before (sent, or being sent, by a bot)."""
    with changing(folder) as duel:
        notes = _read(duel.store)
        if any(n.key == key for n in notes):
            return False
        _write(duel.store, [*notes, ClockNote(key, text, pings)])
        return True


def mark_sent(folder: Path, key: str) -> None:
    with changing(folder) as duel:
        notes = _read(duel.store)
        _write(
            duel.store, [ClockNote(n.key, n.text, n.pings, n.done or n.key == key) for n in notes]
        )


def unsent(folder: Path) -> list[ClockNote]:
    """Notes recorded and not marked sent (a bot stopped between the two): to send now."""
    with opened(folder) as duel:
        return [n for n in _read(duel.store) if not n.done]


def time_out_announced(duel: Duel, steps: int) -> None:
    """Record, on the duel open under its lock, that the loss on time ending it after `steps`
    actions was announced (`AnnounceTimeOut`)."""
    duel.store.set_setting(ANNOUNCED_SETTING, str(steps))
