"""Element's board rules: steps, whirlwind rides, placement and the four elements' effects.

Every function is pure; an illegal action gives a DuelProblem naming the square and the rule.
The rule sentences quoted are from the Summary text unless said otherwise.
"""

from __future__ import annotations

from collections.abc import Iterator

from events.duel import DuelProblem
from events.element.board import (
    DIR_INDEX,
    DIRECTIONS,
    MAX_AIR,
    N_SQUARES,
    NEIGHBOUR,
    ORTHOGONAL,
    REPLACES,
    Board,
    Direction,
    Stone,
    direction_between,
    name,
    step,
)

RULE_STEP = "Sages can move to any touching space ... only to empty spaces"
RULE_RANGE = "Sages can not move diagonally through a mountain range"
RULE_REPLACE = "An element can be placed on an empty space or on the element that is weak to it"
RULE_AIR_STACK = "an air stack of at most 4 stones"
RULE_EARTH = "An earth stone can be placed on top of a lone earth stone to create a mountain"
RULE_MOUNTAIN_AIR = "Mountains can not be replaced by Air"
RULE_RIVER = "The number of spaces a river must move is equal to the number of stones in it"
RULE_RIVER_PATH = "The path must only consist of empty or fire spaces (snake rules)"
RULE_RIVER_CHOICE = "If multiple rivers can be made, player making the turn chooses"
RULE_RIDE = "you may ride the whirlwind ... landing on the next space"
RULE_RIDE_LAND = "You may not ride a whirlwind if the landing space is occupied"
RULE_RIDE_RANGE = "You may not ride a whirlwind if it is separated from you by a mountain range"
RULE_RIDE_USED = "You may not ride if an air stack of the whirlwind was already used this turn"

_SIDES: dict[int, tuple[int, int]] = {
    d.idx: (DIR_INDEX[Direction((d.dx, 0))], DIR_INDEX[Direction((0, d.dy))])
    for d in DIRECTIONS
    if d.diagonal
}
"""diagonal direction's index -> the indexes of the two orthogonal directions it passes between"""
DIAGONAL_SIDES = _SIDES
_AIR = int(Stone.AIR)


def through_range(board: Board, square: int, d: Direction) -> bool:
    """A diagonal step from `square` passes between two stones of a mountain range."""
    sides = _SIDES.get(d.idx)
    if sides is None:
        return False
    ranges = board.range_squares
    if not ranges:
        return False
    nb = NEIGHBOUR[square]
    return nb[sides[0]] in ranges and nb[sides[1]] in ranges


def free_steps(board: Board, sages: tuple[int, ...], who: int) -> list[int]:
    """The indexes (in DIRECTIONS) of the sage's legal steps (fast path of `step_error`)."""
    nb = NEIGHBOUR[sages[who]]
    other = sages[1 - who]
    stone = board.stone
    ranges = board.range_squares
    out = []
    for i in range(8):
        t = nb[i]
        if t < 0 or stone[t] or t == other:
            continue
        if ranges and i in _SIDES:
            a, b = _SIDES[i]
            if nb[a] in ranges and nb[b] in ranges:
                continue
        out.append(i)
    return out


def free_rides(board: Board, sages: tuple[int, ...], who: int, used: frozenset[int]) -> list[int]:
    """The indexes (in DIRECTIONS) of the whirlwinds the sage may ride (fast path of `ride`)."""
    here = sages[who]
    nb = NEIGHBOUR[here]
    stone, height, stack = board.stone, board.height, board.stack
    out = []
    for i in range(8):
        square = nb[i]
        if square < 0 or stone[square] != _AIR:
            continue
        if i in _SIDES:
            ranges = board.range_squares
            a, b = _SIDES[i]
            if ranges and nb[a] in ranges and nb[b] in ranges:
                continue
        count = 0
        fresh = True
        while square >= 0 and stone[square] == _AIR:
            if stack[square] in used:
                fresh = False
                break
            count += height[square]
            square = NEIGHBOUR[square][i]
        if not fresh:
            continue
        landing = here
        for _ in range(count + 1):
            landing = NEIGHBOUR[landing][i]
            if landing < 0:
                break
        if landing >= 0 and not stone[landing] and landing not in sages:
            out.append(i)
    return out


