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
from collections.abc import Iterable, Mapping
from functools import lru_cache
from itertools import chain
from typing import Any

import numpy as np

from events.continuum import masks
from events.continuum.layout import BOLT_ELEMENT_NAMES
from events.continuum.parse import random_setup_json
from events.continuum.squares import ALL_SQUARES, SIZE, Square


def hunter_continuum(
    public: Mapping[str, Any],
    private: Mapping[str, Any],
    player: str,
    round_no: int,
    rng: np.random.Generator,
) -> dict[str, Any]:
    return _both_bolts_at_the_best(public, player, round_no, rng, finish=False)


def finisher_continuum(
    public: Mapping[str, Any],
    private: Mapping[str, Any],
    player: str,
    round_no: int,
    rng: np.random.Generator,
) -> dict[str, Any]:
    return _both_bolts_at_the_best(public, player, round_no, rng, finish=True)


def _both_bolts_at_the_best(
    public: Mapping[str, Any], player: str, round_no: int, rng: np.random.Generator, finish: bool
) -> dict[str, Any]:
    """A random board in round 1; then both bolts, of two different elements, at the best
    square (`finish`: ranked as the finisher ranks squares)."""
    if round_no == 1:
        return random_setup_json(rng)
    squares = _best_two(public, player, rng, finish=finish)
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
        return random_setup_json(rng)
    squares = _best_two(public, player, rng)
    return {"bolts": [_bolt(sq, int(rng.integers(len(BOLT_ELEMENT_NAMES)))) for sq in squares]}


def _bolt(square: Square, element: int) -> dict[str, str]:
    return {"element": BOLT_ELEMENT_NAMES[element].lower(), "target": str(square)}


def _best_two(
    public: Mapping[str, Any], player: str, rng: np.random.Generator, finish: bool = False
) -> list[Square]:
    """The two squares to fire at, best first, from this ranking: next to broken tiles on
    the most boards (`finish`: next to the largest clusters of broken tiles), then fresh
    squares (not broken on any other board) in a random order (drawn whole, however few of
    them are used, so the bot's later draws stay put). Squares are counted by their place in
    ALL_SQUARES, sets of them as masks (events.continuum.masks): plain numbers are cheaper to
    count and compare than Squares."""
    boards = [
        (owner, _board_leads(tuple(b["broken"]), _down_names(b), finish))
        for owner, b in sorted(public.get("boards", {}).items())
        if owner != player
    ]
    chosen = _most_broken(boards) if finish else None
    taken = 0
    counted = []
    for owner, (broken, _, lead_squares, leads) in boards:
        taken |= broken
        if chosen is None or owner == chosen:
            taken |= lead_squares
            counted.append(leads)
    order = rng.permutation(len(ALL_SQUARES) - taken.bit_count())  # of the fresh squares
    ranked = _heaviest_two(Counter(chain.from_iterable(counted)))
    if len(ranked) < 2:  # the fresh squares themselves, only when they are fired at
        fresh = masks.clear_bits(taken)
        ranked += [fresh[j] for j in order[: 2 - len(ranked)].tolist()]
    return [ALL_SQUARES[i] for i in ranked] if len(ranked) == 2 else list(ALL_SQUARES[:2])


def _heaviest_two(weights: Mapping[int, int]) -> list[int]:
    """The (at most) two squares of the most weight, ties broken by name (A1, A2 ... H8): each
    square's rank is one number, -weight * 64 + its place in name order, so the ranks sort
    as plain numbers."""
    ranks = sorted([-weight * 64 + _NAME_ORDER[n] for n, weight in weights.items()])
    return [_BY_NAME_ORDER[r % 64] for r in ranks[:2]]


def _down_names(board: Mapping[str, Any]) -> tuple[str, ...]:
    down = board["broken_down"]
    return tuple(s for w in down for s in w["squares"]) if down else ()


def _most_broken(boards: list[tuple[str, _Leads]]) -> str | None:
    """The owner of the board with the most standing broken tiles (ties: the first by name;
    None when nothing stands broken anywhere)."""
    best, most = None, 0
    for owner, (_, standing, _, _) in boards:
        if standing > most:
            best, most = owner, standing
    return best


_Leads = tuple[int, int, int, tuple[int, ...]]


@lru_cache(maxsize=4096)
def _board_leads(
    broken_names: tuple[str, ...], down_names: tuple[str, ...], finish: bool
) -> _Leads:
    """One board's broken squares (a mask), how many of them stand (not in a ward that broke
    down), the unbroken squares next to a standing broken tile (a mask), and the weight the
    board adds to each of those, as the square repeated that many times (`finish`: each
    standing tile adds its cluster's size, else 1): Counter sums them in C.

    Cached: it depends only on the names of the board's broken and broken-down squares, and
    every bot at the table asks it about the same boards each round."""
    broken = _mask(broken_names)
    down = _mask(down_names)
    standing = broken & ~down
    blocked = broken | down
    leads: list[int] = []
    for cluster in masks.regions(standing) if finish else (standing,):
        weight = masks.size(cluster) if finish else 1
        next_to = [n for i in masks.bits(cluster) for n in _NEIGHBOURS[i] if not blocked >> n & 1]
        leads += next_to * weight
    lead_squares = masks.around(standing) & ~blocked
    return broken, masks.size(standing), lead_squares, tuple(leads)


def _mask(names: Iterable[str]) -> int:
    """The mask of the squares named (names that are no square left out)."""
    out = 0
    for name in names:
        bit = _BIT_OF_NAME.get(name)
        if bit is None:
            sq = Square.parse(name)  # a name in another spelling ("c5"), or no square
            bit = None if sq is None else masks.index(sq)
        if bit is not None:
            out |= 1 << bit
    return out


_NAMES = tuple(str(sq) for sq in ALL_SQUARES)
_BIT_OF_NAME = {name: i for i, name in enumerate(_NAMES)}
_BY_NAME_ORDER = tuple(sorted(range(len(_NAMES)), key=_NAMES.__getitem__))
"""the squares' places in ALL_SQUARES, in the order of their names"""
_NAME_ORDER = tuple(_BY_NAME_ORDER.index(i) for i in range(len(_NAMES)))
"""each square's place in name order"""
_NEIGHBOURS = tuple(tuple(n.rank * SIZE + n.file for n in sq.neighbours()) for sq in ALL_SQUARES)
