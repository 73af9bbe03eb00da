"""The sample festival as `festival demo` plays it, played once for the whole test session
(the `played_demo` fixture): a test takes a copy of the played match folder, never the folder."""

from __future__ import annotations

import io
import shutil
from contextlib import redirect_stdout
from dataclasses import dataclass
from pathlib import Path

from festival.cli.main import main


@dataclass(frozen=True)
class PlayedDemo:
    folder: Path
    """the played match folder: read it, write only to a copy"""
    out: str
    """what `festival demo` printed"""

    def copy(self, to: Path) -> Path:
        """A copy of the played match folder at `to` (a new path), as if played there."""
        shutil.copytree(self.folder, to)
        return to


def play_demo(folder: Path) -> PlayedDemo:
    """Run `festival demo FOLDER` through the command line, keeping what it printed."""
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["demo", str(folder)]) == 0
    return PlayedDemo(folder, out.getvalue())
