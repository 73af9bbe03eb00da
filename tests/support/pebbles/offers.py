"""What Pebbles offers every front end: the shortcut verb `grab N` (N stones from the first pile,
or from the pile the host names) and its heaps as boards (or a board file: a JSON list)."""

from __future__ import annotations

from events.offers import Boards, Offers, Shortcut

GRAB = Shortcut(
    verb="grab",
    command="grab",
    help="grab stones from the first pile",
    player_help="grab your stones from the first pile",
    count="how many stones (1-3)",
    detail="pile",
    detail_help="e.g. B",
    host_help="grab from the pile the host names",
)
OFFERS = Offers(shortcuts=(GRAB,), boards=Boards(("small", "big"), option="piles"))
