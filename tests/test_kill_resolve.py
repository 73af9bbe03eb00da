"""A `festival resolve` killed at any moment leaves the store with exactly the old state or the
new one, and the same command run again finishes the round as if nothing had happened.
Real processes, killed with SIGKILL (no clean-up code runs)."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from festival.core.paths import fixture
from festival.match.match import Match
from festival.sample.play import sample_match
from tests.support.patience import PATIENCE

pytestmark = [pytest.mark.slow, pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")]


def _new_match(folder: Path) -> Path:
    return sample_match(folder)


def _command(folder: Path) -> list[str]:
    inbox = fixture("sample", "round-1")
    return [sys.executable, "-m", "festival.cli", "resolve", str(folder), "--from", str(inbox)]


def _results(folder: Path) -> list[tuple[int, Any, Any]]:
    """What a resolved round decided (the reports and rankings), without times and ids."""
    match = Match.open(folder)
    try:
        return [(r.round_no, r.reports, r.rankings) for r in match.store.rounds()]
    finally:
        match.close()


def test_resolve_killed_at_any_moment_leaves_old_or_new_and_reruns_cleanly(
    tmp_path: Path,
) -> None:
    reference = _new_match(tmp_path / "reference")
    began = time.monotonic()
    done = subprocess.run(
        [*_command(reference), "--default-invalid"], capture_output=True, text=True, check=False
    )
    took = time.monotonic() - began
    assert done.returncode == 0, done.stderr
    expected = _results(reference)
    assert [r[0] for r in expected] == [1]

    outcomes = set()
    # kills spread over the command's own run time (measured above: a faster machine or a
    # faster festival moves every moment with it), from its start to past its commit
    for i, share in enumerate([0.1, 0.3, 0.5, 0.7, 0.9, 1.3]):
        delay = share * took
        folder = _new_match(tmp_path / f"m{i}")
        child = subprocess.Popen(
            [*_command(folder), "--default-invalid"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(delay)
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=PATIENCE)
        with sqlite3.connect(folder / "match.sqlite") as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        after_kill = _results(folder)
        assert after_kill in ([], expected)  # the old state or the new, nothing between
        outcomes.add(len(after_kill))
        if not after_kill:
            again = subprocess.run(
                [*_command(folder), "--default-invalid"],
                capture_output=True,
                text=True,
                check=False,
            )
            assert again.returncode == 0, again.stderr
        assert _results(folder) == expected
    assert 0 in outcomes  # at least one kill landed before the commit
