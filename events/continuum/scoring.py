"""Elemental Continuum points and tiebreak counts, derived from the state.

"Points are calculated as follows: the sum of points of all remaining wards on your board +
the sum of points earned from breaking wards (contributions)". "Percentage of contribution
is defined by the number of bolts a player fired that contributed to the ward breaking over
the total number of bolts all players fired that resulted in the ward breaking."
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import lcm

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
    """What each player earns from the wards that broke down: the sum of their
    `ward_shares`, each share kept as a whole numerator and denominator and the shares added
    once, over their least common denominator (the same exact sum as adding the Fractions
    one by one, without a Fraction and its gcd for every share and every addition)."""
    shares: dict[str, list[tuple[int, int]]] = {p: [] for p in state.players}
    for owner, label in state.broken_down:
        hits = ward_contributors(state, owner, label)
        value = state.boards[owner].ward(label).value
        for player, n in Counter(h.shooter for h in hits).items():
            shares.setdefault(player, []).append((value * n, len(hits)))
    return {p: _sum_of(parts) for p, parts in shares.items()}


def _sum_of(fractions: list[tuple[int, int]]) -> Fraction:
    """The exact sum of (numerator, denominator) pairs."""
    common = lcm(*(d for _, d in fractions))
    return Fraction(sum(n * (common // d) for n, d in fractions), common)


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
