"""How much CPU a duel command costs as the duel grows: `festival duel status` and `festival duel
play` on an Alchelemental duel of about 500 recorded steps against one of about 10, each in a
new process, in CPU seconds (user + system, the median of a few runs after a warm-up). The
duels are the shipped 128-input sample (fixtures/alchelemental/sample-duel.json) replayed up
to that many steps; the play is the sample's next input, made on a fresh copy each run.

Goal (issue 37): the long duel costs the same as the short one within noise, and each command
at most 0.25 s CPU. Run: `python benchmarks/duel_cpu.py`. Figures are printed, never asserted.
Each command runs this checkout's code as a user runs it: its bytecode cached (the warm-up run
writes it, whatever PYTHONDONTWRITEBYTECODE says here).
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from festival.core.paths import fixture
from festival.duels import service

ROOT = Path(__file__).resolve().parent.parent
GOAL = 0.25
"""CPU seconds a duel command should cost at most, however long the duel (issue 37)"""
NOISE = 1.3
"""the long duel within this factor of the short one reads as equal"""
USER_ENV = {
    **{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
    "PYTHONPATH": os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH")))),
}
"""the commands' environment: this checkout first, bytecode written and read as a user's is"""


def prepared(folder: Path, steps: int) -> tuple[str, str]:
    """A duel replaying the sample's inputs until at least `steps` steps are recorded; the
    sample's next input (player, text), to play."""
    sample = json.loads(fixture("alchelemental", "sample-duel.json").read_text())
    service.create(folder, sample["game"], sample["variant"], {}, sample["players"], sample["seed"])
    for turn in sample["turns"]:
        if service.status(folder).actions >= steps:
            return str(turn["player"]), str(turn["text"])
        done = service.play(folder, turn["text"], player=turn["player"])
        assert done.entered is not None and done.entered.ok, done.entered
    raise SystemExit(f"the sample duel has fewer than {steps} steps")


def cpu_seconds(argv: list[str], runs: int, fresh: tuple[Path, Path] | None = None) -> float:
    """The median CPU of `festival ARGV` in a new process (one warm-up run first); with
    `fresh` (a duel folder, its copy): the copy is made anew each run."""
    times = []
    for _ in range(runs + 1):
        if fresh is not None:
            shutil.rmtree(fresh[1], ignore_errors=True)
            shutil.copytree(*fresh)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        command = [sys.executable, "-m", "festival.cli", *argv]
        subprocess.run(command, check=True, capture_output=True, env=USER_ENV)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
    return statistics.median(times[1:])


def main(runs: int = 5, long_steps: int = 500, short_steps: int = 10) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        figures: dict[str, dict[int, float]] = {"status": {}, "play": {}}
        for steps in (short_steps, long_steps):
            duel = base / f"duel-{steps}"
            player, text = prepared(duel, steps)
            recorded = service.status(duel).actions
            figures["status"][recorded] = cpu_seconds(["duel", "status", str(duel)], runs)
            copy = base / f"play-{steps}"
            play = ["duel", "play", str(copy), text, "--player", player]
            figures["play"][recorded] = cpu_seconds(play, runs, fresh=(duel, copy))
        for command, by_steps in figures.items():
            (short, a), (long, b) = sorted(by_steps.items())
            ratio = b / a if a else float("inf")
            ok = a <= GOAL and b <= GOAL and ratio <= NOISE
            print(
                f"festival duel {command}: {short} steps {a:.3f} s CPU, {long} steps {b:.3f} s "
                f"CPU (x{ratio:.2f}); goal <= {GOAL} s each, within x{NOISE}: "
                f"{'met' if ok else 'not met'}"
            )


if __name__ == "__main__":
    main()
