"""The dashboard opened with Streamlit's AppTest, as the dashboard tests open it: one folder
(a match or a season), with or without the host's password set, first page drawn; and what a
page's Markdown tables say, read back as rows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.support.patience import PATIENCE

APP = str(Path(__file__).resolve().parent.parent.parent / "dashboard" / "app.py")


def open_app(monkeypatch: pytest.MonkeyPatch, folder: Path, password: str | None) -> AppTest:
    """The dashboard of `folder` (FESTIVAL_MATCH), the host's password `password` (None:
    none set), after its first run, which raised nothing."""
    monkeypatch.setenv("FESTIVAL_MATCH", str(folder))
    if password is None:
        monkeypatch.delenv("FESTIVAL_HOST_PASSWORD", raising=False)
    else:
        monkeypatch.setenv("FESTIVAL_HOST_PASSWORD", password)
    at = AppTest.from_file(APP, default_timeout=PATIENCE)
    at.run()
    assert not at.exception, at.exception
    return at


ESCAPED = re.compile(r"\\(.)")


def markdown_tables(at: AppTest) -> list[list[dict[str, str]]]:
    """Every Markdown table on the page (`dashboard.people.markdown_table`), as rows of cell
    texts by column, unescaped."""

    def cells(line: str) -> list[str]:
        parts = re.split(r"(?<!\\)\|", line.strip())[1:-1]
        return [ESCAPED.sub(r"\1", p.strip()) for p in parts]

    tables = []
    for m in at.markdown:
        lines = m.value.splitlines()
        if len(lines) >= 2 and lines[0].startswith("| ") and lines[1].startswith("|---"):
            heads = cells(lines[0])
            tables.append([dict(zip(heads, cells(line), strict=True)) for line in lines[2:]])
    return tables
