"""`festival` that pauses inside its command, for concurrency tests with real processes.

    python -m tests.support.paused_cli STARTED GO resolve MATCH --from FILE

runs `festival resolve ...`, but once the round's inputs are stored and just before it
resolves, it creates the file STARTED and waits until the file GO exists. A test can so hold
a real `festival resolve` in the middle of its work (holding what it holds) for as long as it
needs, then let it finish, or kill it.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import festival.match.service
from festival.cli.main import main
from tests.support.patience import PATIENCE


def paused(started: Path, go: Path) -> Any:
    real = festival.match.service.resolve_round

    def resolve_round(*args: Any, **kwargs: Any) -> Any:
        started.touch()
        deadline = time.monotonic() + PATIENCE
        while not go.exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        return real(*args, **kwargs)

    return resolve_round


if __name__ == "__main__":
    festival.match.service.resolve_round = paused(Path(sys.argv[1]), Path(sys.argv[2]))
    sys.exit(main(sys.argv[3:]))
