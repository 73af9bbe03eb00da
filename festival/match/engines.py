"""Which engine runs which event: the defaults, and the host's (or a test's) overrides."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from events.engine import EventEngine
from festival.core import registry
from festival.core.errors import EngineError as EngineError

AnyEngine = EventEngine[Any, Any]


def load_engine(spec: str) -> AnyEngine:
    """Instantiate the engine class named by "package.module:ClassName"."""
    module_name, _, attr = spec.partition(":")
    if not module_name or not attr:
        raise EngineError(f"engine {spec!r} is not of the form 'package.module:Class'")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise EngineError(f"cannot import engine module {module_name!r}: {exc}") from exc
    cls = getattr(module, attr, None)
    if cls is None:
        raise EngineError(f"module {module_name!r} has no engine {attr!r}")
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
