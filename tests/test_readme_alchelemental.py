"""The README's Alchelemental duel runs as written."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from festival.cli.main import main

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent


def test_the_readme_alchelemental_commands_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Duels (Alchelemental)", 1)[1].split("\n## ", 1)[0]
    block = re.findall(r"```bash\n(.+?)\n```", section, flags=re.S)[0]
    monkeypatch.chdir(tmp_path)
    for line in block.splitlines():
        words = shlex.split(line)
        assert words[0] == "festival" and main(words[1:]) == 0, words
    out = capsys.readouterr().out
    assert "Light gnome on 4.2" in out and "Winner: Dark" in out
    assert (tmp_path / "alch.png").stat().st_size > 1000
