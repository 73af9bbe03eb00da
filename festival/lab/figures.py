"""Figures as people read them: percentages and decimals with a fixed number of places,
intervals as "LOW to HIGH", and nothing at all for a missing figure."""

from __future__ import annotations

import math
from typing import Any


def missing(x: object) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x)) or str(x) == "<NA>"


def pct(x: Any) -> str:
    return "" if missing(x) else f"{100 * x:.1f}%"


def pct_range(lo: Any, hi: Any) -> str:
    return "" if missing(lo) or missing(hi) else f"{100 * lo:.1f} to {100 * hi:.1f}%"


def num(x: Any, places: int = 2, sign: bool = False) -> str:
    return "" if missing(x) else f"{x:{'+' if sign else ''}.{places}f}"


def num_range(lo: Any, hi: Any, places: int = 2, sign: bool = False) -> str:
    if missing(lo) or missing(hi):
        return ""
    return f"{num(lo, places, sign)} to {num(hi, places, sign)}"
