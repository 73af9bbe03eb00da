"""A round's announcements worked out once per version of what they read, and kept for the
next operation of the same process: a re-resolution works out the rounds it changes once
before and once after its commit, and posting them next (the round desk, a bot) finds them.
The key is the store file, the round, the current round rows up to it (a correction writes
new ones) and the marks of what else they read (festival/match/store.py `Store.marks`: the
problems stored with the round's submissions, the sole winner's choice...), so words stale
after a later correction are never handed out."""

from __future__ import annotations

import threading
from collections.abc import Sequence

from festival.match.announce import Announcements, announcements
from festival.match.match import Match
from festival.match.store import RoundRow

KEEP = 32
"""rounds kept (a festival has 6; a few matches open at once)"""

_lock = threading.Lock()
_kept: dict[tuple[object, ...], Announcements] = {}


def worked_out(
    match: Match, round_no: int, current: Sequence[RoundRow] | None = None
) -> Announcements:
    """The round's announcements (festival/match/announce.py), worked out once per version of
    the rounds up to it. `current`: the store's current rounds, when the caller read them."""
    current = match.store.rounds() if current is None else current
    rows = tuple((r.id, r.resolved_at) for r in current if r.round_no <= round_no)
    key = (str(match.store.path), round_no, rows, _marks(match, round_no, current))
    with _lock:
        kept = _kept.get(key)
    if kept is not None:
        return kept
    made = announcements(match, round_no, current)
    with _lock:
        _kept[key] = made
        while len(_kept) > KEEP:
            del _kept[next(iter(_kept))]
    return made


def forget(match: Match) -> None:
    """Drop what was kept for this match's store (a change rolled back: its row ids may be
    given again to other rounds)."""
    where = str(match.store.path)
    with _lock:
        for key in [k for k in _kept if k[0] == where]:
            del _kept[key]


def _marks(match: Match, round_no: int, current: Sequence[RoundRow]) -> tuple[object, ...]:
    """What else the round's announcements read that can change without a new round row:
    the problems stored with its submissions, the round's raw submissions, the allocation,
    the sole winner's choice (the final results)."""
    rows = [r for r in current if r.round_no == round_no]
    counted = sorted(
        {
            raw
            for by_player in (rows[-1].entries.values() if rows else ())
            for entry in by_player.values()
            if (raw := entry.counted_raw) is not None
        }
    )
    return match.store.marks(round_no, counted, (Match.WINNER_CHOICE,))
