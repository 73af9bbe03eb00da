"""One round, from what players handed in to a committed result.

The order never changes: every raw submission is stored as received (committed at once);
then it is loaded and parsed, collecting every error (stored too); then checked against the
game state; then the round is resolved in memory; and only then written, in one
transaction, together with every later round it changes. A failure anywhere before that
write leaves the resolved rounds exactly as they were.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from events.errors import NOTHING_SUBMITTED, SubmissionProblem, quoted
from events.report import RoundReport
from events.tables import ReadWorkbook, Workbook
from festival.core import seeds
from festival.core.errors import MatchError
from festival.match.acts import (
    JsonOfResolvedRound,
    MatchOver,
    NotAllocated,
    RoundOutOfOrder,
    WorkbooksOfAnotherRound,
)
from festival.match.announce import Announcements
from festival.match.announced import worked_out
from festival.match.book_fit import fit_tabs, formula_problems
from festival.match.inbox import Inbox, did_you_mean, sort_inbox
from festival.match.match import Match
from festival.match.origin import BLANK as BLANK_ORIGIN
from festival.match.origin import (
    INVALID,
    INVALID_AFTER,
    MISSING,
    Origin,
    OriginKind,
    StoredEntries,
    StoredEntry,
)
from festival.match.outcome import (
    Entry,
    ResolveOutcome,
    RoundCheck,
    RoundRejected,
    post_changes,
)
from festival.match.replay import (
    States,
    Submissions,
    decode_submissions,
    fingerprint,
    play_round,
    rankings_json,
    snapshot,
    states_after,
)
from festival.match.store import NewRound
from festival.match.unread import not_read
from sheets.errors import CellProblem, SheetReadError
from sheets.json_input import load_json
from sheets.limits import MAX_FILE_BYTES, MAX_STORED_BYTES, megabytes
from sheets.source import (
    TOO_LARGE,
    FileSource,
    FolderSource,
    RawSubmission,
    SubmissionSource,
    describe_file,
    load_with_formulas,
    shown_source,
)
from sheets.stamp import MATCH, StampError, mismatch, read_stamp


@dataclass(frozen=True)
class PlayerInput:
    """What one player handed in for a round, loaded but not yet parsed."""

    player: str
    raw_id: int
    source: str
    workbook: Workbook | None = None
    json_by_event: Mapping[str, Any] | None = None
    unreadable: str | None = None
    problems: tuple[CellProblem, ...] = ()
    """the cells that kept the workbook from being read, when it could be opened"""
    note: str | None = None
    """something the host should know about an accepted workbook (it carries no mark)"""
    stamped_round: int | None = None
    """the round written in the workbook's mark, when it has one"""
    formulas: tuple[CellProblem, ...] = ()
    """cells holding a formula with no saved value, empty in `workbook` (book_fit.py)"""


BLANK = BLANK_ORIGIN.text
"""the stored origin of a default played for a workbook handed in with the event's tabs blank"""


# --- ingest -------------------------------------------------------------------------------


def check_resolvable(match: Match, round_no: int) -> None:
    """Refuse, before anything is stored, a round that cannot be resolved now."""
    if not match.allocated:
        raise NotAllocated(match.folder)
    if not match.engines:
        raise MatchError("no event of this match has a rules engine in this version")
    last = match.last_resolved_round()
    if not 1 <= round_no <= match.config.rounds:
        if round_no > match.config.rounds and last >= match.config.rounds:
            raise MatchOver(match.config.rounds)
        raise MatchError(f"round {round_no} is not a round of this match (1-{match.config.rounds})")
    if round_no > last + 1:
        raise RoundOutOfOrder(last + 1, round_no)


