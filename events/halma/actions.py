"""Elemental Halma's actions: move one elemental one square, confirm the turn, concede."""

from __future__ import annotations

from dataclasses import dataclass

from events.halma.board import Spot


@dataclass(frozen=True)
class Move:
    """Move the elemental on `frm` to `to` (a neighbouring square; capturing what is there).

    Squares are cells (column, row); board.MATERIAL is the material plane, and any cell inside
    the material plane means the material plane."""

    frm: Spot
    to: Spot


@dataclass(frozen=True)
class Confirm:
    """The player confirms the turn's move: it is judged, the turn passes, no undo."""


@dataclass(frozen=True)
class Concede:
    """The player's side loses: they resign ("resign") or ran out of time ("time")."""

    reason: str = "resign"


Action = Move | Confirm | Concede
