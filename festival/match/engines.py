"""Which engine runs which event: the defaults, and the host's (or a test's) overrides."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from events.engine import EventEngine
from festival.core.errors import EngineError as EngineError

AnyEngine = EventEngine[Any, Any]

DEFAULT_ENGINES: dict[str, str] = {
    "alchemy": "events.alchemy:AlchemyEngine",
    "continuum": "events.continuum:ContinuumEngine",
    "summoners": "events.summoners:SummonersEngine",
}
"""event -> "module:Class" of the engine shipped for it (events add themselves as they land)"""


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
    """event -> engine spec, for the events that have one (overrides first, then defaults)."""
    out: dict[str, str] = {}
    for e in events:
        spec = overrides.get(e) or DEFAULT_ENGINES.get(e)
        if spec:
            out[e] = spec
    return out
