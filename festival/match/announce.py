"""A round's announcements in Markdown: the public post and each player's private report.

Public lines come only from the public part of each event's report (and, after the last
round, from the events' final announcements and the festival result); private lines only
from that player's own part. Host-only lines never appear here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from events.numbers import decimal_text
from events.report import RoundReport
from festival.core.registry import event_title as title
from festival.discord.messages import split_messages
from festival.match.match import Match, MatchError
from festival.match.replay import states_after
from festival.match.standings_view import festival_standings
from festival.match.store import RoundRow


@dataclass(frozen=True)
class Announcements:
    round_no: int
    public: list[str]
    """messages of at most 2000 characters"""
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
    lines.append("| Player | Events | Average | Garnets | Tokens of Life |")
    lines.append("|---|---|---|---|---|")
    for s in result.players:
        events = ", ".join(f"{title(e)} {r}" for e, r in s.events.items())
        lines.append(
            f"| {s.player} | {events} | {decimal_text(s.average_rank)} | {s.garnets} "
            f"| {s.tokens_of_life} |"
        )
    return lines


def private_markdown(match: Match, round_no: int, player: str) -> str:
    lines = [f"# {player}, your private report for round {round_no}"]
    current = match.store.rounds()
    refused = refusals(match, round_no, player, current)
    for report in round_reports(match, round_no, current):
        mine = report.private.get(player)
        why = refused.get(report.event)
        if mine or why is not None:
            lines += ["", f"## {title(report.event)}", *(why or []), *(mine or [])]
    return "\n".join(lines)


def refusals(
    match: Match, round_no: int, player: str, current: Sequence[RoundRow] | None = None
) -> dict[str, list[str]]:
    """event -> what the player is told when their submission was refused and the rules'
    default played for them: what was wrong (tab and cell), from the stored parse errors."""
    current = match.store.rounds() if current is None else current
    rows = [r for r in current if r.round_no == round_no]
    if not rows:
        return {}
    entries = {
        event: by_player.get(player, {}) for event, by_player in rows[-1].submissions.items()
    }
    refused = [
        event
        for event, entry in entries.items()
        if str(entry.get("from", "")).startswith("default: invalid")
    ]
    if not refused:
        return {}
    # the player's own files, and round JSON files (stored once for every player, as "*")
    raws = [raw.id for raw in match.store.raws(round_no) if raw.player in (player, "*")]
    errors_of = {
        raw_id: [e for e in match.store.parse_errors(raw_id) if e["player"] == player]
        for raw_id in raws
    }
    out: dict[str, list[str]] = {}
    for event in refused:
        lines = [
            "**Your submission was refused, so the rules' default was played for you.** "
            "What was wrong:"
        ]
        seen: set[str] = set()
        counted = entries[event].get("refused")
        # the submission that counted alone (a round resolved before this was recorded: all)
        errors = (
            errors_of.get(counted, [])
            if type(counted) is int
            else [e for raw_id in raws for e in errors_of[raw_id]]
        )
        for e in errors:
            if e["event"] not in (event, ""):
                continue
            where = "!".join(x for x in (e["tab"], e["cell"]) if x)
            line = f"- {where + ': ' if where else ''}{e['message']}"
            if line not in seen:
                seen.add(line)
                lines.append(line)
        if len(lines) == 1:
            lines.append("- (the reason was not recorded)")
        out[event] = [*lines, ""]  # the event's own report starts a new paragraph
    return out


def announcements(match: Match, round_no: int) -> Announcements:
    public = split_messages(public_markdown(match, round_no))
    private = {
        p: split_messages(private_markdown(match, round_no, p))
        for p in match.config.players
        if any(p in r.private for r in round_reports(match, round_no))
    }
    return Announcements(round_no, public, private)