def step_error(board: Board, sages: tuple[int, ...], who: int, d: Direction) -> DuelProblem | None:
    """Why the sage of player `who` cannot step in direction d (None: it can)."""
    here = sages[who]
    there = step(here, d)
    if there < 0:
        return DuelProblem(
            "element.move.off-board", f"moving {d.name} leaves the board", name(here)
        )
    if board.stone[there]:
        word = Stone(board.stone[there]).word.lower()
        return DuelProblem(
            "element.move.stone", f"{name(there)} holds {word}", name(there), RULE_STEP
        )
    if there in sages:
        return DuelProblem("element.move.sage", f"a sage stands on {name(there)}", name(there))
    if through_range(board, here, d):
        return DuelProblem(
            "element.move.range",
            f"moving {d.name} from {name(here)} passes diagonally through a mountain range",
            name(there),
            RULE_RANGE,
        )
    return None


def can_step(board: Board, sages: tuple[int, ...], who: int) -> bool:
    """The sage has at least one legal step (it is not trapped)."""
    return bool(free_steps(board, sages, who))


def can_move(board: Board, sages: tuple[int, ...], who: int, rides: bool) -> bool:
    """The sage is not trapped: it has a legal step, or (`rides`) a whirlwind it could ride
    on a turn of its own (every air stack fresh, as a step is judged whatever moves are
    left)."""
    if free_steps(board, sages, who):
        return True
    return rides and bool(free_rides(board, sages, who, frozenset()))


def ride(
    board: Board, sages: tuple[int, ...], who: int, d: Direction, used: frozenset[int]
) -> tuple[int, tuple[int, ...]] | DuelProblem:
    """Where riding the whirlwind in direction d lands, and the air stacks it uses."""
    here = sages[who]
    first = step(here, d)
    if first < 0 or board.stone[first] != Stone.AIR:
        return DuelProblem(
            "element.ride.none", f"no whirlwind touches {name(here)} going {d.name}", name(here)
        )
    if through_range(board, here, d):
        return DuelProblem(
            "element.ride.range",
            f"the whirlwind {d.name} of {name(here)} is behind a mountain range",
            name(first),
            RULE_RIDE_RANGE,
        )
    stacks: list[int] = []
    count = 0
    square = first
    while square >= 0 and board.stone[square] == Stone.AIR:
        stacks.append(board.stack[square])
        count += board.height[square]
        square = step(square, d)
    reused = [s for s in stacks if s in used]
    if reused:
        return DuelProblem(
            "element.ride.used",
            f"an air stack of the whirlwind {d.name} of {name(here)} was already ridden this turn",
            name(first),
            RULE_RIDE_USED,
        )
    landing = here
    for _ in range(count + 1):
        landing = step(landing, d)
        if landing < 0:
            return DuelProblem(
                "element.ride.off-board",
                f"riding {d.name} over {count} squares from {name(here)} leaves the board",
                name(here),
                RULE_RIDE,
            )
    if board.stone[landing] or landing in sages:
        what = "a sage" if landing in sages else Stone(board.stone[landing]).word.lower()
        return DuelProblem(
            "element.ride.landing",
            f"riding {d.name} from {name(here)} lands on {name(landing)}, which holds {what}",
            name(landing),
            RULE_RIDE_LAND,
        )
    return landing, tuple(stacks)


def ride_direction(board: Board, here: int, via: int) -> Direction | DuelProblem:
    """The direction of the whirlwind touching `here` that square `via` is on."""
    line = direction_between(here, via)
    if line is not None:
        d, n = line
        square = here
        for _ in range(n):
            square = step(square, d)
            if board.stone[square] != Stone.AIR:
                break
        else:
            return d
    return DuelProblem(
        "element.ride.via",
        f"{name(via)} is not on a whirlwind touching the sage on {name(here)}",
        name(via),
        "You can specify which whirlwind to use by saying a space it is on while touching it",
    )


