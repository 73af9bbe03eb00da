"""Elementarium's rules on a position: where each piece may target, which Sources are blocked,
whether a player's orders are legal, and the simultaneous resolution of a turn.

Rulings quoted in docs/rulings.md "Elementarium (duel)". Resolution never depends on the
order in which orders were listed or players stored: every step works on sets.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from events.duel import DuelProblem, Outcome
from events.elementarium.orders import Move, Orders
from events.elementarium.setup import UNIT_TYPES, Cell, Offset, Setup, cell_name
from events.elementarium.state import Clash, State, TurnReport, Unit

RULE_MOVES = "3 moves per turn, one move per unit per turn, one unit in a cell at a time"
RULE_JUMP = "E-, A- and W-units can't jump over obstacles and units."
RULE_SOURCE = "The source can only move on friendly territory."
RULE_BLOCK = "The enemy's source can be blocked by placing an E-, A- or W-unit."
RULE_SWAP = (
    "Switching places of your own units allowed as far as the number of available moves and "
    "the movement patterns allow it."
)


def orient(offset: Offset, owner: int) -> Offset:
    """Grids are drawn for the first player (enemy up); the second player's are mirrored."""
    return (offset[0], offset[1] if owner == 0 else -offset[1])


def add(cell: Cell, offset: Offset) -> Cell:
    return (cell[0] + offset[0], cell[1] + offset[1])


def inside(setup: Setup, cell: Cell) -> bool:
    return 0 <= cell[0] < setup.board.width and 0 <= cell[1] < setup.board.height


def zone(setup: Setup, cell: Cell, owner: int) -> str:
    """ "allied", "neutral" or "enemy", seen by `owner`."""
    row = cell[1] + 1 if owner == 0 else setup.board.height - cell[1]
    low, high = setup.rules.neutral_rows
    return "allied" if row < low else "neutral" if row <= high else "enemy"


def between(src: Cell, dst: Cell) -> list[Cell]:
    """The fields strictly between two fields on one line (rank, file or diagonal)."""
    dx, dy = dst[0] - src[0], dst[1] - src[1]
    n = max(abs(dx), abs(dy))
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    return [(src[0] + sx * i, src[1] + sy * i) for i in range(1, n)]


def blocked_sources(state: State) -> frozenset[int]:
    """Owners whose Source cannot move: an enemy E, A or W stands so that its blocking grid
    covers the Source (E all around, W orthogonally, A toward its enemy); F never blocks."""
    blocks = state.setup.rules.source_blocks
    out: set[int] = set()
    for cell, owner, kind in state.units:
        enemy = 1 - owner
        for off in blocks.get(kind, frozenset()):
            if add(cell, orient(off, owner)) == state.sources[enemy]:
                out.add(enemy)
    return frozenset(out)


def targets(state: State, src: Cell, blocked: frozenset[int] | None = None) -> dict[Cell, str]:
    """Every field the piece on `src` may target from the start-of-turn board, with what is
    there ("empty", "enemy", "own": an own piece that must move away for the move to stand)."""
    setup = state.setup
    at = state.at()
    if src in state.sources:
        owner, kind = state.sources.index(src), "S"
        if owner in (blocked_sources(state) if blocked is None else blocked):
            return {}
    elif src in at:
        owner, kind = at[src]
    else:
        return {}
    pattern = setup.rules.patterns[kind]
    out: dict[Cell, str] = {}
    for off in pattern.offsets:
        dst = add(src, orient(off, owner))
        if not inside(setup, dst) or dst in setup.board.obstacles or dst in state.sources:
            continue
        if not pattern.jumps and any(
            c in at or c in setup.board.obstacles or c in state.sources for c in between(src, dst)
        ):
            continue
        if kind == "S" and zone(setup, dst, owner) != "allied":
            continue
        if dst not in at:
            out[dst] = "empty"
        elif at[dst][0] != owner:
            if kind != "S":
                out[dst] = "enemy"
        else:
            out[dst] = "own"
    return out


def _error(code: str, message: str, square: Cell | None, rule: str, i: int | None) -> DuelProblem:
    return DuelProblem(
        f"elementarium.{code}", message, cell_name(square) if square else None, rule, i
    )


