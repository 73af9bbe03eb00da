"""The README's short tour runs as written and prints every line it shows (`...` marks lines the
README leaves out)."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from festival.cli.main import main
from tests.support.doc_blocks import code_blocks


def _steps(block: str) -> list[tuple[list[str], list[str]]]:
    """Each `$ command` of a console block with the lines shown under it."""
    steps: list[tuple[list[str], list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            steps.append((shlex.split(line[2:]), []))
        else:
            steps[-1][1].append(line)
    return steps


def _same(line: str) -> str:
    return " ".join(line.split())


def _missing(shown: list[str], printed: pytest.CaptureResult[str]) -> list[str]:
    """The shown lines (not `...`) that were not printed: on standard output in the order
    shown, or anywhere on standard error (the lab's progress)."""
    out = [_same(line) for line in printed.out.splitlines()]
    err = {_same(line) for line in printed.err.splitlines()}
    missing, at = [], 0
    for line in shown:
        want = _same(line)
        if want == "..." or want in err:
            continue
        if want in out[at:]:
            at = out.index(want, at) + 1
        else:
            missing.append(line)
    return missing


def test_the_readme_tour_prints_what_it_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocks = code_blocks("README.md", "## A short tour", language="console")
    assert len(blocks) == 4
    monkeypatch.chdir(tmp_path)
    for block in blocks:
        for words, shown in _steps(block):
            assert words[0] == "festival"
            assert main(words[1:]) == 0, words
            assert _missing(shown, capsys.readouterr()) == [], words
    assert (tmp_path / "board.png").stat().st_size > 1000
    assert (tmp_path / "lab-tour" / "players.parquet").is_file()
