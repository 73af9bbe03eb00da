"""Concurrent commands on one match, with real processes: one wins, the others fail with a
clear message, and the store holds exactly one current row per round (nothing replaced)."""

from __future__ import annotations

import signal
import sqlite3
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from festival.match.store import STORE_FILE
from tests.conftest import numbers_json
from tests.support.patience import PATIENCE
from tests.support.processes import Child, Children
from tests.support.store_kit import resolve_rounds

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
BUSY = "another festival command is using the match"


def pick(player: str, event: str) -> int:
    return (len(player) + 2 * len(event)) % 5 + 1


@pytest.fixture
def at_round_3(toy_match: Path) -> Path:
    """The toy match with rounds 1 and 2 resolved."""
    return resolve_rounds(toy_match, range(1, 3), pick)


RUNNING = Children()
"""every process of the test still running, ended at its end (`_ended`)"""


@pytest.fixture(autouse=True)
def _ended() -> Iterator[None]:
    yield
    RUNNING.end()


def start(*argv: str) -> Child:
    """`python -m ...argv` from the repository root, its output captured."""
    return RUNNING.start([sys.executable, "-m", *argv], cwd=ROOT)


def festival(*argv: str) -> tuple[int, str, str]:
    """Run `festival ...argv` in its own process to its end."""
    done = start("festival.cli", *argv).wait()
    return done.returncode, done.out, done.err


def hold_resolve(folder: Path, tmp_path: Path) -> tuple[Child, Path, Path]:
    """A real `festival resolve` of round 3, held in the middle of its work (its inputs stored,
    the round not yet resolved) until the returned `go` file exists."""
    source = numbers_json(folder, 3, pick)
    started, go = tmp_path / "started", tmp_path / "go"
    argv = ["resolve", str(folder), "--from", str(source)]
    process = start("tests.support.paused_cli", str(started), str(go), *argv)
    deadline = time.monotonic() + PATIENCE
    while not started.exists():
        assert process.poll() is None, process.wait()
        assert time.monotonic() < deadline, "the held command never started"
        time.sleep(0.02)
    return process, go, source


def round_rows(folder: Path, round_no: int) -> list[str | None]:
    """The superseded_at of every row of `round_no` (None: the current one)."""
    conn = sqlite3.connect(folder / STORE_FILE)
    rows = conn.execute("SELECT superseded_at FROM rounds WHERE round_no = ?", (round_no,))
    out = [r[0] for r in rows]
    conn.close()
    return out


def assert_clear_failure(code: int, err: str) -> None:
    assert code == 2, err
    assert err.startswith("festival: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err


def test_a_second_resolve_while_one_runs_fails_at_once_and_the_first_wins(
    at_round_3: Path, tmp_path: Path
) -> None:
    """Two `festival resolve` of the same round at once: one wins, the other fails clearly."""
    m = str(at_round_3)
    first, go, source = hold_resolve(at_round_3, tmp_path)

    code, _out, err = festival("resolve", m, "--from", str(source))
    assert_clear_failure(code, err)
    assert BUSY in err and "wait for it to finish and run this again" in err
    for other in (["allocate", m], ["choose-candidate", m, "cam"], ["check", m]):
        code, _out, err = festival(*other)
        assert_clear_failure(code, err)
        assert BUSY in err
    assert festival("status", m)[0] == 0  # reading needs no lock

    go.touch()
    done = first.wait()
    out, err = done.out, done.err
    assert done.returncode == 0, err
    assert "Resolved round 3" in out
    assert round_rows(at_round_3, 3) == [None]  # one row, never replaced


def test_resolves_started_together_resolve_the_round_once(at_round_3: Path) -> None:
    """Without waiting for each other: exactly one resolves round 3 and nothing replaces it."""
    m = str(at_round_3)
    source = str(numbers_json(at_round_3, 3, pick))
    processes = [start("festival.cli", "resolve", m, "--from", source) for _ in range(3)]
    ended = [p.wait() for p in processes]
    outputs = [(e.out, e.err) for e in ended]
    codes = [e.returncode for e in ended]
    assert codes.count(0) == 1, outputs
    for code, (_out, err) in zip(codes, outputs, strict=True):
        if code != 0:  # busy, or (started after the winner ended) refused as round 3's file
            assert_clear_failure(code, err)
    assert round_rows(at_round_3, 3) == [None]
    assert round_rows(at_round_3, 4) == []


def test_a_killed_command_leaves_no_stale_lock_and_no_half_round(
    at_round_3: Path, tmp_path: Path
) -> None:
    """The operating system releases the lock of a killed command: the next one runs."""
    victim, _go, source = hold_resolve(at_round_3, tmp_path)
    victim.stop(signal.SIGKILL)
    assert round_rows(at_round_3, 3) == []

    code, _out, err = festival("resolve", str(at_round_3), "--from", str(source))
    assert code == 0, err
    assert round_rows(at_round_3, 3) == [None]


def test_two_new_matches_in_one_folder_at_once_make_one_match(
    tmp_path: Path, roster_csv: Path
) -> None:
    folder = str(tmp_path / "m")
    argv = ["festival.cli", "new", folder, "--roster", str(roster_csv), "--seed"]
    processes = [start(*argv, str(seed)) for seed in (1, 2)]
    ended = [p.wait() for p in processes]
    outputs = [(e.out, e.err) for e in ended]
    codes = [e.returncode for e in ended]
    assert sorted(codes) == [0, 2], outputs
    loser = outputs[codes.index(2)][1]
    assert_clear_failure(2, loser)
    assert "already holds a match" in loser
    winner_seed = (1, 2)[codes.index(0)]
    assert festival("status", folder)[0] == 0
    conn = sqlite3.connect(tmp_path / "m" / STORE_FILE)
    config = conn.execute("SELECT value FROM meta WHERE key = 'config'").fetchone()[0]
    conn.close()
    assert f'"seed": {winner_seed},' in config
