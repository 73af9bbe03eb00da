"""Where the shipped data lives: `fixtures/` at the top of the source tree."""

from __future__ import annotations

from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def fixture(*parts: str) -> Path:
    path = FIXTURES.joinpath(*parts)
    if not path.exists():
        raise FileNotFoundError(
            f"{path} is missing: festival reads its shipped data from the source tree "
            "(install it with `pip install -e .` from a clone)"
        )
    return path
