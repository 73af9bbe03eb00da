"""Hand-ins (issue #38): a player's file for the open round, stored at once, checked against
the match as it stands, answered with the words of their report; what counts when the round
is resolved; and the reads of what counts now.

The order is the round pipeline's (festival/match/rounds.py): the bytes are stored as the
player's raw submission before anything is read (the same limits and mark check as a file in
the inbox: another player's, another round's or another match's workbook is refused by name,
and stays stored); then loaded and checked, not resolved. The hand-in itself is recorded in
the match's host inputs (key `hand-in`, one JSON value each: round, player, raw submission,
front end, file name, event, the events it counts for and their verdicts, late or not),
together with the answer's facts under the front end's key, in one transaction, before the
answer is returned: the same delivery (a Discord attachment given twice, a bot killed before
it answered) is stored once and answered as the first time.

Which one counts: the latest hand-in, for each event it holds (docs/rulings.md, "Hand-ins").
A round resolved (or, with #39, past its deadline) takes no more: a file for it is kept as
late and never changes a result (`RoundClosed`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from events.errors import close_matches, quoted
from festival.core.registry import event_name, event_title
from festival.core.registry import events as registry_events
from festival.match.acts import Actor, ActorKind, NotAllocated, Via
from festival.match.announce import problem_lines
from festival.match.handin_acts import (
    ClosedWhy,
    EmptyHandIn,
    HandIn,
    HandInAndFile,
    HandInTooLarge,
    NotAPlayer,
    NothingThisRound,
    NotTheirEvent,
    NotTheirFile,
    RoundClosed,
    UnknownEvent,
)
from festival.match.match import Match
from festival.match.origin import CameFrom, OriginKind, came_from, hand_in_source
from festival.match.replay import States, states_after
from festival.match.rounds import PlayerInput, check_round, load_input
from festival.match.schedule_store import ScheduleTables
from festival.match.verdict import (
    Counting,
    EventVerdict,
    HandedIn,
    RoundTable,
    Submission,
    TableCell,
    VerdictKind,
)
from sheets.errors import SheetReadError
from sheets.json_input import json_quoted
from sheets.limits import MAX_FILE_BYTES
from sheets.source import RawSubmission, shown_source

if TYPE_CHECKING:
    from events.duel import Picture

RECORD = "hand-in"
"""the host input each hand-in is recorded under"""


def _answer_key(via: Via, key: str) -> str:
    return f"hand-in answer:{via.value}:{key}"


_FRONT_END = {
    Via.BOT: "bot",
    Via.CLI: "cli",
    Via.DASHBOARD: "dashboard",
    Via.SCHEDULER: "cli",
    Via.LAB: "cli",
}
"""the origin's front end of a hand-in given through each way in (every one named)"""


@dataclass(frozen=True)
class Record:
    """One stored hand-in."""

    round_no: int
    player: str
    raw_id: int
    name: str
    event: str | None
    covers: tuple[str, ...]
    """the events it counts for"""
    verdicts: Mapping[str, VerdictKind]
    late: bool
    source: str
    received_at: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round_no,
            "player": self.player,
            "raw": self.raw_id,
            "name": self.name,
            "event": self.event,
            "covers": list(self.covers),
            "verdicts": {e: k.value for e, k in self.verdicts.items()},
            "late": self.late,
            "source": self.source,
        }

    @staticmethod
    def of(data: Any, received_at: str = "") -> Record | None:
        """A stored record, or None for one that does not read (a store edited by hand)."""
        try:
            return Record(
                int(data["round"]),
                str(data["player"]),
                int(data["raw"]),
                str(data["name"]),
                None if data.get("event") is None else str(data["event"]),
                tuple(str(e) for e in data["covers"]),
                {str(e): VerdictKind(k) for e, k in dict(data["verdicts"]).items()},
                bool(data["late"]),
                str(data["source"]),
                received_at,
            )
        except (KeyError, TypeError, ValueError):
            return None


def records(match: Match) -> list[Record]:
    """Every stored hand-in, oldest first."""
    found: list[Record] = []
    for value, at in match.store.host_input_history(RECORD):
        try:
            record = Record.of(json.loads(value), at)
        except ValueError:
            record = None
        if record is not None:
            found.append(record)
    return found


# --- when a round takes hand-ins --------------------------------------------------------


