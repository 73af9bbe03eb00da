"""The host's event pages' pictures drawn in the background, once per match version, while
the host is still on the first page: a page module may name a `prepare(event)` (Summoner's
Dream draws its defences as PNG, about 0.3 s), which the first switch to the page would
otherwise wait for. What is drawn is kept by content (the page's own cache): a picture is
only ever shown by the page that asks for the same content, so nothing reaches a session
that would not draw it itself."""

from __future__ import annotations

import threading
from typing import Any

from dashboard.match_data import MatchData
from festival.core import registry
from festival.core.registry import RegistryError

_started: set[tuple[int, str]] = set()
"""the (match value, event) whose pictures were asked for (a match value is kept by the
dashboard's cache while its version lasts)"""


def prepare_pages(data: MatchData) -> None:
    """Start, once per match value, a background thread running each event page's
    `prepare` on the host's match value `data`."""
    jobs: list[tuple[Any, Any]] = []
    for event in data.events.values():
        page = registry.event(event.event).page
        if page is None or (id(data), event.event) in _started:
            continue
        _started.add((id(data), event.event))
        try:
            jobs.append((registry.load(page.partition(":")[0] + ":prepare"), event))
        except RegistryError:  # a page with nothing to prepare
            continue
    if jobs:
        threading.Thread(
            target=lambda: [job(event) for job, event in jobs], name="festival-prepare", daemon=True
        ).start()
