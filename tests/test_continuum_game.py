"""A full 7-player Elemental Continuum game (setup and 5 rounds of bolts) from .xlsx
workbooks through the command line, with standings worked out by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from festival.cli.main import main
from festival.match.match import Match
from tests.support.continuum_boards import fill_bolts, fill_setup, stripes

pytestmark = pytest.mark.slow

HARMLESS = [("Earth", "A6"), ("Earth", "A6")]  # earth on the fire ward F3: does nothing


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_seven_player_game_from_workbooks(
    tmp_path: Path, roster_csv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    m = str(tmp_path / "match")
    assert run(capsys, "new", m, "--roster", str(roster_csv), "--seed", "5")[0] == 0
    assert run(capsys, "allocate", m)[0] == 0
    match = Match.open(Path(m))
    p = list(match.participants("continuum"))
    assert len(p) == 7
    gamewide = [x for x in match.config.gamewide if x in p]

    def round_folder(round_no: int) -> Path:
        folder = Path(m).parent / f"inbox-{round_no}"  # as the players send them back
        code, out, _ = run(capsys, "templates", m, "--round", str(round_no), "--out", str(folder))
        assert code == 0, out
        return folder

    # Round 1: everyone sets the same legal board.
    folder = round_folder(1)
    for player in p:
        fill_setup(folder / f"{player}.xlsx", stripes())
    code, out, _ = run(capsys, "resolve", m, "--from", str(folder))
    assert code == 0, out

    # Round 2: p[0] breaks A1 and A2 on every other board; one player mistypes first.
    plan = {
        2: {p[0]: [("Water", "A1"), ("water", "a2")]},
        3: {p[1]: [("Water", "A3"), ("Earth", "A6")]},
    }
    for round_no in range(2, 7):
        folder = round_folder(round_no)
        for player in p:
            fill_bolts(folder / f"{player}.xlsx", plan.get(round_no, {}).get(player, HARMLESS))
        if round_no == 2:
            fill_bolts(folder / f"{p[3]}.xlsx", [("Lava", "A6"), ("Earth", "A6")])
            code, out, err = run(capsys, "resolve", m, "--from", str(folder))
            assert code == 1 and "1 invalid submission" in err
            assert f"{p[3]}: [Elemental Continuum] Bolts!C3: 'Lava' is not an element" in out
            fill_bolts(folder / f"{p[3]}.xlsx", HARMLESS)
        code, out, _ = run(capsys, "resolve", m, "--from", str(folder))
        assert code == 0, out

    # By hand: F1 (6 points) broke down on the 5 boards of p[2]..p[6] in round 3, with
    # bolts p[0] 2 (A1, A2) and p[1] 1 (A3): p[0] earns 4 and p[1] 2 on each board.
    code, out, _ = run(capsys, "standings", m, "--json")
    data = json.loads(out)
    assert data["final"] is True
    ranking = data["events"]["continuum"]
    scores = {e["player"]: e["score"] for e in ranking}
    assert scores[p[0]] == "69" and scores[p[1]] == "59"
    assert all(scores[x] == "43" for x in p[2:])
    assert [e["player"] for e in ranking] == [p[0], p[1], *[x for x in gamewide if x in p[2:]]]
    tiebreaks = {e["player"]: e["tiebreaks"] for e in ranking}
    assert tiebreaks[p[0]]["tiles broken"] == 12 and tiebreaks[p[1]]["tiles broken"] == 6
    assert tiebreaks[p[0]]["unbroken tiles"] == 63 and tiebreaks[p[2]]["unbroken tiles"] == 59
    assert ranking[3]["decided_by"] == "gamewide tiebreak"

    # Round 3's public post: every broken tile and breakdown, no shooter, no points.
    code, out, _ = run(capsys, "announce", m, "--round", "3")
    public = out.split("----- PRIVATE")[0]
    for x in p[2:]:
        assert f"Broken on {x}'s board: A3." in public
        assert (
            f"**{x}'s fire ward (I pentomino) worth 6: A1, A2, A3, A4, A5** broke down." in public
        )
    assert f"Broken on {p[0]}'s board: A3." in public
    assert f"Broken on {p[1]}'s board" not in public
    assert "Water" not in public and "69" not in public
    assert f"PRIVATE to {p[1]}" in out and "Your bolts: Water at A3, Earth at A6." in out

    # The final post ranks without points.
    code, out, _ = run(capsys, "announce", m, "--round", "6")
    public = out.split("----- PRIVATE")[0]
    final = public.split("# Final results")[1].split("## Elemental Continuum")[1].split("##")[0]
    assert f"1. {p[0]}" in final and f"2. {p[1]}" in final and "69" not in final
