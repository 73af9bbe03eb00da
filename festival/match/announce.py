"""A round's announcements in Markdown: the public post and each player's private report.

Public lines come only from the public part of each event's report (and, after the last
round, from the events' final announcements and the festival result); private lines only
from that player's own part. Host-only lines never appear here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from events.numbers import decimal_text
from events.report import RoundReport
from festival.core.registry import event_title as title
from festival.discord.messages import discord_messages
from festival.match.match import Match, MatchError
from festival.match.origin import OriginKind
from festival.match.replay import states_after
from festival.match.standings_view import festival_standings
from festival.match.store import RoundRow
from festival.match.unread import WARNINGS


@dataclass(frozen=True)
class Announcements:
    round_no: int
    public: list[str]
    """messages as posted to Discord (festival/discord/messages.py: `discord_messages`)"""
    private: dict[str, list[str]]
    """player -> their messages"""


def round_reports(
    match: Match, round_no: int, current: Sequence[RoundRow] | None = None
) -> list[RoundReport]:
    """`current`: the store's current rounds, when the caller has already read them."""
    current = match.store.rounds() if current is None else current
    rows = [r for r in current if r.round_no == round_no]
    if not rows:
        raise MatchError(f"round {round_no} is not resolved yet")
    return [RoundReport.from_json(r) for r in rows[-1].reports]


def public_markdown(match: Match, round_no: int) -> str:
    lines = [f"# AWA Festival, round {round_no}"]
    for report in round_reports(match, round_no):
        if report.public:
            lines += ["", f"## {title(report.event)}", *report.public]
    if round_no == match.config.rounds:
        lines += ["", *final_markdown(match)]
    return "\n".join(lines)


def final_markdown(match: Match) -> list[str]:
    states = states_after(match, match.config.rounds)
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
    lines = [f"# {player}, your private report for round {round_no}"]
    current = match.store.rounds()
    notes = submission_notes(match, round_no, player, current)
    for report in round_reports(match, round_no, current):
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
    current = match.store.rounds() if current is None else current
    rows = [r for r in current if r.round_no == round_no]
    if not rows:
        return {}
    entries = {
        event: by_player[player]
        for event, by_player in rows[-1].entries.items()
        if player in by_player
    }
    out: dict[str, list[str]] = {}
    for event, entry in entries.items():
        kind = entry.origin.kind
        counted = entry.counted_raw
        stored = [] if counted is None else _problems_of(match, [counted], player)
        lines: list[str] = []
        if kind is OriginKind.INVALID:
            # the submission that counted alone (a round resolved before this was recorded: all)
            if counted is None:
                # the player's own files, and round JSON files (stored once for all, as "*")
                mine = (player, "*")
                raws = [raw.id for raw in match.store.raws(round_no) if raw.player in mine]
                stored = _problems_of(match, raws, player)
            lines = [REFUSED, *_problem_lines(stored, event, errors=True)]
            if len(lines) == 1:
                lines.append("- (the reason was not recorded)")
        elif kind is OriginKind.MISSING:
            lines = [NOTHING if counted is None else UNTOUCHED]
        elif kind is OriginKind.BLANK:
            lines = [BLANK, *_blank_choice(match, round_no, event, player)]
        unread = _problem_lines(stored, event, errors=False)
        if unread:
            lines += [*([""] if lines else []), NOT_READ_HEAD, *unread]
        if lines:
            out[event] = [*lines, ""]  # the event's own report starts a new paragraph
    return out


def _blank_choice(match: Match, round_no: int, event: str, player: str) -> tuple[str, ...]:
    """What the event says a blank chose (kept last round's defence...)."""
    before = states_after(match, round_no - 1)[event]
    after = states_after(match, round_no)[event]
    return match.engine(event).blank_choice(before, after, player)


def _problems_of(match: Match, raws: Sequence[int], player: str) -> list[dict[str, Any]]:
    """The problems stored with these raw submissions that are the player's (a JSON round is
    one raw submission for every player)."""
    return [e for r in raws for e in match.store.parse_errors(r) if e["player"] == player]


def _problem_lines(stored: Sequence[Mapping[str, Any]], event: str, errors: bool) -> list[str]:
    """A line per stored problem of `event` (each once): the errors that refused the
    submission (`errors`), or the warnings that did not."""
    lines: list[str] = []
    for e in stored:
        if e["event"] not in (event, "") or (e["code"] in WARNINGS) == errors:
            continue
        where = "!".join(x for x in (e["tab"], e["cell"]) if x)
        line = f"- {where + ': ' if where else ''}{e['message']}"
        if line not in lines:
            lines.append(line)
    return lines


def announcements(match: Match, round_no: int) -> Announcements:
    public = discord_messages(public_markdown(match, round_no))
    reports = round_reports(match, round_no)
    private = {
        p: discord_messages(private_markdown(match, round_no, p))
        for p in match.config.players
        if any(p in r.private for r in reports) or submission_notes(match, round_no, p)
    }
    return Announcements(round_no, public, private)
