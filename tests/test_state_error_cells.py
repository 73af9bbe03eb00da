"""Checks against the game state name the player, the tab and the cell(s) they are about, in
`festival resolve` and in the player's private report (`festival announce`): #24 item 8.

Round 1 of a match where Ash plays Alchemy and Summoner's Dream; Ash's workbook is filled by
hand with one mistake a case, every other player sends nothing.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Mapping
from pathlib import Path

import openpyxl
import pytest

from events.summoners import layout as SL
from events.tables import cell_ref
from festival.cli.main import main
from festival.core.registry import event_title
from festival.match.match import Match
from festival.match.replay import states_after

ROSTER = """player,first,second,garnets
Ash,Alchemy,Summoner's Dream,3
Birch,Summoner's Dream,Alchemy,2
Cedar,Summoner's Dream,Elemental Continuum,0
Dune,Summoner's Dream,Alchemy,0
Elm,Summoner's Dream,Elemental Continuum,0
Fern,Summoner's Dream,Alchemy,0
Gale,Summoner's Dream,Elemental Continuum,0
Hazel,Alchemy,Elemental Continuum,0
Iris,Elemental Continuum,Alchemy,0
Jade,Elemental Continuum,Alchemy,0
"""

Cells = Mapping[str, Mapping[str, str | int]]


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A match with round 1's workbooks written (copied for each case)."""
    folder = tmp_path_factory.mktemp("base")
    (folder / "roster.csv").write_text(ROSTER, encoding="utf-8")
    m = folder / "match"
    assert main(["new", str(m), "--roster", str(folder / "roster.csv"), "--seed", "3"]) == 0
    assert main(["allocate", str(m)]) == 0
    assert main(["templates", str(m), "--round", "1"]) == 0
    match = Match.open(m)
    assert "Ash" in match.participants("alchemy") and "Ash" in match.participants("summoners")
    return m


def _buildable(base: Path) -> tuple[str, list[str]]:
    """Map 1's name and the cells of its first two buildable tiles (on one row)."""
    battlefield = states_after(Match.open(base), 0)["summoners"].catalog.maps[0]
    tiles = [
        (r, c) for r, line in enumerate(battlefield.rows) for c, ch in enumerate(line) if ch == "G"
    ]
    assert tiles[0][0] == tiles[1][0]
    return battlefield.name, [cell_ref(SL.GRID_TOP + r, SL.GRID_LEFT + c) for r, c in tiles[:2]]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out + err


def _private(out: str, player: str) -> str:
    parts = [p for p in out.split("----- PRIVATE to ") if p.startswith(f"{player} ")]
    assert parts, out
    return parts[0].split("----- ")[0]


def _copy(tmp_path: Path, base: Path) -> Path:
    match = tmp_path / "match"
    shutil.copytree(base, match)
    return match


def _resolve_and_announce(
    tmp_path: Path,
    match: Path,
    cells: Cells,
    capsys: pytest.CaptureFixture[str],
    round_no: int = 1,
) -> tuple[str, str]:
    """Ash's workbook with these cells: `resolve`'s lines (refused), then Ash's private report
    after `--default-invalid`."""
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    book = openpyxl.load_workbook(match / "templates" / f"round-{round_no}" / "Ash.xlsx")
    for tab, values in cells.items():
        for cell, value in values.items():
            book[tab][cell] = value
    book.save(inbox / "Ash.xlsx")
    code, refused = _run(capsys, "resolve", str(match), "--from", str(inbox))
    assert code == 1, refused
    code, out = _run(capsys, "resolve", str(match), "--from", str(inbox), "--default-invalid")
    assert code == 0, out
    code, out = _run(capsys, "announce", str(match), "--round", str(round_no))
    assert code == 0, out
    return refused, _private(out, "Ash")


SHOP = "Shop"
ALCHEMY_CASES: list[tuple[Cells, str]] = [
    (
        {"Buy": {"A5": "Quartz", "B5": 99999}},
        "Buy!B5: buying costs 3999960 coins but you have 500: 3999460 short",
    ),
    (
        {"Buy": {"A4": "Moonpetal", "B4": 5, "A6": "moonpetal", "B6": 6},
         "Machine": {"B3": "Transmuter"}},
        "Buy!B4, Buy!B6, Machine!B3: buying costs 690 coins but you have 500: 190 short",
    ),
    (
        {"Harvest": {"B4": "Amethyst", "B5": "Emberstone", "B6": "Mandrake", "B7": "Silverleaf"}},
        "Harvest!B4:B7: the harvest costs 18 energy but you have 17: 1 over budget",
    ),
    ({"Machine": {"A7": "Alembic", "B7": 1}}, "Machine!A7: you do not own Alembic"),
    (
        {"Machine": {"B3": "Alembic", "A6": "Alembic", "B6": 5}},
        "Machine!B6: Alembic runs at most 3 times a round",
    ),
]  # fmt: skip

