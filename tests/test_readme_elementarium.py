"""The README's Elementarium duel, from `festival duel new` to the result, runs as written."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from festival.cli import main

ROOT = Path(__file__).resolve().parent.parent


def test_the_readme_elementarium_duel_runs_to_the_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Duels (Elementarium)", 1)[1].split("\n## ", 1)[0]
    block = re.findall(r"```bash\n(.+?)\n```", section, flags=re.S)[0]
    monkeypatch.chdir(tmp_path)
    for line in block.splitlines():
        words = shlex.split(line)
        assert words[0] == "festival"
        assert main(words[1:]) == 0, words
    out = capsys.readouterr().out
    assert "The duel is over: Ash removed all of Birch's units." in out
    assert "clash on b8" in out and (tmp_path / "board.png").stat().st_size > 1000
