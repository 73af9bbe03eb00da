"""A round's announcements in Markdown: the public post and each player's private report,
and the pictures the public post shows. Markdown only: the Discord adapter cuts it into
messages (festival/discord/messages.py) and renders the pictures.

Public lines come only from the public part of each event's report (and, after the last
round, from the events' final announcements and the festival result); private lines only
from that player's own part. Host-only lines never appear here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from events.numbers import decimal_text
from events.report import RoundReport
from festival.core.errors import MatchError
from festival.core.registry import event_title as title
from festival.match.match import Match
from festival.match.origin import OriginKind, StoredEntries
from festival.match.replay import States, states_after
from festival.match.standings_view import festival_standings
from festival.match.store import RawRow, RoundRow
from festival.match.unread import WARNINGS

if TYPE_CHECKING:
    from events.duel import Picture


@dataclass(frozen=True)
class Announcements:
    round_no: int
    public: str
    """the public post, in Markdown (cut into Discord messages by festival/discord/messages.py:
    `round_messages`)"""
    private: dict[str, str]
    """player -> their private report, in Markdown"""


def round_reports(
    match: Match, round_no: int, current: Sequence[RoundRow] | None = None
) -> list[RoundReport]:
    """`current`: the store's current rounds, when the caller has already read them."""
    current = match.store.rounds() if current is None else current
    rows = [r for r in current if r.round_no == round_no]
    if not rows:
        raise MatchError(f"round {round_no} is not resolved yet")
    return [RoundReport.from_json(r) for r in rows[-1].reports]


class _Read:
    """What a round's announcements read, each once: the current rounds (one read of the
    store), the round's reports, the states after a round, the stored problems of a raw
    submission and the raw submissions of the round."""

    def __init__(self, match: Match, round_no: int, current: Sequence[RoundRow] | None) -> None:
        self.match = match
        self.round_no = round_no
        self.current = match.store.rounds() if current is None else current
        self._reports: list[RoundReport] | None = None
        self._states: dict[int, States] = {}
        self._problems: dict[int, list[dict[str, Any]]] = {}
        self._raws: list[RawRow] | None = None

    @property
    def reports(self) -> list[RoundReport]:
        if self._reports is None:
            self._reports = round_reports(self.match, self.round_no, self.current)
        return self._reports

    @property
    def entries(self) -> StoredEntries:
        rows = [r for r in self.current if r.round_no == self.round_no]
        return rows[-1].entries if rows else {}

    def states(self, round_no: int) -> States:
        if round_no not in self._states:
            self._states[round_no] = states_after(self.match, round_no, self.current)
        return self._states[round_no]

    def problems(self, raw_id: int) -> list[dict[str, Any]]:
        if raw_id not in self._problems:
            self._problems[raw_id] = self.match.store.parse_errors(raw_id)
        return self._problems[raw_id]

    def raws(self) -> list[RawRow]:
        if self._raws is None:
            self._raws = self.match.store.raws(self.round_no)
        return self._raws


def public_markdown(match: Match, round_no: int, current: Sequence[RoundRow] | None = None) -> str:
    return _public(_Read(match, round_no, current))


def _public(read: _Read) -> str:
    round_no = read.round_no
    lines = [f"# AWA Festival, round {round_no}"]
    for report in read.reports:
        if report.public:
            lines += ["", f"## {title(report.event)}", *report.public]
    if round_no == read.match.config.rounds:
        lines += ["", *final_markdown(read.match, read.states(round_no))]
    return "\n".join(lines)


def final_markdown(match: Match, states: States | None = None) -> list[str]:
    """`states`: after the last round, when the caller has them."""
    states = states_after(match, match.config.rounds) if states is None else states
    lines = ["# Final results"]
    for event, state in states.items():
        engine = match.engine(event)
        lines += [
            "",
            f"## {engine.title}",
            *engine.final_announcement(state, match.config.gamewide),
        ]
    result = festival_standings(match, states)
    lines += ["", "## The festival"]
    if result.sole_winner:
        lines.append(
            f"Sole winner: **{result.sole_winner}** ({result.winner_decided_by}): "
            "2 Tokens of Life and a garnet."
        )
    else:
        lines.append(
            f"Tied winners: {', '.join(f'**{w}**' for w in result.winners)}: a Token of Life each."
        )
    if result.elimination_candidate:
        lines.append(
            f"Elimination Candidate: **{result.elimination_candidate}** "
            f"({result.elimination_decided_by})."
        )
    elif result.elimination_choice_pending:
        lines.append(
            f"Elimination Candidate: the sole winner chooses among "
            f"{', '.join(result.elimination_choice_pending)}."
        )
    lines.append("")
    lines.append("| Player | Average | Garnets | Tokens of Life |")
    lines.append("|---|---|---|---|")
    for s in result.players:
        lines.append(
            f"| {s.player} | {decimal_text(s.average_rank)} | {s.garnets} | {s.tokens_of_life} |"
        )
    lines += ["", "Ranks in each event:"]
    for s in result.players:
        events = ", ".join(f"{title(e)} {r}" for e, r in s.events.items())
        lines.append(f"- **{s.player}**: {events}")
    return lines


def private_markdown(match: Match, round_no: int, player: str) -> str:
    return _private(_Read(match, round_no, None), player)