def deadline(match: Match, round_no: int) -> datetime | None:
    """The round's deadline (`festival schedule`, festival/match/schedule_store.py): None
    when it has none, or while the host has paused it."""
    due = ScheduleTables(match.store).deadlines().get(round_no)
    if due is None or due.paused:
        return None
    return datetime.fromtimestamp(due.at, UTC)


def closed_because(match: Match, round_no: int, now: datetime | None = None) -> ClosedWhy | None:
    """Why `round_no` takes no more hand-ins (None: it is open). `now`: the clock a deadline
    is read against (issue #39)."""
    if round_no > match.config.rounds:
        return ClosedWhy.MATCH_OVER
    if round_no <= match.last_resolved_round():
        return ClosedWhy.RESOLVED
    due = deadline(match, round_no)
    if due is not None and now is not None and now >= due:
        return ClosedWhy.DEADLINE
    return None


def open_round(match: Match) -> int:
    return match.last_resolved_round() + 1


# --- the command ------------------------------------------------------------------------


def hand_in(
    match: Match,
    command: HandIn,
    actor: Actor,
    via: Via,
    key: str | None,
    now: datetime | None = None,
) -> HandedIn:
    """Store the file as the player's raw submission, check it, record it and its answer.

    The same `key` answered before is answered again from what was stored, nothing new
    stored. Refused before anything is stored: a name that is no player, a player handing in
    for another, an empty or oversized file, a player with no event in the open round, an
    event they do not play. Stored, then refused: a file for a closed round (`RoundClosed`,
    kept as late)."""
    player = _player(match, command.player)
    if actor.kind is not ActorKind.HOST and (actor.player or "").lower() != player.lower():
        raise NotTheirFile(actor, command, player)
    if key is not None:
        stored = match.store.host_input(_answer_key(via, key))
        if stored is not None:
            return _answer_again(match, stored)
    if not match.allocated:
        raise NotAllocated(match.folder)
    name = PurePath(command.name.replace("\\", "/")).name or "the file"
    if not command.content:
        raise EmptyHandIn(name)
    if len(command.content) > MAX_FILE_BYTES:
        raise HandInTooLarge(name, len(command.content))
    content_type = _content_type(name, command.content)
    said = _round_said(match, player, content_type, command.content)
    round_no = open_round(match) if said is None or said > open_round(match) else said
    closed = closed_because(match, round_no, now)
    source = hand_in_source(_FRONT_END[via], name)
    if closed is not None:
        round_no = min(round_no, match.config.rounds)
        raw_id = match.store.add_raw(round_no, player, source, content_type, command.content)
        record = Record(round_no, player, raw_id, name, command.event, (), {}, True, source)
        closed_answer = {"closed": {"round": round_no, "why": closed.value, "name": name}}
        _record(match, record, via, key, closed_answer)
        raise RoundClosed(round_no, closed, name)
    events = tuple(match.events_of(player, round_no))
    if not events:
        raise NothingThisRound(player, round_no)
    asked = None if command.event is None else event_name(command.event)
    if command.event is not None and asked is None:
        raise UnknownEvent(command.event, tuple(e.title for e in registry_events()))
    if asked is not None and asked not in events:
        raise NotTheirEvent(player, _event_name(asked), round_no, _titles(events))
    raw_id = match.store.add_raw(round_no, player, source, content_type, command.content)
    raw = RawSubmission(player, source, command.content, content_type)
    given = _input(match, round_no, player, raw, 0)
    covers = _covers(given, events, asked)
    verdicts = _verdicts(match, round_no, player, given, covers)
    kinds = {v.event: v.kind for v in verdicts}
    record = Record(round_no, player, raw_id, name, asked, covers, kinds, False, source)
    _record(match, record, via, key, {"record": record.to_json()})
    return HandedIn(round_no, player, name, verdicts, deadline=deadline(match, round_no))


def _record(
    match: Match, record: Record, via: Via, key: str | None, answer: dict[str, Any]
) -> None:
    """The hand-in and the answer's facts under the front end's key, in one transaction."""
    pairs = [(RECORD, json.dumps(record.to_json()))]
    if key is not None:
        pairs.append((_answer_key(via, key), json.dumps(answer)))
    match.store.set_host_inputs(pairs)


