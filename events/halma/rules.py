"""Elemental Halma's rules on a position (board and pieces): moves, captures, capturability
and the winning conditions. Pure functions; `cells[square]` is a Colour value or 0."""

from __future__ import annotations

from collections.abc import Sequence

from events.halma.board import PREY, SIDE_COLOURS, Board, Colour

RULE_MOVE = (
    "Elementals move one square horizontally, vertically or diagonally. An elemental may not "
    "move onto a square occupied by another elemental unless it is capturing it."
)
RULE_MATERIAL = (
    "An elemental on the material plane may move to any square adjacent to the material "
    "plane, including to capture."
)
RULE_CAPTURE = "each element may only capture one other type of element"
RULE_POWER = "Elementals on points of power may not be captured."
RULE_OWN_PLANE = "Elementals on their own elemental plane can not be captured"
RULE_CAPTURABLE = (
    "After the first four turns (two moves from each player in a two player game, or one move "
    "from each player in a four player game), at least one of each color of elemental must be "
    "able to be captured"
)
RULE_FIRST_TWO = "The first two moves by each player must move elementals of different colors"
OPENING_TURNS = 4


def capturable(board: Board, cells: Sequence[int], square: int) -> bool:
    """The elemental on `square` can be captured: it is not on a point of power nor on its
    own elemental plane (the void, the material plane or another element's plane)."""
    piece = cells[square]
    return bool(piece) and not board.power[square] and board.plane[square] != piece


def colour_capturable(board: Board, cells: Sequence[int], colour: int) -> bool:
    return any(p == colour and capturable(board, cells, i) for i, p in enumerate(cells))


def uncapturable_colours(board: Board, cells: Sequence[int]) -> tuple[Colour, ...]:
    """Elements none of whose elementals can be captured (eliminated ones included)."""
    able = {p for i, p in enumerate(cells) if p and capturable(board, cells, i)}
    return tuple(c for c in Colour if c not in able)


def eliminated(cells: Sequence[int]) -> tuple[Colour, ...]:
    present = set(cells)
    return tuple(c for c in Colour if c not in present)


def power_holder(board: Board, cells: Sequence[int]) -> int | None:
    """The side (0 Earth/Fire, 1 Water/Air) with elementals on all points of power, if any."""
    sides = {Colour(cells[i]).side if cells[i] else None for i in board.power_squares()}
    if len(sides) == 1:
        side = next(iter(sides))
        return side
    return None


def step_error(board: Board, cells: Sequence[int], frm: int, to: int) -> tuple[str, str] | None:
    """(code, words) of what is wrong with moving the elemental on `frm` to `to` by the
    movement and capturing rules alone; None if it may."""
    piece = cells[frm]
    if not piece:
        return "halma.move.empty", "no elemental stands there"
    if to not in board.neighbours[frm]:
        where = "the material plane" if frm == board.material else "it"
        return "halma.move.far", f"{board.name(to)} is not a square next to {where}"
    target = cells[to]
    if not target:
        return None
    mover = Colour(piece)
    if target != PREY[mover]:
        what = Colour(target).word
        if Colour(target).side == mover.side:
            return "halma.move.occupied", f"a {what} elemental of the same side stands there"
        return (
            "halma.capture.type",
            f"{mover.word} captures {PREY[mover].word} only, not {what}",
        )
    if board.power[to]:
        return "halma.capture.power", "an elemental on a point of power may not be captured"
    if board.plane[to] == target:
        return (
            "halma.capture.own-plane",
            f"a {Colour(target).word} elemental on its own plane can not be captured",
        )
    return None


def moved(cells: Sequence[int], frm: int, to: int) -> tuple[int, ...]:
    out = list(cells)
    out[to] = out[frm]
    out[frm] = 0
    return tuple(out)


def side_pieces(cells: Sequence[int], side: int) -> int:
    colours = {int(c) for c in SIDE_COLOURS[side]}
    return sum(1 for p in cells if p in colours)
