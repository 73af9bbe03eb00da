"""Processes a test starts (the bot, the dashboard, a paused command) never outlive the test.

    with started([sys.executable, "-m", "festival.cli", ...], env=env) as child:
        ...                      # wait for conditions, with child.poll() among them
        ended = child.stop()     # or leave it to the block's end

At the block's end, or at `child.stop()`, a process still running gets its signal (SIGINT, as
Ctrl-C, unless told otherwise) and `bound` seconds to end; one that has not ended then is
killed, and the test fails with what the process printed. A test that ends early (a failed
assert) so never leaves a process behind, and a process that does not stop when asked fails
its test instead of running on after the suite.
"""

from __future__ import annotations

import signal
import subprocess
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest

from tests.support.patience import PATIENCE


@dataclass(frozen=True)
class Ended:
    """How a process ended, and what it printed (captured with subprocess.PIPE, else "")."""

    returncode: int
    out: str
    err: str


class Child:
    """A process started by `started`."""

    def __init__(self, process: subprocess.Popen[str], stop: signal.Signals, bound: float):
        self.process = process
        self.signal = stop
        self.bound = bound
        self.ended: Ended | None = None

    def poll(self) -> int | None:
        return self.process.poll()

    def stop(self, sig: signal.Signals | None = None, bound: float | None = None) -> Ended:
        """Send `sig` (if it still runs) and wait `bound` seconds at most for the process to
        end; kill it and fail the test if it has not."""
        if self.ended is not None:
            return self.ended
        sig = sig or self.signal
        bound = self.bound if bound is None else bound
        if self.process.poll() is None:
            self.process.send_signal(sig)
        killed = False
        try:
            out, err = self.process.communicate(timeout=bound)
        except subprocess.TimeoutExpired:
            self.process.kill()
            out, err = self.process.communicate()
            killed = True
        self.ended = Ended(self.process.returncode, out or "", err or "")
        if killed:
            pytest.fail(
                f"{' '.join(map(str, self.process.args))}\nstill ran {bound:.0f} s after "
                f"{sig.name}, and was killed. Its output:\n{self.ended.out}\n"
                f"Its errors:\n{self.ended.err}",
                pytrace=False,
            )
        return self.ended


@contextmanager
def started(
    argv: Sequence[str],
    stop: signal.Signals = signal.SIGINT,
    bound: float = PATIENCE,
    **popen: Any,
) -> Iterator[Child]:
    """`argv` running for the block (subprocess.Popen's keywords; its output captured as text
    unless they say otherwise), stopped at its end (`Child.stop`)."""
    popen.setdefault("stdout", subprocess.PIPE)
    popen.setdefault("stderr", subprocess.PIPE)
    popen.setdefault("text", True)
    child = Child(subprocess.Popen(list(argv), **popen), stop, bound)
    try:
        yield child
    finally:
        child.stop()
