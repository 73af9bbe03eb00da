"""What the season's tests share: the command line run and read (its words, its --json, its
refusals), and a clock that moves a minute at each reading (property tests' ledgers)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from festival.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """`festival ARGV`: its exit status, what it printed and what it said on stderr."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def json_of(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    """`festival ARGV --json`, which must succeed, read."""
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """`festival ARGV`, which must be refused (status 2): what it said."""
    code, _, err = run(capsys, *argv)
    assert code == 2, err
    return err


class StepClock:
    """Now, a minute later at each reading, from 2026-11-01 UTC."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now