def water_lines(board: Board, at: int) -> dict[Direction, tuple[int, ...]]:
    """The straight lines of water stones that a water stone on `at` touches, by direction."""
    lines: dict[Direction, tuple[int, ...]] = {}
    for d in ORTHOGONAL:
        square = step(at, d)
        line = []
        while square >= 0 and board.stone[square] == Stone.WATER:
            line.append(square)
            square = step(square, d)
        if line:
            lines[d] = tuple(line)
    return lines


def _path_open(board: Board, sages: tuple[int, ...], square: int) -> bool:
    return square >= 0 and board.stone[square] in (0, Stone.FIRE) and square not in sages


def river_paths(
    board: Board, sages: tuple[int, ...], at: int, river: frozenset[int], length: int
) -> Iterator[tuple[Direction, ...]]:
    """Every path a river of `length` stones may trace from `at`: orthogonal steps over empty
    or fire squares, never onto itself or the river."""
    path: list[Direction] = []
    seen = set(river)

    def extend(square: int) -> Iterator[tuple[Direction, ...]]:
        if len(path) == length:
            yield tuple(path)
            return
        for d in ORTHOGONAL:
            nxt = step(square, d)
            if nxt in seen or not _path_open(board, sages, nxt):
                continue
            seen.add(nxt)
            path.append(d)
            yield from extend(nxt)
            path.pop()
            seen.discard(nxt)

    yield from extend(at)


def place_error_basic(
    board: Board, sages: tuple[int, ...], stone: Stone, at: int
) -> DuelProblem | None:
    """Whether `stone` may go on `at` at all (before any river)."""
    there = board.stone[at]
    if not there and at not in sages:
        return None
    where = name(at)
    if at in sages:
        return DuelProblem(
            "element.place.sage", f"a sage stands on {where}", where, "You can only place on "
            "an empty space or on the element that is weak to the one placed",
        )  # fmt: skip
    if there == stone == Stone.AIR:
        if board.height[at] >= MAX_AIR:
            return DuelProblem(
                "element.place.air-full", f"the air stack on {where} is 4 high", where,
                RULE_AIR_STACK,
            )  # fmt: skip
        return None
    if there == stone == Stone.EARTH:
        if board.height[at] >= 2:
            return DuelProblem(
                "element.place.mountain", f"{where} is already a mountain", where, RULE_EARTH
            )
        return None
    if REPLACES[stone] == there:
        if stone == Stone.AIR and at in board.range_squares:
            return DuelProblem(
                "element.place.range",
                f"the earth on {where} is part of a mountain range",
                where,
                RULE_MOUNTAIN_AIR,
            )
        return None
    return DuelProblem(
        "element.place.occupied",
        f"{stone.word.lower()} cannot be placed on the {Stone(there).word.lower()} on {where} "
        f"({stone.word.lower()} replaces only {REPLACES[stone].word.lower()})",
        where,
        RULE_REPLACE,
    )


def place(
    board: Board,
    sages: tuple[int, ...],
    stone: Stone,
    at: int,
    river: Direction | None = None,
    path: tuple[Direction, ...] | None = None,
) -> Board | DuelProblem:
    """The board after placing `stone` on `at` and resolving its effect."""
    error = place_error_basic(board, sages, stone, at)
    if error is not None:
        return error
    where = name(at)
    there = board.stone[at]
    if stone == Stone.WATER:
        return _place_water(board, sages, at, river, path)
    if river is not None or path:
        return DuelProblem(
            "element.place.not-water", f"only water forms rivers ({stone.word} on {where})", where
        )
    if stone == Stone.AIR:
        if there == Stone.AIR:
            return board.with_squares({at: (stone, board.height[at] + 1, board.stack[at])})
        return board.with_squares({at: (stone, 1, board.next_stack)}, board.next_stack + 1)
    if stone == Stone.EARTH:
        height = board.height[at] + 1 if there == Stone.EARTH else 1
        return board.with_squares({at: (stone, height, 0)})
    return _place_fire(board, sages, at)


def _place_fire(board: Board, sages: tuple[int, ...], at: int) -> Board:
    changes = {at: (int(Stone.FIRE), 1, 0)}
    for d in ORTHOGONAL:
        square = step(at, d)
        if square < 0 or board.stone[square] != Stone.FIRE:
            continue
        while square >= 0 and board.stone[square] == Stone.FIRE:
            square = step(square, d)
        if square >= 0 and board.stone[square] in (0, Stone.AIR) and square not in sages:
            changes[square] = (int(Stone.FIRE), 1, 0)
    return board.with_squares(changes)


