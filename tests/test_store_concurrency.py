"""Concurrent commands on one match, with real processes: one wins, the others fail with a
clear message, and the store holds exactly one current row per round (nothing replaced)."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from festival.cli import main
from festival.store import STORE_FILE
from tests.conftest import numbers_json

ROOT = Path(__file__).resolve().parent.parent
BUSY = "another festival command is using the match"


def pick(player: str, event: str) -> int:
    return (len(player) + 2 * len(event)) % 5 + 1


@pytest.fixture
def at_round_3(toy_match: Path) -> Path:
    """The toy match with rounds 1 and 2 resolved."""
    for round_no in (1, 2):
        assert (
            main(
                ["resolve", str(toy_match), "--from", str(numbers_json(toy_match, round_no, pick))]
            )
            == 0
        )
    return toy_match


def festival(*argv: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "festival.cli", *argv],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def paused_festival(started: Path, go: Path, *argv: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.support.paused_cli", str(started), str(go), *argv],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_for(path: Path, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 60
    while not path.exists():
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the paused command never started"
        time.sleep(0.02)


def round_rows(folder: Path, round_no: int) -> list[tuple[int, str | None]]:
    conn = sqlite3.connect(folder / STORE_FILE)
    rows = conn.execute(
        "SELECT id, superseded_at FROM rounds WHERE round_no = ?", (round_no,)
    ).fetchall()
    conn.close()
    return rows


def assert_clear_failure(code: int, err: str, *fragments: str) -> None:
    assert code == 2, err
    assert err.startswith("festival: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    assert any(f in err for f in fragments), err


def test_a_second_resolve_while_one_runs_fails_at_once_and_the_first_wins(
    at_round_3: Path, tmp_path: Path
) -> None:
    """Two `festival resolve` of the same round at once: one wins, the other fails clearly."""
    m = str(at_round_3)
    source = str(numbers_json(at_round_3, 3, pick))
    started, go = tmp_path / "started", tmp_path / "go"
    first = paused_festival(started, go, "resolve", m, "--from", source)
    wait_for(started, first)  # the first holds the match, its inputs stored, not yet resolved

    second = festival("resolve", m, "--from", source)
    _out, err = second.communicate(timeout=120)
    assert_clear_failure(second.returncode, err, BUSY)
    assert "wait for it to finish and run this again" in err
    for other in (["allocate", m], ["choose-candidate", m, "cam"], ["check", m]):
        p = festival(*other)
        _, err = p.communicate(timeout=120)
        assert_clear_failure(p.returncode, err, BUSY)

    go.touch()
    out, err = first.communicate(timeout=120)
    assert first.returncode == 0, err
    assert "Resolved round 3" in out
    assert [s for _, s in round_rows(at_round_3, 3)] == [None]  # one row, never replaced


def test_resolves_started_together_resolve_the_round_once(at_round_3: Path) -> None:
    """Without waiting for each other: exactly one resolves round 3 and nothing replaces it."""
    m = str(at_round_3)
    source = str(numbers_json(at_round_3, 3, pick))
    for attempt in range(2):
        processes = [festival("resolve", m, "--from", source) for _ in range(3)]
        outputs = [p.communicate(timeout=120) for p in processes]
        results = [
            (p.returncode, out, err) for p, (out, err) in zip(processes, outputs, strict=True)
        ]
        winners = [out for code, out, _ in results if code == 0]
        expected = 1 if attempt == 0 else 0  # the second time, round 3 is already resolved
        assert len(winners) == expected, results
        for code, _out, err in results:
            if code != 0:
                # busy, or (having started after the winner ended) the file is round 3's
                assert_clear_failure(code, err, BUSY, '"round" is 3; resolving round 4')
        assert [s for _, s in round_rows(at_round_3, 3)] == [None]
        assert round_rows(at_round_3, 4) == []


def test_a_killed_command_leaves_no_stale_lock_and_no_half_round(
    at_round_3: Path, tmp_path: Path
) -> None:
    """The operating system releases the lock of a killed command: the next one runs."""
    m = str(at_round_3)
    source = str(numbers_json(at_round_3, 3, pick))
    started, go = tmp_path / "started", tmp_path / "go"
    victim = paused_festival(started, go, "resolve", m, "--from", source)
    wait_for(started, victim)
    os.kill(victim.pid, signal.SIGKILL)
    victim.communicate(timeout=60)
    assert round_rows(at_round_3, 3) == []

    after = festival("resolve", m, "--from", source)
    _out, err = after.communicate(timeout=120)
    assert after.returncode == 0, err
    assert [s for _, s in round_rows(at_round_3, 3)] == [None]
