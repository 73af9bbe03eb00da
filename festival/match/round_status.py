"""Where the open round stands (issue #39: "the bot's `/status` shows the next deadline and
who is ready"), as values for three audiences, and their words. Pure: values in, Markdown
out (times as Discord timestamps, each reader's app showing them in their own zone).

Hidden information (docs/rulings.md, "Who is ready"): the host's `RoundStatus` holds every
player's hand-in per event and where it came from; `public()` keeps only the round, its
deadline and how many players are ready; `of_player()` adds that player's own events and
nothing of another player's. Each audience's words are made from its own value, so a
player's answer cannot name what its value does not hold.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from festival.match.schedule import Deadline, HandIn, Readiness, discord_time, duration_words
from festival.match.schedule_words import deadline_line, ready_sentence
from festival.match.verdict import RoundTable


@dataclass(frozen=True)
class PublicStatus:
    """What anyone may be told: the open round, its deadline and how many players are ready."""

    round_no: int | None
    """the open round (None: the events are not allocated yet, or the match is over)"""
    rounds: int
    finished: bool
    deadline: Deadline | None
    ready: int
    """players of the round with every event of theirs ready"""
    players: int
    """players with an event in the round"""


@dataclass(frozen=True)
class PlayerStatus:
    """What a player is told in their own channel: the public status and their own events."""

    public: PublicStatus
    player: str
    events: tuple[tuple[str, HandIn], ...]
    """each of the player's events in the round, with its state"""


@dataclass(frozen=True)
class RoundStatus:
    """For the host: the open round, its deadline, who is ready for what, and the round's
    table (where each hand-in came from)."""

    round_no: int | None
    rounds: int
    finished: bool
    deadline: Deadline | None
    readiness: Readiness | None
    table: RoundTable | None

    def public(self) -> PublicStatus:
        players = dict(self.readiness.players) if self.readiness is not None else {}
        ready = sum(1 for p in players if self.readiness and not self.readiness.wanting(p))
        return PublicStatus(
            self.round_no, self.rounds, self.finished, self.deadline, ready, len(players)
        )

    def of_player(self, player: str) -> PlayerStatus:
        mine = self.readiness.players.get(player, {}) if self.readiness is not None else {}
        return PlayerStatus(self.public(), player, tuple(mine.items()))


def _round_lines(status: PublicStatus, now: int) -> list[str]:
    """The round and its deadline."""
    if status.finished:
        return ["The match is over: every round is resolved."]
    if status.round_no is None:
        return ["The match has not begun: the events are not allocated yet."]
    n = status.round_no
    lines = [f"**Round {n}** of {status.rounds} is open."]
    d = status.deadline
    if d is None:
        lines.append(f"Round {n} has no deadline yet: the host announces it.")
    elif d.paused_left is not None:
        left = duration_words(d.paused_left)
        lines.append(f"Round {n}'s deadline is paused ({left} left): the host resumes it.")
    elif d.at <= now:
        lines.append(
            f"Round {n}'s hand-ins closed {discord_time(d.at)}: the round is resolved shortly."
        )
    else:
        lines.append(deadline_line(n, d.at))
    return lines


def _count(status: PublicStatus) -> list[str]:
    if status.round_no is None or status.finished or not status.players:
        return []
    return [f"Ready: {status.ready} of {status.players} players."]


def public_text(status: PublicStatus, now: int) -> str:
    """For anyone: the round, its deadline, how many players are ready (no one named)."""
    return "\n".join([*_round_lines(status, now), *_count(status)])


def player_text(status: PlayerStatus, now: int, title: Callable[[str], str]) -> str:
    """For a player in their own channel: the public status and their own events."""
    lines = [*_round_lines(status.public, now), *_count(status.public)]
    if status.public.round_no is None or status.public.finished:
        return "\n".join(lines)
    if not status.events:
        lines.append(f"You play no event in round {status.public.round_no}.")
        return "\n".join(lines)
    lines.append("Your events:")
    for event, state in status.events:
        what = {
            HandIn.READY: "ready",
            HandIn.PROBLEMS: "your hand-in has problems: /submission says which",
            HandIn.NOTHING: "nothing handed in yet",
        }[state]
        lines.append(f"- {title(event)}: {what}")
    return "\n".join(lines)


def host_text(status: RoundStatus, now: int, title: Callable[[str], str]) -> str:
    """For the host: the round, its deadline, who is ready, and every player's event with
    where its hand-in came from (as `festival status` lists them)."""
    lines = _round_lines(status.public(), now)
    if status.round_no is None or status.finished:
        return "\n".join(lines)
    if status.readiness is not None and status.readiness.players:
        lines.append(ready_sentence(status.readiness, title))
    if status.table is not None and status.table.cells:
        for cell in status.table.cells:
            where = f" ({cell.where})" if cell.came_from is not None else ""
            lines.append(f"- {cell.player}, {title(cell.event)}: {cell.kind.value}{where}")
        lines.extend(status.table.notes)
    return "\n".join(lines)