def _place_water(
    board: Board,
    sages: tuple[int, ...],
    at: int,
    river: Direction | None,
    path: tuple[Direction, ...] | None,
) -> Board | DuelProblem:
    where = name(at)
    lines = water_lines(board, at)
    if not lines:
        if river is not None or path:
            return DuelProblem(
                "element.river.none", f"water on {where} touches no water: no river forms", where
            )
        return board.with_squares({at: (int(Stone.WATER), 1, 0)})
    if river is None:
        if len(lines) > 1:
            options = ", ".join(d.name for d in lines)
            return DuelProblem(
                "element.river.choose",
                f"water on {where} forms {len(lines)} rivers ({options}): say which",
                where,
                RULE_RIVER_CHOICE,
            )
        river = next(iter(lines))
    if river not in lines:
        return DuelProblem(
            "element.river.direction",
            f"no water line lies {river.name} of {where} (rivers: "
            f"{', '.join(d.name for d in lines)})",
            where,
            RULE_RIVER_CHOICE,
        )
    squares = frozenset((at, *lines[river]))
    length = len(squares)
    if not path:
        possible = next(river_paths(board, sages, at, squares, length), None)
        if possible is None:
            return DuelProblem(
                "element.river.stuck",
                f"the river of {length} from {where} cannot move {length} squares",
                where,
                "If you can not move the river the required number of spaces, you may not "
                "place the stone there",
            )
        return DuelProblem(
            "element.river.path",
            f"give the path of the river of {length} from {where} (e.g. path "
            f"{''.join(d.name for d in possible)})",
            where,
            RULE_RIVER,
        )
    if len(path) != length:
        return DuelProblem(
            "element.river.length",
            f"the river from {where} holds {length} stones: its path must be {length} squares, "
            f"not {len(path)}",
            where,
            RULE_RIVER,
        )
    square = at
    visited = set(squares)
    targets = []
    for n, d in enumerate(path, start=1):
        if d.diagonal:
            return DuelProblem(
                "element.river.diagonal", f"step {n} of the river path ({d.name}) is diagonal",
                where, "The river moves orthogonally",
            )  # fmt: skip
        square = step(square, d)
        if square < 0:
            return DuelProblem(
                "element.river.off-board", f"step {n} of the river path leaves the board", where,
                RULE_RIVER_PATH,
            )  # fmt: skip
        if square in visited:
            return DuelProblem(
                "element.river.crossing",
                f"step {n} of the river path crosses {name(square)} again (or the river)",
                name(square),
                RULE_RIVER_PATH,
            )
        if not _path_open(board, sages, square):
            what = "a sage" if square in sages else f"{Stone(board.stone[square]).word.lower()}"
            return DuelProblem(
                "element.river.blocked",
                f"step {n} of the river path reaches {name(square)}, which holds {what}",
                name(square),
                RULE_RIVER_PATH,
            )
        visited.add(square)
        targets.append(square)
    changes = {s: (0, 0, 0) for s in squares if s != at}
    changes[at] = (0, 0, 0)
    for s in targets:
        changes[s] = (int(Stone.WATER), 1, 0)
    return board.with_squares(changes)


def placements(board: Board, sages: tuple[int, ...], stone: Stone) -> Iterator[
    tuple[int, Direction | None, tuple[Direction, ...] | None]
]:  # fmt: skip
    """Every legal (square, river, path) for `stone`."""
    for at in range(N_SQUARES):
        if place_error_basic(board, sages, stone, at) is not None:
            continue
        if stone != Stone.WATER:
            yield at, None, None
            continue
        lines = water_lines(board, at)
        if not lines:
            yield at, None, None
            continue
        for d, line in lines.items():
            squares = frozenset((at, *line))
            for p in river_paths(board, sages, at, squares, len(squares)):
                yield at, d, p


def can_place(board: Board, sages: tuple[int, ...], stone: Stone) -> bool:
    return next(placements(board, sages, stone), None) is not None
