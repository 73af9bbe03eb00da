"""How good an Elementarium position looks to a side (the search bots' evaluation). Pure
functions of the board: units, Sources and the rules; never the sealed orders (a bot searches
from `known_to(state, player)`, which drops the other side's, and the value is the same with
or without them).

The position is read as the rules decide a duel: a side wins by removing every enemy unit or
by capturing the enemy Source, which only a unit spawned on it does ("If a unit spawns on the
enemy source, the source gets captured"). So the evaluation counts, side against side:
- material: the units kept (each type at its own worth);
- Source threats: how much of a spawn pattern around the enemy Source a side's units of one
  type hold, or can target in the next turn;
- spawn chances: the fields of the enemy zone where a side lacks at most one unit of a spawn
  pattern of one type, with no enemy unit in the spawn range;
- nearness: how near the side's most advanced unit stands to the enemy Source's row.
Weights are adopted only when self-play (`benchmarks/judge_weights.py elementarium`) shows
them better, not guessed: none with threats or spawn chances was, so the weights in use are
still `OLD`, the evaluation before issue 29 (material and nearness), and a feature weighted 0
costs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from events.elementarium.rules import between, orient
from events.elementarium.setup import Cell, Offset, Setup
from events.elementarium.state import State


@dataclass(frozen=True)
class Weights:
    """What each feature is worth; the sum is kept in [-1, 1]."""

    material: float = 0.7
    """(own units - enemy units) / all units, each unit at its type's worth below"""
    earth: float = 1.0
    air: float = 1.0
    fire: float = 1.0
    water: float = 1.0
    near: float = 0.3
    """own nearness to the enemy Source's row minus the enemy's (each in [0, 1])"""
    threat: float = 0.0
    """own Source threat minus the enemy's (each in [0, 1]: the share of a spawn pattern
    around the Source held, a field the side can target next turn counting `reach`)"""
    reach: float = 0.5
    """what a pattern field one move away counts in a Source threat (a held one counts 1)"""
    spawn: float = 0.0
    """own spawn chances minus the enemy's (each: fields one unit short, at most 3, over 3)"""


OLD = Weights()
"""material and nearness: the evaluation before issue 29's tuning"""
WEIGHTS = OLD
"""the evaluation the search bots use: still OLD, as self-play showed no candidate with the
Source threats or the spawn chances better (docs/duels-guide.md, "Practice bots"); try them
with `benchmarks/judge_weights.py elementarium threat=0.2`"""

CHANCES = 3
"""spawn chances counted, at most"""


def evaluation(state: State, me: int, weights: Weights = WEIGHTS) -> float:
    """The position for side `me` (0 or 1), in [-1, 1]: 1 won, -1 lost, 0 a draw."""
    if state.outcome is not None:
        if state.outcome.winner is None:
            return 0.0
        return 1.0 if state.outcome.winner == state.players[me] else -1.0
    w = weights
    score = 0.0
    if w.material:
        values = {"E": w.earth, "A": w.air, "F": w.fire, "W": w.water}
        mine = sum(values.get(k, 1.0) for _, o, k in state.units if o == me)
        total = sum(values.get(k, 1.0) for _, _, k in state.units)
        score += w.material * (2 * mine - total) / max(1.0, total)
    if w.near:
        score += w.near * (nearness(state, me) - nearness(state, 1 - me))
    if w.threat or w.spawn:
        at = {cell: (owner, kind) for cell, owner, kind in state.units}
        if w.threat:
            score += w.threat * (
                source_threat(state, at, me, w.reach) - source_threat(state, at, 1 - me, w.reach)
            )
        if w.spawn:
            score += w.spawn * (spawn_chances(state, at, me) - spawn_chances(state, at, 1 - me))
    return max(-1.0, min(1.0, score))


def nearness(state: State, side: int) -> float:
    """1 - (rows between `side`'s most advanced unit and the enemy Source) / board height;
    0 without units."""
    goal = state.sources[1 - side][1]
    rows = [abs(c[1] - goal) for c, o, _ in state.units if o == side]
    return 1 - min(rows) / state.setup.board.height if rows else 0.0


@dataclass(frozen=True)
class _Side:
    """A setup's rules turned for one side, computed once per setup (the evaluation's speed)."""

    enemy_rows: range
    """the rows of the side's enemy zone"""
    patterns: tuple[tuple[Offset, ...], ...]
    corner: tuple[tuple[Offset, ...], ...]
    """the spawn patterns, then those that spawn in a corner only, turned for the side"""
    moves: dict[str, frozenset[Offset]]
    """each unit type's targets, turned for the side"""


_TABLES: dict[int, tuple[Setup, tuple[_Side, _Side]]] = {}


def _tables(setup: Setup) -> tuple[_Side, _Side]:
    found = _TABLES.get(id(setup))
    if found is not None and found[0] is setup:
        return found[1]
    h = setup.board.height
    rules = setup.rules

    def turned(
        patterns: tuple[frozenset[Offset], ...], side: int
    ) -> tuple[tuple[Offset, ...], ...]:
        return tuple(tuple(sorted(orient(o, side) for o in p)) for p in patterns)

    high = rules.neutral_rows[1]  # 1-based: the enemy zone starts above it (mirrored)
    sides = tuple(
        _Side(
            range(high, h) if side == 0 else range(0, h - high),
            turned(rules.spawn_patterns, side),
            turned(rules.corner_patterns, side),
            {k: frozenset(orient(o, side) for o in p.offsets) for k, p in rules.patterns.items()},
        )
        for side in (0, 1)
    )
    _TABLES[id(setup)] = (setup, (sides[0], sides[1]))
    return sides[0], sides[1]


