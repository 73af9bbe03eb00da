"""The duels guide's Alchelemental duel (docs/duels-guide.md) runs as written."""

from __future__ import annotations

from pathlib import Path

import pytest

from festival.cli.main import main
from tests.support.doc_blocks import code_blocks, commands

pytestmark = pytest.mark.slow


def test_the_guides_alchelemental_commands_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    block = code_blocks("docs/duels-guide.md", "## Alchelemental")[0]
    monkeypatch.chdir(tmp_path)
    for words in commands(block):
        assert words[0] == "festival" and main(words[1:]) == 0, words
    out = capsys.readouterr().out
    assert "Light gnome on R4 hex 2" in out and "Winner: Dark" in out
    assert (tmp_path / "alch.png").stat().st_size > 1000
