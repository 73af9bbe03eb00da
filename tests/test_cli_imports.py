"""A host's everyday commands import no heavy library: building the parser (`festival --help`)
and `festival status` leave pandas, pyarrow, gspread, Google's auth, Streamlit, Dask, openpyxl
and PIL unimported (each is imported by the commands that use it), and `festival status` loads
no event engine and no numpy either (the schedule is stored with the allocation; numpy is
imported where a draw is made). Pinned as imports, in a fresh interpreter, rather than as a
timing (benchmarks/cli_speed.py prints the CPU)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from festival.cli.main import main
from festival.core import registry

HEAVY = ("pandas", "pyarrow", "gspread", "google.auth", "streamlit", "dask", "openpyxl", "PIL")
DISCORD = ("discord", "aiohttp")
"""imported by `festival duel bot` only"""
ROOT = Path(__file__).resolve().parent.parent


def engine_packages() -> tuple[str, ...]:
    """The package of every registered event's engine ("events.alchemy", ...)."""
    return tuple(entry.engine.partition(":")[0] for entry in registry.events())


def imported_after(code: str, names: tuple[str, ...] = HEAVY + DISCORD) -> list[str]:
    """Those of `names` (modules or packages) in sys.modules after running `code` in a new
    interpreter."""
    probe = (
        f"import sys\n{code}\n"
        f"print(' '.join(n for n in {names!r} "
        "if any(m == n or m.startswith(n + '.') for m in sys.modules)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return done.stdout.splitlines()[-1].split() if done.stdout.strip() else []


def test_building_the_parser_imports_no_heavy_library() -> None:
    code = "from festival.cli.main import build_parser\nbuild_parser(())"
    assert imported_after(code) == []


def test_help_imports_no_heavy_library() -> None:
    code = (
        "from festival.cli.main import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass"
    )
    assert imported_after(code) == []


def test_status_imports_no_heavy_library(
    tmp_path: Path, roster_csv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "match"
    assert main(["new", str(folder), "--roster", str(roster_csv), "--seed", "3"]) == 0
    assert main(["allocate", str(folder)]) == 0
    capsys.readouterr()
    code = f"from festival.cli.main import main\nassert main(['status', {str(folder)!r}]) == 0"
    assert imported_after(code) == []


def test_status_imports_no_engine_and_no_numpy(
    tmp_path: Path, roster_csv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What `status` prints (each event's rounds) was stored when the events were allocated."""
    folder = tmp_path / "match"
    assert main(["new", str(folder), "--roster", str(roster_csv), "--seed", "3"]) == 0
    assert main(["allocate", str(folder)]) == 0
    capsys.readouterr()
    code = f"from festival.cli.main import main\nassert main(['status', {str(folder)!r}]) == 0"
    assert imported_after(code, ("numpy", *engine_packages())) == []
