"""Which engine runs which event: the defaults, and the host's (or a test's) overrides."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from events.engine import EventEngine
from festival.core import registry
from festival.core.errors import EngineError

AnyEngine = EventEngine[Any, Any]


def load_engine(spec: str) -> AnyEngine:
    """Instantiate the engine class named by "package.module:ClassName" (the registry's loader,
    its failures said as the engine's)."""
    try:
        cls = registry.load(spec, "engine")
    except registry.RegistryError as exc:
        raise EngineError(str(exc)) from exc
    if not (isinstance(cls, type) and issubclass(cls, EventEngine)):
        raise EngineError(f"{spec} is not an EventEngine class")
    engine: AnyEngine = cls()
    return engine


def load_engines(overrides: Mapping[str, str], events: tuple[str, ...]) -> dict[str, AnyEngine]:
    """event -> engine, for the events that have one."""
    return {e: load_engine(spec) for e, spec in engine_specs(overrides, events).items()}


def engine_specs(overrides: Mapping[str, str], events: tuple[str, ...]) -> dict[str, str]:
    """event -> engine spec, for the events that have one (overrides first, then the engine
    the registry names for the event)."""
    out: dict[str, str] = {}
    for e in events:
        spec = overrides.get(e) or default_engine(e)
        if spec:
            out[e] = spec
    return out


def default_engine(event: str) -> str | None:
    """The registered engine spec of `event` (None: no registered event of that name)."""
    return registry.event(event).engine if event in registry.event_names() else None
