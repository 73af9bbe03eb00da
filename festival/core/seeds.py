"""Every random draw of a match comes from the match seed through a named stream.

One seed, recorded with the match, makes the whole festival reproducible: the Gamewide
Tiebreak shuffle, the allocation lottery, each event's setup, and each round's seed (which
is recorded with the round, so re-resolving a round draws exactly the same numbers).

numpy is imported by the functions that draw, not with the module: a command that draws
nothing (`festival status`, `festival --help`) does not pay for it.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

_STREAMS = {"gamewide": 1, "allocation": 2, "setup": 3, "round": 4}


def new_match_seed() -> int:
    """A fresh seed for a match whose host gave none (recorded in the match)."""
    return secrets.randbits(63)


def stream(seed: int, name: str, *extra: int) -> np.random.Generator:
    """The generator for one named purpose of a match."""
    import numpy as np

    return np.random.default_rng(np.random.SeedSequence([seed, _STREAMS[name], *extra]))


def round_seed(seed: int, round_no: int) -> int:
    """The seed recorded for a round (derived, so a replay needs nothing but the match seed)."""
    import numpy as np

    return int(np.random.SeedSequence([seed, _STREAMS["round"], round_no]).generate_state(1)[0])


def event_rng(round_seed_value: int, event_index: int) -> np.random.Generator:
    """The generator one event uses in one round."""
    import numpy as np

    return np.random.default_rng(np.random.SeedSequence([round_seed_value, event_index]))