SUMMONERS_CASES: list[tuple[Cells, str]] = [
    (
        {SHOP: {"A4": "Yi", "A5": "Gam", "B4": "Crab"}},
        "Shop!A4:A5, B4: you spend 78 on towers and 13 on familiars: twice as much as or more "
        "than twice as much is not allowed",
    ),
    (
        {SHOP: {"A4": "Gon", "A5": "Yi", "A6": "Geon", "A7": "Gam", "A8": "Yi",
                "B4": "Fox", "B5": "Fox", "B6": "Fox", "B7": "Toad"}},
        "Shop!A4:A8, B4:B7: this costs 336 coins but you have 300: 36 short",
    ),
    ({SHOP: {"A4": "Tae", "B4": "Fox"}}, "Shop!A4: Tae is not on sale in round 1"),
    ({SHOP: {"C4": "Yi7"}}, "Shop!C4: you own no unit 'Yi7' to upgrade"),
    (
        {SHOP: {"A4": "Yi", "B4": "Fox"},
         "Attack": {"B5": "Fox1", "C5": "A", "B6": "Fox1", "C6": "B"}},
        "Attack!B5:B6: Fox1 is used twice",
    ),
    (
        {SHOP: {"A4": "Yi", "B4": "Fox"}, "Attack": {"B5": "Fox9", "C5": "A"}},
        "Attack!B5: 'Fox9': you have no such unit",
    ),
    (
        {SHOP: {"A4": "Yi", "B4": "Fox", "B5": "Crab"}, "Attack": {"B5": "Fox1", "C5": "A"}},
        "Attack!B5:B26: every familiar must be used; not in a slot: Crab1",
    ),
    (
        {SHOP: {"A4": "Yi", "B4": "Fox", "B5": "Crab", "B6": "Toad"},
         "Attack": {"B5": "Fox1", "C5": "A", "B6": "Crab1", "C6": "A", "B7": "Toad1", "C7": "A"}},
        "Attack!C5:C7: Party A has 3 familiars and Party B 0: each party needs at least half",
    ),
    ({"Attack": {"B2": "Ash"}}, "Attack!B2: you cannot invade Ash: yourself"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("event", "cells", "where_and_message"),
    [("alchemy", c, w) for c, w in ALCHEMY_CASES]
    + [("summoners", c, w) for c, w in SUMMONERS_CASES],
)
def test_a_check_against_the_game_state_names_its_cells(
    tmp_path: Path,
    base: Path,
    capsys: pytest.CaptureFixture[str],
    event: str,
    cells: Cells,
    where_and_message: str,
) -> None:
    refused, private = _resolve_and_announce(tmp_path, _copy(tmp_path, base), cells, capsys)
    assert f"Ash: [{event_title(event)}] {where_and_message}" in refused, refused
    assert f"- {where_and_message}" in private, private


def test_a_tower_placed_twice_names_both_tiles(
    tmp_path: Path, base: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name, (first, second) = _buildable(base)
    cells = {
        SHOP: {"A4": "Yi", "B4": "Fox"},
        "Defence": {"B3": name},
        "Map 1": {first: "Yi1", second: "Yi1>E"},
    }
    refused, private = _resolve_and_announce(tmp_path, _copy(tmp_path, base), cells, capsys)
    expected = f"Map 1!{first}, {second}: Yi1 is used twice"
    assert f"Ash: [Summoner's Dream] {expected}" in refused, refused
    assert f"- {expected}" in private, private


def test_a_json_submission_names_the_json_field(
    tmp_path: Path, base: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = _copy(tmp_path, base)
    path = tmp_path / "round-1.json"
    ash = {
        "alchemy": {"buy": {"quartz": 99999}, "convert": {"Alembic": 1}},
        "summoners": {
            "buy_towers": ["Yi"],
            "buy_familiars": ["Fox"],
            "attack": {"slots": {"1": "Fox1", "2": "Fox1"}, "party_a": [1, 1], "party_b": [2, 2]},
        },
    }
    path.write_text(json.dumps({"round": 1, "submissions": {"Ash": ash}}))
    code, out = _run(capsys, "resolve", str(match), "--from", str(path))
    assert code == 1, out
    lines = (
        "buy.quartz: buying costs 3999960 coins but you have 500",
        "convert.Alembic: you do not own Alembic",
        "attack.slots.1, attack.slots.2: Fox1 is used twice",
    )
    for event, line in zip(("alchemy", "alchemy", "summoners"), lines, strict=True):
        assert f"Ash: [{event_title(event)}] {line}" in out, out
    code, out = _run(capsys, "resolve", str(match), "--from", str(path), "--default-invalid")
    assert code == 0, out
    code, out = _run(capsys, "announce", str(match), "--round", "1")
    private = _private(out, "Ash")
    assert all(f"- {line}" in private for line in lines), private


def test_a_machine_bought_again_names_the_machine_cell(
    tmp_path: Path, base: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Round 1 (JSON): Ash buys the Alembic; round 2's workbook buys it again."""
    match = _copy(tmp_path, base)
    path = tmp_path / "round-1.json"
    path.write_text(
        json.dumps({"round": 1, "submissions": {"Ash": {"alchemy": {"machine": "Alembic"}}}})
    )
    assert _run(capsys, "resolve", str(match), "--from", str(path))[0] == 0
    assert _run(capsys, "templates", str(match), "--round", "2")[0] == 0
    cells = {"Machine": {"B3": "Alembic"}}
    refused, private = _resolve_and_announce(tmp_path, match, cells, capsys, round_no=2)
    assert "Ash: [Alchemy] Machine!B3: you already own Alembic" in refused, refused
    assert "- Machine!B3: you already own Alembic" in private, private
