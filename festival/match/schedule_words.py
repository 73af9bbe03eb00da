"""What the schedule says to players (Markdown with Discord timestamps, each reader's app
showing the time in their own zone) and to the host. Pure words on values.

A reminder goes to one player's own channel and names only that player's own events: no
other player's facts."""

from __future__ import annotations

from collections.abc import Callable

from festival.match.schedule import HandIn, Readiness, discord_time
from festival.match.schedule_due import Step


def deadline_line(round_no: int, at: int) -> str:
    """ "Round 3's hand-ins close <t:…:F> (<t:…:R>)." """
    return f"Round {round_no}'s hand-ins close {discord_time(at)}."


def reminder_text(step: Step, title: Callable[[str], str]) -> str:
    """A player's reminder: the deadline, and each of their events missing or with problems.
    It names no offset ("12 h before"): a reminder sent late would say it wrongly; the
    timestamp shows each reader the time left."""
    lines = []
    if step.late:
        lines.append("*(A late reminder: festival was not running when it was due.)*")
    lines.append("**Reminder**: " + deadline_line(step.round_no, step.at))
    for event, state in step.wanting:
        what = (
            "nothing handed in yet"
            if state is HandIn.NOTHING
            else "your hand-in has problems: fix them and hand it in again"
        )
        lines.append(f"- {title(event)}: {what}")
    lines.append("Whatever is missing at the deadline plays the rules' default.")
    return "\n".join(lines)


def closed_text(round_no: int, early: bool, next_round: int | None, next_at: int | None) -> str:
    """The game room's word when a round closes: closed, and the next deadline."""
    why = " early: every player is ready" if early else ""
    first = f"Round {round_no}'s hand-ins are closed{why}; the round is resolved."
    if next_round is None:
        return first
    if next_at is None:
        return f"{first} Round {next_round}'s deadline will be announced."
    return f"{first} {deadline_line(next_round, next_at)}"


def misses_text(player: str, missed: int, since: int) -> str:
    """For the host: a player who handed in nothing `missed` rounds in a row."""
    return (
        f"{player} has handed in nothing for {missed} rounds in a row (since round {since}): "
        "the rules' default was played each time."
    )


def ready_sentence(readiness: Readiness, title: Callable[[str], str]) -> str:
    """For the host: who is ready, and what each other player wants ("Round 2 hand-ins: 8 of
    10 players ready; nothing yet: uri (Elemental Continuum); has problems: Wren (Alchemy).")."""
    players = readiness.players
    ready = [p for p in players if not readiness.wanting(p)]

    def named(state: HandIn) -> str:
        found = []
        for p in players:
            events = [title(e) for e, s in readiness.wanting(p) if s is state]
            if events:
                found.append(f"{p} ({', '.join(events)})")
        return ", ".join(found)

    line = f"Round {readiness.round_no} hand-ins: {len(ready)} of {len(players)} players ready"
    for state in (HandIn.NOTHING, HandIn.PROBLEMS):
        if text := named(state):
            line += f"; {state.value}: {text}"
    return line + "."
