"""How good an Element position looks to a side (the search bots' evaluation). Pure functions
of the board and the sages.

The position is read as the rules decide a duel: a sage that cannot move loses. So the
evaluation counts, side against side, the sage's mobility (its free steps now, 0 to 8) and
its room: the empty squares it could walk to within `Weights.horizon` steps (stones, the
other sage, the board's edge and diagonals through a mountain range in the way). A sage being
walled in has little room long before it has no step, and a sage with room to spare is far
from being trapped. The weights were chosen by self-play (`benchmarks/judge_weights.py
element`), not guessed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from events.element.board import NEIGHBOUR, Board, col_row
from events.element.rules import DIAGONAL_SIDES, free_steps


@dataclass(frozen=True)
class Weights:
    """What each feature is worth; each is a difference between the sides, scaled to [-1, 1]."""

    mobility: float = 1.0
    """the free steps (of 8)"""
    room: float = 0.0
    """the empty squares within `horizon` steps (of `ROOM_CAP`)"""
    horizon: int = 3
    """the steps the room looks ahead"""


OLD = Weights()
"""mobility only: the evaluation before issue 29's third pass"""
WEIGHTS = Weights(room=1.0)
"""the evaluation the search bots use: mobility and room within 3 steps, as self-play chose
(62%, interval 52%-72%, in 80 games against mobility alone; docs/duels-guide.md)"""
ROOM_CAP = 24
"""room counted up to this many squares (more is as good: far from being walled in)"""


def room(board: Board, sages: tuple[int, int], who: int, horizon: int) -> int:
    """The empty squares the sage of `who` could reach within `horizon` steps, up to
    ROOM_CAP (its own square not counted)."""
    stone = board.stone
    ranges = board.range_squares
    blocked = sages[1 - who]
    seen = {sages[who]}
    frontier = [sages[who]]
    count = 0
    for _ in range(horizon):
        nxt = []
        for square in frontier:
            nb = NEIGHBOUR[square]
            for i in range(8):
                t = nb[i]
                if t < 0 or t in seen or stone[t] or t == blocked:
                    continue
                if ranges and i in DIAGONAL_SIDES:
                    a, b = DIAGONAL_SIDES[i]
                    if nb[a] in ranges and nb[b] in ranges:
                        continue
                seen.add(t)
                nxt.append(t)
                count += 1
                if count >= ROOM_CAP:
                    return ROOM_CAP
        if not nxt:
            break
        frontier = nxt
    return count


def evaluation(board: Board, sages: tuple[int, int], me: int, weights: Weights = WEIGHTS) -> float:
    """The position for side `me`, in [-1, 1]."""
    w = weights
    score = 0.0
    if w.mobility:
        mine = len(free_steps(board, sages, me))
        theirs = len(free_steps(board, sages, 1 - me))
        score += w.mobility * (mine - theirs) / 8
    if w.room:
        mine = room(board, sages, me, w.horizon)
        theirs = room(board, sages, 1 - me, w.horizon)
        score += w.room * (mine - theirs) / ROOM_CAP
    return max(-1.0, min(1.0, score))


SEARCH_ACTIONS = 40
"""actions a search considers in a position (every step, ride and confirm, then placements)"""


def placement_order(squares: Sequence[int], target: int) -> list[int]:
    """The order in which a search tries placements at `squares` (one entry per placement: a
    water stone may place several rivers from one square): nearest the other sage's square
    `target` first (a sage is walled in by stones next to it), and each square's first
    placement before any square's second, so a few squares' many rivers never crowd out the
    rest. Ties keep the given order."""
    tc, tr = col_row(target)
    seen: dict[int, int] = {}
    keys = []
    for k, square in enumerate(squares):
        c, r = col_row(square)
        rank = seen.get(square, 0)
        seen[square] = rank + 1
        keys.append((rank, max(abs(c - tc), abs(r - tr)), k))
    return [k for _, _, k in sorted(keys)]
