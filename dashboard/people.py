"""Figures for people on the dashboard: decimals with sensible places, ranks as whole numbers,
words instead of true/false. The exact values stay in the JSON (`festival standings --json`)
and in each page's "Exact figures" detail."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from events.numbers import decimal_text

NONE = "–"
"""a cell with no value (a player who does not play that event)"""


def figure(value: Any) -> str:
    """3.5 for "7/2", 55.67 for "167/3", 36 for 36; words stay words."""
    if value is None:
        return NONE
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | Fraction):
        return decimal_text(value)
    try:
        return decimal_text(str(value))
    except (ValueError, ZeroDivisionError):
        return str(value)


def number(value: Any) -> float:
    """A figure for a chart axis (charts need floats; the tables show the decimals)."""
    return float(Fraction(value))


def rank(value: Any) -> str:
    """An event rank as a whole number ("1", not 1.0000)."""
    return NONE if value is None else str(int(value))


def ranking_rows(ranking: Sequence[Mapping[str, Any]], score: str) -> list[dict[str, Any]]:
    """An event's ranking (its JSON form) as table rows for people (ranks stay whole numbers,
    so the table sorts by them)."""
    return [
        {
            "rank": int(e["rank"]),
            "player": str(e["player"]),
            score: figure(e["score"]),
            **{name: figure(v) for name, v in e["tiebreaks"].items()},
        }
        for e in ranking
    ]


def exact_figures(st: Any, label: str, value: Any) -> None:
    """The exact values behind a table, on demand (host pages)."""
    with st.expander(f"Exact figures: {label}"):
        st.json(value, expanded=True)
