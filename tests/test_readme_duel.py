"""The README's duel, from `festival duel new` to the winner, runs as written."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from festival.cli.main import main

ROOT = Path(__file__).resolve().parent.parent


def duel_commands() -> list[list[str]]:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Duels (Element)", 1)[1].split("\n## ", 1)[0]
    block = re.findall(r"```bash\n(.+?)\n```", section, flags=re.S)[0]
    return [shlex.split(line) for line in block.splitlines() if line.strip()]


def test_the_readme_duel_runs_to_the_winner(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    commands = duel_commands()
    assert commands[0][:3] == ["festival", "duel", "new"]
    for words in commands:
        assert words[0] == "festival"
        assert main(words[1:]) == 0, words
    out = capsys.readouterr().out
    assert "The duel is over: Birch starts the turn trapped on K11; Ash wins." in out
    assert (tmp_path / "board.png").stat().st_size > 1000
