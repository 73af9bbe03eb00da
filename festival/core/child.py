"""Run a long-lived child program (the Streamlit dashboard) that ends when festival ends.

`kill PID` (SIGTERM), a closed terminal (SIGHUP) or Ctrl-C on `festival dashboard` is passed
on to the child, and on Linux the child is also told to stop if festival dies without a word
(SIGKILL): a stopped dashboard never keeps serving a match in the background.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import signal
import subprocess
import sys
from collections.abc import Mapping, Sequence
from types import FrameType

FORWARDED = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)
_PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:  # pragma: no cover - runs in the child between fork and exec
    """Linux: the child gets SIGTERM when the process that started it dies."""
    with contextlib.suppress(Exception):
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)


def run_child(command: Sequence[str], env: Mapping[str, str] | None = None) -> int:
    """Run `command` until it ends; festival's end (or a signal to it) ends it too.
    Returns its exit code (a stop asked by a signal counts as a clean end: 0)."""
    linux = sys.platform.startswith("linux")
    child = subprocess.Popen(
        list(command),
        env=None if env is None else dict(env),
        preexec_fn=_die_with_parent if linux else None,
    )
    stopped: list[int] = []

    def forward(signum: int, frame: FrameType | None) -> None:
        stopped.append(signum)
        with contextlib.suppress(ProcessLookupError):
            child.send_signal(signal.SIGTERM if signum == signal.SIGHUP else signum)

    previous = {sig: signal.signal(sig, forward) for sig in FORWARDED}
    try:
        while True:
            try:
                code = child.wait()
                break
            except InterruptedError:  # pragma: no cover - PEP 475 retries wait() itself
                continue
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        if child.poll() is None:  # festival is leaving for another reason: take it along
            child.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                child.wait(timeout=5)
            if child.poll() is None:
                child.kill()
    return 0 if stopped else code
