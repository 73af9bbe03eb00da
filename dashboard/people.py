"""Figures for people on the dashboard: decimals with sensible places, ranks as whole numbers,
words instead of true/false. The exact values stay in the JSON (`festival standings --json`)
and in each page's "Exact figures" detail."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from dashboard.toggles import kept_toggle
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
    """The exact values behind a table, on demand (host pages): behind a toggle kept for the
    session, not an expander, whose closed content a browser draws all the same (a JSON
    viewer of hundreds of elements on every switch to the page)."""
    key = "exact_" + "".join(c if c.isalnum() else "_" for c in label.lower())
    if kept_toggle(st, f"Exact figures: {label}", key):
        st.json(value, expanded=True)


MARKDOWN_SPECIAL = "\\`*_[]|<>#~$:"
"""what Markdown (and Streamlit's, with its $maths$ and :colour[words]) would read as markup
in a table cell: written with a backslash before it"""


def cell_text(value: Any) -> str:
    """A table cell's text as Markdown shows it as is (one line, markup escaped)."""
    text = " ".join(str(value).split())
    return "".join(f"\\{c}" if c in MARKDOWN_SPECIAL else c for c in text)


def markdown_table(rows: Sequence[Mapping[str, Any]]) -> str:
    """Rows (each the same keys) as a Markdown table: a plain table in the browser, drawn
    with the page's Markdown, where `st.table` sends the rows through pandas and Arrow (the
    first page's server loads neither) and draws each cell as a Markdown element of its own."""
    if not rows:
        return ""
    heads = list(rows[0])
    lines = ["| " + " | ".join(cell_text(h) for h in heads) + " |"]
    lines.append("|" + "---|" * len(heads))
    lines += ["| " + " | ".join(cell_text(r.get(h, "")) for h in heads) + " |" for r in rows]
    return "\n".join(lines)
