"""The desk's choice of how strong the bot plays (easy, medium, hard: docs/duels-guide.md)."""

from __future__ import annotations

from typing import Any

from festival.duels.levels import DEFAULT_LEVEL, LEVEL_NAMES, Level


def bot_level(column: Any, key: str) -> Level:
    """A select box in `column` (a Streamlit container) for the bot's level; the level."""
    chosen = column.selectbox(
        "Bot level", LEVEL_NAMES, index=LEVEL_NAMES.index(DEFAULT_LEVEL.value), key=key
    )
    return Level(chosen)
