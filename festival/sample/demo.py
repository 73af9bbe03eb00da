"""`festival demo`: the sample festival, played back from its workbooks in a new folder.

The sample (fixtures/sample/) is a whole 10-player festival that the bots filled in, as real
.xlsx workbooks; `python -m festival.sample.play` makes it anew. The demo creates a match with the
sample's seed, allocates it, resolves every round from the workbooks (one of them holds a
mistake the host sees rejected), and prints the final standings.
"""

from __future__ import annotations

from pathlib import Path

from events.numbers import decimal_text
from festival.core.errors import MatchError
from festival.core.paths import fixture
from festival.core.registry import event_title as title
from festival.match.rounds import ingest_folder, resolve
from festival.match.standings_view import standings_json
from festival.sample.play import sample_match


def pick_folder(folder: Path | None) -> Path:
    """The folder named by the user (which must not hold a match), else a new one here."""
    if folder is not None:
        if folder.exists() and any(folder.iterdir()):
            raise MatchError(
                f"{folder} is not empty; the demo never overwrites a folder: name a new one "
                "(or none: `festival demo` makes festival-demo-N here)"
            )
        return folder
    n = 1
    while Path(f"festival-demo-{n}").exists():
        n += 1
    return Path(f"festival-demo-{n}")


def run_demo(folder: Path | None) -> int:
    target = pick_folder(folder)
    match = sample_match(target)
    config = match.config
    print(f"Sample festival in {target}: {len(config.players)} players, seed {config.seed}.")
    for event, members in match.allocate().members.items():
        print(f"  {title(event)} ({len(members)}): {', '.join(members)}")
    for round_no in range(1, config.rounds + 1):
        inbox = fixture("sample", f"round-{round_no}")
        outcome = resolve(match, round_no, ingest_folder(match, round_no, inbox), True)
        played = ", ".join(title(r.event) for r in outcome.reports)
        print(
            f"Round {round_no}: resolved {played} from {len(list(inbox.glob('*.xlsx')))} workbooks."
        )
        for error in outcome.check.errors:
            print(
                "  rejected, the rules' default played instead: " + error.shown(title(error.event))
            )
    result = standings_json(match)
    print("Final standings (average rank; lower is better):")
    for s in result["players"]:
        ranks = ", ".join(f"{title(e)} {r}" for e, r in s["events"].items())
        marks = ("  WINNER" if s["winner"] else "") + (
            "  ELIMINATION CANDIDATE" if s["elimination_candidate"] else ""
        )
        print(
            f"  {s['player']}: {decimal_text(s['average_rank'])} ({ranks}); "
            f"garnets {s['garnets']}, "
            f"Tokens of Life {s['tokens_of_life']}{marks}"
        )
    print(f"Next: festival dashboard {target}   (or: festival announce {target} --round 6)")
    match.close()
    return 0