def _patterns(setup: Setup, t: _Side, cell: Cell) -> tuple[tuple[Offset, ...], ...]:
    """The spawn patterns that may complete around `cell` (corner patterns in a corner)."""
    w, h = setup.board.width, setup.board.height
    if cell in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        return (*t.patterns, *t.corner)
    return t.patterns


def _fits(setup: Setup, t: _Side, fields: list[Cell]) -> bool:
    """Every field on the board, in the side's enemy zone, and no obstacle."""
    return all(
        0 <= f[0] < setup.board.width and f[1] in t.enemy_rows and f not in setup.board.obstacles
        for f in fields
    )


def _can_target(
    state: State,
    at: dict[Cell, tuple[int, str]],
    t: _Side,
    src: Cell,
    side: int,
    kind: str,
    dst: Cell,
) -> bool:
    """Whether `side`'s `kind` unit on `src` may target `dst` next turn (not an obstacle, a
    Source or an own unit's field; the way clear unless it jumps): rules.targets for one field."""
    setup = state.setup
    if (dst[0] - src[0], dst[1] - src[1]) not in t.moves[kind]:
        return False
    if dst in setup.board.obstacles or dst in state.sources or at.get(dst, (None,))[0] == side:
        return False
    if setup.rules.patterns[kind].jumps:
        return True
    return not any(
        c in at or c in setup.board.obstacles or c in state.sources for c in between(src, dst)
    )


def _blocked(state: State, at: dict[Cell, tuple[int, str]], side: int) -> bool:
    """Whether `side`'s units block the enemy Source (rules.blocked_sources for one Source)."""
    source = state.sources[1 - side]
    blocks = state.setup.rules.source_blocks
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            cell = (source[0] + dx, source[1] + dy)
            unit = at.get(cell)
            if unit is None or unit[0] != side or unit[1] not in blocks:
                continue
            if orient((-dx, -dy), side) in blocks[unit[1]]:
                return True
    return False


def source_threat(state: State, at: dict[Cell, tuple[int, str]], side: int, reach: float) -> float:
    """How near `side` is to spawning on the enemy Source, in [0, 1]: over the spawn patterns
    around it and the unit types, the largest share of a pattern's fields held by `side`'s
    units of that type (a field one of them can target next turn counts `reach`). Halved while
    the enemy Source can still step away (it is not blocked) and while an enemy unit stands in
    the spawn range (it would stop the spawn)."""
    setup = state.setup
    t = _tables(setup)[side]
    source = state.sources[1 - side]
    movers: dict[str, list[Cell]] = {}
    for cell, (owner, kind) in at.items():
        if owner == side and max(abs(cell[0] - source[0]), abs(cell[1] - source[1])) <= 4:
            movers.setdefault(kind, []).append(cell)
    if not movers:
        return 0.0
    worth: dict[tuple[Cell, str], float] = {}  # a field and a type: held 1, in reach `reach`
    best = 0.0
    for pattern in _patterns(setup, t, source):
        fields = [(source[0] + dx, source[1] + dy) for dx, dy in pattern]
        if not _fits(setup, t, fields):
            continue
        for kind, cells in movers.items():
            got = 0.0
            for f in fields:
                value = worth.get((f, kind))
                if value is None:
                    if at.get(f) == (side, kind):
                        value = 1.0
                    elif any(_can_target(state, at, t, c, side, kind, f) for c in cells):
                        value = reach
                    else:
                        value = 0.0
                    worth[(f, kind)] = value
                got += value
            best = max(best, got / len(fields))
    if best == 0.0:
        return 0.0
    r = setup.rules.spawn_range
    guarded = any(
        owner != side and max(abs(c[0] - source[0]), abs(c[1] - source[1])) <= r
        for c, (owner, _) in at.items()
    )
    return best * (0.5 if guarded else 1.0) * (1.0 if _blocked(state, at, side) else 0.5)


def spawn_chances(state: State, at: dict[Cell, tuple[int, str]], side: int) -> float:
    """The empty fields of `side`'s enemy zone where a spawn pattern of one type lacks at most
    one of `side`'s units and no enemy unit stands in the spawn range, at most CHANCES, over
    CHANCES (in [0, 1])."""
    setup = state.setup
    t = _tables(setup)[side]
    held = [(c, k) for c, (o, k) in at.items() if o == side and c[1] in t.enemy_rows]
    if not held:
        return 0.0
    w, h = setup.board.width, setup.board.height
    corners = {(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)}
    counts: dict[tuple[Cell, int, str], int] = {}
    every = (*t.patterns, *t.corner)
    for c, kind in held:
        for i, pattern in enumerate(every):
            for dx, dy in pattern:
                key = ((c[0] - dx, c[1] - dy), i, kind)
                counts[key] = counts.get(key, 0) + 1
    r = setup.rules.spawn_range
    enemies = [c for c, (o, _) in at.items() if o != side]
    found: set[Cell] = set()
    for (cell, i, _), n in counts.items():  # any order: the count is capped, not ranked
        pattern = every[i]
        if n < len(pattern) - 1 or cell in found or cell in at:
            continue
        if i >= len(t.patterns) and cell not in corners:
            continue
        if not (0 <= cell[0] < w and cell[1] in t.enemy_rows) or cell in setup.board.obstacles:
            continue
        if not _fits(setup, t, [(cell[0] + dx, cell[1] + dy) for dx, dy in pattern]):
            continue
        if any(max(abs(c[0] - cell[0]), abs(c[1] - cell[1])) <= r for c in enemies):
            continue
        found.add(cell)
        if len(found) == CHANCES:
            break
    return len(found) / CHANCES
