"""`festival` whose Discord bot pauses inside a duel command, for the tests of stopping it.

    python -m tests.support.paused_bot STARTED GO duel bot FOLDER --host-role ROLE

runs `festival duel bot ...`, but a command that changes a duel (the duel service's `dispatch`,
which the bot calls in a thread), when it begins, creates the file STARTED and waits until the
file GO exists, then does its work. A test can so stop the bot while a command is mid-way,
for as long as it needs (a slow command on a busy machine, made certain).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import festival.duels.service
from festival.cli.main import main
from tests.support.patience import PATIENCE


def paused(started: Path, go: Path) -> Any:
    real = festival.duels.service.dispatch

    def dispatch(*args: Any, **kwargs: Any) -> Any:
        started.touch()
        deadline = time.monotonic() + PATIENCE
        while not go.exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        return real(*args, **kwargs)

    return dispatch


if __name__ == "__main__":
    festival.duels.service.dispatch = paused(Path(sys.argv[1]), Path(sys.argv[2]))
    sys.exit(main(sys.argv[3:]))
