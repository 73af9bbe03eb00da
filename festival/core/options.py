"""The `--engine`, `--catalog` and `--option` arguments of `festival new` and `festival simulate`,
read into what a match configuration (or a lab job) takes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from festival.core.errors import MatchError
from festival.core.registry import event_name, event_names


def engine_overrides(items: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        name, sep, spec = item.partition("=")
        event = event_name(name)
        if not sep or event is None:
            raise MatchError(
                f"--engine {item!r}: expected EVENT=module:Class with EVENT one of "
                f"{', '.join(event_names())}"
            )
        out[event] = spec
    return out


def catalog_files(items: list[str]) -> dict[str, Path]:
    out: dict[str, Path] = {}
    for item in items:
        name, sep, path = item.partition("=")
        event = event_name(name)
        if not sep or event is None:
            raise MatchError(f"--catalog {item!r}: expected EVENT=FILE")
        if event in out and out[event] != Path(path):
            raise MatchError(
                f"--catalog {event} is given twice ({out[event]} and {path}); give one catalog "
                "per event"
            )
        out[event] = Path(path)
    return out


def event_options(items: list[str]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for item in items:
        key, sep, value = item.partition("=")
        name, dot, option = key.partition(".")
        event = event_name(name)
        if not sep or not dot or event is None:
            raise MatchError(f"--option {item!r}: expected EVENT.NAME=VALUE")
        try:
            parsed: Any = json.loads(value)
        except json.JSONDecodeError:
            parsed = value
        given = out.setdefault(event, {})
        if option in given and given[option] != parsed:
            raise MatchError(
                f"--option {event}.{option} is given twice ({given[option]!r} and {parsed!r}); "
                "give one value"
            )
        given[option] = parsed
    return out
