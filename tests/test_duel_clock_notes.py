"""Issue #39 for duels: the bot's clock warnings and losses on time are recorded in the duel's
store before they are sent and marked sent after (festival/duels/clock_notes.py), so a bot
started again gives every warning exactly once, and a note recorded but not sent (a bot killed
in between) is sent when it starts. Through discord.py against the Discord stand-in, on the
duels' clock moved by the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from festival.duels import clock_notes, service
from tests.support.discord.run import hosted
from tests.test_discord_bot import _element, now  # noqa: F401 - the clock fixture

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")


def watcher_rounds(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The watcher's readings from now on, one a duel a round."""
    watched: list[Path] = []
    read = service.watch

    def counted(folder: Path) -> service.Watched:
        watched.append(folder)
        return read(folder)

    monkeypatch.setattr(service, "watch", counted)
    return watched


def test_a_warning_is_given_once_across_a_restart(
    tmp_path: Path,
    now: list[float],  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = _element(tmp_path, turn_seconds=10, reserve_seconds=0)
    with hosted(folder, ["Ash", "Birch"], warn_seconds=5, every=0.05) as t:
        service.clock(folder, True)
        now[0] += 6  # 4 s left: warned
        t.server.wait_for(lambda: len(t.server.channel_messages()) >= 1)
        t.server.wait_for(lambda: not clock_notes.unsent(folder))
        (warning,) = t.server.channel_messages()
        assert warning.content.endswith("left before you lose on time.")
    rounds = watcher_rounds(monkeypatch)
    with hosted(folder, ["Ash", "Birch"], warn_seconds=5, every=0.05) as t:  # started again
        now[0] += 1  # 3 s left, still in the warning's time: said already
        t.server.wait_for(lambda: len(rounds) >= 3)  # several rounds of the watcher
        assert t.server.channel_messages() == []


def test_a_note_recorded_and_not_sent_is_sent_once_when_the_bot_starts(
    tmp_path: Path,
    now: list[float],  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = _element(tmp_path, turn_seconds=10, reserve_seconds=0)
    assert clock_notes.claim(
        folder, "warn:0:Ash", "<@11>: 0:04 left before you lose on time.", (11,)
    )
    assert not clock_notes.claim(folder, "warn:0:Ash", "again", ())  # recorded: never twice
    with hosted(folder, ["Ash", "Birch"], warn_seconds=5, every=0.05) as t:
        t.server.wait_for(lambda: len(t.server.channel_messages()) >= 1)
        t.server.wait_for(lambda: not clock_notes.unsent(folder))
        (sent,) = t.server.channel_messages()
        assert sent.content == "<@11>: 0:04 left before you lose on time."
    rounds = watcher_rounds(monkeypatch)
    with hosted(folder, ["Ash", "Birch"], warn_seconds=5, every=0.05) as t:
        t.server.wait_for(lambda: len(rounds) >= 3)
        assert t.server.channel_messages() == []
