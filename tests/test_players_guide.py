"""The players' guide quotes the bot's own words (review finding 12): the deadline as
`/submit`, `/submission`, `/status` and the reminders say it, with Discord's rendering of a
timestamp put in its place, and it points to every player command the bot offers."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from festival.match.round_status import PublicStatus, public_text
from festival.match.schedule import HOUR, Deadline, discord_time
from festival.match.schedule_words import deadline_line
from festival.match.verdict import deadline_lines

ROOT = Path(__file__).resolve().parent.parent
AT = int(datetime(2026, 12, 1, 20, 0, tzinfo=UTC).timestamp())
"""Tuesday, 1 December 2026 20:00, as the guide's reader in UTC sees it"""
SHOWN = {
    discord_time(AT): "Tuesday, 1 December 2026 20:00 (in 5 hours)",
}
"""each Discord timestamp as Discord shows it, 5 hours before (or after: PAST)"""
PAST = {discord_time(AT): "Tuesday, 1 December 2026 20:00 (5 hours ago)"}


def _guide() -> str:
    return re.sub(r"\s+", " ", (ROOT / "docs" / "players-guide.md").read_text())


def _shown(text: str, times: dict[str, str]) -> str:
    for raw, seen in times.items():
        text = text.replace(raw, seen)
    return text


def _status(deadline: Deadline, now: int) -> str:
    text = public_text(PublicStatus(2, 6, False, deadline, 7, 10), now)
    return text.splitlines()[1]  # the deadline's line


@pytest.mark.parametrize(
    ("said", "where"),
    [
        (deadline_lines(datetime.fromtimestamp(AT, UTC))[-1], SHOWN),  # /submit, /submission
        (deadline_line(2, AT), SHOWN),  # /status, the reminders, the game room
        (_status(Deadline(2, AT, 1), AT - 5 * HOUR), SHOWN),
        (_status(Deadline(2, AT, 2, 3 * HOUR), AT - 5 * HOUR), SHOWN),  # paused
        (_status(Deadline(2, AT, 1), AT + 5 * HOUR), PAST),  # closed, not resolved yet
        (public_text(PublicStatus(2, 6, False, None, 7, 10), AT).splitlines()[-1], SHOWN),
    ],
)
def test_the_guide_quotes_the_deadline_words_as_the_bot_says_them(
    said: str, where: dict[str, str]
) -> None:
    assert f"`{_shown(said, where)}`" in _guide()


@pytest.mark.parametrize(
    "command",
    [
        "/submit",
        "/submission",
        "/status",
        "/practice",
        "/board",
        "/play",
        "/confirm",
        "/undo",
        "/resign",
        "/orders",
        "/take",
    ],
)
def test_the_guide_names_every_player_command(command: str) -> None:
    assert f"`{command}`" in _guide()
    assert "(duels-guide.md#duels-on-discord)" in _guide()