def _private(read: _Read, player: str) -> str:
    lines = [f"# {player}, your private report for round {read.round_no}"]
    notes = _notes(read, player)
    for report in read.reports:
        mine = report.private.get(player)
        said = notes.get(report.event)
        if mine or said:
            lines += ["", f"## {title(report.event)}", *(said or []), *(mine or [])]
    return "\n".join(lines)


REFUSED = (
    "**Your submission was refused, so the rules' default was played for you.** What was wrong:"
)
NOTHING = "**You handed in nothing for this event, so the rules' default was played for you.**"
BLANK = "**You handed in this event's tabs blank, which chooses the rules' default.**"
UNTOUCHED = (
    "**Your workbook left this event's tabs as they came, which counts as handing in nothing: "
    "the rules' default was played for you.**"
)
"""a blank in a round resolved before blanks were told apart ("default: missing" with
"untouched"): its report reads as it was posted, until the round is resolved again"""
NOT_READ_HEAD = "Not read (a note is fine; a move belongs in the cells the tab asks for):"


def submission_notes(
    match: Match, round_no: int, player: str, current: Sequence[RoundRow] | None = None
) -> dict[str, list[str]]:
    """event -> what the player is told about the submission that counted, before the event's
    own report: that it was refused (what was wrong, by tab and cell, from the stored parse
    errors), that they handed in nothing, or that they handed its tabs in blank (and what that
    chose), so the rules' default was played; and any text they typed where festival reads
    nothing."""
    return _notes(_Read(match, round_no, current), player)


def _notes(read: _Read, player: str) -> dict[str, list[str]]:
    entries = {
        event: by_player[player] for event, by_player in read.entries.items() if player in by_player
    }
    out: dict[str, list[str]] = {}
    for event, entry in entries.items():
        kind = entry.origin.kind
        counted = entry.counted_raw
        stored = [] if counted is None else _problems_of(read, [counted], player)
        lines: list[str] = []
        if kind is OriginKind.INVALID:
            # the submission that counted alone (a round resolved before this was recorded: all)
            if counted is None:
                # the player's own files, and round JSON files (stored once for all, as "*")
                mine = (player, "*")
                raws = [raw.id for raw in read.raws() if raw.player in mine]
                stored = _problems_of(read, raws, player)
            lines = [REFUSED, *problem_lines(stored, event, errors=True)]
            if len(lines) == 1:
                lines.append("- (the reason was not recorded)")
        elif kind is OriginKind.MISSING:
            lines = [NOTHING if counted is None else UNTOUCHED]
        elif kind is OriginKind.BLANK:
            lines = [BLANK, *_blank_choice(read, event, player)]
        unread = problem_lines(stored, event, errors=False)
        if unread:
            lines += [*([""] if lines else []), NOT_READ_HEAD, *unread]
        if lines:
            out[event] = [*lines, ""]  # the event's own report starts a new paragraph
    return out


def _blank_choice(read: _Read, event: str, player: str) -> tuple[str, ...]:
    """What the event says a blank chose (kept last round's defence...)."""
    before = read.states(read.round_no - 1)[event]
    after = read.states(read.round_no)[event]
    return read.match.engine(event).blank_choice(before, after, player)


def _problems_of(read: _Read, raws: Sequence[int], player: str) -> list[dict[str, Any]]:
    """The problems stored with these raw submissions that are the player's (a JSON round is
    one raw submission for every player)."""
    return [e for r in raws for e in read.problems(r) if e["player"] == player]


def problem_lines(stored: Sequence[Mapping[str, Any]], event: str, errors: bool) -> list[str]:
    """A line per stored problem of `event` (each once): the errors that refused the
    submission (`errors`), or the warnings that did not. A hand-in's verdict
    (festival/match/verdict.py) says them in these words too."""
    lines: list[str] = []
    for e in stored:
        if e["event"] not in (event, "") or (e["code"] in WARNINGS) == errors:
            continue
        where = "!".join(x for x in (e["tab"], e["cell"]) if x)
        line = f"- {where + ': ' if where else ''}{e['message']}"
        if line not in lines:
            lines.append(line)
    return lines


def announcements(
    match: Match, round_no: int, current: Sequence[RoundRow] | None = None
) -> Announcements:
    """The round's public post and private reports. The store's current rounds are read once
    (`current`: when the caller has already read them), whatever the number of players."""
    read = _Read(match, round_no, current)
    public = _public(read)
    private = {
        p: _private(read, p)
        for p in match.config.players
        if any(p in r.private for r in read.reports) or _notes(read, p)
    }
    return Announcements(round_no, public, private)


def public_pictures(match: Match, round_no: int) -> tuple[tuple[str, Picture], ...]:
    """The pictures of the events that played the round, as everyone may see them after it:
    (file name, picture), the file name a PNG of it is posted or written as."""
    states = states_after(match, round_no)
    played = [r.event for r in round_reports(match, round_no)]
    found: list[tuple[str, Picture]] = []
    for event in played:
        for name, picture in match.engine(event).public_pictures(states[event]).items():
            stem = re.sub(r"[^A-Za-z0-9]+", "-", f"round {round_no} {event} {name}").strip("-")
            found.append((f"{stem.lower()}.png", picture))
    return tuple(found)
