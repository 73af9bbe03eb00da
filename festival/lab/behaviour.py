"""Each event's behaviour figures (events.behaviour), found through the registry: which
figures an event has, their columns in the lab's players table, and a game's measures."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, NamedTuple

from events.behaviour import Behaviour, Figure
from festival.core.registry import event, event_names, load


class Conduct(NamedTuple):
    """How one player played one event of a game: one value per figure of the event, in
    order. A named tuple, as are the lab's other per-player results (they travel from the
    workers by pickle)."""

    player: str
    event: str
    figures: tuple[float, ...]


def behaviour(event_name: str) -> Behaviour | None:
    """The event's behaviour figures and their measure, or None (it names none)."""
    spec = event(event_name).behaviour
    return None if spec is None else _loaded(spec)


@cache
def _loaded(spec: str) -> Behaviour:
    found = load(spec, "behaviour")
    if not isinstance(found, Behaviour):
        raise TypeError(f"{spec} is not an events.behaviour.Behaviour")
    return found


def figures(event_name: str) -> tuple[Figure, ...]:
    b = behaviour(event_name)
    return () if b is None else b.figures


def column(event_name: str, figure: Figure) -> str:
    """The figure's column in the players table."""
    return f"{event_name}_{figure.name}"


def columns() -> tuple[str, ...]:
    """Every event's behaviour columns, in the registry's order."""
    return tuple(column(e, f) for e in event_names() for f in figures(e))


def conduct(event_name: str, state: Any) -> tuple[Conduct, ...]:
    """Every player's figures in the event's final `state` (none when it names none)."""
    b = behaviour(event_name)
    if b is None:
        return ()
    measured: Mapping[str, tuple[float, ...]] = b.measure(state)
    return tuple(Conduct(p, event_name, values) for p, values in measured.items())


def by_label() -> dict[str, Figure]:
    """Every event's figures by their label (the report's behaviour columns)."""
    return {f.label: f for e in event_names() for f in figures(e)}
