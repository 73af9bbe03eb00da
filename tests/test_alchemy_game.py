"""A full 7-player, 6-round Alchemy game from .xlsx workbooks through the command line."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import openpyxl
import pytest

from festival.bots.alchemy import alchemy_bot
from festival.cli.main import main
from festival.match.match import Match
from festival.match.replay import states_after
from tests.support.alchemy_kit import fill_workbook

pytestmark = pytest.mark.slow


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_seven_player_six_round_game_from_workbooks_matches_the_json_path(
    tmp_path: Path, roster_csv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    by_xlsx, by_json = str(tmp_path / "xlsx"), str(tmp_path / "json")
    for m in (by_xlsx, by_json):
        assert run(capsys, "new", m, "--roster", str(roster_csv), "--seed", "8")[0] == 0
        assert run(capsys, "allocate", m)[0] == 0
    match = Match.open(Path(by_xlsx))
    players = match.participants("alchemy")
    assert len(players) == 7
    engine = match.engine("alchemy")
    rng = np.random.default_rng(2)
    for round_no in range(1, 7):
        state = states_after(match, round_no - 1)["alchemy"]
        public = engine.public_view(state)
        subs = {
            p: alchemy_bot(public, engine.private_view(state, p), p, round_no, rng) for p in players
        }
        folder = Path(by_xlsx).parent / f"inbox-{round_no}"  # as the players send them back
        args = ("templates", by_xlsx, "--round", str(round_no), "--out", str(folder))
        code, out, _ = run(capsys, *args)
        assert code == 0, out
        for p in players:
            fill_workbook(folder / f"{p}.xlsx", subs[p])
        if round_no == 2:  # a typo first: rejected with a clear error, then fixed
            book = openpyxl.load_workbook(folder / f"{players[0]}.xlsx")
            good = book["Harvest"]["B4"].value
            book["Harvest"]["B4"] = "Moonpetl"
            book.save(folder / f"{players[0]}.xlsx")
            code, out, _ = run(capsys, "resolve", by_xlsx, "--from", str(folder))
            assert code == 1 and "did you mean 'Moonpetal'?" in out
            book["Harvest"]["B4"] = good
            book.save(folder / f"{players[0]}.xlsx")
        code, out, _ = run(capsys, "resolve", by_xlsx, "--from", str(folder))
        assert code == 0, out
        path = tmp_path / f"round-{round_no}.json"
        path.write_text(
            json.dumps(
                {"round": round_no, "submissions": {p: {"alchemy": s} for p, s in subs.items()}}
            )
        )
        code, out, _ = run(capsys, "resolve", by_json, "--from", str(path))
        assert code == 0, out

    standings = []
    for m in (by_xlsx, by_json):
        code, out, _ = run(capsys, "standings", m, "--json")
        standings.append(json.loads(out))
    assert standings[0]["final"] is True
    assert standings[0]["events"]["alchemy"] == standings[1]["events"]["alchemy"]
    ranking = standings[0]["events"]["alchemy"]
    assert {e["player"] for e in ranking} == set(players)
    assert any(e["score"] != 0 for e in ranking)

    code, out, _ = run(capsys, "announce", by_xlsx, "--round", "6")
    public = out.split("----- PRIVATE")[0]
    assert "## Alchemy" in public and "gems" in public.split("# Final results")[1]
    assert "gems" not in public.split("# Final results")[0]
