"""festival.core.seeds makes its generators faster than numpy's own way from a list of
numbers (issue 30); the draws must be exactly those of `default_rng(SeedSequence([...]))`,
which every recorded match and lab result was drawn with."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from festival.core import seeds

NUMBERS = st.lists(st.integers(min_value=0, max_value=2**63 - 1), min_size=1, max_size=6)
EDGES = [[0], [2**32 - 1], [2**32], [2**32, 0, 2**32 + 1], [2**63 - 1, 1_000, 9, 6, 2], [7, 0, 0]]


def numpy_way(numbers: list[int]) -> np.random.Generator:
    return np.random.default_rng(np.random.SeedSequence(numbers))


@given(NUMBERS)
def test_the_same_draws_as_numpys_own_seeding(numbers: list[int]) -> None:
    ours, theirs = seeds.generator(*numbers), numpy_way(numbers)
    assert ours.integers(0, 2**62, size=8).tolist() == theirs.integers(0, 2**62, size=8).tolist()
    assert ours.random() == theirs.random()


@pytest.mark.parametrize("numbers", EDGES)
def test_word_edges_give_the_same_state(numbers: list[int]) -> None:
    ours, theirs = seeds.sequence(*numbers), np.random.SeedSequence(numbers)
    assert ours.generate_state(4).tolist() == theirs.generate_state(4).tolist()
    assert seeds.generator(*numbers).bit_generator.state == numpy_way(numbers).bit_generator.state


def test_a_negative_number_is_refused_as_numpy_refuses_it() -> None:
    with pytest.raises(ValueError):
        np.random.SeedSequence([3, -1])
    with pytest.raises(ValueError):
        seeds.sequence(3, -1)
