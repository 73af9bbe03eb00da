"""The named strategies a lab run (or the sample festival) can seat at a table.

Every strategy name is defined for every festival event, so a player keeps one strategy
across the two events they play. A bot sees only its player's views (the engine's
`public_view` and `private_view`) and answers with the canonical JSON of a submission.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import numpy as np

from festival.core import registry

Bot = Callable[
    [Mapping[str, Any], Mapping[str, Any], str, int, np.random.Generator], dict[str, Any]
]


def _strategies() -> dict[str, dict[str, Bot]]:
    out: dict[str, dict[str, Bot]] = {}
    for entry in registry.events():
        for strategy, spec in entry.bots.items():
            out.setdefault(strategy, {})[entry.name] = registry.load(spec)
    return out


STRATEGIES: dict[str, dict[str, Bot]] = _strategies()
"""strategy name -> event -> bot, from each registered event's bots ("random" is the first,
weak bot kept as a baseline)"""

STRONGEST = ("greedy", "cautious", "specialist")
"""the strategies that play to win (the sample festival and the default lab field)"""


FORCEABLE: dict[tuple[str, str], Callable[..., dict[str, Any]]] = {
    (strategy, event): play
    for strategy, bots in STRATEGIES.items()
    for event, play in bots.items()
    if "must" in inspect.signature(play).parameters
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