def check_orders(state: State, owner: int, orders: Orders) -> list[DuelProblem]:
    """Everything wrong with `owner`'s orders (each error names the move and its field)."""
    errors: list[DuelProblem] = []
    rules = state.setup.rules
    if len(orders.moves) > rules.moves_per_turn:
        errors.append(
            _error(
                "orders.count",
                f"{len(orders.moves)} moves ordered; at most {rules.moves_per_turn} a turn: "
                f"leave out {len(orders.moves) - rules.moves_per_turn}",
                None,
                RULE_MOVES,
                None,
            )
        )
    at = state.at()
    blocked = blocked_sources(state)
    movers = {m.src for m in orders.moves}
    seen_src: set[Cell] = set()
    seen_dst: set[Cell] = set()
    for i, move in enumerate(orders.as_written):
        src, dst = move.src, move.dst
        own_source = state.sources[owner] == src
        if not own_source and at.get(src, (None,))[0] != owner:
            errors.append(
                _error("orders.piece", f"{cell_name(src)} holds none of your units", src, "", i)
            )
            continue
        if src in seen_src:
            errors.append(_error("orders.twice", "one move per unit per turn", src, RULE_MOVES, i))
        if dst in seen_dst:
            errors.append(
                _error(
                    "orders.same_field", "two of your moves target one field", dst, RULE_MOVES, i
                )
            )
        seen_src.add(src)
        seen_dst.add(dst)
        allowed = targets(state, src, blocked)
        if own_source and owner in blocked:
            errors.append(
                _error(
                    "orders.blocked", "your Source is blocked by an enemy unit", src, RULE_BLOCK, i
                )
            )
        elif dst not in allowed:
            why, rule = _why_not(state, src, dst)
            errors.append(
                _error(
                    "orders.target",
                    f"{move} is not a field this piece may target: {why}",
                    dst,
                    rule,
                    i,
                )
            )
        elif allowed[dst] == "own" and dst not in movers:
            errors.append(
                _error(
                    "orders.own",
                    f"{cell_name(dst)} holds your unit, which is not ordered away",
                    dst,
                    RULE_SWAP,
                    i,
                )
            )
    return errors


def _why_not(state: State, src: Cell, dst: Cell) -> tuple[str, str]:
    """Why the piece on `src` may not target `dst` (which `targets` leaves out), and the rule
    to quote: words only, the same tests as `targets` in its order."""
    setup = state.setup
    at = state.at()
    own_source = src in state.sources
    owner, kind = (state.sources.index(src), "S") if own_source else at[src]
    pattern = setup.rules.patterns[kind]
    piece = "a Source" if own_source else f"an {kind}-unit" if kind in "EAF" else f"a {kind}-unit"
    offset = orient((dst[0] - src[0], dst[1] - src[1]), owner)
    if own_source and owner in blocked_sources(state):
        return "your Source is blocked by an enemy unit", RULE_BLOCK
    if offset not in pattern.offsets:
        return f"{piece} does not move that way", ""
    if dst in setup.board.obstacles:
        return f"{cell_name(dst)} is an obstacle", ""
    if dst in state.sources:
        return f"{cell_name(dst)} holds a Source", ""
    if not pattern.jumps:
        for c in between(src, dst):
            if c in at or c in setup.board.obstacles or c in state.sources:
                return f"{cell_name(c)} stands in the way", RULE_JUMP
    if own_source and zone(setup, dst, owner) != "allied":
        return f"{cell_name(dst)} is not on friendly territory", RULE_SOURCE
    return "a Source does not move onto an enemy unit", RULE_SOURCE


def _occupant(state: State, cell: Cell) -> int | None:
    """The owner of the piece (unit or Source) on `cell` at the start of the turn."""
    if cell in state.sources:
        return state.sources.index(cell)
    unit = state.at().get(cell)
    return None if unit is None else unit[0]


