"""Processes a test starts (the bot, the dashboard, a paused command) never outlive the test.

    with started([sys.executable, "-m", "festival.cli", ...], env=env) as child:
        ...                      # wait for conditions, with child.poll() among them
        ended = child.stop()     # or leave it to the block's end

At the block's end, or at `child.stop()`, a process still running gets its signal (SIGINT, as
Ctrl-C, unless told otherwise) and `bound` seconds to end; one that has not ended then is
killed, and the test fails with what the process printed. A test that ends early (a failed
assert) so never leaves a process behind, and a process that does not stop when asked fails
its test instead of running on after the suite. `child.wait()` waits for a process that ends
of itself (a command run to its end) as long, and kills it the same way.
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

    @property
    def pid(self) -> int:
        return self.process.pid

    def poll(self) -> int | None:
        return self.process.poll()

    def stop(self, sig: signal.Signals | None = None, bound: float | None = None) -> Ended:
        """Send `sig` (if it still runs) and wait `bound` seconds at most for the process to
        end; kill it and fail the test if it has not."""
        if self.ended is not None:
            return self.ended
        sig = sig or self.signal
        if self.process.poll() is None:
            self.process.send_signal(sig)
        return self.wait(bound, f"after {sig.name}")

    def wait(self, bound: float | None = None, after: str = "") -> Ended:
        """Wait `bound` seconds at most for the process to end of itself; kill it and fail
        the test if it has not."""
        if self.ended is not None:
            return self.ended
        bound = self.bound if bound is None else bound
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
                f"{' '.join(map(str, self.process.args))}\nstill ran {bound:.0f} s {after}, "
                f"and was killed. Its output:\n{self.ended.out}\n"
                f"Its errors:\n{self.ended.err}",
                pytrace=False,
            )
        return self.ended


def start(
    argv: Sequence[str], stop: signal.Signals = signal.SIGINT, bound: float = PATIENCE, **popen: Any
) -> Child:
    """`argv` started (subprocess.Popen's keywords; its output captured as text unless they say
    otherwise); `started` or `Children` see that it ends."""
    popen.setdefault("stdout", subprocess.PIPE)
    popen.setdefault("stderr", subprocess.PIPE)
    popen.setdefault("text", True)
    return Child(subprocess.Popen(list(argv), **popen), stop, bound)


@contextmanager
def started(
    argv: Sequence[str],
    stop: signal.Signals = signal.SIGINT,
    bound: float = PATIENCE,
    **popen: Any,
) -> Iterator[Child]:
    """`argv` running for the block (as `start`), stopped at its end (`Child.stop`)."""
    child = start(argv, stop, bound, **popen)
    try:
        yield child
    finally:
        child.stop()


class Children:
    """The processes a test starts without a block of their own (in loops, several at once):
    `end`, at the test's end (a fixture's teardown), stops every one still running."""

    def __init__(self) -> None:
        self.all: list[Child] = []

    def start(
        self,
        argv: Sequence[str],
        stop: signal.Signals = signal.SIGINT,
        bound: float = PATIENCE,
        **popen: Any,
    ) -> Child:
        child = start(argv, stop, bound, **popen)
        self.all.append(child)
        return child

    def end(self) -> None:
        """Stop them all (each `Child.stop`), then fail with the first that had to be killed."""
        failed: list[BaseException] = []
        for child in self.all:
            try:
                child.stop()
            except BaseException as exc:  # pytest.fail's: the others are stopped first
                failed.append(exc)
        self.all.clear()
        if failed:
            raise failed[0]


@contextmanager
def children() -> Iterator[Children]:
    """For a fixture: `with children() as c: yield c`."""
    every = Children()
    try:
        yield every
    finally:
        every.end()
