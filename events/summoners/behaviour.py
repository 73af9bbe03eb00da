"""How each player played Summoner's Dream, from the final state (the lab's behaviour
figures, beside the towers and familiars bought, when and which, that the lab counts from
the submissions): the coins left unspent at the end (coins score nothing, so they are risk
not taken), the familiars sent to invade (attack) and the towers placed (defence) over the
game.
"""

from __future__ import annotations

from collections.abc import Mapping

from events.behaviour import Behaviour, Figure
from events.summoners.model import SummonersState

FIGURES = (
    Figure("coins_left", "coins left (end)"),
    Figure("familiars_sent", "familiars sent"),
    Figure("towers_placed", "towers placed"),
)


def measure(state: SummonersState) -> Mapping[str, tuple[float, ...]]:
    return {
        p: (float(state.coins[p]), float(state.sent[p]), float(state.built[p]))
        for p in state.players
    }


BEHAVIOUR = Behaviour(FIGURES, measure)
