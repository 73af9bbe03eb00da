"""How much CPU a host's everyday command costs: `festival --help` and `festival status` on the
sample festival (all 6 rounds played), each in a new process, in CPU seconds (user + system,
the median of a few runs), and the heavy libraries each one imported (none, by design: they
are imported by the commands that use them; numpy and the event engines included, as status
reads the schedule stored with the allocation). Run: `python benchmarks/cli_speed.py`. Figures
are printed, never asserted (tests/test_cli_imports.py pins the imports instead).
"""

from __future__ import annotations

import contextlib
import io
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from festival.cli.main import main as festival
from festival.core import registry

HEAVY = (
    "pandas",
    "pyarrow",
    "gspread",
    "google.auth",
    "streamlit",
    "dask",
    "openpyxl",
    "PIL",
    "numpy",
    *(entry.engine.partition(":")[0] for entry in registry.events()),
)
GOAL = 0.25
"""CPU seconds a host's everyday command should cost at most (issue 23)"""

_REPORT = "import sys; from festival.cli.main import main; main({argv!r}); " + (
    "print('HEAVY', ' '.join(m for m in {heavy!r} if m in sys.modules))"
)


def cpu_seconds(argv: list[str], runs: int) -> float:
    """The median CPU of `festival ARGV` in a new process (one warm-up run first)."""
    times = []
    for _ in range(runs + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        command = [sys.executable, "-m", "festival.cli", *argv]
        subprocess.run(command, capture_output=True, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
    return statistics.median(times[1:])


def heavy_imports(argv: list[str]) -> list[str]:
    """The heavy libraries `festival ARGV` imported."""
    code = _REPORT.format(argv=argv, heavy=HEAVY)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    line = next((x for x in out.splitlines() if x.startswith("HEAVY")), "HEAVY")
    return line.split()[1:]


def main(runs: int = 5) -> dict[str, float]:
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "demo"
        with contextlib.redirect_stdout(io.StringIO()):
            festival(["demo", str(folder)])
        for argv in (["--help"], ["status", str(folder)]):
            name = f"festival {argv[0]}"
            figures[name] = cpu_seconds(argv, runs)
            heavy = heavy_imports(argv)
            print(
                f"{name}: {figures[name]:.3f} s CPU (goal <= {GOAL} s); "
                f"heavy libraries imported: {', '.join(heavy) or 'none'}"
            )
    return figures


if __name__ == "__main__":
    main()
