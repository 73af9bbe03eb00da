"""What a player privately reads of their own board after a round of bolts: which of their
tiles broke, in which of their wards, and whether a ward broke down.

Only what the player may know: the broken tiles are announced to everyone ("When a ward tile
is broken on someone's board, it will be announced"), and the player knows their own wards.
Whose bolts broke them stays secret ("The bolts fired and the players who fired them will not
be revealed"), and the report says so rather than leave the player to wonder."""

from __future__ import annotations

from collections.abc import Sequence

from events.continuum.board import BREAKDOWN_TILES, Ward
from events.continuum.elements import Element
from events.continuum.model import ContinuumState
from events.continuum.scoring import unbroken_tiles
from events.continuum.squares import Square, squares_text

SECRET = "whose bolts broke them is never revealed"


def board_lines(state: ContinuumState, player: str, broken_now: Sequence[Square]) -> list[str]:
    """A line per ward of `player` that lost tiles this round (`broken_now`: the tiles of their
    board broken this round), then the tiles that stand."""
    board = state.boards[player]
    standing = _standing(state, player)
    if not broken_now:
        return ["No tile of your board broke this round.", f"Your board: {standing}."]
    lines = [f"Broken on your board this round ({SECRET}):"]
    hit: dict[str, list[Square]] = {}
    for sq in broken_now:
        hit.setdefault(board.ward_at(sq).label, []).append(sq)
    for ward in board.wards:
        if ward.label in hit:
            lines.append(f"- {_ward_news(state, player, ward, hit[ward.label])}")
    lines.append(f"Your board: {standing}.")
    return lines


def _standing(state: ContinuumState, player: str) -> str:
    return f"{unbroken_tiles(state, player)} of 64 tiles stand"


def _ward_news(state: ContinuumState, player: str, ward: Ward, lost: list[Square]) -> str:
    """ "C2, of your water ward W1 (P pentomino, worth 6): 3 of its 5 tiles are broken, so it
    broke down ..." """
    if ward.element is Element.NEUTRAL:
        name = f"neutral ward (worth {ward.value})"
    else:
        name = (
            f"{ward.element.value} ward {ward.label} ({ward.shape} pentomino, worth {ward.value})"
        )
    broken = sum((player, sq) in state.broken for sq in ward.squares)
    count = f"{broken} of its {len(ward.squares)} tiles {'is' if broken == 1 else 'are'} broken"
    if (player, ward.label) in state.broken_down:
        fate = (
            f", so it broke down: its {ward.value} point{'s' if ward.value != 1 else ''} no longer "
            "count for you, and everyone now sees its shape, element and worth"
        )
    else:
        fate = f"; it breaks down at {BREAKDOWN_TILES}"
    return f"{squares_text(lost)}, of your {name}: {count}{fate}."