def ingest_folder(
    match: Match, round_no: int, folder: Path, notes: list[str] | None = None
) -> dict[str, PlayerInput]:
    """Store, then load, every player's workbook in `folder` (festival/match/inbox.py says
    whose each file is; what it tells the host is added to `notes`).

    Refused (after the workbooks taken are stored), so that no player silently plays the
    default: a file whose player cannot be told (two for one player, a workbook named for no
    player that carries no mark of one, another format named for a player without a
    workbook), a folder that holds no workbook of any player, and a folder whose workbooks all
    belong to a round already resolved (the same `resolve` command run twice). Every refusal
    names the players who sent nothing.
    """
    inbox = sort_inbox(match, round_no, folder)
    inputs = ingest_source(match, round_no, FileSource(inbox.files))
    if notes is not None:
        notes.extend(inbox.notes)
    if inbox.problems:
        raise MatchError(_refused_inbox(match, round_no, folder, inbox, inputs))
    if not inputs:
        raise MatchError(
            f"{folder} holds no workbook of any player of round {round_no} (<player>.xlsx)"
            + "".join(f". {note}" for note in inbox.notes)
        )
    stale = {i.stamped_round for i in inputs.values()}
    if len(stale) == 1 and (old := stale.pop()) is not None and old != round_no:
        raise WorkbooksOfAnotherRound(folder, old, round_no, old <= match.last_resolved_round())
    return inputs


def _refused_inbox(
    match: Match, round_no: int, folder: Path, inbox: Inbox, handed_in: Iterable[str]
) -> str:
    """Why the round cannot be resolved from `folder`, and who sent nothing."""
    return (
        f"{folder}: "
        + "; ".join(inbox.problems)
        + f". Name each workbook <player>.xlsx (or move the file out of {folder}) and "
        "resolve again" + _sent_nothing_sentence(match, round_no, [*handed_in, *inbox.held])
    )


def sent_nothing(match: Match, round_no: int, handed_in: Iterable[str]) -> list[str]:
    """The players of the round who handed in nothing now and keep nothing handed in to an
    earlier resolution of the round, in roster order."""
    current = [r for r in match.store.rounds() if r.round_no == round_no]
    kept = current[-1].entries if current else {}
    has = set(handed_in) | {
        p
        for by_player in kept.values()
        for p, entry in by_player.items()
        if not (entry.origin.kind is OriginKind.MISSING and entry.untouched is None)
    }
    return [p for p in match.config.players if match.events_of(p, round_no) and p not in has]


def _sent_nothing_sentence(match: Match, round_no: int, handed_in: Iterable[str]) -> str:
    names = sent_nothing(match, round_no, handed_in)
    return f". Sent nothing so far: {', '.join(names)}" if names else ""


def ingest_source(match: Match, round_no: int, source: SubmissionSource) -> dict[str, PlayerInput]:
    """Store, then load, each player's submission from any source (a folder, Google Sheets).

    Everything is fetched before anything is stored, so a source that fails midway (a
    spreadsheet that cannot be read) leaves no half-read round behind.
    """
    expected = [p for p in match.config.players if match.events_of(p, round_no)]
    fetched = [(p, raw) for p in expected if (raw := source.fetch(p)) is not None]
    inputs: dict[str, PlayerInput] = {}
    for player, raw in fetched:
        raw_id = match.store.add_raw(round_no, player, raw.source, raw.content_type, raw.content)
        inputs[player] = load_input(match, round_no, player, raw, raw_id)
    return inputs


def load_input(
    match: Match, round_no: int, player: str, raw: RawSubmission, raw_id: int
) -> PlayerInput:
    """A fetched submission loaded into grids, and its mark checked against the round and
    player it is taken for; what cannot be used is kept as the reason why."""
    if raw.refused is not None:  # the source read what is not this player's (stored, unused)
        return PlayerInput(player, raw_id, raw.source, unreadable=raw.refused)
    try:
        workbook, formulas = load_with_formulas(raw)
    except SheetReadError as exc:
        why = f"{shown_source(raw.source)}: {exc.problem}"  # a player may read it: no host path
        return PlayerInput(player, raw_id, raw.source, unreadable=why, problems=exc.problems)
    if raw.content_type != "xlsx":
        return PlayerInput(player, raw_id, raw.source, workbook=workbook)
    name = shown_source(raw.source)
    try:
        stamp = read_stamp(workbook)
    except StampError as exc:
        return PlayerInput(player, raw_id, raw.source, unreadable=f"{name}: {exc}")
    if stamp is None:
        note = (
            f"{name} carries no festival mark (it was not made from festival's templates); "
            f"it was read as {player}'s round {round_no} workbook"
        )
        return PlayerInput(
            player, raw_id, raw.source, workbook=workbook, note=note, formulas=formulas
        )
    wrong = mismatch(stamp, match.stamp(round_no, player))
    if wrong:
        why = f"{name} " + " and ".join(wrong) + f": send {player}'s round {round_no} workbook"
        stamped = stamp.number if stamp.kind == MATCH else None
        return PlayerInput(player, raw_id, raw.source, unreadable=why, stamped_round=stamped)
    return PlayerInput(
        player, raw_id, raw.source, workbook=workbook, stamped_round=round_no, formulas=formulas
    )


