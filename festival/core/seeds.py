"""Every random draw of a match comes from the match seed through a named stream.

One seed, recorded with the match, makes the whole festival reproducible: the Gamewide
Tiebreak shuffle, the allocation lottery, each event's setup, and each round's seed (which
is recorded with the round, so re-resolving a round draws exactly the same numbers).

numpy is imported by the functions that draw, not with the module: a command that draws
nothing (`festival status`, `festival --help`) does not pay for it.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import DTypeLike, NDArray

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
    would cut the numbers into, which skips numpy's slow conversion of a list of Python
    integers."""
    import numpy as np

    return np.random.SeedSequence(np.array(words(*numbers), dtype=np.uint32))


def words(*numbers: int) -> list[int]:
    """The 32-bit words numpy cuts the numbers into for a SeedSequence's entropy: each
    number's low word first; 0 is one word."""
    if numbers and min(numbers) >= 0 and max(numbers) <= _WORD:
        return list(numbers)  # one word each
    out: list[int] = []
    for n in numbers:
        if n < 0:
            raise ValueError(f"a seed is a whole number >= 0, not {n}")
        out.append(n & _WORD)
        n >>= 32
        while n:
            out.append(n & _WORD)
            n >>= 32
    return out


class Prepared:
    """The generators of many numbers tuples known beforehand, seeded all at once: for each,
    `generator(*numbers)` (the same generator), for a fraction of the cost when there are
    dozens (a lab festival's bots draw from some 120: tests/test_seeds.py)."""

    def __init__(self, tuples: Iterable[tuple[int, ...]]) -> None:
        import numpy as np

        groups: dict[int, dict[tuple[int, ...], list[int]]] = {}
        for numbers in tuples:
            entropy = words(*numbers)
            groups.setdefault(max(len(entropy), _POOL), {})[numbers] = entropy
        self._seeded: dict[tuple[int, ...], PreSeeded] = {}
        for size, group in groups.items():
            rows = list(group.values())
            if size == _POOL:  # entropy shorter than the pool mixes as if filled up with 0 words
                rows = [entropy + [0] * (_POOL - len(entropy)) for entropy in rows]
            states = pcg64_seeds(np.array(rows, dtype=np.uint32))
            self._seeded.update(zip(group, map(PreSeeded, group.values(), states), strict=True))

    def generator(self, *numbers: int) -> np.random.Generator:
        """`generator(*numbers)`, seeded beforehand if `numbers` was one of the tuples."""
        import numpy as np

        seeded = self._seeded.get(numbers)
        if seeded is None:
            return generator(*numbers)
        # numpy's stubs name only SeedSequence; PCG64 takes any ISeedSequence
        return np.random.Generator(np.random.PCG64(cast(Any, seeded)))

    def first_word(self, *numbers: int) -> int:
        """`int(sequence(*numbers).generate_state(1)[0])`, for one of the tuples."""
        return self._seeded[numbers].first_word


class Streams:
    """A match's setup streams, round seeds and event generators for the given events and
    rounds, seeded all at once (Prepared): the same as `stream(seed, "setup", i)`,
    `round_seed` and `event_rng` make one by one."""

    def __init__(self, seed: int, event_indices: Iterable[int], rounds: Iterable[int]) -> None:
        setup, round_stream = _STREAMS["setup"], _STREAMS["round"]
        indices, round_numbers = list(event_indices), list(rounds)
        derived = Prepared((seed, round_stream, r) for r in round_numbers)
        self._seed = seed
        self._round_seeds = {r: derived.first_word(seed, round_stream, r) for r in round_numbers}
        self._prepared = Prepared(
            [(seed, setup, i) for i in indices]
            + [(s, i) for s in self._round_seeds.values() for i in indices]
        )

    def setup(self, event_index: int) -> np.random.Generator:
        """`stream(seed, "setup", event_index)`"""
        return self._prepared.generator(self._seed, _STREAMS["setup"], event_index)

    def round_seed(self, round_no: int) -> int:
        """`round_seed(seed, round_no)`"""
        found = self._round_seeds.get(round_no)
        return round_seed(self._seed, round_no) if found is None else found

    def event_rng(self, round_seed_value: int, event_index: int) -> np.random.Generator:
        """`event_rng(round_seed_value, event_index)`"""
        return self._prepared.generator(round_seed_value, event_index)