def _answer_again(match: Match, stored: str) -> HandedIn:
    """The first answer to a delivery, given again (a retry: nothing new stored)."""
    data = json.loads(stored)
    if "closed" in data:
        closed = data["closed"]
        raise RoundClosed(int(closed["round"]), ClosedWhy(closed["why"]), str(closed["name"]))
    record = Record.of(data["record"])
    if record is None:  # pragma: no cover - written by this module
        raise ValueError("a hand-in's stored answer does not read")
    verdicts = _verdicts_of(match, record)
    return HandedIn(
        record.round_no,
        record.player,
        record.name,
        verdicts,
        again=True,
        deadline=deadline(match, record.round_no),
    )


def _verdicts_of(match: Match, record: Record) -> tuple[EventVerdict, ...]:
    """The verdicts on a stored hand-in, worked out again from its stored bytes."""
    row = match.store.raw(record.raw_id)
    raw = RawSubmission(record.player, record.source, row.content, row.content_type)
    given = _input(match, record.round_no, record.player, raw, 0)
    return _verdicts(match, record.round_no, record.player, given, record.covers)


def _player(match: Match, name: str) -> str:
    by_lower = {p.lower(): p for p in match.config.players}
    player = by_lower.get(name.strip().lower())
    if player is None:
        hints = close_matches(name, list(match.config.players))
        raise NotAPlayer(name, f" (did you mean {hints[0]}?)" if hints else "")
    return player


def _event_name(event: str) -> str:
    try:
        return event_title(event)
    except (KeyError, ValueError):
        return event


def _titles(events: Sequence[str]) -> tuple[str, ...]:
    return tuple(_event_name(e) for e in events)


def _content_type(name: str, content: bytes) -> str:
    """ "json" for a JSON submission (by its name, else by its first character), else
    "xlsx": a file that is neither is read as a workbook, and refused as one."""
    suffix = PurePath(name).suffix.lower()
    if suffix == ".json":
        return "json"
    if suffix != ".xlsx" and content.lstrip()[:1] == b"{":
        return "json"
    return "xlsx"


def _round_said(match: Match, player: str, content_type: str, content: bytes) -> int | None:
    """The round the file says it is for, when it is this match's and this player's (a
    workbook's mark, a JSON submission's "round"); None when it says none or is not."""
    if content_type == "json":
        try:
            data = json.loads(content.decode("utf-8-sig"))
        except (ValueError, UnicodeDecodeError, RecursionError):
            return None
        said = data.get("round") if isinstance(data, dict) else None
        return said if type(said) is int and said >= 1 else None
    from sheets.stamp import MATCH, StampError, read_stamp
    from sheets.xlsx_reader import read_workbook

    try:
        stamp = read_stamp(read_workbook(content, name="hand-in"))
    except (SheetReadError, StampError):
        return None
    if stamp is None or stamp.kind != MATCH or stamp.game_id != match.match_id:
        return None
    return stamp.number if stamp.player == player and stamp.number >= 1 else None


def load_hand_in(match: Match, round_no: int, player: str, raw: RawSubmission) -> PlayerInput:
    """A file as a hand-in is loaded (not stored: its problems are kept nowhere)."""
    return _input(match, round_no, player, raw, 0)


def verdicts_for(
    match: Match, round_no: int, player: str, given: PlayerInput, covers: Sequence[str]
) -> tuple[EventVerdict, ...]:
    """Each of `covers`' verdict on `given`, in the words of the player's report."""
    return _verdicts(match, round_no, player, given, covers)


def _input(
    match: Match, round_no: int, player: str, raw: RawSubmission, raw_id: int
) -> PlayerInput:
    """A stored hand-in loaded: a workbook as any in the inbox (its mark checked), a JSON
    submission as a round's JSON file restricted to its player."""
    if raw.content_type != "json":
        return load_input(match, round_no, player, raw, raw_id)
    name = shown_source(raw.source)
    problem = _json_problem(match, round_no, player, raw, name)
    if isinstance(problem, str):
        return PlayerInput(player, raw_id, raw.source, unreadable=problem)
    return PlayerInput(player, raw_id, raw.source, json_by_event=problem)