def preview_source(
    match: Match,
    round_no: int,
    source: SubmissionSource,
    by_event: Mapping[tuple[str, str], PlayerInput] | None = None,
) -> RoundCheck:
    """What resolving `round_no` from `source` (and the hand-ins `by_event`, as resolve)
    would find, player by player, without storing or resolving anything."""
    check_resolvable(match, round_no)
    notes: list[str] = []
    if isinstance(source, FolderSource):  # a misnamed workbook is taken by its mark
        inbox = sort_inbox(match, round_no, source.folder)
        if inbox.problems:
            raise MatchError(_refused_inbox(match, round_no, source.folder, inbox, inbox.files))
        source, notes = FileSource(inbox.files), inbox.notes
    inputs: dict[str, PlayerInput] = {}
    for player in match.config.players:
        if not match.events_of(player, round_no):
            continue
        raw = source.fetch(player)
        if raw is None:
            continue
        inputs[player] = load_input(match, round_no, player, raw, 0)
    current = {r.round_no: r for r in match.store.rounds()}
    kept = current[round_no].entries if round_no in current else None
    states = states_after(match, round_no - 1)
    check = check_round(match, round_no, inputs, states, kept, by_event)
    check.file_notes = [*notes, *(i.note for i in inputs.values() if i.note)]
    return check


def ingest_json(match: Match, round_no: int, path: Path) -> dict[str, PlayerInput]:
    """Store, then load, a canonical JSON file of submissions (docs/formats.md).

    Every problem with the file's shape is reported at once: unknown players or events, a
    player who does not play that event this round, a name given twice.
    """
    try:
        size = path.stat().st_size
        if size > MAX_STORED_BYTES:
            match.store.add_raw(round_no, "*", f"file:{path}", TOO_LARGE, describe_file(path, size))
            raise MatchError(
                f"{path}: the file is {megabytes(size)}; festival reads at most "
                f"{megabytes(MAX_FILE_BYTES)}"
            )
        content = path.read_bytes()
    except OSError as exc:
        raise MatchError(f"{path}: cannot read the file ({exc.strerror or exc})") from exc
    raw_id = match.store.add_raw(round_no, "*", f"file:{path}", "json", content)
    try:
        data = load_json(content, str(path))
    except SheetReadError as exc:
        raise MatchError(str(exc)) from exc
    if not isinstance(data, dict) or not isinstance(data.get("submissions"), dict):
        raise MatchError(f'{path}: expected an object {{"round": N, "submissions": {{...}}}}')
    given_round = data.get("round")
    if type(given_round) is not int or given_round != round_no:
        said = 'has no "round"' if given_round is None else f'says "round": {quoted(given_round)}'
        if type(given_round) is int and 1 <= given_round <= match.last_resolved_round():
            raise JsonOfResolvedRound(path, said, round_no, given_round)
        raise MatchError(
            f"{path} {said}; this is round {round_no}"
            f'. Give "round": {round_no} if the file is for round {round_no}'
        )
    known = {p.lower(): p for p in match.config.players}
    problems: list[str] = []
    inputs: dict[str, PlayerInput] = {}
    for name, by_event in data["submissions"].items():
        player = known.get(str(name).lower())
        if player is None:
            hint = did_you_mean(str(name), match.config.players) or " (write one of its players)"
            problems.append(f"{quoted(name)} is not a player of this match{hint}")
            continue
        if player in inputs:
            problems.append(f"{player} is given twice")
            continue
        if not isinstance(by_event, dict):
            problems.append(f"{player}: expected an object event -> submission")
            continue
        playing = match.events_of(player, round_no)
        for event in by_event:
            if event not in match.config.events:
                problems.append(
                    f"{player}: {quoted(event)} is not an event ({', '.join(match.config.events)})"
                )
            elif event not in playing:
                problems.append(f"{player} does not play {event} in round {round_no}")
        inputs[player] = PlayerInput(player, raw_id, f"file:{path}", json_by_event=by_event)
    if problems:
        handed_in = [p for p, given in inputs.items() if given.json_by_event]
        raise MatchError(
            f"{path}: " + "; ".join(problems) + _sent_nothing_sentence(match, round_no, handed_in)
        )
    return inputs


