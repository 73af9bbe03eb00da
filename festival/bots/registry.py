"""The named strategies a lab run (or the sample festival) can seat at a table.

Every strategy name is defined for every festival event, so a player keeps one strategy
across the two events they play. A bot sees only its player's views (the engine's
`public_view` and `private_view`) and answers with the canonical JSON of a submission.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import numpy as np

from festival.bots.alchemy import alchemy_bot
from festival.bots.alchemy_planner import cautious_alchemy, greedy_alchemy, specialist_alchemy
from festival.bots.continuum import continuum_bot
from festival.bots.continuum_hunter import (
    cautious_continuum,
    finisher_continuum,
    hunter_continuum,
)
from festival.bots.summoners import summoners_bot
from festival.bots.summoners_value import (
    cautious_summoners,
    specialist_summoners,
    value_summoners,
)

Bot = Callable[
    [Mapping[str, Any], Mapping[str, Any], str, int, np.random.Generator], dict[str, Any]
]

STRATEGIES: dict[str, dict[str, Bot]] = {
    "random": {
        "alchemy": alchemy_bot,
        "continuum": continuum_bot,
        "summoners": summoners_bot,
    },
    "greedy": {
        "alchemy": greedy_alchemy,
        "continuum": hunter_continuum,
        "summoners": value_summoners,
    },
    "cautious": {
        "alchemy": cautious_alchemy,
        "continuum": cautious_continuum,
        "summoners": cautious_summoners,
    },
    "specialist": {
        "alchemy": specialist_alchemy,
        "continuum": finisher_continuum,
        "summoners": specialist_summoners,
    },
}
"""strategy name -> event -> bot ("random" is the first, weak bot kept as a baseline)"""

STRONGEST = ("greedy", "cautious", "specialist")
"""the strategies that play to win (the sample festival and the default lab field)"""


FORCEABLE: dict[tuple[str, str], Callable[..., dict[str, Any]]] = {
    (strategy, event): play
    for strategy, bots in STRATEGIES.items()
    for event, play in bots.items()
    if play
    in (
        greedy_alchemy,
        cautious_alchemy,
        specialist_alchemy,
        value_summoners,
        cautious_summoners,
        specialist_summoners,
    )
}
"""the bots that take `must=ITEM`: they buy that item first when they can, and plan around
it (a lab's paired experiment: the item forced vs not)"""


def forcing_bot(strategy: str, event: str, item: str) -> Bot | None:
    """`strategy`'s bot for `event`, made to buy `item` when it can (None: it cannot be)."""
    play = FORCEABLE.get((strategy, event))
    return None if play is None else partial(play, must=item)


def bot(strategy: str, event: str) -> Bot:
    """The bot playing `event` for `strategy` (KeyError names an unknown one)."""
    if strategy not in STRATEGIES:
        raise KeyError(f"no strategy {strategy!r} (known: {', '.join(STRATEGIES)})")
    return STRATEGIES[strategy][event]
