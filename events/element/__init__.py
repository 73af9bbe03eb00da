"""Element: trap the other sage with fire, water, earth and air (rules:
docs/rules/element.md; rulings in docs/rulings.md, formats in docs/formats.md)."""

from events.element.game import ElementGame

__all__ = ["ElementGame"]
