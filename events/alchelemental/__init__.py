"""Alchelemental: the hex duel of 24 units a side (rules: docs/rules/alchelemental.md;
rulings in docs/rulings.md "Alchelemental (duel)", formats in docs/formats.md).

`AlchelementalGame` is imported when first asked for: reading what the game offers the front
ends (events/alchelemental/offers.py, read while the command line builds its parser) loads no
engine and no numpy."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from events.alchelemental.game import AlchelementalGame

__all__ = ["AlchelementalGame"]


def __getattr__(name: str) -> Any:
    if name == "AlchelementalGame":
        from events.alchelemental.game import AlchelementalGame

        return AlchelementalGame
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
