"""Elemental Halma's actions: move one elemental one square; confirm (the move is judged, the
turn passes) and concede are the shared ones (events/duel.py)."""

from __future__ import annotations

from dataclasses import dataclass

from events.duel import Concede, Confirm
from events.halma.board import Spot


@dataclass(frozen=True)
class Move:
    """Move the elemental on `frm` to `to` (a neighbouring square; capturing what is there).

    Squares are cells (column, row); board.MATERIAL is the material plane, and any cell inside
    the material plane means the material plane."""

    frm: Spot
    to: Spot


Action = Move | Confirm | Concede

__all__ = ["Action", "Concede", "Confirm", "Move"]
