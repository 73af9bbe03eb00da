"""The sample festival: a whole 10-player AWA Festival played by the bots into real .xlsx
workbooks (fixtures/sample/round-N/<player>.xlsx), and its settings (fixtures/sample/
sample.json). `python -m festival.sample.play` writes it anew; `festival demo` plays it back."""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from festival.bots.registry import STRONGEST, bot
from festival.core.errors import MatchError
from festival.core.paths import FIXTURES, fixture
from festival.match import service
from festival.match.acts import HOST, Allocate, FromFolder, NewMatch, Resolve, Via
from festival.match.allocation import Preference
from festival.match.match import Match
from festival.match.replay import states_after
from festival.match.results import Created
from festival.match.roster import parse_roster
from festival.match.standings_view import festival_standings
from sheets.xlsx_reader import read_table_file
from sheets.xlsx_writer import fill_workbook, write_templates

SETTINGS = "sample.json"
MISTAKE_ROUND = 3
MISTAKE_EVENT = "alchemy"
MISTAKE = ("Harvest", (3, 1), "Moonpetl")
"""the one submission with a mistake: a misspelt material in an Alchemy player's workbook"""


def sample_preferences() -> tuple[Preference, ...]:
    roster, errors = parse_roster(read_table_file(fixture("sample", "roster.csv")))
    if roster is None:
        raise MatchError("the shipped sample roster is broken: " + "; ".join(map(str, errors)))
    return roster.preferences


def sample_settings() -> dict[str, Any]:
    settings: dict[str, Any] = json.loads(fixture("sample", SETTINGS).read_text())
    return settings


def strategy_of(match: Match, player: str) -> str:
    """The sample's players play the strongest strategies in turn, in roster order."""
    return STRONGEST[match.config.players.index(player) % len(STRONGEST)]


def sample_match(folder: Path, resolved: int = 0, match_id: str | None = None) -> Path:
    """The sample festival as a new match in `folder` (returned), made through the match
    service's door as the host, as `festival demo` makes it: created with the sample's seed
    and the match id its committed workbooks carry (or `match_id`: the same festival under
    another id), allocated, and its first `resolved` rounds resolved from the committed
    workbooks, the rules' default played for an invalid submission."""
    settings = sample_settings()
    new_sample(folder, int(settings["seed"]), match_id or str(settings["match_id"]))
    service.run(folder, Allocate(), HOST, Via.CLI)
    for round_no in range(1, resolved + 1):
        inbox = FromFolder(fixture("sample", f"round-{round_no}"))
        service.run(folder, Resolve(inbox, round_no, default_invalid=True), HOST, Via.CLI)
    return folder


def bot_submissions(
    match: Match, round_no: int, rng: np.random.Generator
) -> dict[str, dict[str, Any]]:
    """player -> event -> the bot's canonical JSON for `round_no`."""
    states = states_after(match, round_no - 1)
    out: dict[str, dict[str, Any]] = {}
    for player in match.config.players:
        for event in match.events_of(player, round_no):
            engine = match.engine(event)
            public = engine.public_view(states[event])
            private = engine.private_view(states[event], player)
            play = bot(strategy_of(match, player), event)
            out.setdefault(player, {})[event] = play(public, private, player, round_no, rng)
    return out


def write_round(match: Match, round_no: int, folder: Path, rng: np.random.Generator) -> None:
    """Every player's workbook for a round, filled in by the bots."""
    folder.mkdir(parents=True, exist_ok=True)
    states = states_after(match, round_no - 1)
    subs = bot_submissions(match, round_no, rng)
    mistake_by = next(
        p for p in match.config.players if MISTAKE_EVENT in match.events_of(p, round_no)
    )
    for player, by_event in subs.items():
        path = folder / f"{player}.xlsx"
        engines = {e: match.engine(e) for e in by_event}
        templates = [engines[e].template(states[e], player, round_no) for e in by_event]
        write_templates(
            path, templates, f"AWA Festival, round {round_no}", match.stamp(round_no, player)
        )
        for event, data in by_event.items():
            parsed = engines[event].from_json(states[event], player, round_no, data)
            assert parsed.value is not None, parsed.errors
            fill_workbook(path, engines[event].to_cells(states[event], parsed.value))
        if round_no == MISTAKE_ROUND and player == mistake_by:
            tab, cell, text = MISTAKE
            fill_workbook(path, {tab: {cell: text}})


def new_sample(folder: Path, seed: int, match_id: str | None = None) -> Created:
    """A new match of the sample festival in `folder`, through the match service as the host:
    the sample's roster, `seed`, the roster's order as the Gamewide Tiebreak, and `match_id`
    (the one the committed workbooks carry; else drawn)."""
    players = ",".join(p.player for p in sample_preferences())
    command = NewMatch(fixture("sample", "roster.csv"), seed, players, match_id=match_id)
    return service.run(folder, command, HOST, Via.CLI)


def build(seed: int, out: Path) -> dict[str, Any]:
    """Play the sample festival into `out`; return what happened that makes it worth watching.
    Every change goes through the match service's door, as the host; the bots are handed the
    open match to fill in each round's workbooks, and its highlights are read from it."""
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "match"
        new_sample(folder, seed)
        service.run(folder, Allocate(), HOST, Via.CLI)
        rng = np.random.default_rng(seed)
        for round_no in range(1, service.status(folder).rounds + 1):
            inbox = out / f"round-{round_no}"
            with service.opened(folder) as match:
                write_round(match, round_no, inbox, rng)
            resolve = Resolve(FromFolder(inbox), round_no, default_invalid=True)
            service.run(folder, resolve, HOST, Via.CLI)
        with service.opened(folder) as match:
            found = highlights(match)
        return {**found, "match_id": service.match_id(folder)}


def highlights(match: Match) -> dict[str, Any]:
    """The moments the sample should have: a tie a tiebreak settles, each event's own
    highlights (a ward breakdown, a crowded market set, familiars stealing: the engines'
    `highlights`), and a sole winner (who then chooses among tied Elimination Candidates, the
    dashboard's and announcements' fullest ending)."""
    rows = match.store.rounds()
    last = rows[-1]
    reports = [r for row in rows for r in row.reports]
    out: dict[str, Any] = {
        "tiebreak_settles_a_tie": any(
            e["decided_by"] not in (None, "score")
            for ranking in last.rankings.values()
            for e in ranking
        )
    }
    for event, engine in match.engines.items():
        out.update(engine.highlights([r for r in reports if r["event"] == event]))
    out["sole_winner"] = festival_standings(
        match, states_after(match, match.config.rounds), False
    ).sole_winner
    return out


def good(h: Mapping[str, Any]) -> bool:
    """The sample has every one of its highlights."""
    return all(h.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=1, help="the first seed to try")
    args = parser.parse_args()
    target = FIXTURES / "sample"
    for seed in range(args.seed, args.seed + 50):
        with tempfile.TemporaryDirectory() as tmp:
            h = build(seed, Path(tmp))
            if not good(h):
                print(f"seed {seed}: not a good game to watch ({h})")
                continue
            for old in target.glob("round-*"):
                shutil.rmtree(old)
            for folder in sorted(Path(tmp).glob("round-*")):
                shutil.copytree(folder, target / folder.name)
        settings = {"seed": seed, "mistake": {"round": MISTAKE_ROUND, "text": MISTAKE[2]}, **h}
        (target / SETTINGS).write_text(json.dumps(settings, indent=2) + "\n")
        print(f"seed {seed}: wrote the sample festival to {target} ({h})")
        return
    raise SystemExit("no good seed found")


if __name__ == "__main__":
    main()
