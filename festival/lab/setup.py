"""A lab job's catalog and option sets: the shipped catalogs, a designer's files, options.

Set "A" is what the job measures; set "B", when given, is played on the same seeds for a
side-by-side comparison (festival.lab.report.compare_catalogs).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from festival.core.errors import MatchError
from festival.core.options import catalog_files, event_options
from festival.core.registry import event_names
from festival.match.catalogs import catalog_options
from festival.match.engines import load_engines

FIRST, SECOND = "A", "B"


def option_set(catalogs: list[str], options: list[str]) -> dict[str, dict[str, Any]]:
    """event -> options, from --catalog EVENT=FILE and --option EVENT.NAME=VALUE items
    (the shipped catalog where none is given); every problem is reported at once."""
    events = event_names()
    engines = load_engines({}, events)
    out: dict[str, dict[str, Any]] = {e: {} for e in events}
    for event, extra in catalog_options(engines, catalog_files(catalogs)).items():
        out[event].update(extra)
    for event, extra in event_options(options).items():
        out[event].update(extra)
    problems = [
        p
        for e, eng in engines.items()
        for p in eng.check_options({**eng.default_options(), **out[e]})
    ]
    if problems:
        raise MatchError("; ".join(problems))
    return out


def option_sets(
    catalogs: list[str],
    options: list[str],
    compare_catalogs: list[str],
    compare_options: list[str],
) -> dict[str, Mapping[str, Mapping[str, Any]]]:
    """label -> option set: "A", and "B" when anything is given to compare with."""
    out: dict[str, Mapping[str, Mapping[str, Any]]] = {FIRST: option_set(catalogs, options)}
    if compare_catalogs or compare_options:
        out[SECOND] = option_set(compare_catalogs, compare_options)
    return out


def describe(catalogs: list[str], options: list[str]) -> str:
    parts = [f"catalog {c}" for c in catalogs] + [f"option {o}" for o in options]
    return ", ".join(parts) or "the shipped catalogs and default options"
