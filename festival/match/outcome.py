"""What resolving a round found and did, as values: each player's entry (what they play and
where it came from), the check of every submission, the outcome of a resolution and which
announcements it changed. The round pipeline (festival/match/rounds.py) makes them; a front
end reads them through the match service."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from events.errors import SubmissionProblem
from events.report import RoundReport
from festival.match.acts import InvalidSubmissions
from festival.match.announce import Announcements
from festival.match.origin import Origin


@dataclass(frozen=True)
class Entry:
    """The submission a player plays in an event this round, and where it came from."""

    submission: Any
    origin: Origin
    """"raw:<id>" (handed in), "kept:raw:<id>" (from an earlier resolution of this round),
    "default: missing", "default: blank" (a workbook handed in with the event's tabs blank;
    stores written before it say "default: missing" with "untouched"), "default: invalid" or
    "default: invalid after re-resolution"."""
    refused: int | None = None
    """the raw submission whose problems made the default be played ("default: invalid"): a
    player's report speaks of that one alone, not of files they replaced"""
    untouched: int | None = None
    """the raw submission whose tabs for the event were left blank ("default: blank"): the
    report names what was typed where nothing is read"""

    def stored(self) -> dict[str, int]:
        """The raw ids kept beside "from" in the store."""
        ids = {"refused": self.refused, "untouched": self.untouched}
        return {k: v for k, v in ids.items() if v is not None}


@dataclass
class RoundCheck:
    round_no: int
    entries: dict[str, dict[str, Entry]] = field(default_factory=dict)
    errors: list[SubmissionProblem] = field(default_factory=list)
    missing: list[tuple[str, str]] = field(default_factory=list)
    invalid: list[tuple[str, str]] = field(default_factory=list)
    unread: list[SubmissionProblem] = field(default_factory=list)
    """cells typed where festival reads nothing (festival/match/unread.py): warnings only"""
    notes: list[SubmissionProblem] = field(default_factory=list)
    """what festival read as the player meant it (a renamed tab, book_fit.py): for the host"""
    file_notes: list[str] = field(default_factory=list)
    """what the host should know about the files taken (a file read by its mark, a file
    skipped, a workbook without a mark)"""
    blank: list[tuple[str, str]] = field(default_factory=list)
    """handed in with the event's tabs blank: the default played, as the workbook says (a
    choice, not silence: not missing)"""
    kept_refused: list[tuple[str, str]] = field(default_factory=list)
    """refused by an earlier resolution of this round and not replaced: the verdict stands"""


class RoundRejected(InvalidSubmissions):
    """Some submissions are invalid; nothing was resolved (`check`: what was found)."""

    def __init__(self, check: RoundCheck) -> None:
        self.check = check
        super().__init__(check.round_no, len(check.invalid))


@dataclass(frozen=True)
class ResolveOutcome:
    round_no: int
    reports: list[RoundReport]
    check: RoundCheck
    recomputed: list[int]
    warnings: list[str]
    changed_posts: dict[int, PostChanges] = field(default_factory=dict)
    """for a re-resolution: per round resolved before (this one and every later one), which of
    its announcements now read differently from what was announced before"""
    announced: dict[int, Announcements] = field(default_factory=dict)
    """for a re-resolution: those rounds' announcements as they read now (worked out once, and
    kept for posting them: festival/match/announced.py)"""


@dataclass(frozen=True)
class PostChanges:
    """Which of a round's messages a re-resolution changed: the host corrects those posts."""

    public: bool
    private: tuple[str, ...]
    """the players whose private report changed, in roster order"""

    @property
    def any(self) -> bool:
        return self.public or bool(self.private)


def post_changes(
    before: Announcements, after: Announcements, players: Sequence[str]
) -> PostChanges:
    return PostChanges(
        before.public != after.public,
        tuple(p for p in players if before.private.get(p) != after.private.get(p)),
    )