# --- parse and check ----------------------------------------------------------------------


def check_round(
    match: Match,
    round_no: int,
    inputs: Mapping[str, PlayerInput],
    states: States,
    kept: StoredEntries | None = None,
    by_event: Mapping[tuple[str, str], PlayerInput] | None = None,
) -> RoundCheck:
    """Parse and validate every expected submission, collecting every error.

    `kept` holds, per event and player, the stored entries of an earlier resolution of this
    round: a player who hands in nothing now keeps what they handed in then. `by_event`:
    (player, event) -> what counts for that event alone (a hand-in, festival/match/handin.py),
    before `inputs`.
    """
    check = RoundCheck(round_no)
    kept = kept or {}
    by_event = by_event or {}
    for event in match.events_in_round(round_no):
        engine = match.engine(event)
        check.entries[event] = {}
        for player in match.participants(event):
            given = by_event.get((player, event)) or inputs.get(player)
            if given and given.json_by_event is not None and event not in given.json_by_event:
                given = None  # nothing new for this event: keep or default as if absent
            errors: list[SubmissionProblem] = []
            unread: list[SubmissionProblem] = []
            submission: Any = None
            origin = Origin.parse("")
            if given is None:
                previous = kept.get(event, {}).get(player)
                verdict = _kept_verdict(engine.default_submission(states[event], player), previous)
                if verdict is not None:  # refused or blank before, and nothing new: it stands
                    check.entries[event][player] = verdict
                    if verdict.origin.kind is OriginKind.INVALID:
                        check.kept_refused.append((player, event))
                    else:
                        check.blank.append((player, event))
                    continue
                if previous is not None and previous.origin.kind is OriginKind.PLAYED:
                    parsed = engine.from_json(states[event], player, round_no, previous.submission)
                    submission, errors = parsed.value, list(parsed.errors)
                    origin = previous.origin.kept_again()
            elif given.unreadable is not None:
                first = next(
                    e
                    for e in match.events_of(player, round_no)
                    if (by_event.get((player, e)) or inputs.get(player)) is given
                )
                errors = _unreadable_errors(given, event, first=event == first)
            elif given.workbook is not None:
                template = engine.template(states[event], player, round_no)
                book, renames, notes = fit_tabs(given.workbook, template, player, event)
                check.notes.extend(notes)
                read = ReadWorkbook.of(book)
                parsed = engine.parse(states[event], player, round_no, read.workbook)
                submission, errors = parsed.value, list(parsed.errors)
                origin = Origin.raw(given.raw_id)
                to_the_end = submission is not None or parsed.nothing_submitted
                if to_the_end:
                    unread = not_read(engine, states[event], player, round_no, read)
                blank, ignored = formula_problems(
                    read, template, given.formulas, renames, player, event, to_the_end
                )
                unread += ignored
                if blank:  # read where a formula keeps no value: said once, as that
                    at = {(e.tab, e.cell) for e in blank}
                    errors = [
                        e
                        for e in errors
                        if e.code != NOTHING_SUBMITTED and (e.tab, e.cell) not in at
                    ] + blank
            elif given.json_by_event is not None:
                parsed = engine.from_json(
                    states[event], player, round_no, given.json_by_event[event]
                )
                submission, errors = parsed.value, list(parsed.errors)
                origin = Origin.raw(given.raw_id)
            if errors and all(e.code == NOTHING_SUBMITTED for e in errors):
                errors, submission = [], None  # the tabs were left blank
            if submission is not None and not errors:
                errors = list(engine.validate(states[event], player, submission))
            errors = [e if e.event else _with_event(e, event) for e in errors]
            raw_id = given.raw_id if given is not None and given.raw_id else None
            if unread:
                check.unread.extend(unread)
                if raw_id is not None:
                    _store_warnings(match, raw_id, unread)
            if errors:
                check.errors.extend(errors)
                check.invalid.append((player, event))
                if given is not None and given.raw_id:
                    match.store.add_parse_errors(given.raw_id, [e.to_json() for e in errors])
                check.entries[event][player] = Entry(
                    engine.default_submission(states[event], player), INVALID, raw_id
                )
            elif submission is None and given is not None and given.workbook is not None:
                check.blank.append((player, event))  # handed in blank: a choice, not silence
                check.entries[event][player] = Entry(
                    engine.default_submission(states[event], player), BLANK_ORIGIN, untouched=raw_id
                )
            elif submission is None:
                check.missing.append((player, event))
                check.entries[event][player] = Entry(
                    engine.default_submission(states[event], player), MISSING
                )
            else:
                check.entries[event][player] = Entry(submission, origin)
    return check


