"""Line charts over the rounds as Vega-Lite specs: each player in their own colour (the same
on every chart), with a legend. Drawn with `st.vega_lite_chart`, which costs a few
milliseconds where `st.line_chart` builds an Altair chart at every rerun."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dashboard.people import markdown_table
from dashboard.toggles import kept_toggle

SHOW_CHART = "Show as a chart"


def rounds_chart(
    rows: Sequence[Mapping[str, Any]], value: str, colours: Mapping[str, str]
) -> dict[str, Any]:
    """`rows`: {"round", "player", value} each; one line per player, in the player's colour."""
    players = [p for p in colours if any(r["player"] == p for r in rows)]
    players += sorted({str(r["player"]) for r in rows} - set(players))
    return {
        "data": {"values": [dict(r) for r in rows]},
        "mark": {"type": "line", "point": True},
        "encoding": {
            "x": {"field": "round", "type": "ordinal", "axis": {"labelAngle": 0}},
            "y": {"field": value, "type": "quantitative"},
            "color": {
                "field": "player",
                "type": "nominal",
                "scale": {
                    "domain": players,
                    "range": [colours.get(p, "#000000") for p in players],
                },
                "legend": {"orient": "right", "title": "player"},
            },
            "tooltip": [
                {"field": "player", "type": "nominal"},
                {"field": "round", "type": "ordinal"},
                {"field": value, "type": "quantitative", "format": ",.2~f"},
            ],
        },
    }


def draw_rounds_chart(
    st: Any, rows: Sequence[Mapping[str, Any]], value: str, colours: Mapping[str, str]
) -> None:
    st.vega_lite_chart(rounds_chart(rows, value, colours))


def table_or_chart(
    st: Any,
    key: str,
    table: Sequence[Mapping[str, Any]],
    rows: Sequence[Mapping[str, Any]],
    value: str,
    colours: Mapping[str, str],
) -> None:
    """The figures over the rounds as `table` (a row per player), or as a chart when the host
    asks (`key`: the toggle, kept for the session): a browser's first chart loads Vega,
    about a second."""
    if kept_toggle(st, SHOW_CHART, key):
        draw_rounds_chart(st, rows, value, colours)
    else:
        st.markdown(markdown_table(table))
