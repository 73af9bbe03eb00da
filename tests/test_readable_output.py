"""What people read from the command line and in announcements: decimals, never fractions
(issue 17: "People read decimals (3.5, 55.67, ×1.25) ... exact fractions belong in JSON")."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from festival.cli.main import main
from tests.support.played_demo import PlayedDemo

FRACTION = re.compile(r"(?<![\w/])\d+/\d+(?![\w/])")


@pytest.mark.slow
def test_standings_and_the_final_post_read_as_decimals_and_the_json_stays_exact(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], played_demo: PlayedDemo
) -> None:
    folder = played_demo.copy(tmp_path / "demo")
    demo = played_demo.out
    assert main(["standings", str(folder)]) == 0
    readable = capsys.readouterr().out
    assert main(["announce", str(folder), "--round", "6"]) == 0
    post = "\n".join(  # without the "----- PUBLIC (1/1) -----" message counters
        line for line in capsys.readouterr().out.splitlines() if not line.startswith("-----")
    )
    assert main(["standings", str(folder), "--json"]) == 0
    exact = json.loads(capsys.readouterr().out)
    halves = [p["average_rank"] for p in exact["players"] if "/" in p["average_rank"]]
    assert halves  # the sample has averages such as 5/2 ...
    for text in (demo, readable, post):
        assert not FRACTION.search(text), FRACTION.search(text)
    half = Fraction(halves[0])  # ... which people read as a decimal, such as 2.5
    assert f"average {float(half):g} (" in readable
