"""Element: trap the other sage with fire, water, earth and air (rule text:
../shared/rules/element.txt; rulings in docs/rulings.md, formats in docs/formats.md)."""

from events.element.game import ElementGame

__all__ = ["ElementGame"]
