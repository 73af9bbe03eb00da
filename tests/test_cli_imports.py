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


NOT_FOR_A_DUEL = ("numpy", "filelock", "python_calamine", "festival.match", "events.element.game")
"""what no duel command of an Alchelemental duel needs: numpy (the game draws nothing), the
lock library (the system's lock is taken through the standard library), the workbook reader,
the match service and another game's rules"""
COMMANDS_OF_THE_DUEL_SERVICE = ("festival.duels.service", "festival.duels.dispatcher")
FIRST_TURN = "select firepower, spin C5, select earthpower, confirm"
"""Light's first turn of the shipped sample (fixtures/alchelemental/sample-duel.json)"""


@pytest.fixture
def fresh_duel(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    folder = tmp_path / "duel"
    new = ["duel", "new", str(folder), "--game", "alchelemental", "--players", "Light,Dark"]
    assert main([*new, "--seed", "1"]) == 0
    capsys.readouterr()
    return folder


def test_building_the_duel_parser_imports_no_duel_service() -> None:
    """Each duel subcommand's body is named, and imported when it runs."""
    code = "from festival.cli.main import build_parser\nbuild_parser({'duel'})"
    names = HEAVY + DISCORD + NOT_FOR_A_DUEL + COMMANDS_OF_THE_DUEL_SERVICE
    assert imported_after(code, names) == []


def test_duel_status_reads_without_the_commands_numpy_or_a_heavy_library(
    fresh_duel: Path,
) -> None:
    """`festival duel status` runs through the duel service's reads alone."""
    status = ["duel", "status", str(fresh_duel)]
    code = f"from festival.cli.main import main\nassert main({status!r}) == 0"
    names = HEAVY + DISCORD + NOT_FOR_A_DUEL + COMMANDS_OF_THE_DUEL_SERVICE
    assert imported_after(code, names) == []


def test_duel_play_imports_no_numpy_and_no_heavy_library(
    fresh_duel: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A move of a game without chance is checked, recorded under the duel's lock and said,
    with no numpy, lock library, workbook reader, imaging or Discord library."""
    play = ["duel", "play", str(fresh_duel), FIRST_TURN, "--player", "Light"]
    code = f"from festival.cli.main import main\nassert main({play!r}) == 0"
    assert imported_after(code, HEAVY + DISCORD + NOT_FOR_A_DUEL) == []
    assert main(["duel", "status", str(fresh_duel)]) == 0  # the move was recorded
    assert "4 action(s) recorded." in capsys.readouterr().out
