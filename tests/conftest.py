"""Shared fixtures: a roster, and a match of Tally events run through the real command line."""

from __future__ import annotations

import atexit
import json
import os
import secrets
import shutil
import tempfile
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import openpyxl
import pytest
from hypothesis import HealthCheck, settings

from festival.cli.main import main
from tests.support.played_demo import PlayedDemo, play_demo
from tests.support.toy_event import ENGINE_ARGS

if TYPE_CHECKING:
    from tests.support.discord.webhooks import DiscordServer

# Snapshots are signed with this computer's key (festival/core/machine_key.py): the tests and
# every process they start use a key of their own, never the user's. It is made here, before
# any test runs: the pytest-xdist workers (which inherit this environment from the process
# that starts them) and their children read it and never race to make it.
if "FESTIVAL_KEY_FILE" not in os.environ:
    _key = Path(tempfile.mkdtemp(prefix="festival-key-")) / "machine.key"
    _key.write_bytes(secrets.token_bytes(32))
    _key.chmod(0o600)
    os.environ["FESTIVAL_KEY_FILE"] = str(_key)

# The processes the tests start (the command line, the dashboard's server, the bots) share
# one bytecode cache for the session, in a temporary folder removed at its end (the
# pytest-xdist workers share the one made here, which CPython writes to atomically): with
# PYTHONDONTWRITEBYTECODE, each compiled every module of festival it imported again.
if "PYTHONPYCACHEPREFIX" not in os.environ:
    os.environ["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="festival-pycache-")
    atexit.register(shutil.rmtree, os.environ["PYTHONPYCACHEPREFIX"], ignore_errors=True)
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# Property tests are judged on what they find, never on how fast a busy machine runs them:
# no per-example deadline and no "too slow" health check (issue #36, item 14). A test that
# names its own settings keeps these unless it says otherwise.
settings.register_profile("festival", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("festival")

ROSTER = """player,first,second,garnets
Spadez,Elemental Continuum,Alchemy,2
hedger,Alchemy,Summoner's Dream,1
uri,Elemental Continuum,Summoner's Dream,0
cam,Alchemy,Elemental Continuum,3
Larkspur,Summoner's Dream,Alchemy,0
Wren,Elemental Continuum,Alchemy,1
Mistral,Alchemy,Elemental Continuum,0
Juniper,Summoner's Dream,Elemental Continuum,2
Quill,Elemental Continuum,Summoner's Dream,1
Tamsin,Alchemy,Summoner's Dream,0
"""
PLAYERS = [line.split(",")[0] for line in ROSTER.strip().splitlines()[1:]]
TABS = {"alchemy": "Tally A", "continuum": "Tally C", "summoners": "Tally S"}


@pytest.fixture
def guide_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A guide's commands run as a host would: in `tmp_path`, with a home of their own
    (`~/festival-secrets/...` lands under it)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return tmp_path


@pytest.fixture
def discord_api(monkeypatch: pytest.MonkeyPatch) -> Iterator[DiscordServer]:
    """The stand-in of Discord's webhook API, discord.py aimed at it for the test."""
    from discord.http import Route

    from festival.discord import endpoint
    from tests.support.discord.webhooks import DiscordServer

    with DiscordServer() as server:
        monkeypatch.setenv(endpoint.API_VARIABLE, server.base)
        monkeypatch.setattr(Route, "BASE", Route.BASE)
        yield server


@pytest.fixture
def roster_csv(tmp_path: Path) -> Path:
    path = tmp_path / "roster.csv"
    path.write_text(ROSTER)
    return path


@pytest.fixture
def toy_match(tmp_path: Path, roster_csv: Path) -> Path:
    """A new, allocated match whose three events are played by the Tally test engine."""
    folder = tmp_path / "match"
    assert main(["new", str(folder), "--roster", str(roster_csv), "--seed", "7", *ENGINE_ARGS]) == 0
    assert main(["allocate", str(folder)]) == 0
    return folder


@pytest.fixture(scope="session")
def played_demo(tmp_path_factory: pytest.TempPathFactory) -> PlayedDemo:
    """`festival demo`, played once for the session (each test that starts from the played
    sample festival replayed its 6 rounds before): take copies (`played_demo.copy(path)`)."""
    return play_demo(tmp_path_factory.mktemp("played-demo") / "demo")


def fill_workbooks(folder: Path, values: Mapping[str, Mapping[str, object]]) -> None:
    """Write values into generated workbooks: player -> tab -> value of cell B2."""
    for player, by_tab in values.items():
        path = folder / f"{player}.xlsx"
        book = openpyxl.load_workbook(path)
        for tab, value in by_tab.items():
            book[tab]["B2"] = value
        book.save(path)


def numbers_json(match_folder: Path, round_no: int, pick: Callable[[str, str], int]) -> Path:
    """A canonical JSON submissions file in which player p writes pick(p, event)."""
    from festival.match.match import Match

    match = Match.open(match_folder)
    subs = {
        p: {e: {"number": pick(p, e)} for e in match.events_of(p, round_no)}
        for p in match.config.players
    }
    match.close()
    out = match_folder.parent / f"round-{round_no}.json"
    out.write_text(json.dumps({"round": round_no, "submissions": subs}))
    return out