def _kept_verdict(default: Any, previous: StoredEntry | None) -> Entry | None:
    """An earlier resolution's verdict on a submission that was refused ("default: invalid",
    with the raw submission refused) or handed in with the event's tabs blank: a correction
    that brings nothing new for the player keeps it, with the default computed anew (the
    state before the round may have changed). None: nothing to keep, or a submission played."""
    if previous is None:
        return None
    origin, untouched = previous.origin, previous.untouched
    if origin.kind is OriginKind.INVALID:
        return Entry(default, origin, refused=previous.refused)
    if origin.kind in (OriginKind.BLANK, OriginKind.MISSING) and untouched is not None:
        return Entry(default, BLANK_ORIGIN, untouched=untouched)
    return None


def _store_warnings(match: Match, raw_id: int, warnings: Sequence[SubmissionProblem]) -> None:
    """Keep the warnings with the raw submission, once (the same file may be checked again:
    a refused round resolved anew, a re-resolution)."""
    have = {(e["event"], e["code"], e["tab"], e["cell"]) for e in match.store.parse_errors(raw_id)}
    new = [w.to_json() for w in warnings if (w.event, w.code, w.tab, w.cell) not in have]
    if new:
        match.store.add_parse_errors(raw_id, new)


def _unreadable_errors(given: PlayerInput, event: str, first: bool) -> list[SubmissionProblem]:
    """Why a workbook could not be used: every cell at fault under the player's first event
    of the round, and one line pointing there under the others."""
    if not given.problems:
        return [SubmissionProblem("sheet.unreadable", given.player, str(given.unreadable), event)]
    if not first:
        where = shown_source(given.source)
        return [
            SubmissionProblem(
                "sheet.unreadable", given.player, f"{where} could not be read (see above)", event
            )
        ]
    return [
        SubmissionProblem(p.code, given.player, p.message, event, p.tab, p.cell)
        for p in given.problems
    ]


def _with_event(error: SubmissionProblem, event: str) -> SubmissionProblem:
    return SubmissionProblem(error.code, error.player, error.message, event, error.tab, error.cell)


# --- resolve ------------------------------------------------------------------------------


