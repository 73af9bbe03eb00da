"""`festival demo`: the sample festival, played back from its workbooks in a new folder.

The sample (fixtures/sample/) is a whole 10-player festival that the bots filled in, as real
.xlsx workbooks; `python -m festival.sample.play` makes it anew. The demo gives the match
service's door the host's commands: a new match from the sample's roster with its seed, its
Gamewide Tiebreak and the match id its workbooks carry (`NewMatch`), `Allocate`, and each
round's `Resolve` from its folder of workbooks, the rules' default played for an invalid
submission (one of them holds a mistake the host sees rejected). It returns what each command
returned, with the final standings, for the front end to print (festival/cli/match_commands.py
`demo`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from festival.core.paths import fixture
from festival.match import service
from festival.match.acts import Allocate, FromFolder, Resolve
from festival.match.results import Allocated, Created, Resolved, StandingsView
from festival.sample.play import new_sample, sample_settings


@dataclass(frozen=True)
class DemoRound:
    resolved: Resolved
    workbooks: int
    """how many workbooks the round's folder holds"""


@dataclass(frozen=True)
class Demo:
    folder: Path
    created: Created
    allocated: Allocated
    rounds: tuple[DemoRound, ...]
    standings: StandingsView


def play_demo(folder: Path) -> Demo:
    """The sample festival played in `folder` (new), through the match service as the host."""
    settings = sample_settings()
    created = new_sample(folder, int(settings["seed"]), str(settings["match_id"]))
    allocated = service.run(folder, Allocate())
    rounds = []
    for round_no in range(1, service.status(folder).rounds + 1):
        inbox = fixture("sample", f"round-{round_no}")
        command = Resolve(FromFolder(inbox), round_no, default_invalid=True)
        resolved = service.run(folder, command)
        rounds.append(DemoRound(resolved, len(list(inbox.glob("*.xlsx")))))
    return Demo(folder, created, allocated, tuple(rounds), service.standings(folder))
