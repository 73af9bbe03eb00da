"""A host who pipes a command into `head` or `less` and stops reading gets no error: the
command's output simply ends there (before: `festival: error: Broken pipe`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from festival.cli.main import main


def test_a_reader_that_stops_early_gets_no_error(tmp_path: Path) -> None:
    duel = tmp_path / "my-duel"
    assert main(["duel", "new", str(duel), "--game", "element", "--players", "Ash,Birch"]) == 0
    read, write = os.pipe()
    os.close(read)  # the reader is gone before festival writes a word: every write fails
    try:
        done = subprocess.run(
            [sys.executable, "-m", "festival.cli.main", "duel", "show", str(duel)],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    finally:
        os.close(write)
    assert done.stderr == ""
    assert done.returncode == 1
