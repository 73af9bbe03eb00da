"""A host's everyday commands import no heavy library: building the parser (`festival --help`)
and `festival status` leave pandas, pyarrow, gspread, Google's auth, Streamlit, Dask, openpyxl
and PIL unimported (each is imported by the commands that use it). Pinned as imports, in a
fresh interpreter, rather than as a timing (benchmarks/cli_speed.py prints the CPU)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from festival.cli.main import main

HEAVY = ("pandas", "pyarrow", "gspread", "google.auth", "streamlit", "dask", "openpyxl", "PIL")
ROOT = Path(__file__).resolve().parent.parent


def imported_after(code: str) -> list[str]:
    """The heavy libraries in sys.modules after running `code` in a new interpreter."""
    probe = f"import sys\n{code}\nprint(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
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
