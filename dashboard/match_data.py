"""What the dashboard shows of a match: the match service's read model (festival/match/
views.py), a value built once per match version and audience; no rules computed here, no
store opened."""

from __future__ import annotations

from pathlib import Path

from festival.match import service
from festival.match.views import Audience, EventData, MatchData, Version

__all__ = ["Audience", "EventData", "MatchData", "is_match", "load", "store_stamp"]


def load(folder: Path, audience: Audience) -> MatchData:
    return service.match_view(folder, audience)


def is_match(folder: Path) -> bool:
    return service.is_match(folder)


def store_stamp(folder: Path) -> Version:
    """What changes whenever the match store changes (a resolved round, an allocation): the
    dashboard keeps the replayed match until this changes."""
    return service.version(folder)
