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
    return generator(seed, _STREAMS[name], *extra)


def round_seed(seed: int, round_no: int) -> int:
    """The seed recorded for a round (derived, so a replay needs nothing but the match seed)."""
    return int(sequence(seed, _STREAMS["round"], round_no).generate_state(1)[0])


def event_rng(round_seed_value: int, event_index: int) -> np.random.Generator:
    """The generator one event uses in one round."""
    return generator(round_seed_value, event_index)


def generator(*numbers: int) -> np.random.Generator:
    """`np.random.default_rng(np.random.SeedSequence([*numbers]))`, the same draws, made in
    half the time (a lab festival makes some 150 of them: tests/test_seeds.py)."""
    import numpy as np

    return np.random.Generator(np.random.PCG64(sequence(*numbers)))


def sequence(*numbers: int) -> np.random.SeedSequence:
    """`np.random.SeedSequence([*numbers])`, handed its entropy as the 32-bit words numpy
    would cut the numbers into (each number's low word first; 0 is one word), which skips
    numpy's slow conversion of a list of Python integers."""
    import numpy as np

    words: list[int] = []
    for n in numbers:
        if n < 0:
            raise ValueError(f"a seed is a whole number >= 0, not {n}")
        words.append(n & _WORD)
        n >>= 32
        while n:
            words.append(n & _WORD)
            n >>= 32
    return np.random.SeedSequence(np.array(words, dtype=np.uint32))


_WORD = 0xFFFF_FFFF
