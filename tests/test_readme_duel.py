"""The duels guide's Element duel (docs/duels-guide.md), from `festival duel new` to the winner,
runs as written."""

from __future__ import annotations

from pathlib import Path

import pytest

from festival.cli.main import main
from tests.support.doc_blocks import code_blocks, commands


def duel_commands() -> list[list[str]]:
    return commands(code_blocks("docs/duels-guide.md", "## Element")[0])


def test_the_guides_element_duel_runs_to_the_winner(
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
