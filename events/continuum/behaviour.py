"""How each player fired in Elemental Continuum, from the final state (the lab's behaviour
figures): how often both bolts went to one square (focus: both on one guess, or spread
over two squares), and what the bolts achieved: tiles broken and wards finished (the bolts
of the round a ward breaks down count in its contribution, so finishing wards is what the
finisher aims at). Measured once a game from the bolts and breaks the state keeps.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from events.behaviour import Behaviour, Figure
from events.continuum.model import BOLTS_PER_ROUND, ContinuumState

FIGURES = (
    Figure("focus", "both bolts on one square", percent=True),
    Figure("tiles_broken", "tiles broken"),
    Figure("wards_finished", "wards finished"),
)


def measure(state: ContinuumState) -> Mapping[str, tuple[float, ...]]:
    """Per player: the share of their bolt rounds with both bolts on one square (NaN: they
    fired none), the tiles whose break their bolts contributed to, and the wards they helped
    finish (contributed to a tile breaking in the round the ward broke down)."""
    turns = dict.fromkeys(state.players, 0)
    focused = dict.fromkeys(state.players, 0)
    for by_shooter in state.bolts.values():
        for shooter, bolts in by_shooter.items():
            if len(bolts) == BOLTS_PER_ROUND and shooter in turns:
                turns[shooter] += 1
                first, second = bolts[0].target, bolts[1].target
                focused[shooter] += first is second or first == second
    tiles = dict.fromkeys(state.players, 0)
    for tile in state.broken.values():
        hits = tile.contributors
        for shooter in (hits[0].shooter,) if len(hits) == 1 else {h.shooter for h in hits}:
            if shooter in tiles:
                tiles[shooter] += 1
    finished = dict.fromkeys(state.players, 0)
    for (owner, label), round_no in state.broken_down.items():
        board = state.boards.get(owner)
        if board is None:
            continue
        shooters = {
            h.shooter
            for square in board.ward(label).squares
            if (last := state.broken.get((owner, square))) is not None and last.round_no == round_no
            for h in last.contributors
        }
        for shooter in shooters & finished.keys():
            finished[shooter] += 1
    return {
        p: (
            focused[p] / turns[p] if turns[p] else math.nan,
            float(tiles[p]),
            float(finished[p]),
        )
        for p in state.players
    }


BEHAVIOUR = Behaviour(FIGURES, measure)