def _json_problem(
    match: Match, round_no: int, player: str, raw: RawSubmission, name: str
) -> str | dict[str, Any]:
    """The player's submissions by event in a JSON hand-in, or what is wrong with it."""
    from sheets.json_input import load_json

    try:
        data = load_json(raw.content, name)
    except SheetReadError as exc:
        return f"{name}: {exc.problem}"
    shape = f'expected {{"round": {round_no}, "submissions": {{"{player}": {{...}}}}}}'
    if not isinstance(data, dict) or not isinstance(data.get("submissions"), dict):
        return f"{name}: {shape}"
    said = data.get("round")
    if said != round_no or type(said) is not int:
        told = 'has no "round"' if said is None else f'says "round": {json_quoted(said)}'
        return f'{name} {told}; this is round {round_no}: give "round": {round_no}'
    mine = {k: v for k, v in data["submissions"].items() if str(k).lower() == player.lower()}
    others = [str(k) for k in data["submissions"] if str(k).lower() != player.lower()]
    if others or len(mine) != 1:
        return f'{name}: hand in your own submissions only, under "{player}" ({shape})'
    by_event = next(iter(mine.values()))
    if not isinstance(by_event, dict):
        return f'{name}: expected an object event -> submission under "{player}"'
    playing = match.events_of(player, round_no)
    wrong = [str(e) for e in by_event if e not in playing]
    if wrong:
        return (
            f"{name}: {', '.join(quoted(e) for e in wrong)}: you play "
            f"{', '.join(_titles(playing))} in round {round_no}"
        )
    return by_event


def _covers(given: PlayerInput, events: tuple[str, ...], event: str | None) -> tuple[str, ...]:
    """The events a hand-in counts for: the one asked for, else every event of the player's
    (a JSON submission: those it names)."""
    if event is not None:
        return (event,)
    if given.json_by_event is not None:
        return tuple(e for e in events if e in given.json_by_event)
    return events


def _verdicts(
    match: Match, round_no: int, player: str, given: PlayerInput, covers: Sequence[str]
) -> tuple[EventVerdict, ...]:
    """Each covered event's verdict: the round checked with this hand-in alone, as the round
    would check it, the problems in the report's words."""
    states = states_after(match, round_no - 1)
    check = check_round(match, round_no, {}, states, None, {(player, e): given for e in covers})
    verdicts: list[EventVerdict] = []
    for event in covers:
        errors = [e.to_json() for e in check.errors if e.player == player and e.event == event]
        unread = [e.to_json() for e in check.unread if e.player == player and e.event == event]
        if (player, event) in check.invalid:
            kind = VerdictKind.PROBLEMS
        elif (player, event) in check.blank:
            kind = VerdictKind.BLANK
        elif (player, event) in check.missing:
            kind = VerdictKind.NOTHING
        else:
            kind = VerdictKind.READY
        entry = check.entries.get(event, {}).get(player)
        pictures = (
            _pictures(match, states, event, player, entry.submission)
            if kind is VerdictKind.READY and entry is not None
            else ()
        )
        verdicts.append(
            EventVerdict(
                event,
                event_title(event),
                kind,
                tuple(problem_lines(errors, event, errors=True)),
                tuple(problem_lines(unread, event, errors=False)),
                pictures,
            )
        )
    return tuple(verdicts)


def _pictures(
    match: Match, states: States, event: str, player: str, submission: Any
) -> tuple[tuple[str, Picture], ...]:
    """The event's pictures of this submission, from the player's own view only."""
    drawn = match.engine(event).private_pictures(states[event], player, submission)
    return tuple(drawn.items())


# --- what counts at resolve ---------------------------------------------------------------


def counted(match: Match, round_no: int) -> dict[tuple[str, str], Record]:
    """(player, event) -> the hand-in that counts: the latest one for the event, not late."""
    found: dict[tuple[str, str], Record] = {}
    for record in records(match):
        if record.round_no != round_no or record.late:
            continue
        for event in record.covers:
            found[(record.player, event)] = record
    return found


def hand_in_inputs(
    match: Match, round_no: int, keep: bool = True
) -> dict[tuple[str, str], PlayerInput]:
    """The hand-ins that count for `round_no`, loaded (each stored file once), by player and
    event, for the round pipeline (rounds.check_round's `by_event`). `keep`: their problems
    are stored with them when checked (False: a preview, which stores nothing)."""
    loaded: dict[int, PlayerInput] = {}
    out: dict[tuple[str, str], PlayerInput] = {}
    for at, record in counted(match, round_no).items():
        if record.raw_id not in loaded:
            row = match.store.raw(record.raw_id)
            raw = RawSubmission(record.player, record.source, row.content, row.content_type)
            loaded[record.raw_id] = _input(
                match, round_no, record.player, raw, record.raw_id if keep else 0
            )
        out[at] = loaded[record.raw_id]
    return out