class PreSeeded:
    """A stand-in for `SeedSequence(entropy)` (registered as numpy's ISpawnableSeedSequence)
    that hands PCG64 the 4 seed words worked out beforehand; anything else it is asked, the
    real SeedSequence answers (made when first needed), so `spawn` gives the same children."""

    def __init__(self, entropy: list[int], pcg64: NDArray[np.uint64]) -> None:
        _register()
        self._entropy = entropy
        self._pcg64 = pcg64
        self._real: np.random.SeedSequence | None = None

    @property
    def first_word(self) -> int:
        """The first 32-bit word the sequence generates (the low half of PCG64's first)."""
        return int(self._pcg64[0]) & _WORD

    @property
    def real(self) -> np.random.SeedSequence:
        """The SeedSequence this one stands in for."""
        if self._real is None:
            self._real = sequence(*self._entropy)
        return self._real

    def generate_state(self, n_words: int, dtype: DTypeLike | None = None) -> NDArray[Any]:
        import numpy as np

        if n_words == _PCG64_WORDS and (dtype is np.uint64 or np.dtype(dtype) == np.uint64):
            return self._pcg64
        return self.real.generate_state(n_words, cast(Any, np.uint32 if dtype is None else dtype))

    def spawn(self, n_children: int) -> list[np.random.SeedSequence]:
        return self.real.spawn(n_children)

    def __reduce__(self) -> tuple[Any, ...]:
        # unpickled through __init__, which registers the class in a process that has not yet
        return (PreSeeded, (self._entropy, self._pcg64), {"_real": self._real})


@cache
def _register() -> None:
    from numpy.random.bit_generator import ISpawnableSeedSequence

    ISpawnableSeedSequence.register(PreSeeded)


def pcg64_seeds(entropy: NDArray[np.uint32]) -> list[NDArray[np.uint64]]:
    """For each row of 32-bit entropy words (rows of one length, no spawn key),
    `SeedSequence(row).generate_state(4, np.uint64)`, the words PCG64 is seeded with, worked
    out for all rows at once: SeedSequence's documented hashing and mixing of its 4-word pool
    done on numpy uint32 (which wrap around as its C code's words do), one array row per
    pool or entropy word, one column per entropy row. The arrays are read-only (every
    generator seeded with the same row reads the same one)."""
    import numpy as np

    n, length = entropy.shape
    size = max(length, _POOL)  # missing words hash as 0
    words = np.zeros((size, n), np.uint32)
    words[:length] = entropy.T
    hashmix = _Hash(_INIT_A, _MULT_A, uses=size * _POOL)
    pool = hashmix(words[:_POOL])
    for src in range(_POOL):  # each pool word into each other, in SeedSequence's order
        others = [dst for dst in range(_POOL) if dst != src]
        pool[others] = _mix(pool[others], hashmix(pool[src : src + 1], times=_POOL - 1))
    for src in range(_POOL, size):  # then each further entropy word into each pool word
        pool = _mix(pool, hashmix(words[src : src + 1], times=_POOL))
    output = _Hash(_INIT_B, _MULT_B, uses=2 * _PCG64_WORDS)
    state = output(np.tile(pool, (2, 1))).astype(np.uint64)  # 32-bit word i from pool[i % 4]
    seeds = (state[0::2] | state[1::2] << np.uint64(32)).T.copy()  # little-endian pairs
    seeds.flags.writeable = False
    return list(seeds)


class _Hash:
    """SeedSequence's hash of words, each word with the next of its constants, which go on
    from call to call; one word hashed `times` times gives a row for each of the constants."""

    def __init__(self, first: int, multiplier: int, uses: int) -> None:
        self._constants = _constants(first, multiplier, uses + 1)
        self._used = 0

    def __call__(self, rows: NDArray[np.uint32], times: int = 0) -> NDArray[np.uint32]:
        import numpy as np

        constants, used, k = self._constants, self._used, times or len(rows)
        self._used = used + k
        value = (rows ^ constants[used : used + k]) * constants[used + 1 : used + k + 1]
        hashed: NDArray[np.uint32] = value ^ value >> np.uint32(_XSHIFT)
        return hashed


@cache
def _constants(first: int, multiplier: int, count: int) -> NDArray[np.uint32]:
    """The hash constants first, first * multiplier, ... (32-bit), as a read-only column."""
    import numpy as np

    values = [first]
    while len(values) < count:
        values.append(values[-1] * multiplier & _WORD)
    column = np.array(values, np.uint32)[:, None]
    column.flags.writeable = False
    return column


def _mix(x: NDArray[np.uint32], y: NDArray[np.uint32]) -> NDArray[np.uint32]:
    import numpy as np

    result = x * np.uint32(_MIX_MULT_L) - y * np.uint32(_MIX_MULT_R)
    mixed: NDArray[np.uint32] = result ^ result >> np.uint32(_XSHIFT)
    return mixed


_WORD = 0xFFFF_FFFF
_POOL = 4
"""SeedSequence's default pool size, in 32-bit words"""
_PCG64_WORDS = 4
"""the 64-bit words PCG64 asks its seed sequence for"""
_INIT_A, _MULT_A = 0x43B0D7E5, 0x931E8875
_INIT_B, _MULT_B = 0x8B51F9DD, 0x58F38DED
_MIX_MULT_L, _MIX_MULT_R = 0xCA01F9DD, 0x4973F715
_XSHIFT = 16
