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
from typing import Any

import numpy as np

from events.continuum.board import random_board
from events.continuum.layout import BOLT_ELEMENT_NAMES
from events.continuum.model import SetupSubmission
from events.continuum.parse import setup_json
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
        return setup_json(SetupSubmission(random_board(rng)))
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
        return setup_json(SetupSubmission(random_board(rng)))
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
    ALL_SQUARES (plain numbers are cheaper to count and compare than Squares)."""
    leads: dict[int, int] = {}
    broken_somewhere: set[int] = set()
    boards = [(o, b) for o, b in sorted(public.get("boards", {}).items()) if o != player]
    chosen = _most_broken(boards) if finish else None
    for owner, board in boards:
        down = tuple(s for w in board["broken_down"] for s in w["squares"])
        broken, board_leads = _board_leads(tuple(board["broken"]), down, finish)
        broken_somewhere |= broken
        if chosen is not None and owner != chosen:
            continue
        for n, weight in board_leads:
            leads[n] = leads.get(n, 0) + weight
    taken = broken_somewhere.union(leads)
    fresh = [i for i in range(len(ALL_SQUARES)) if i not in taken]
    order = rng.permutation(len(fresh))
    ranked = sorted(leads, key=lambda i: (-leads[i], _NAMES[i]))[:2]
    ranked += [fresh[int(j)] for j in order[: 2 - len(ranked)]]
    return [ALL_SQUARES[i] for i in ranked] if len(ranked) == 2 else list(ALL_SQUARES[:2])


def _most_broken(boards: list[tuple[str, Mapping[str, Any]]]) -> str | None:
    """The owner of the board with the most standing broken tiles (ties: the first by name;
    None when nothing stands broken anywhere)."""
    best, most = None, 0
    for owner, board in boards:
        down = {s for w in board["broken_down"] for s in w["squares"]}
        standing = sum(1 for s in board["broken"] if s not in down)
        if standing > most:
            best, most = owner, standing
    return best


@lru_cache(maxsize=4096)
def _board_leads(
    broken_names: tuple[str, ...], down_names: tuple[str, ...], finish: bool
) -> tuple[frozenset[int], tuple[tuple[int, int], ...]]:
    """One board's broken squares, and the weight it adds to each unbroken square next to a
    standing broken tile (`finish`: each such tile weighs its cluster's size, else 1).

    Cached: it depends only on the names of the board's broken and broken-down squares, and
    every bot at the table asks it about the same boards each round."""
    broken = _places(broken_names)
    down = _places(down_names)
    standing = broken - down
    leads: Counter[int] = Counter()
    for i in standing:
        weight = _cluster(i, standing) if finish else 1
        for n in _NEIGHBOURS[i]:
            if n not in broken and n not in down:
                leads[n] += weight
    return frozenset(broken), tuple(leads.items())


def _cluster(start: int, tiles: set[int]) -> int:
    """How many of `tiles` are joined to `start` orthogonally (itself included)."""
    seen, todo = {start}, [start]
    while todo:
        for n in _NEIGHBOURS[todo.pop()]:
            if n in tiles and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen)


def _places(texts: Iterable[str]) -> set[int]:
    """The places in ALL_SQUARES of the squares named (names that are no square left out)."""
    out = set()
    for text in texts:
        sq = Square.parse(text)
        if sq is not None:
            out.add(sq.rank * SIZE + sq.file)
    return out


_NAMES = tuple(str(sq) for sq in ALL_SQUARES)
_NEIGHBOURS = tuple(tuple(n.rank * SIZE + n.file for n in sq.neighbours()) for sq in ALL_SQUARES)