def refuse_both(
    round_no: int,
    inputs: Mapping[str, PlayerInput],
    hand_ins: Mapping[tuple[str, str], PlayerInput],
) -> None:
    """Refuse a round where a player handed in and the source has a file of theirs too
    (docs/rulings.md, "Hand-ins": which one counts is not for festival to guess)."""
    both: dict[str, tuple[str, str, str]] = {}
    for (player, _event), given in hand_ins.items():
        other = inputs.get(player)
        if other is not None and player not in both:
            both[player] = (player, shown_source(given.source), shown_source(other.source))
    if both:
        raise HandInAndFile(tuple(both.values()), round_no)


def over_sheets(
    inputs: Mapping[str, PlayerInput], hand_ins: Mapping[tuple[str, str], PlayerInput]
) -> list[str]:
    """For the host, resolving from the Google spreadsheets: the hand-ins that count instead
    of a player's spreadsheet, for the events they hold (docs/rulings.md, "Hand-ins")."""
    over: dict[tuple[str, str], list[str]] = {}
    for (player, event), given in hand_ins.items():
        if player in inputs:
            over.setdefault((player, shown_source(given.source)), []).append(_event_name(event))
    return [
        f"{player}: the hand-in {name} counts for {', '.join(events)}, not the Google spreadsheet"
        for (player, name), events in over.items()
    ]


# --- reads ------------------------------------------------------------------------------


def submission(match: Match, player: str) -> Submission:
    """What counts now for each of `player`'s events in the open round."""
    player = _player(match, player)
    round_no = open_round(match)
    if round_no > match.config.rounds:
        return Submission(player, match.config.rounds, (), closed=True)
    if not match.allocated:
        raise NotAllocated(match.folder)
    now = counted(match, round_no)
    checked: dict[int, tuple[EventVerdict, ...]] = {}
    events: list[Counting] = []
    for event in match.events_of(player, round_no):
        record = now.get((player, event))
        if record is None:
            events.append(Counting(EventVerdict(event, event_title(event), VerdictKind.NOTHING)))
            continue
        if record.raw_id not in checked:
            checked[record.raw_id] = _verdicts_of(match, record)
        verdict = next(v for v in checked[record.raw_id] if v.event == event)
        events.append(Counting(verdict, came_from(record.source), record.name, record.received_at))
    return Submission(player, round_no, tuple(events), deadline=deadline(match, round_no))


def round_table(match: Match, round_no: int | None = None) -> RoundTable:
    """Per player and event of `round_no` (default: the open round, else the last): ready /
    has problems / nothing yet, and where it came from. The open round is read from the
    hand-ins' stored verdicts (nothing is parsed); a resolved round from what counted."""
    last = match.last_resolved_round()
    if round_no is None:
        round_no = min(last + 1, match.config.rounds)
    if not match.allocated:
        return RoundTable(round_no, False, ())
    if round_no <= last:
        return _resolved_table(match, round_no)
    now = counted(match, round_no)
    cells = []
    for player in match.config.players:
        for event in match.events_of(player, round_no):
            record = now.get((player, event))
            if record is None:
                cells.append(TableCell(player, event, VerdictKind.NOTHING))
            else:
                kind = record.verdicts.get(event, VerdictKind.NOTHING)
                cells.append(TableCell(player, event, kind, came_from(record.source)))
    return RoundTable(round_no, False, tuple(cells))


_KIND_OF = {
    OriginKind.PLAYED: VerdictKind.READY,
    OriginKind.INVALID: VerdictKind.PROBLEMS,
    OriginKind.BLANK: VerdictKind.BLANK,
    OriginKind.MISSING: VerdictKind.NOTHING,
}


def _resolved_table(match: Match, round_no: int) -> RoundTable:
    rows = [r for r in match.store.rounds() if r.round_no == round_no]
    entries = rows[-1].entries if rows else {}
    raws = {r.id: r for r in match.store.raws()}
    cells = []
    for player in match.config.players:
        for event in match.events_of(player, round_no):
            entry = entries.get(event, {}).get(player)
            if entry is None:
                cells.append(TableCell(player, event, VerdictKind.NOTHING))
                continue
            kind = _KIND_OF.get(entry.origin.kind, VerdictKind.READY)
            raw = raws.get(entry.counted_raw) if entry.counted_raw is not None else None
            where: CameFrom | None = (
                None if raw is None else came_from(raw.source, raw.content_type)
            )
            cells.append(TableCell(player, event, kind, where))
    return RoundTable(round_no, True, tuple(cells))