def resolve(state: State, orders: tuple[Orders, Orders]) -> State:
    """Both players' legal orders executed at the same time (docs/rulings.md):

    1. a Source's target cancels every enemy move to the same field;
    2. a move into a field whose own piece stays (not ordered away, or cancelled) is cancelled
       (repeated until nothing changes: chains of own moves fall together);
    3. enemies that swap fields meet on the way and clash ("passing");
    4. on every field the units arriving and the unit standing there clash (option
       `standing_enemy` "clash"), or the enemy unit arriving takes the unit standing there
       ("taken": only two units that both target a field clash);
    5. spawns, then the end of the duel.
    """
    setup = state.setup
    at = state.at()
    moves: dict[Cell, tuple[int, Cell]] = {}
    for owner in (0, 1):
        for m in orders[owner].moves:
            moves[m.src] = (owner, m.dst)
    cancelled: set[Cell] = set()
    for owner in (0, 1):
        src = state.sources[owner]
        if src in moves:
            dst = moves[src][1]
            cancelled |= {s for s, (o, d) in moves.items() if o != owner and d == dst}
    changed = True
    while changed:
        changed = False
        for src, (owner, dst) in moves.items():
            if src in cancelled:
                continue
            if _occupant(state, dst) == owner and (dst not in moves or dst in cancelled):
                cancelled.add(src)
                changed = True
    active = {s: v for s, v in moves.items() if s not in cancelled}
    new_sources = tuple(active[s][1] if s in active else s for s in state.sources)
    removed: set[Cell] = set()
    clashes: list[Clash] = []
    for src, (owner, dst) in sorted(active.items()):
        back = active.get(dst)
        swap = back is not None and back[1] == src and back[0] != owner
        if src < dst and swap and dst in at and src in at:
            result = _clash(setup.rules.dominates, [(src, at[src]), (dst, at[dst])])
            removed |= {src, dst} - ({result} if result is not None else set())
            survivor = None if result is None else at[result][0]
            clashes.append(
                Clash(
                    dst,
                    tuple(sorted((at[c][0], at[c][1], c) for c in (src, dst))),
                    survivor,
                    True,
                )
            )
    arriving: dict[Cell, list[Cell]] = {}
    for src, (_, dst) in active.items():
        if src in at and src not in removed:
            arriving.setdefault(dst, []).append(src)
    for cell in at:
        if cell not in active:
            arriving.setdefault(cell, []).append(cell)
    final: dict[Cell, tuple[int, str]] = {}
    for cell, comers in sorted(arriving.items()):
        owners = [at[c][0] for c in comers]
        if len(set(owners)) != len(owners):
            raise AssertionError(f"two own units on {cell_name(cell)}")
        if len(comers) == 1:
            final[cell] = at[comers[0]]
            continue
        taken = setup.standing_enemy == "taken" and cell in comers
        if taken:  # the unit standing here is taken by the enemy unit that targets it
            result = next(c for c in comers if c != cell)
        else:
            result = _clash(setup.rules.dominates, [(c, at[c]) for c in comers])
        if result is not None:
            final[cell] = at[result]
        clashes.append(
            Clash(
                cell,
                tuple(sorted((at[c][0], at[c][1], c) for c in comers)),
                None if result is None else at[result][0],
                taken=taken,
            )
        )
    spawned = spawns(state, final, (new_sources[0], new_sources[1]))
    captured = tuple(sorted({1 - o for c, o, _ in spawned if c == new_sources[1 - o]}))
    for c, o, k in spawned:
        final[c] = (o, k)
    report = TurnReport(
        tuple(sorted((o, Move(s, d)) for s, (o, d) in active.items())),
        tuple(sorted((o, Move(s, d)) for s, (o, d) in moves.items() if s in cancelled)),
        tuple(sorted(clashes, key=lambda c: (c.cell, c.passing))),
        tuple(sorted(spawned)),
        captured,
    )
    after = replace(
        state,
        units=tuple(sorted((c, o, k) for c, (o, k) in final.items())),
        sources=(new_sources[0], new_sources[1]),
        turn=state.turn + 1,
        pending=(None, None),
        last=report,
    )
    return replace(after, outcome=decide(after))


