"""Full Summoner's Dream games from .xlsx workbooks through the command line: 7 players from
round 1, and 6 players from round 2."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import openpyxl
import pytest

from events.summoners import layout as L
from festival.bots.summoners import summoners_bot
from festival.cli.main import main
from festival.match.match import Match
from festival.match.replay import states_after

pytestmark = pytest.mark.slow


def fill(path: Path, data: Mapping[str, Any], maps: list[str]) -> None:
    """Write a Summoner's Dream canonical JSON submission into a generated workbook."""
    book = openpyxl.load_workbook(path)
    shop = book[L.SHOP_TAB]
    for i, kind in enumerate(data["buy_towers"]):
        shop.cell(L.SHOP_FIRST_ROW + i + 1, L.BUY_TOWER_COL + 1, kind)
    for i, kind in enumerate(data["buy_familiars"]):
        shop.cell(L.SHOP_FIRST_ROW + i + 1, L.BUY_FAMILIAR_COL + 1, kind)
    d = data["defence"]
    book[L.DEFENCE_TAB].cell(L.MAP_CHOICE[0] + 1, L.MAP_CHOICE[1] + 1, d["map"])
    sheet = book[L.MAP_TAB.format(maps.index(d["map"]) + 1)]
    for t in d["towers"]:
        text = f"{t['tower']}>{t['facing']}"
        sheet.cell(L.GRID_TOP + t["row"], L.GRID_LEFT + t["col"], text)
    attack = book[L.ATTACK_TAB]
    a = data["attack"]
    if a:
        for slot, fid in a["slots"].items():
            s = int(slot)
            party = "A" if a["party_a"] and a["party_a"][0] <= s <= a["party_a"][1] else "B"
            attack.cell(L.ATTACK_FIRST_ROW + s, L.FAMILIAR_COL + 1, fid)
            attack.cell(L.ATTACK_FIRST_ROW + s, L.PARTY_COL + 1, party)
    if data["target"]:
        attack.cell(L.TARGET_CELL[0] + 1, L.TARGET_CELL[1] + 1, data["target"])
    book.save(path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def play(tmp_path: Path, roster: Path, capsys: pytest.CaptureFixture[str]) -> tuple[str, list[str]]:
    """A whole match where Summoner's Dream is played from bot-filled workbooks (the other
    events' tabs are left blank: missing submissions)."""
    m = str(tmp_path / "match")
    assert run(capsys, "new", m, "--roster", str(roster), "--seed", "4")[0] == 0
    assert run(capsys, "allocate", m)[0] == 0
    match = Match.open(Path(m))
    players = list(match.participants("summoners"))
    engine = match.engine("summoners")
    rng = np.random.default_rng(6)
    for round_no in range(1, 7):
        folder = Path(m).parent / f"inbox-{round_no}"  # as the players send them back
        code, out, _ = run(capsys, "templates", m, "--round", str(round_no), "--out", str(folder))
        assert code == 0, out
        if round_no in engine.rounds(len(players), 6):
            state = states_after(match, round_no - 1)["summoners"]
            maps = [x.name for x in state.catalog.maps]
            public = engine.public_view(state)
            for p in players:
                data = summoners_bot(public, engine.private_view(state, p), p, round_no, rng)
                fill(folder / f"{p}.xlsx", data, maps)
        code, out, _ = run(capsys, "resolve", m, "--from", str(folder), "--default-invalid")
        assert code == 0, out
        invalid = [line for line in out.splitlines() if "invalid, default played" in line]
        assert not [line for line in invalid if "[Summoner's Dream]" in line], invalid
    return m, players


def check_final(m: str, players: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    _, out, _ = run(capsys, "standings", m, "--json")
    data = json.loads(out)
    ranking = data["events"]["summoners"]
    assert data["final"] and {e["player"] for e in ranking} == set(players)
    assert sum(e["score"] for e in ranking) == 50 * len(players)  # every theft moves one
    match = Match.open(Path(m))
    state = states_after(match, 6)["summoners"]
    for p in players:
        assert sorted(state.invaded[p]) == sorted(q for q in players if q != p)
    assert any(e["score"] != 50 for e in ranking)
    return data


def test_seven_players_from_round_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    roster = tmp_path / "roster.csv"
    names = [
        "Spadez",
        "hedger",
        "uri",
        "cam",
        "Wren",
        "Quill",
        "Juniper",
        "Mistral",
        "Tamsin",
        "Larkspur",
    ]
    lines = ["player,first,second,garnets"]
    for i, n in enumerate(names):
        first = "Summoner's Dream" if i < 7 else "Alchemy"
        second = "Alchemy" if i < 7 else "Elemental Continuum"
        lines.append(f"{n},{first},{second},0")
    roster.write_text("\n".join(lines) + "\n")
    m, players = play(tmp_path, roster, capsys)
    assert len(players) == 7
    check_final(m, players, capsys)
    rows = [r for r in Match.open(Path(m)).store.rounds() if "summoners" in r.submissions]
    assert [r.round_no for r in rows] == [1, 2, 3, 4, 5, 6]


def test_six_players_from_round_two(
    tmp_path: Path, roster_csv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    m, players = play(tmp_path, roster_csv, capsys)
    assert len(players) == 6
    check_final(m, players, capsys)
    rows = [r for r in Match.open(Path(m)).store.rounds() if "summoners" in r.submissions]
    assert [r.round_no for r in rows] == [2, 3, 4, 5, 6]
    _, out, _ = run(capsys, "announce", m, "--round", "3")
    public = out.split("----- PRIVATE")[0]
    assert "The invasions of round 3 are over." in public and "Treasure" not in public
    assert "You invaded" in out and "invaded you" in out
