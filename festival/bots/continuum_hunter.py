"""Elemental Continuum bots that hunt from what has been revealed.

A bolt strikes the same square on every other board, so a square next to broken tiles on
several boards is worth more than one next to a single break. The hunter fires both bolts
at the best such square with two different elements (one of them defeats the ward's
element half the time, where one random bolt does so a quarter of the time); the cautious
bot spreads its two bolts over the two best squares; the finisher (the "specialist")
weighs a lead by the broken tiles of the cluster it touches, so it aims at wards one tile
from breaking down (3 broken tiles break a ward, and the bolts of the breaking round count
in the contribution) and fires its two bolts there as the hunter does. All skip squares
already broken everywhere, and fire at fresh squares when nothing is revealed yet. Boards
are random legal setups (a player's board is hidden, so no layout is safer than another to
the others).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import numpy as np

from events.continuum.board import random_board
from events.continuum.layout import BOLT_ELEMENT_NAMES
from events.continuum.model import SetupSubmission
from events.continuum.parse import setup_json
from events.continuum.squares import ALL_SQUARES, Square


def hunter_continuum(
    public: Mapping[str, Any],
    private: Mapping[str, Any],
    player: str,
    round_no: int,
    rng: np.random.Generator,
) -> dict[str, Any]:
    if round_no == 1:
        return setup_json(SetupSubmission(random_board(rng)))
    squares = _ranked(public, player, rng)
    elements = rng.choice(len(BOLT_ELEMENT_NAMES), size=2, replace=False)
    return {"bolts": [_bolt(squares[0], int(e)) for e in elements]}


def finisher_continuum(
    public: Mapping[str, Any],
    private: Mapping[str, Any],
    player: str,
    round_no: int,
    rng: np.random.Generator,
) -> dict[str, Any]:
    if round_no == 1:
        return setup_json(SetupSubmission(random_board(rng)))
    squares = _ranked(public, player, rng, finish=True)
    elements = rng.choice(len(BOLT_ELEMENT_NAMES), size=2, replace=False)
    return {"bolts": [_bolt(squares[0], int(e)) for e in elements]}


def cautious_continuum(
    public: Mapping[str, Any],
    private: Mapping[str, Any],
    player: str,
    round_no: int,
    rng: np.random.Generator,
) -> dict[str, Any]:
    if round_no == 1:
        return setup_json(SetupSubmission(random_board(rng)))
    squares = _ranked(public, player, rng)
    return {"bolts": [_bolt(sq, int(rng.integers(len(BOLT_ELEMENT_NAMES)))) for sq in squares[:2]]}


def _bolt(square: Square, element: int) -> dict[str, str]:
    return {"element": BOLT_ELEMENT_NAMES[element].lower(), "target": str(square)}


def _ranked(
    public: Mapping[str, Any], player: str, rng: np.random.Generator, finish: bool = False
) -> list[Square]:
    """Squares to fire at, best first: next to broken tiles on the most boards (`finish`:
    next to the largest clusters of broken tiles), then fresh squares (not broken on any
    other board) in a random order."""
    leads: Counter[Square] = Counter()
    broken_somewhere: set[Square] = set()
    boards = [b for owner, b in public.get("boards", {}).items() if owner != player]
    for board in boards:
        broken = {sq for s in board["broken"] if (sq := Square.parse(s)) is not None}
        down = {sq for w in board["broken_down"] for s in w["squares"]
                if (sq := Square.parse(s)) is not None}  # fmt: skip
        broken_somewhere |= broken
        standing = broken - down
        for sq in standing:
            weight = _cluster(sq, standing) if finish else 1
            for n in sq.neighbours():
                if n not in broken and n not in down:
                    leads[n] += weight
    fresh = [sq for sq in ALL_SQUARES if sq not in broken_somewhere and sq not in leads]
    order = rng.permutation(len(fresh))
    ranked = sorted(leads, key=lambda sq: (-leads[sq], str(sq)))
    out = ranked + [fresh[int(i)] for i in order]
    return out if len(out) >= 2 else list(ALL_SQUARES[:2])


def _cluster(start: Square, tiles: set[Square]) -> int:
    """How many of `tiles` are joined to `start` orthogonally (itself included)."""
    seen, todo = {start}, [start]
    while todo:
        for n in todo.pop().neighbours():
            if n in tiles and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen)
