"""One colour per player across the whole dashboard (charts, board titles), from the roster
order, so that a player keeps their colour from page to page and chart to chart."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from festival.core.palette import PLAYERS

PALETTE = PLAYERS
"""the project's player colours (festival/core/palette.py): distinct for the 10 players of a
festival, and for colour-blind eyes"""


def player_colours(players: Sequence[str]) -> dict[str, str]:
    """The roster's players, each with a colour (cycling beyond ten)."""
    return {p: PALETTE[i % len(PALETTE)] for i, p in enumerate(players)}


def swatch(colour: str, label: str) -> str:
    """A coloured square and its label, as inline HTML for a legend."""
    return (
        f'<span style="display:inline-block;margin-right:1em;white-space:nowrap">'
        f'<span style="display:inline-block;width:0.9em;height:0.9em;background:{colour};'
        f'border:1px solid #555;vertical-align:middle;margin-right:0.3em"></span>'
        f"{escape(label)}</span>"
    )


def legend(items: Sequence[tuple[str, str]]) -> str:
    """(colour, label) pairs as one line of HTML."""
    return "<div>" + "".join(swatch(c, label) for c, label in items) + "</div>"
