"""A roster row whose name is refused still has its other cells checked: the host hears of
every problem in one run (#24 item 8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from festival.cli.main import main

ROSTER = """player,first,second,garnets,tiebreak
Zoë Ng,Alchemy,Elemental Continuum,0,1
Zoe Ng,Alchmy,Alchemy,lots,first
d!,Alchemy,Alchemy,x,3
Birch,Alchemy,Summoner's Dream,0,2
"""


def test_a_look_alike_name_does_not_hide_the_rest_of_its_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    assert main(["new", str(tmp_path / "m"), "--roster", str(roster)]) == 2
    err = capsys.readouterr().err
    for line in (
        "Zoe Ng: roster!A3: Zoe Ng looks the same as the name in row 2",
        "Zoe Ng: roster!B3: 'Alchmy' is not an event",
        "Zoe Ng: roster!D3: 'lots': garnets spent must be a whole number >= 0",
        "Zoe Ng: roster!E3: 'first': the tiebreak place must be 1, 2, 3...",
        "host: roster!A4: 'd!' is not a usable player name",
        "host: roster!C4: the second choice must differ from the first",
        "host: roster!D4: 'x': garnets spent must be a whole number >= 0",
    ):
        assert line in err, err
    assert "has 7 problem(s)" in err
    assert not (tmp_path / "m").exists()
