"""The catalog a bot reads from the public view, parsed once per catalog content.

Every bot of every seat reads the same catalog JSON every round; parsing it costs more than
a bot's whole decision, so the typed catalog is kept by the JSON's canonical text.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from events.alchemy.catalog import Catalog as AlchemyCatalog
from events.summoners.catalog import Catalog as SummonersCatalog

KEPT = 16


def alchemy_catalog(data: Mapping[str, Any]) -> AlchemyCatalog:
    return _alchemy(json.dumps(data, sort_keys=True))


def summoners_catalog(data: Mapping[str, Any]) -> SummonersCatalog:
    return _summoners(json.dumps(data, sort_keys=True))


@lru_cache(maxsize=KEPT)
def _alchemy(text: str) -> AlchemyCatalog:
    return AlchemyCatalog.from_json(json.loads(text))


@lru_cache(maxsize=KEPT)
def _summoners(text: str) -> SummonersCatalog:
    return SummonersCatalog.from_json(json.loads(text))
