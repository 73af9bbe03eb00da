"""The balance lab's charts as Vega-Lite specs: a value per row with its 95% interval drawn
as a bar (or point) and an error rule, a reference line where one helps."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from festival.core import palette

FLAG_COLOURS = {"": palette.NEUTRAL, "flagged": palette.PLAYERS[2]}
"""a row as usual (grey) and a flagged row (orange), from the project's palette"""


def interval_chart(
    rows: Sequence[Mapping[Any, Any]],
    category: str,
    value: str,
    low: str,
    high: str,
    title: str,
    reference: float | None = None,
) -> dict[str, Any]:
    """One bar per `category` at `value`, an error rule from `low` to `high`, flagged rows in
    red (a row's "flagged", else whether it has a "flag"; "too small to conclude" is no
    flag), and a dashed rule at `reference` (a fair share, zero) when given."""
    values = [
        {
            category: str(r[category]),
            value: _number(r[value]),
            low: _number(r[low]),
            high: _number(r[high]),
            "flag": str(r.get("flag") or ""),
            "shown": "flagged" if r.get("flagged", bool(r.get("flag"))) else "",
        }
        for r in rows
    ]
    order = [v[category] for v in values]
    x = {"field": category, "type": "nominal", "sort": order, "axis": {"labelAngle": -30}}
    layers: list[dict[str, Any]] = [
        {
            "mark": {"type": "bar"},
            "encoding": {
                "x": x,
                "y": {"field": value, "type": "quantitative", "title": title},
                "color": {
                    "field": "shown",
                    "type": "nominal",
                    "scale": {"domain": list(FLAG_COLOURS), "range": list(FLAG_COLOURS.values())},
                    "legend": None,
                },
                "tooltip": [
                    {"field": category, "type": "nominal"},
                    {"field": value, "type": "quantitative", "format": ",.3~f"},
                    {"field": low, "type": "quantitative", "format": ",.3~f"},
                    {"field": high, "type": "quantitative", "format": ",.3~f"},
                    {"field": "flag", "type": "nominal"},
                ],
            },
        },
        {
            "mark": {"type": "rule", "color": "black"},
            "encoding": {
                "x": x,
                "y": {"field": low, "type": "quantitative"},
                "y2": {"field": high},
            },
        },
    ]
    if reference is not None:
        layers.append(
            {
                "data": {"values": [{"ref": reference}]},
                "mark": {"type": "rule", "strokeDash": [4, 4], "color": "gray"},
                "encoding": {"y": {"field": "ref", "type": "quantitative"}},
            }
        )
    return {"data": {"values": values}, "layer": layers}


def _number(x: Any) -> float | None:
    """JSON-safe: NaN (an interval of one sample) becomes null."""
    if x is None:
        return None
    f = float(x)
    return None if math.isnan(f) else f
