"""Replay one lab festival into a real match folder, to open it in the dashboard.

The lab plays with the match's own random streams, so a match created with the game's seed,
allocated, and resolved round by round from the bots' recorded submissions (as canonical
JSON files, the way a host resolves from a script) is the same festival, step for step.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from festival.core.errors import MatchError
from festival.lab.game import (
    FESTIVAL,
    GameResult,
    GameSpec,
    gamewide_order,
    play,
    preferences,
)
from festival.match.config import DEFAULT_ROUNDS, MatchConfig
from festival.match.match import Match
from festival.match.rounds import ingest_json, resolve


def replay_into(
    spec: GameSpec, options: Mapping[str, Mapping[str, Any]], folder: Path
) -> tuple[Match, GameResult]:
    """A match folder holding the lab game `spec` (a festival), every round resolved."""
    if spec.kind != FESTIVAL:
        raise MatchError("only whole festivals replay into a match folder")
    if spec.force is not None:
        raise MatchError("a forced arm replays as its baseline only (drop the forced item)")
    result = play(spec, options, record=True)
    players = spec.players
    config = MatchConfig(
        preferences(spec.seed, players),
        spec.seed,
        gamewide_order(spec.seed, players),
        "drawn",
        event_options={e: dict(o) for e, o in options.items()},
    )
    match = Match.create(folder, config)
    match.allocate()
    with tempfile.TemporaryDirectory() as scratch:
        for round_no in range(1, DEFAULT_ROUNDS + 1):
            path = Path(scratch) / f"round-{round_no}.json"
            content = {"round": round_no, "submissions": result.submissions.get(round_no, {})}
            path.write_text(json.dumps(content))
            resolve(match, round_no, ingest_json(match, round_no, path), default_invalid=True)
    return match, result
