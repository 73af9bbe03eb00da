"""How each player played Alchemy, from the final state (the lab's behaviour figures, beside
the machines bought, when and which, that the lab counts from the submissions): the coins
left unspent at the end (coins score nothing, so they are risk not taken) and the constructs
sold over the game (many cheap sales, or few rich ones).
"""

from __future__ import annotations

from collections.abc import Mapping

from events.alchemy.model import AlchemyState
from events.behaviour import Behaviour, Figure

FIGURES = (
    Figure("coins_left", "coins left (end)"),
    Figure("constructs_sold", "constructs sold"),
)


def measure(state: AlchemyState) -> Mapping[str, tuple[float, ...]]:
    books = state.books
    return {p: (float(books[p].coins), float(sum(books[p].sold.values()))) for p in state.players}


BEHAVIOUR = Behaviour(FIGURES, measure)
