"""The catalog a bot reads from the public view, parsed once per catalog content.

Every bot of every seat reads the same catalog JSON every round; parsing it costs more than
a bot's whole decision, so the typed catalog is kept by the JSON's canonical text. Writing
that text costs too, and every seat at a table is handed the same view object in a round
(views are read-only), so the last object seen is remembered with its catalog.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, TypeVar

from events.alchemy.catalog import Catalog as AlchemyCatalog
from events.summoners.catalog import Catalog as SummonersCatalog

KEPT = 16
Typed = TypeVar("Typed")
_last: dict[str, tuple[Mapping[str, Any], Any]] = {}
"""event -> (the last catalog JSON object read, its typed catalog); holding the object keeps
its id from being reused by another"""


def alchemy_catalog(data: Mapping[str, Any]) -> AlchemyCatalog:
    return _read("alchemy", data, _alchemy)


def summoners_catalog(data: Mapping[str, Any]) -> SummonersCatalog:
    return _read("summoners", data, _summoners)


def _read(event: str, data: Mapping[str, Any], parse: Callable[[str], Typed]) -> Typed:
    seen = _last.get(event)
    if seen is not None and seen[0] is data:
        typed: Typed = seen[1]
        return typed
    typed = parse(json.dumps(data, sort_keys=True))
    _last[event] = (data, typed)
    return typed


@lru_cache(maxsize=KEPT)
def _alchemy(text: str) -> AlchemyCatalog:
    return AlchemyCatalog.from_json(json.loads(text))


@lru_cache(maxsize=KEPT)
def _summoners(text: str) -> SummonersCatalog:
    return SummonersCatalog.from_json(json.loads(text))
