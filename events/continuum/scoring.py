"""Elemental Continuum points and tiebreak counts, derived from the state.

"Points are calculated as follows: the sum of points of all remaining wards on your board +
the sum of points earned from breaking wards (contributions)". "Percentage of contribution
is defined by the number of bolts a player fired that contributed to the ward breaking over
the total number of bolts all players fired that resulted in the ward breaking."
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from events.continuum.model import ContinuumState, Hit


def ward_contributors(state: ContinuumState, owner: str, label: str) -> list[Hit]:
    """Every bolt that contributed to breaking any tile of a ward."""
    ward = state.boards[owner].ward(label)
    return [
        hit
        for sq in sorted(ward.squares)
        if (owner, sq) in state.broken
        for hit in state.broken[(owner, sq)].contributors
    ]


def ward_shares(state: ContinuumState, owner: str, label: str) -> dict[str, Fraction]:
    """Who earns what from a ward that broke down: value x own bolts / all bolts."""
    hits = ward_contributors(state, owner, label)
    value = state.boards[owner].ward(label).value
    counts = Counter(h.shooter for h in hits)
    return {p: Fraction(value * n, len(hits)) for p, n in sorted(counts.items())}


def contribution_points(state: ContinuumState) -> dict[str, Fraction]:
    points = dict.fromkeys(state.players, Fraction(0))
    for owner, label in state.broken_down:
        for player, share in ward_shares(state, owner, label).items():
            points[player] += share
    return points


def remaining_points(state: ContinuumState, player: str) -> int:
    board = state.boards.get(player)
    if board is None:
        return 0
    return sum(w.value for w in board.wards if (player, w.label) not in state.broken_down)


def scores(state: ContinuumState) -> dict[str, Fraction]:
    contributions = contribution_points(state)
    return {p: remaining_points(state, p) + contributions[p] for p in state.players}


def unbroken_tiles(state: ContinuumState, player: str) -> int:
    """Tiebreak 1: tiles neither broken nor in a ward that broke down."""
    board = state.boards.get(player)
    if board is None:
        return 0
    return sum(
        1
        for w in board.wards
        if (player, w.label) not in state.broken_down
        for sq in w.squares
        if (player, sq) not in state.broken
    )


def tiles_broken_by(state: ContinuumState) -> dict[str, int]:
    """Tiebreak 2: tiles (on any board) whose break one of the player's bolts contributed to."""
    counts = dict.fromkeys(state.players, 0)
    for tile in state.broken.values():
        for shooter in {h.shooter for h in tile.contributors}:
            counts[shooter] += 1
    return counts
