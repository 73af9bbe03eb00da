"""Replay one lab festival into a real match folder, to open it in the dashboard.

The lab plays with the match's own random streams, so a match created with the game's seed,
allocated, and resolved round by round from the bots' recorded submissions (as canonical
JSON files, the way a host resolves from a script) is the same festival, step for step.
Every step goes through the match service's door (`service.run`, as the host, `Via.LAB`):
the game's players and preferences as the roster, its catalogs as read (`GivenCatalog`).
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from festival.core.errors import MatchError
from festival.lab.game import FESTIVAL, GameResult, GameSpec, play, preferences
from festival.match import service
from festival.match.acts import HOST, Allocate, FromJson, GivenCatalog, NewMatch, Resolve, Via
from festival.match.catalogs import CATALOG
from festival.match.config import DEFAULT_ROUNDS, PLANNED_PLAYERS
from festival.match.roster import Roster


def replay_into(
    spec: GameSpec, options: Mapping[str, Mapping[str, Any]], folder: Path
) -> GameResult:
    """A match folder holding the lab game `spec` (a festival), every round resolved."""
    if spec.kind != FESTIVAL:
        raise MatchError("only whole festivals replay into a match folder")
    if spec.force is not None:
        raise MatchError("a forced arm replays as its baseline only (drop the forced item)")
    result = play(spec, options, record=True)
    players = spec.players
    catalogs = {e: GivenCatalog(o[CATALOG]) for e, o in options.items() if CATALOG in o}
    rest = {e: {k: v for k, v in o.items() if k != CATALOG} for e, o in options.items()}
    new = NewMatch(
        Roster(preferences(spec.seed, players), None),
        spec.seed,  # the Gamewide Tiebreak drawn from it, as the lab draws it
        catalogs=catalogs,
        options=rest,
        small=len(players) < PLANNED_PLAYERS,  # a smaller table, as the lab plays it
    )
    service.run(folder, new, HOST, Via.LAB)
    service.run(folder, Allocate(), HOST, Via.LAB)
    with tempfile.TemporaryDirectory() as scratch:
        for round_no in range(1, DEFAULT_ROUNDS + 1):
            path = Path(scratch) / f"round-{round_no}.json"
            content = {"round": round_no, "submissions": result.submissions.get(round_no, {})}
            path.write_text(json.dumps(content))
            resolve = Resolve(FromJson(path), round_no, default_invalid=True)
            service.run(folder, resolve, HOST, Via.LAB)
    return result
