"""The duels guide's Elementarium duel (docs/duels-guide.md), from `festival duel new` to the
result, runs as written."""

from __future__ import annotations

from pathlib import Path

import pytest

from festival.cli.main import main
from tests.support.doc_blocks import code_blocks, commands
from tests.support.patience import PATIENCE

GUIDE = "docs/duels-guide.md"


def test_the_guides_elementarium_duel_runs_to_the_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    block = code_blocks(GUIDE, "## Elementarium")[0]
    monkeypatch.chdir(tmp_path)
    for words in commands(block):
        assert words[0] == "festival"
        assert main(words[1:]) == 0, words
    out = capsys.readouterr().out
    assert "The duel is over: Ash removed all of Birch's units." in out
    assert "Ash's W from b5 took Birch's F on b8" in out  # standing_enemy "taken"
    assert (tmp_path / "board.png").stat().st_size > 1000


def test_the_guides_google_orders_run_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The guide's Google commands, against the local Sheets server, players typing between
    `sheets` and `resolve`."""
    import festival.google.match_sheets as gs
    from sheets import google
    from tests.support.sheets_server import SheetsServer, local_client

    block = code_blocks(GUIDE, "## Elementarium")[1]
    retry = google.Retry(attempts=2, sleep=lambda s: None, timeout=PATIENCE)
    with SheetsServer() as server:
        for player in ("Ash", "Birch"):
            server.add_spreadsheet(f"key-{player}", player, {"Sheet1": []})
        monkeypatch.setattr(
            gs, "make_client",
            lambda path: local_client(server, http_client=google.retrying_http_client(retry)),
        )  # fmt: skip
        monkeypatch.chdir(tmp_path)
        (tmp_path / "duel-sheets.csv").write_text(
            "player,spreadsheet\nAsh,key-Ash\nBirch,key-Birch\n"
        )
        for words in commands(block):
            assert words[0] == "festival"
            if words[1:3] == ["duel", "resolve"]:
                sheet = server.sheet("key-Ash", "R1 Orders")
                row = next(r for (r, c), v in sheet.cells.items() if c == 1 and v == "f3")
                sheet.cells[(row, 2)] = "e4"
            assert main(words[1:]) == 0, words
    assert "Ash moved f3 to e4" in capsys.readouterr().out
