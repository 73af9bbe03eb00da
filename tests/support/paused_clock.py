"""`festival duel bot` (or `festival bot`) that stops dead once it has recorded a duel's clock
note and before it sends it, for kill tests with real processes.

    python -m tests.support.paused_clock STARTED duel bot FOLDER --host-role ROLE ...

runs the command after STARTED, and when the bot's timekeeper has recorded its first clock
note (`NoteClock` done through the duel's dispatcher) and is about to send it, creates the
file STARTED and waits there (for the test to kill it).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from festival.bot import duel_clocks
from festival.cli.main import main
from tests.support.paused_run import hold


def pause(started: Path) -> None:
    source = duel_clocks.DuelClock

    async def paused_send(self: Any, key: str, text: str, pings: tuple[int, ...]) -> None:
        hold(started)

    source._send = paused_send  # type: ignore[method-assign]


if __name__ == "__main__":
    pause(Path(sys.argv[1]))
    sys.exit(main(sys.argv[2:]))
