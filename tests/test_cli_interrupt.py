"""Ctrl-C stops any `festival` command in one line and exit status 130, never a traceback:
during the command line's own imports (before `festival.cli.main` exists) as during a
command's run (festival/cli/entry.py)."""

from __future__ import annotations

import importlib.abc
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import pytest

from festival.cli import entry
from tests.support.processes import started

ROOT = Path(__file__).resolve().parent.parent


class _Interrupted(importlib.abc.MetaPathFinder):
    """A Ctrl-C arriving while `festival.cli.main` is being imported."""

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> None:
        if name == "festival.cli.main":
            raise KeyboardInterrupt
        return None


def test_a_ctrl_c_during_the_first_imports_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delitem(sys.modules, "festival.cli.main", raising=False)
    monkeypatch.setattr(sys, "meta_path", [_Interrupted(), *sys.meta_path])
    assert entry.run() == entry.STOPPED
    err = capsys.readouterr().err
    assert err == entry.WORDS + "\n"


def test_a_ctrl_c_during_a_command_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from festival.cli import main as cli_main

    def interrupted(argv: Sequence[str] | None = None) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_main, "main", interrupted)
    assert entry.run() == entry.STOPPED
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("round_", range(3))
def test_the_command_stopped_while_it_imports_prints_no_traceback(
    tmp_path: Path, round_: int
) -> None:
    """The real process: SIGINT sent once Python reports an import after the entry's
    (`-X importtime` writes each import as it ends): the command line's imports, or its run,
    whichever it is in by then. (Before the entry is armed, Python imports only three opening
    comments and the entry itself: a Ctrl-C in those microseconds is Python's own.)"""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    argv = [sys.executable, "-X", "importtime", "-m", "festival.cli", "demo", str(tmp_path / "d")]
    with started(argv, env=env, cwd=tmp_path) as child:
        assert child.process.stderr is not None
        entered = False
        for line in child.process.stderr:
            if entered:
                break  # an import after the entry's: the command line's own are under way
            entered = line.rstrip().endswith("festival.cli.entry")
        ended = child.stop()
    assert ended.returncode == entry.STOPPED, ended.err[-2000:]
    assert "Traceback" not in ended.err
    assert ended.err.rstrip().endswith(entry.WORDS)


def test_the_installed_command_and_python_m_use_the_entry() -> None:
    text = (ROOT / "pyproject.toml").read_text()
    assert 'festival = "festival.cli.entry:run"' in text
    assert "entry.run()" in (ROOT / "festival/cli/__main__.py").read_text()
