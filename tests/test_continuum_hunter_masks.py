"""The continuum hunter, cautious and finisher bots rank squares on masks and count weights in
C (issue 30's speed work): they must pick exactly what the plain ranking over sets of squares
picks, with the same random draws."""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from events.continuum import masks
from events.continuum.squares import ALL_SQUARES, Square
from festival.bots.continuum_hunter import _best_two, _heaviest_two


def _cluster(start: Square, tiles: set[Square]) -> int:
    seen, todo = {start}, [start]
    while todo:
        for n in todo.pop().neighbours():
            if n in tiles and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen)


def _plain_best_two(
    public: dict[str, Any], player: str, rng: np.random.Generator, finish: bool
) -> list[Square]:
    """The ranking as the bots' docstring words it, on sets of squares."""
    boards = [(o, b) for o, b in sorted(public["boards"].items()) if o != player]
    chosen, most = None, 0
    for owner, board in boards if finish else ():
        down_names = {s for w in board["broken_down"] for s in w["squares"]}
        standing_count = sum(1 for s in board["broken"] if s not in down_names)
        if standing_count > most:
            chosen, most = owner, standing_count
    leads: dict[Square, int] = {}
    broken_somewhere: set[Square] = set()
    for owner, board in boards:
        broken = {Square.parse(s) for s in board["broken"]} - {None}
        down = {Square.parse(s) for w in board["broken_down"] for s in w["squares"]} - {None}
        broken_somewhere |= broken  # type: ignore[arg-type]
        if chosen is not None and owner != chosen:
            continue
        standing: set[Square] = broken - down  # type: ignore[assignment]
        for sq in standing:
            weight = _cluster(sq, standing) if finish else 1
            for n in sq.neighbours():
                if n not in broken and n not in down:
                    leads[n] = leads.get(n, 0) + weight
    taken = broken_somewhere | set(leads)
    fresh = [sq for sq in ALL_SQUARES if sq not in taken]
    order = rng.permutation(len(fresh))
    ranked = sorted(leads, key=lambda s: (-leads[s], str(s)))[:2]
    ranked += [fresh[int(j)] for j in order[: 2 - len(ranked)]]
    return ranked if len(ranked) == 2 else list(ALL_SQUARES[:2])


def _public(seed: int, boards: int, density: float) -> dict[str, Any]:
    """Boards with random broken tiles, some of them in wards that broke down."""
    rng = np.random.default_rng(seed)
    view = {}
    for p in range(boards):
        broken = sorted(str(sq) for sq in ALL_SQUARES if rng.random() < density)
        downs = []
        for _ in range(int(rng.integers(3))):
            start = int(rng.integers(60))
            downs.append({"squares": sorted(str(ALL_SQUARES[start + k]) for k in range(5))})
        view[f"P{p:02}"] = {"broken": broken, "broken_down": downs}
    return {"boards": view}


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.integers(1, 9),
    st.sampled_from([0.0, 0.05, 0.15, 0.4, 0.9]),
    st.booleans(),
    st.integers(0, 9),
)
def test_the_bots_rank_squares_as_the_plain_ranking_does(
    seed: int, boards: int, density: float, finish: bool, me: int
) -> None:
    public = _public(seed, boards, density)
    player = f"P{me:02}"
    fast = _best_two(public, player, np.random.default_rng(seed), finish=finish)
    rng = np.random.default_rng(seed)
    assert fast == _plain_best_two(public, player, rng, finish)
    assert fast[0] is ALL_SQUARES[masks.index(fast[0])]


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.integers(0, 63), st.integers(1, 200), max_size=64))
def test_the_heaviest_two_are_ranked_by_weight_then_name(weights: dict[int, int]) -> None:
    plain = sorted(weights, key=lambda i: (-weights[i], str(ALL_SQUARES[i])))[:2]
    assert _heaviest_two(weights) == plain
