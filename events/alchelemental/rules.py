"""The rules of Alchelemental as pure functions of a position (each quotes its sentence)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from events.alchelemental.actions import Facing
from events.alchelemental.elements import Elem, adjust, reactive_spin
from events.alchelemental.state import AlchState, Piece, Reaction
from events.alchelemental.units import UnitKind, power_name

RULE_MATCH = (
    "To Move or Impel a unit must have a facing element match (either hex element or occupying "
    "unit's facing element) with the target hex or a hex adjacent to both mover and target."
)
RULE_POWER = (
    "Power units are special - all faces have the same element but actions points and strength "
    "are only 1 and they cannot impel. They can move in any direction with no matching required."
)
RULE_CALL_EDGE = (
    "When both of your power nodes are occupied by the matching power units: A new unit can be "
    "placed on (called to) the board on any of your own unoccupied edge hexes"
)
RULE_CALL_NODE = (
    "Otherwise: A unit can only be called to one of your own unoccupied power node hexes. If "
    "both nodes are occupied no new units may be called."
)
RULE_ONE = "Only one unit can occupy a hex."
RULE_OWN = "You cannot Impel your own unit."
RULE_CATALYSIS = (
    "A catalysis consists of selecting (or calling) a unit then having it perform a number of "
    "actions not exceeding that unit's action number."
)
RULE_TURN = (
    "A turn consists of one player initiating 2 catalyses followed by the other player "
    "initiating 2 catalyses."
)
RULE_GOAL = "Goal: Eliminate both opposing power units or occupy both opponent power nodes."


def roster(state: AlchState, side: int) -> tuple[str, ...]:
    """A player's 24 units: the 22 named units (of the duel's units) and the two power units
    matching their power nodes."""
    board = state.board
    powers = tuple(power_name(board.elements[h]) for h in board.nodes[side])
    return (*powers, *state.units.named)


def matching_hexes(state: AlchState, piece: Piece) -> dict[int, str]:
    """The neighbouring hexes whose element or occupant's facing element matches the face
    `piece` turns toward them: direction -> why."""
    out: dict[int, str] = {}
    board = state.board
    for d in range(6):
        h = board.neighbour(piece.hex, d)
        if h is None:
            continue
        face = piece.face(d)
        if board.elements[h] == face:
            out[d] = f"the {face.word} hex {board.place_name(h)}"
            continue
        other = state.at(h)
        if other is not None and other.face((d + 3) % 6) == face:
            out[d] = f"the {face.word} face of {other.name}"
    return out


def has_match(state: AlchState, piece: Piece, direction: int) -> bool:
    """RULE_MATCH: the target hex, or one of the two hexes adjacent to both (the mover's
    neighbours on either side of the direction)."""
    if piece.kind.is_power:
        return True
    found = matching_hexes(state, piece)
    return any((direction + k) % 6 in found for k in (-1, 0, 1))


def call_hexes(state: AlchState, side: int) -> dict[str, int]:
    """Where `side` may call a unit now (notation name -> hex)."""
    board = state.board
    nodes = board.nodes[side]
    matched = all(
        (p := state.at(h)) is not None
        and p.owner == side
        and p.kind.is_power
        and p.kind.faces[0] == board.elements[h]
        for h in nodes
    )
    edges = board.edge_hexes(side)
    if matched:
        return {n: h for n, h in edges.items() if state.at(h) is None}
    return {n: h for n, h in edges.items() if h in nodes and state.at(h) is None}


def uncalled(state: AlchState, side: int) -> tuple[str, ...]:
    """ "Once all units have been called, no further calls are possible. Eliminated units
    cannot be called again.\""""
    return tuple(n for n in roster(state, side) if n not in state.called[side])


@cache
def orientations(kind: UnitKind) -> dict[tuple[Elem, ...], tuple[bool, int]]:
    """Every distinct way a unit can lie (faces by direction) -> (mirrored, rot), the
    first (unmirrored, least spin) kept when two ways look the same."""
    out: dict[tuple[Elem, ...], tuple[bool, int]] = {}
    for mirrored in (False, True) if kind.mirrors else (False,):
        ring = kind.ring(mirrored)
        for rot in range(6):
            faces = tuple(ring[(d - rot) % 6] for d in range(6))
            out.setdefault(faces, (mirrored, rot))
    return out


def fits(faces: Sequence[Elem], facings: Sequence[Facing]) -> bool:
    return all(faces[d] == e for e, ds in facings for d in ds)


def resolve_facings(kind: UnitKind, facings: Sequence[Facing]) -> list[tuple[bool, int]]:
    """The distinct ways `kind` can lie with these facings ("elements and facing directions
    sufficient to force correct spin and mirror")."""
    return [v for faces, v in orientations(kind).items() if fits(faces, facings)]


@cache
def canonical_facings(kind: UnitKind, mirrored: bool, rot: int) -> tuple[Facing, ...]:
    """The fewest whole elements (rarest first) that fix this orientation."""
    faces = tuple(kind.ring(mirrored)[(d - rot) % 6] for d in range(6))
    elems = sorted(set(faces), key=lambda e: (faces.count(e), e))
    chosen: list[Facing] = []
    while len(resolve_facings(kind, chosen)) > 1:
        e = elems.pop(0)
        chosen.append((e, tuple(d for d in (3, 4, 5, 0, 1, 2) if faces[d] == e)))
    return tuple(chosen)


def reaction(state: AlchState, mover: Piece, target: Piece, direction: int) -> Reaction:
    """ "The sides of the units that face each other determine the reactive elements"; basic
    strength, positional (both), relative and interactive (impel only) adjustments; the
    result and the reactive spins."""
    board = state.board
    ie = mover.face(direction)
    re_ = target.face((direction + 3) % 6)
    impel_basic = mover.kind.count(ie)
    impel_positional = adjust(ie, board.elements[mover.hex])
    relative = adjust(ie, board.elements[target.hex])
    interactive = adjust(ie, re_)
    repel_basic = target.kind.count(re_)
    repel_positional = adjust(re_, board.elements[target.hex])
    impel = impel_basic + impel_positional + relative + interactive
    repel = repel_basic + repel_positional
    result = "eliminated" if impel > repel else "mirror-spin" if impel == repel else "spin"
    return Reaction(
        mover.name, target.name, ie, re_, impel_basic, impel_positional, relative,
        interactive, repel_basic, repel_positional, result, reactive_spin(ie, re_),
        reactive_spin(re_, ie),
    )  # fmt: skip


def winner(state: AlchState) -> tuple[int, str] | None:
    """RULE_GOAL, checked for the player acting first (only their actions change the board)."""
    for side in (state.to_move, 1 - state.to_move):
        enemy = 1 - side
        powers = [n for n in roster(state, enemy) if state.units[n].is_power]
        if all(n in state.eliminated[enemy] for n in powers):
            return side, "powers"
        held = [state.at(h) for h in state.board.nodes[enemy]]
        if all(p is not None and p.owner == side for p in held):
            return side, "nodes"
    return None
