"""How each player played an event, in a few numbers: the balance lab's behaviour figures.

An event names its figures and measures them from its final state (what every player
submitted and what came of it), once a game: the lab shows them per strategy, so a designer
sees how the strategies differ in play (risk, timing, specialisation), not only in score.
Each event's registry entry names its `Behaviour` ("events.<event>.behaviour:BEHAVIOUR").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Figure:
    """One behaviour figure of an event."""

    name: str
    """a column name, with no spaces ("focus"): the lab's tables hold it as EVENT_NAME"""
    label: str
    """for people ("both bolts on one square")"""
    percent: bool = False
    """a share (0 to 1), shown as a percentage; else a number a game"""


@dataclass(frozen=True)
class Behaviour:
    """An event's behaviour figures and the function measuring them."""

    figures: tuple[Figure, ...]
    measure: Callable[[Any], Mapping[str, tuple[float, ...]]]
    """final state -> player -> one value per figure, in order (NaN: nothing to measure,
    e.g. a share of bolts for a player who fired none)"""
