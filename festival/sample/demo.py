"""`festival demo`: the sample festival, played back from its workbooks in a new folder.

The sample (fixtures/sample/) is a whole 10-player festival that the bots filled in, as real
.xlsx workbooks; `python -m festival.sample.play` makes it anew. The demo gives the match
service's door the host's commands: a new match from the sample's roster with its seed, its
Gamewide Tiebreak and the match id its workbooks carry (`NewMatch`), `Allocate`, and each
round's `Resolve` from its folder of workbooks, the rules' default played for an invalid
submission (one of them holds a mistake the host sees rejected). It returns what each command
returned, with the final standings, for the front end to print (festival/cli/match_commands.py
`demo`). A demo stopped by Ctrl-C (each command is committed whole or not at all) carries on
when it is run again on its folder: the rounds it had resolved stay, the rest are resolved."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from festival.core.errors import FestivalError, StoreError
from festival.core.paths import fixture
from festival.match import service
from festival.match.acts import Allocate, FromFolder, Resolve
from festival.match.results import Resolved, StandingsView
from festival.sample.play import new_sample, sample_preferences, sample_settings


@dataclass(frozen=True)
class DemoRound:
    resolved: Resolved
    workbooks: int
    """how many workbooks the round's folder holds"""


@dataclass(frozen=True)
class Demo:
    folder: Path
    players: tuple[str, ...]
    seed: int
    members: Mapping[str, tuple[str, ...]]
    """event -> its players, as allocated"""
    rounds: tuple[DemoRound, ...]
    """the rounds this run resolved"""
    standings: StandingsView
    earlier: int = 0
    """the rounds a demo stopped before had resolved in the folder (0: a new demo)"""


STORE_FILES = frozenset(
    {"match.sqlite", "match.lock", "match.sqlite-journal", "match.sqlite-wal", "match.sqlite-shm"}
)
"""what a match folder holds while festival demo plays in it"""


class DemoFolder(StrEnum):
    """What a folder named to `festival demo` holds."""

    NEW = "new"
    """nothing (or nothing yet but the match's lock): the demo starts"""
    STOPPED = "stopped"
    """a demo stopped before its last round: it carries on"""
    PLAYED = "played"
    """a demo played to the end"""
    OTHER = "other"
    """anything else: never touched"""


def demo_folder(folder: Path) -> DemoFolder:
    """What `folder` holds, for `festival demo` (only the sample's own match, in a folder that
    holds nothing else, is the demo's)."""
    if not folder.exists():
        return DemoFolder.NEW
    if not folder.is_dir():
        return DemoFolder.OTHER
    names = {p.name for p in folder.iterdir()}
    if names <= {"match.lock"}:
        return DemoFolder.NEW
    if not names <= STORE_FILES or not service.is_match(folder):
        return DemoFolder.OTHER
    settings = sample_settings()
    try:
        ours = service.match_id(folder) == settings["match_id"]
        ours = ours and service.match_view(folder).players == _sample_players()
        finished = service.status(folder).finished
    except (FestivalError, StoreError):
        return DemoFolder.OTHER
    if not ours:
        return DemoFolder.OTHER
    return DemoFolder.PLAYED if finished else DemoFolder.STOPPED


def _sample_players() -> tuple[str, ...]:
    return tuple(p.player for p in sample_preferences())


def play_demo(folder: Path) -> Demo:
    """The sample festival played in `folder` (new, or a demo stopped there: it carries on
    from its last resolved round), through the match service as the host."""
    settings = sample_settings()
    earlier = service.status(folder).last if service.is_match(folder) else 0
    if not service.is_match(folder):
        new_sample(folder, int(settings["seed"]), str(settings["match_id"]))
    if earlier == 0:  # allocated again, or the same allocation found stored
        members: Mapping[str, tuple[str, ...]] = service.run(folder, Allocate()).members
    else:
        members = {e: d.participants for e, d in service.match_view(folder).events.items()}
    rounds = []
    for round_no in range(earlier + 1, service.status(folder).rounds + 1):
        inbox = fixture("sample", f"round-{round_no}")
        command = Resolve(FromFolder(inbox), round_no, default_invalid=True)
        resolved = service.run(folder, command)
        rounds.append(DemoRound(resolved, len(list(inbox.glob("*.xlsx")))))
    standings = service.standings(folder)
    return Demo(
        folder,
        _sample_players(),
        int(settings["seed"]),
        members,
        tuple(rounds),
        standings,
        earlier,
    )
