"""What Alchelemental offers every front end (events/offers.py): its two boards, the Duelling
Pit and the Battleground (each a variant of that name), or a board file of the host's."""

from __future__ import annotations

from events.offers import Boards, Offers

BOARDS = Boards(("pit", "battleground"), option="board")
OFFERS = Offers(boards=BOARDS)
