"""What Element offers every front end (events/offers.py): its shortcut verb `take N`, the draw
of the turn's stones."""

from __future__ import annotations

from events.offers import Offers, Shortcut

TAKE = Shortcut(
    verb="take",
    command="draw",
    help="draw the stones of the turn",
    player_help="draw your stones (with the duel's seed)",
    count="how many stones (0-4)",
    detail="stones",
    detail_help="e.g. FWEA",
    host_help="record stones drawn elsewhere (a dice bot)",
)
OFFERS = Offers(shortcuts=(TAKE,))
