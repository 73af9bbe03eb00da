"""`festival demo`: a whole sample festival in a new folder, in seconds.

It plays what this version can play: the shipped sample roster is allocated, and every
round is resolved from the sample submissions in `fixtures/sample/round-N/` for the events
that have a rules engine. Events without one are named, not faked.
"""

from __future__ import annotations

from pathlib import Path

from festival.allocation import Preference
from festival.config import MatchConfig
from festival.event_names import title
from festival.match import Match, MatchError
from festival.paths import fixture
from festival.roster import parse_roster
from festival.round_pipeline import ingest_folder, resolve
from festival.standings_view import standings_json
from sheets.xlsx_reader import read_table_file

DEMO_SEED = 20261122


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


def run_demo(folder: Path | None) -> int:
    target = pick_folder(folder)
    prefs = sample_preferences()
    players = tuple(p.player for p in prefs)
    config = MatchConfig(prefs, DEMO_SEED, players, "host")
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
            + " (they land in their own issues)."
        )
    if not match.engines:
        print("No event can be played in this version; the demo stops after the allocation.")
        print(f"Look around: festival status {target}")
        return 0
    for round_no in range(1, config.rounds + 1):
        folder_n = fixture("sample", f"round-{round_no}")
        outcome = resolve(match, round_no, ingest_folder(match, round_no, folder_n), True)
        bad = len(outcome.check.invalid)
        print(
            f"Round {round_no}: resolved "
            + (", ".join(title(r.event) for r in outcome.reports) or "nothing")
            + (f" ({bad} invalid submission(s) rejected, defaults played)" if bad else "")
        )
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
    print(f"Next: festival standings {target}  |  festival announce {target}")
    return 0