def _clash(dominates: Mapping[str, str], units: list[tuple[Cell, tuple[int, str]]]) -> Cell | None:
    """The field of the one unit that dominates every other in the clash (None: all go)."""
    for cell, (_, kind) in units:
        others = [k for c, (_, k) in units if c != cell]
        if all(dominates[kind] == k for k in others):
            return cell
    return None


def spawns(
    state: State, final: Mapping[Cell, tuple[int, str]], sources: tuple[Cell, Cell]
) -> list[Unit]:
    """New units: a spawn pattern of one type, all in its owner's enemy zone, around an empty
    field (or the enemy Source) of that zone with no enemy unit in the spawn range. A field
    two types would spawn on spawns nothing."""
    setup = state.setup
    rules = setup.rules
    w, h = setup.board.width, setup.board.height
    corners = {(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)}
    every = (*rules.spawn_patterns, *rules.corner_patterns)
    out: list[Unit] = []
    for owner in (0, 1):
        for cell in _spawn_candidates(state, final, owner, every):
            col, row = cell
            if zone(setup, cell, owner) != "enemy" or cell in setup.board.obstacles:
                continue
            if cell in final or cell == sources[owner]:
                continue
            near = [
                c
                for c, (o, _) in final.items()
                if o != owner and max(abs(c[0] - col), abs(c[1] - row)) <= rules.spawn_range
            ]
            if near:
                continue
            patterns = list(rules.spawn_patterns)
            if cell in corners:
                patterns += rules.corner_patterns
            kinds = set()
            for kind in UNIT_TYPES:
                for pattern in patterns:
                    fields = [add(cell, orient(off, owner)) for off in pattern]
                    if all(
                        final.get(f) == (owner, kind) and zone(setup, f, owner) == "enemy"
                        for f in fields
                    ):
                        kinds.add(kind)
            if len(kinds) == 1:
                out.append((cell, owner, kinds.pop()))
    return out


def _spawn_candidates(
    state: State,
    final: Mapping[Cell, tuple[int, str]],
    owner: int,
    patterns: tuple[frozenset[Offset], ...],
) -> list[Cell]:
    """The fields a unit of `owner` may spawn on, column by column (a superset): a spawn
    needs every field of its pattern held by `owner` in the enemy zone, so only a field that
    one of those units completes a pattern around can spawn. Every field when a pattern is
    empty (it would need no unit). The speed of every turn: most turns no field qualifies."""
    setup = state.setup
    w, h = setup.board.width, setup.board.height
    if not patterns or any(not p for p in patterns):
        return [(col, row) for col in range(w) for row in range(h)]
    held = [c for c, (o, _) in final.items() if o == owner and zone(setup, c, owner) == "enemy"]
    if len(held) < min(len(p) for p in patterns):
        return []
    out = set()
    for pattern in patterns:
        for off in pattern:
            dx, dy = orient(off, owner)
            for c in held:
                cell = (c[0] - dx, c[1] - dy)
                if 0 <= cell[0] < w and 0 <= cell[1] < h:
                    out.add(cell)
    return sorted(out)


def decide(state: State) -> Outcome | None:
    """The end: a captured Source, no units left, no pair of one type on either side, or the
    host's turn limit (a draw)."""
    names = state.players
    captured = state.last.captured
    if len(captured) == 2:
        return Outcome(None, "sources", "both Sources were captured in the same turn: a draw")
    if captured:
        winner = 1 - captured[0]
        return Outcome(
            names[winner], "source", f"{names[winner]} captured {names[captured[0]]}'s Source"
        )
    counts = [[k for _, o, k in state.units if o == owner] for owner in (0, 1)]
    if not counts[0] and not counts[1]:
        return Outcome(None, "no_units", "both sides lost their last units: a draw")
    for owner in (0, 1):
        if not counts[owner]:
            return Outcome(
                names[1 - owner],
                "no_units",
                f"{names[1 - owner]} removed all of {names[owner]}'s units",
            )
    if all(len(set(c)) == len(c) for c in counts):
        return Outcome(None, "no_pairs", "no pair of units of the same type on any side: a draw")
    if state.turn > state.setup.rules.max_turns:
        return Outcome(None, "turn_limit", f"{state.setup.rules.max_turns} turns played: a draw")
    return None
