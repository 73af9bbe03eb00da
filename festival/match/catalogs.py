"""Event catalogs (Alchemy's materials and machines, Summoner's Dream's towers and maps):
read from a workbook when a match is created (or given already read, `GivenCatalog`: the
lab's) and stored in the match's options, so a match keeps playing by the catalog it began
with even if the file changes."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from festival.core.errors import MatchError
from festival.core.paths import fixture
from festival.match.acts import GivenCatalog
from festival.match.engines import AnyEngine
from sheets.xlsx_reader import read_workbook

CATALOG = "catalog"


def catalog_options(
    engines: Mapping[str, AnyEngine], files: Mapping[str, Path | GivenCatalog]
) -> dict[str, dict[str, Any]]:
    """event -> {"catalog": JSON} for every event that has a catalog: the host's file (or the
    catalog given already read) when given, else the shipped default. Every problem in a file
    is reported at once; a catalog given as read is checked with the event's options when
    the match is made."""
    out: dict[str, dict[str, Any]] = {}
    for event in files:
        if event not in engines or engines[event].catalog_fixture is None:
            raise MatchError(f"{event} takes no catalog")
    for event, engine in engines.items():
        if engine.catalog_fixture is None:
            continue
        given = files.get(event)
        if isinstance(given, GivenCatalog):
            out[event] = {CATALOG: given.content}
            continue
        path = given or fixture(*engine.catalog_fixture.split("/"))
        content, errors = engine.load_catalog(read_workbook(path))
        if errors:
            raise MatchError(
                f"{path} is not a usable {engine.title} catalog:\n"
                + "\n".join(f"  {e.where}: {e.message}" for e in errors)
            )
        out[event] = {CATALOG: content}
    return out
