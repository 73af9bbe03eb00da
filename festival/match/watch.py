"""Watching the players' Google spreadsheets (issue #38): each player's tabs of the open round
read, checked as a hand-in is (festival/match/handin.py), and the verdict kept; a player is
told only when their verdict changes to something they should hear (new problems, or ready).
The first read of a player's sheet in a round is where the watch starts: kept, not told (a
sheet as it came, tabs blank, is no news; start the watch when the round's tabs are pushed).

Each verdict read is recorded in the match's host inputs (key `watch`, one JSON value each:
round, player, seq, digest, and the words to tell the player, or null when there is nothing to
tell, each event's verdict for the host's round table, with the pictures of the player's own
view to send with them: watch_pictures.py), so the Discord adapter posts each change exactly
once (its post log keys a change by player, round and seq), whatever happens between the check
and the post. No raw submission is stored: a spreadsheet read to watch it is not handed in (the
round reads it again when it is resolved).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from festival.match.handin import closed_because, open_round
from festival.match.handin import load_hand_in as _load
from festival.match.handin import verdicts_for as _verdicts
from festival.match.match import Match
from festival.match.verdict import EventVerdict, VerdictKind, ready_sentence
from festival.match.watch_pictures import pictures_from_json, pictures_json
from sheets.errors import GoogleError, SheetReadError
from sheets.source import SubmissionSource

if TYPE_CHECKING:
    from events.duel import Picture  # numpy: only where a picture is made

RECORD = "watch"
"""the host input each verdict read is recorded under"""

READS_PER_PLAYER = 2
"""Google requests one player's check costs: the tabs' values, and their markers"""
READS_PER_MINUTE = 60
"""Google Sheets' read quota per user and minute (the API's default)"""


def quota_minutes(players: int) -> float:
    """The shortest time between two checks of every spreadsheet within the read quota."""
    return players * READS_PER_PLAYER / READS_PER_MINUTE


@dataclass(frozen=True)
class Change:
    """What one player is told: their spreadsheet's verdict changed."""

    round_no: int
    player: str
    seq: int
    """the how-manyeth verdict of this player's this round (1, 2, ...): one message each"""
    text: str
    """Markdown, for the player's channel"""
    pictures: tuple[tuple[str, Picture], ...] = ()
    """(name, picture) of the player's own view of their sheet (Continuum board, Summoner's
    map), sent with the words; none for an event without one"""


@dataclass(frozen=True)
class Watched:
    """One check of every spreadsheet."""

    round_no: int
    changes: tuple[Change, ...]
    """the verdicts that changed in this check and are worth telling"""
    unread: tuple[str, ...]
    """the spreadsheets that could not be read now, one line each (checked again next time)"""
    closed: bool = False
    """no round takes submissions (the match is over)"""


def sheet_words(round_no: int, verdicts: tuple[EventVerdict, ...]) -> str:
    """What a player is told of their spreadsheet: ready, or every problem in their report's
    words."""
    bad = [v.title for v in verdicts if v.kind is VerdictKind.PROBLEMS]
    if bad:
        lines = [
            f"Your Google spreadsheet has problems in {', '.join(bad)} (round {round_no}): "
            "fix them there; festival reads it again in a few minutes."
        ]
    else:
        lines = [ready_sentence(round_no, tuple(v.title for v in verdicts)) + " (your sheet)"]
    for v in verdicts:
        if v.lines:
            lines += ["", f"## {v.title}", *v.lines]
    return "\n".join(lines)


def _digest(verdicts: tuple[EventVerdict, ...]) -> str:
    facts = [(v.event, v.kind.value, v.problems, v.warnings) for v in verdicts]
    return hashlib.sha256(json.dumps(facts).encode()).hexdigest()


def _worth_telling(verdicts: tuple[EventVerdict, ...]) -> bool:
    """New problems, or ready: not a sheet emptied again."""
    return any(v.kind in (VerdictKind.PROBLEMS, VerdictKind.READY) for v in verdicts)


def _records(match: Match) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for value, _at in match.store.host_input_history(RECORD):
        try:
            data = json.loads(value)
        except ValueError:
            continue
        if isinstance(data, dict):
            out.append(data)
    return out


def _last_records(match: Match, round_no: int) -> dict[str, dict[str, object]]:
    """Each player's last verdict recorded for `round_no`."""
    last: dict[str, dict[str, object]] = {}
    for record in _records(match):
        if record.get("round") == round_no:
            last[str(record.get("player"))] = record
    return last


def check_sheets(match: Match, source: SubmissionSource) -> Watched:
    """Read every player's spreadsheet of the open round once, check it, and record each
    verdict that changed; a spreadsheet that cannot be read now is named and skipped."""
    round_no = open_round(match)
    if closed_because(match, round_no) is not None or not match.allocated:
        return Watched(min(round_no, match.config.rounds), (), (), closed=True)
    last = _last_records(match, round_no)
    changes: list[Change] = []
    unread: list[str] = []
    for player in match.config.players:
        events = tuple(match.events_of(player, round_no))
        if not events:
            continue
        try:
            raw = source.fetch(player)
        except (GoogleError, SheetReadError) as exc:
            unread.append(f"{player}: {exc}")
            continue
        if raw is None:
            continue
        verdicts = _verdicts(match, round_no, player, _load(match, round_no, player, raw), events)
        digest = _digest(verdicts)
        before = last.get(player)
        if before is not None and before.get("digest") == digest:
            continue
        seq = int(str(before.get("seq", 0))) + 1 if before is not None else 1
        worth = before is not None and _worth_telling(verdicts)  # the first read: the start
        text = sheet_words(round_no, verdicts) if worth else None
        pictures = tuple(p for v in verdicts for p in v.pictures) if worth else ()
        record: dict[str, object] = {
            "round": round_no,
            "player": player,
            "seq": seq,
            "digest": digest,
            "text": text,
            "kinds": {v.event: v.kind.value for v in verdicts},
        }
        if pictures:
            record["pictures"] = pictures_json(pictures)
        match.store.set_host_input(RECORD, json.dumps(record))
        if text is not None:
            changes.append(Change(round_no, player, seq, text, pictures))
    return Watched(round_no, tuple(changes), tuple(unread))


def to_tell(match: Match) -> tuple[Change, ...]:
    """Every change recorded worth telling, oldest first (the Discord adapter posts those its
    log does not hold yet: each exactly once)."""
    out: list[Change] = []
    for record in _records(match):
        text = record.get("text")
        if isinstance(text, str):
            out.append(
                Change(
                    int(str(record["round"])),
                    str(record["player"]),
                    int(str(record["seq"])),
                    text,
                    pictures_from_json(record.get("pictures")),
                )
            )
    return tuple(out)


def sheet_kinds(match: Match, round_no: int) -> dict[tuple[str, str], VerdictKind]:
    """The verdict festival watch read last in each player's spreadsheet for `round_no`, by
    player and event (the host's round table: where it came from, Google)."""
    last = _last_records(match, round_no)
    out: dict[tuple[str, str], VerdictKind] = {}
    for player, kept in last.items():
        kinds = kept.get("kinds")
        if not isinstance(kinds, dict):
            continue  # recorded before the watch kept its verdicts
        for event, kind in kinds.items():
            try:
                out[(player, str(event))] = VerdictKind(kind)
            except ValueError:
                continue
    return out
