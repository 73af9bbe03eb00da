"""The `festival` command's entry point: the command line (festival/cli/main.py) run so that
a Ctrl-C anywhere, its first imports included, ends in one line and exit status 130 rather
than a traceback. Nothing is half-written by a stop: every store commits atomically, and a
command stopped before its commit has changed nothing. Imports nothing at its top but `sys`
and `signal`, so a Ctrl-C during the command line's own imports is met here. (Before this
module runs, Python imports only the opening comments of `festival` and `festival.cli`.)"""

from __future__ import annotations

import signal
import sys
import threading
from types import FrameType

STOPPED = 130
"""the exit status of a command stopped by Ctrl-C (128 + SIGINT, as shells report it)"""

WORDS = "festival: stopped (Ctrl-C); nothing was half-written."


def _stopped_early(signum: int, frame: FrameType | None) -> None:
    """A Ctrl-C before the command line is under way (or after it returned)."""
    print(WORDS, file=sys.stderr)
    raise SystemExit(STOPPED)


def arm() -> None:
    """Meet a Ctrl-C from now on (`python -m festival.cli` arms it before calling `run`)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, _stopped_early)


def run() -> int:
    arm()
    previous = signal.getsignal(signal.SIGINT)
    try:
        if threading.current_thread() is threading.main_thread():
            # Python's own from here: a KeyboardInterrupt the commands (the bot, `run`,
            # `watch`) handle themselves, and asyncio takes over as it does by default
            signal.signal(signal.SIGINT, signal.default_int_handler)
        from festival.cli.main import main

        return main()
    except KeyboardInterrupt:
        print(WORDS, file=sys.stderr)
        return STOPPED
    finally:
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, previous)
