"""What the guides say a stop and an upgrade look like is what festival does (review findings
7 and 3): the commands that run until stopped say their own line, quoted in the host guide;
the README tells a host who pulls a new version to reinstall."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from festival.cli import entry, watch_commands
from festival.cli.main import main
from festival.discord import schedule_runner
from festival.match import service
from festival.match.schedule import system_now
from festival.match.schedule_acts import SetSchedule

ROOT = Path(__file__).resolve().parent.parent


def _prose(name: str) -> str:
    """A document with its lines joined (a quote may wrap)."""
    return re.sub(r"\s+", " ", (ROOT / name).read_text())


def test_festival_run_stopped_says_the_line_the_host_guide_quotes(
    toy_match: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    now = system_now()
    service.run(toy_match, SetSchedule(((1, now + 3600),), now))

    def stopped(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(schedule_runner, "loop", stopped)
    assert main(["run", str(toy_match)]) == 130
    said = capsys.readouterr().err.strip()
    guide = _prose("docs/host-guide.md")
    assert f"`festival run` says `{said}` (exit status 130)" in guide
    assert f"one line, `{entry.WORDS}`, and exit status 130" in guide


def test_festival_watch_stopped_says_the_line_the_host_guide_quotes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    def stopped() -> None:
        raise KeyboardInterrupt

    assert watch_commands.watch_loop(stopped, None, 1, lambda _: None) == 0  # type: ignore[arg-type]
    said = capsys.readouterr().out.strip()
    assert f"`festival watch` says `{said}`" in _prose("docs/host-guide.md")


def test_the_readme_says_to_reinstall_after_pulling_a_new_version() -> None:
    readme = _prose("README.md")
    assert "after pulling a new version (`git pull`), run `pip install -e .` again" in readme
