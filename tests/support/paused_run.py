"""`festival run` that stops dead at a chosen moment of a chosen step, for kill tests with real
processes.

    python -m tests.support.paused_run STARTED MOMENT KIND run MATCH --inbox BOX --once

runs `festival run ...`, and at MOMENT of the first step of KIND ("remind", "close",
"tell-host") creates the file STARTED and waits there (for the test to kill it):

- `after-intent`: the step's intent is recorded, nothing of it is done;
- `after-resolve`: (a close) the round is resolved, nothing is posted;
- `after-act`: the step is done (posted, resolved), its done mark is not written.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from festival.cli.main import main
from festival.discord import schedule_runner
from festival.match.schedule_due import Step
from tests.support.patience import PATIENCE


def hold(started: Path) -> None:
    started.touch()
    end = time.monotonic() + PATIENCE
    while time.monotonic() < end:
        time.sleep(0.05)
    raise SystemExit("paused_run: nobody killed me")


def pause(started: Path, moment: str, kind: str) -> None:
    runner = schedule_runner.Runner
    act, mark = runner.act, runner._mark

    def paused_act(self: Any, step: Step) -> str:
        if step.kind.value == kind and moment == "after-intent":
            hold(started)
        if step.kind.value == kind and moment == "after-resolve":
            post = schedule_runner.match_posting.post

            def held(*args: Any, **kwargs: Any) -> Any:
                hold(started)
                return post(*args, **kwargs)

            schedule_runner.match_posting.post = held  # type: ignore[assignment]
        return act(self, step)

    def paused_mark(self: Any, step: Step, outcome: str) -> None:
        if step.kind.value == kind and moment == "after-act":
            hold(started)
        mark(self, step, outcome)

    runner.act = paused_act  # type: ignore[method-assign]
    runner._mark = paused_mark  # type: ignore[method-assign]


if __name__ == "__main__":
    pause(Path(sys.argv[1]), sys.argv[2], sys.argv[3])
    sys.exit(main(sys.argv[4:]))
