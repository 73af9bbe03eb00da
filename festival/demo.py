"""`festival demo`: a whole sample festival in a new folder, in seconds.

It plays what this version can play: the shipped sample roster is allocated, and every
round of the events that have a rules engine is resolved from submissions that simple bots
write as canonical JSON files (kept in the demo folder's `inbox/`). Events without an engine
are named, not faked.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from festival.allocation import Preference
from festival.bots.alchemy import alchemy_bot
from festival.bots.continuum import continuum_bot
from festival.bots.summoners import summoners_bot
from festival.catalogs import catalog_options
from festival.config import MatchConfig
from festival.engines import load_engines
from festival.event_names import EVENTS, title
from festival.match import Match, MatchError
from festival.paths import fixture
from festival.replay import states_after
from festival.roster import parse_roster
from festival.round_pipeline import ingest_json, resolve
from festival.standings_view import standings_json
from sheets.xlsx_reader import read_table_file

DEMO_SEED = 20261122

Bot = Callable[
    [Mapping[str, Any], Mapping[str, Any], str, int, np.random.Generator], dict[str, Any]
]


def pick_folder(folder: Path | None) -> Path:
    """The folder named by the user (which must not hold a match), else a new one here."""
    if folder is not None:
        if folder.exists() and any(folder.iterdir()):
            raise MatchError(f"{folder} is not empty; the demo never overwrites a folder")
        return folder
    n = 1
    while Path(f"festival-demo-{n}").exists():
        n += 1
    return Path(f"festival-demo-{n}")


def sample_preferences() -> tuple[Preference, ...]:
    roster, errors = parse_roster(read_table_file(fixture("sample", "roster.csv")))
    if roster is None:
        raise MatchError("the shipped sample roster is broken: " + "; ".join(map(str, errors)))
    return roster.preferences


BOTS: dict[str, Bot] = {
    "alchemy": alchemy_bot,
    "continuum": continuum_bot,
    "summoners": summoners_bot,
}


def run_demo(folder: Path | None) -> int:
    target = pick_folder(folder)
    prefs = sample_preferences()
    players = tuple(p.player for p in prefs)
    options = catalog_options(load_engines({}, EVENTS), {})
    config = MatchConfig(prefs, DEMO_SEED, players, "host", event_options=options)
    match = Match.create(target, config)
    print(f"Sample festival in {target}: {len(players)} players, seed {DEMO_SEED}.")
    allocation = match.allocate()
    for event, members in allocation.members.items():
        print(f"  {title(event)}: {', '.join(members)}")
    missing = match.missing_engines()
    if missing:
        print(
            "No rules engine yet for: "
            + ", ".join(title(e) for e in missing)
            + " (they land in their own issues); the demo plays the others."
        )
    inbox = target / "inbox"
    inbox.mkdir()
    rng = np.random.default_rng(DEMO_SEED)
    for round_no in range(1, config.rounds + 1):
        path = inbox / f"round-{round_no}.json"
        path.write_text(json.dumps(bot_round(match, round_no, rng), indent=1))
        outcome = resolve(match, round_no, ingest_json(match, round_no, path))
        played = ", ".join(title(r.event) for r in outcome.reports) or "nothing"
        print(f"Round {round_no}: resolved {played} from the bots' submissions ({path}).")
    result = standings_json(match)
    print("Final standings:")
    for s in result["players"]:
        ranks = ", ".join(f"{title(e)} {r}" for e, r in s["events"].items())
        marks = ("  winner" if s["winner"] else "") + (
            "  Elimination Candidate" if s["elimination_candidate"] else ""
        )
        print(
            f"  {s['player']}: average {s['average_rank']} ({ranks}); garnets {s['garnets']}, "
            f"Tokens of Life {s['tokens_of_life']}{marks}"
        )
    print(f"Next: festival dashboard {target}  |  festival announce {target} --round 6")
    return 0


def bot_round(match: Match, round_no: int, rng: np.random.Generator) -> dict[str, Any]:
    """Every player's bot submissions for a round, as a canonical JSON file's content."""
    states = states_after(match, round_no - 1)
    submissions: dict[str, dict[str, Any]] = {}
    for player in match.config.players:
        for event in match.events_of(player, round_no):
            bot = BOTS.get(event)
            if bot is not None:
                engine = match.engine(event)
                public = engine.public_view(states[event])
                private = engine.private_view(states[event], player)
                submissions.setdefault(player, {})[event] = bot(
                    public, private, player, round_no, rng
                )
    return {"round": round_no, "submissions": submissions}
