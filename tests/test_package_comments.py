"""Each package's opening comment says what it holds today (issue #37): the bot's and the
Discord adapter's name every module they hold, the rules engines' every game."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _opening(package: Path) -> str:
    return ast.get_docstring(ast.parse((package / "__init__.py").read_text())) or ""


@pytest.mark.parametrize("package", ["festival/bot", "festival/discord"])
def test_the_opening_comment_names_every_module(package: str) -> None:
    folder = ROOT / package
    said = _opening(folder)
    modules = sorted(p.name for p in folder.glob("*.py") if p.name != "__init__.py")
    assert [m for m in modules if m not in said] == []


def test_the_rules_engines_opening_comment_names_every_game() -> None:
    folder = ROOT / "events"
    said = _opening(folder)
    games = sorted(p.name for p in folder.iterdir() if (p / "__init__.py").is_file())
    assert [g for g in games if f"`{g}`" not in said] == []