def resolve(
    match: Match,
    round_no: int,
    inputs: Mapping[str, PlayerInput],
    default_invalid: bool = False,
    notes: Sequence[str] = (),
    before: Mapping[int, Announcements] | None = None,
    by_event: Mapping[tuple[str, str], PlayerInput] | None = None,
) -> ResolveOutcome:
    """Resolve `round_no` (and recompute every later resolved round), then commit at once.
    `notes`: what reading the submissions told the host (ingest_folder); `before`: the
    announcements of the rounds resolved again, as they read before the submissions were
    read (worked out by the caller; else here); `by_event`: the hand-ins that count, by
    player and event (check_round)."""
    check_resolvable(match, round_no)
    current = {r.round_no: r for r in match.store.rounds()}
    states = states_after(match, round_no - 1, list(current.values()))
    kept = current[round_no].entries if round_no in current else None
    check = check_round(match, round_no, inputs, states, kept, by_event)
    given = [*inputs.values(), *{id(i): i for i in (by_event or {}).values()}.values()]
    check.file_notes = [*notes, *dict.fromkeys(i.note for i in given if i.note)]
    if check.invalid and not default_invalid:
        raise RoundRejected(check)

    seed = (
        current[round_no].seed
        if round_no in current
        else seeds.round_seed(match.config.seed, round_no)
    )
    new_rows: list[NewRound] = []
    states, reports = _play(match, states, round_no, seed, check.entries, new_rows)
    warnings = list(check.file_notes)
    recomputed: list[int] = []
    for later in sorted(r for r in current if r > round_no):
        row = current[later]
        entries = _revalidate(
            match,
            states,
            row.round_no,
            decode_submissions(match, states, row),
            row.entries,
            warnings,
        )
        states, _ = _play(match, states, later, row.seed, entries, new_rows)
        recomputed.append(later)
    redone = sorted(r for r in current if r >= round_no)
    rows = list(current.values())  # the store's rounds are read once before, once after
    told = before or {}
    posted = {r: told[r] if r in told else worked_out(match, r, rows) for r in redone}
    match.store.commit_rounds(new_rows, expected_current=[r.id for r in rows])
    after, players = match.store.rounds(), match.config.players
    now = {r: worked_out(match, r, after) for r in redone}  # kept for posting them next
    changed = {r: post_changes(posted[r], now[r], players) for r in redone}
    return ResolveOutcome(round_no, reports, check, recomputed, warnings, changed, now)


def _play(
    match: Match,
    states: States,
    round_no: int,
    seed: int,
    entries: Mapping[str, Mapping[str, Entry]],
    out: list[NewRound],
) -> tuple[States, list[RoundReport]]:
    submissions: Submissions = {
        event: {p: e.submission for p, e in by_player.items()}
        for event, by_player in entries.items()
    }
    stored = {
        event: {
            p: {
                "from": e.origin.text,
                "submission": _canonical(match, states[event], event, p, round_no, e.submission),
                **e.stored(),
            }
            for p, e in by_player.items()
        }
        for event, by_player in entries.items()
    }
    new_states, reports = play_round(match, states, round_no, seed, submissions)
    rankings = rankings_json(match, new_states)
    out.append(
        NewRound(
            round_no,
            seed,
            stored,
            [r.to_json() for r in reports],
            rankings,
            snapshot(new_states, fingerprint(match)),
        )
    )
    return new_states, reports


def _canonical(
    match: Match, state: Any, event: str, player: str, round_no: int, submission: Any
) -> Any:
    """The canonical JSON of a submission, proven to read back as the same submission (the
    store replays rounds from it, so a replay must play exactly what was played)."""
    engine = match.engine(event)
    data = engine.to_json(submission)
    back = engine.from_json(state, player, round_no, json.loads(json.dumps(data)))
    if back.value != submission:
        raise MatchError(
            f"{engine.title}: the canonical JSON of {player}'s round {round_no} submission does "
            "not read back as the same submission (a bug in the engine); nothing was resolved"
        )
    return data


def _revalidate(
    match: Match,
    states: States,
    round_no: int,
    submissions: Submissions,
    stored: StoredEntries,
    warnings: list[str],
) -> dict[str, dict[str, Entry]]:
    """A later round's stored submissions, checked again against the changed state."""
    entries: dict[str, dict[str, Entry]] = {}
    for event, by_player in submissions.items():
        engine = match.engine(event)
        entries[event] = {}
        for player, sub in by_player.items():
            entry = stored[event][player]
            origin = entry.origin
            if origin.is_default:
                # a default depends on the state, which the re-resolution changed
                entries[event][player] = Entry(
                    engine.default_submission(states[event], player),
                    origin,
                    entry.refused,
                    entry.untouched,
                )
                continue
            errors = engine.validate(states[event], player, sub)
            if errors:
                warnings.append(
                    f"round {round_no}: {player}'s {engine.title} submission no longer holds "
                    f"after the re-resolution ({'; '.join(e.message for e in errors)}); "
                    "the default is played"
                )
                entries[event][player] = Entry(
                    engine.default_submission(states[event], player),
                    INVALID_AFTER,
                )
            else:
                entries[event][player] = Entry(sub, origin)
    return entries
