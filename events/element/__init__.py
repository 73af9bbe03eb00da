"""Element: trap the other sage with fire, water, earth and air (rules:
docs/rules/element.md; rulings in docs/rulings.md, formats in docs/formats.md).

`ElementGame` is imported when first asked for: reading the game's shortcut verbs
(events/element/offers.py, which the command line reads while building its parser) loads no
engine and no numpy."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from events.element.game import ElementGame

__all__ = ["ElementGame"]


def __getattr__(name: str) -> Any:
    if name == "ElementGame":
        from events.element.game import ElementGame

        return ElementGame
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
