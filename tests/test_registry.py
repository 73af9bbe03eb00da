"""The one registry of festival events and duel games (festival/core/registry.py).

A new festival event or duel game is its own package plus one registry entry, nothing else:
the toy event (tests/support/toy_event.py) and the toy duel (tests/support/toy_duel.py) are
registered here with `registry.registered(...)` only, then used through the real command line.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from events.behaviour import Behaviour
from events.duel import DuelGame
from events.engine import EventEngine
from festival.cli.main import main
from festival.core import registry
from festival.core.paths import fixture
from festival.core.registry import DuelEntry, EventEntry
from festival.duels.games import hosted_game
from festival.match.match import Match
from tests.conftest import numbers_json
from tests.support.toy_event import ENGINE_ARGS

TOY_EVENT = EventEntry(
    "tally", "Tally", "tests.support.toy_event:TallyEngine", aliases=("toy tally", "tt")
)
TOY_DUEL = DuelEntry("takeaway", "Take-away", "tests.support.toy_duel:TakeAway", aliases=("nim",))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- the shipped entries ------------------------------------------------------------------


def test_the_festival_and_its_duels_are_registered_in_order() -> None:
    assert registry.event_names() == ("alchemy", "continuum", "summoners")
    names = [d.name for d in registry.duels()]
    assert len(set(names)) == len(names) and registry.duels()[0].name == "element"


@pytest.mark.parametrize("entry", registry.events(), ids=lambda e: e.name)
def test_every_event_entry_loads(entry: EventEntry) -> None:
    engine = registry.load(entry.engine)
    assert issubclass(engine, EventEngine)
    assert (engine.name, engine.title) == (entry.name, entry.title)
    assert entry.page is not None and callable(registry.load(entry.page))
    assert entry.bots and all(callable(registry.load(spec)) for spec in entry.bots.values())
    assert entry.behaviour is not None
    assert isinstance(registry.load(entry.behaviour), Behaviour)


@pytest.mark.parametrize("entry", registry.duels(), ids=lambda d: d.name)
def test_every_duel_entry_makes_its_game_and_ships_its_sample(entry: DuelEntry) -> None:
    game = hosted_game(entry)
    assert isinstance(game, DuelGame)
    assert (game.name, game.title) == (entry.name, entry.title)
    assert entry.sample is not None
    assert json.loads(fixture(*entry.sample).read_text())["game"] == entry.name


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Summoner’s Dream", "summoners"),
        ("summoners dream", "summoners"),
        ("EC", "continuum"),
        ("Elemental Continuum", "continuum"),
        ("ALCHEMY", "alchemy"),
        ("chess", None),
    ],
)
def test_events_are_found_by_what_people_type(text: str, name: str | None) -> None:
    assert registry.event_name(text) == name


def test_titles_and_unknown_names() -> None:
    assert registry.event_title("summoners") == "Summoner's Dream"
    assert registry.event_title("tally") == "tally"  # not registered: its name
    with pytest.raises(registry.RegistryError, match="no duel game 'chess'"):
        registry.duel("chess")
    with pytest.raises(registry.RegistryError, match="not of the form"):
        registry.load("events.engine")


def test_reading_the_registry_imports_no_game() -> None:
    """Entries are lazy strings: `festival --help` pays for no engine, game, page or bot."""
    code = (
        "import sys, festival.core.registry as r; r.events(); r.duels(); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('events', 'dashboard', 'numpy', 'pandas', 'streamlit') or m.startswith('festival.bots')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_registered_entries_leave_when_the_block_ends() -> None:
    with registry.registered(TOY_EVENT, TOY_DUEL):
        assert registry.event_names()[-1] == "tally"
        assert registry.find_duel("Nim") == TOY_DUEL
    assert "tally" not in registry.event_names()
    assert registry.find_duel("nim") is None


# --- the toy duel: one entry, then the whole `festival duel` command line ------------------


def test_the_toy_duel_is_hosted_from_its_entry_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = str(tmp_path / "nim")
    new = ["duel", "new", folder, "--game", "nim", "--variant", "quick", "--players", "Ann,Bob"]
    assert main([*new, "--seed", "1"]) == 2  # not registered: no such game
    assert "no duel game 'nim'" in capsys.readouterr().err

    with registry.registered(TOY_DUEL):
        with pytest.raises(SystemExit):
            main(["duel", "new", "--help"])
        hosted = ", ".join(d.name for d in registry.duels())
        assert hosted.endswith(", takeaway") and hosted in " ".join(capsys.readouterr().out.split())
        code, out, _ = run(capsys, *new, "--seed", "1")
        assert code == 0 and "Created Take-away duel" in out and "Ann starts" in out

        code, out, _ = run(capsys, "duel", "play", folder, "B1")
        assert code == 0 and "Recorded: B1" in out and "Bob to take 1-2 stones" in out
        code, out, _ = run(capsys, "duel", "undo", folder)
        assert code == 0 and "Took back Ann's 'B1'" in out
        code, _, err = run(capsys, "duel", "play", folder, "take 2 from a")
        assert code == 1 and "pile A has 1 stones" in err and "takeaway.count" in err
        for turn in ("b 1", "A1"):
            assert main(["duel", "play", folder, turn]) == 0
        code, out, _ = run(capsys, "duel", "play", folder, "B1")
        assert code == 0 and "The duel is over: Ann took the last stone; Ann wins." in out
        code, _, err = run(capsys, "duel", "play", folder, "A1")
        assert code != 0 and "over" in err, err

        png, svg = tmp_path / "nim.png", tmp_path / "nim.svg"
        code, out, _ = run(capsys, "duel", "show", folder, "--png", str(png), "--svg", str(svg))
        assert code == 0 and out.splitlines()[:2] == ["A: -", "B: -"]
        assert png.read_bytes().startswith(b"\x89PNG") and "<svg" in svg.read_text()
        code, out, _ = run(capsys, "duel", "show", folder, "--json")
        shown = json.loads(out)
        assert shown["piles"] == [0, 0] and shown["outcome"]["winner"] == "Ann"

        code, out, _ = run(capsys, "duel", "log", folder)
        assert code == 0
        assert "1. Ann: B1" in out and "2. Bob: A1" in out and "3. Ann: B1" in out
        assert "undone: Ann: B1" in out and "Winner: Ann (last-stone)" in out
        code, out, _ = run(capsys, "duel", "log", folder, "--json")
        assert [p["piles"] for p in json.loads(out)] == [[1, 2], [1, 1], [0, 1], [0, 0]]
        code, out, _ = run(capsys, "duel", "status", folder)
        assert code == 0 and "Take-away duel" in out and "3 action(s) recorded" in out


def test_bots_play_the_toy_duel_to_its_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = str(tmp_path / "takeaway")
    with registry.registered(TOY_DUEL):
        assert main(["duel", "new", folder, "--game", "Take-away", "--players", "Ann,Bob"]) == 0
        for _ in range(12):  # 12 stones, one or more a turn
            for player in ("Ann", "Bob"):
                main(["duel", "play", folder, "--bot", player, "--bot-kind", "random"])
        assert "The duel is over" in run(capsys, "duel", "status", folder)[1]


# --- the toy event: one entry, then a match through the `festival` command line -----------

ROSTER = """player,first,second,garnets
Ada,Tally,Alchemy,0
Bea,toy tally,Elemental Continuum,1
Cal,Alchemy,Tally,0
Dov,Summoner's Dream,Tally,0
Eli,TT,Summoner's Dream,2
Fay,Elemental Continuum,Alchemy,0
"""


def pick(player: str, event: str) -> int:
    return (len(player) + len(event)) % 5 + 1


def test_the_toy_event_is_played_in_a_match_from_its_entry_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER)
    folder = tmp_path / "match"
    m = str(folder)
    new = ["new", m, "--roster", str(roster), "--seed", "5", "--small-match", *ENGINE_ARGS]
    code, _, err = run(capsys, *new)
    assert code == 2 and "'Tally' is not an event" in err  # not registered: unknown

    with registry.registered(TOY_EVENT):
        code, out, err = run(capsys, *new, "--option", "tt.lucky_bonus=2")
        assert code == 0, err
        code, out, _ = run(capsys, "allocate", m)
        assert code == 0 and "Tally (5): " in out
        for round_no in range(1, 7):
            path = numbers_json(folder, round_no, pick)
            assert main(["resolve", m, "--from", str(path)]) == 0
        assert "Resolved round 6: Alchemy, Elemental Continuum, Summoner's Dream, Tally" in (
            capsys.readouterr().out
        )
        code, out, _ = run(capsys, "status", m)
        assert code == 0 and "Tally: 5 players, rounds 1, 2, 3, 4, 5, 6" in out, out
        code, out, _ = run(capsys, "standings", m, "--json")
        data = json.loads(out)
        assert code == 0 and len(data["events"]["tally"]) == 5
        assert all("tally" in p["events"] for p in data["players"] if p["player"] != "Fay")
        match = Match.open(folder)
        try:
            assert match.config.events == ("alchemy", "continuum", "summoners", "tally")
            assert match.options("tally") == {"lucky_bonus": 2}
        finally:
            match.close()
