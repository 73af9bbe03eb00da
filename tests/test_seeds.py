"""festival.core.seeds makes its generators faster than numpy's own way from a list of
numbers (issue 30); the draws must be exactly those of `default_rng(SeedSequence([...]))`,
which every recorded match and lab result was drawn with."""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from festival.core import seeds
from festival.lab.game import bot_rng, bot_rngs

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


# seeds.Prepared: many generators seeded at once with SeedSequence's mixing done on numpy
# columns; each must be numpy's own generator in state, in every draw and in its spawn.

WORD_EDGES = st.sampled_from([0, 1, 2**32 - 1, 2**32, 2**32 + 1, 2**64 - 1, 2**64 + 5])
NUMBER = st.one_of(WORD_EDGES, st.integers(min_value=0, max_value=2**96))
TUPLES = st.lists(
    st.lists(NUMBER, min_size=1, max_size=9).map(tuple), min_size=1, max_size=12, unique=True
)


def draws(rng: np.random.Generator) -> list[object]:
    """One of each kind of draw the project makes, in one go."""
    shuffled = list(range(9))
    rng.shuffle(shuffled)
    return [
        rng.random(3).tolist(),
        rng.integers(0, 2**40, size=5).tolist(),
        rng.integers(7),
        rng.permutation(11).tolist(),
        rng.choice(20, size=4, replace=False).tolist(),
        rng.choice([3, 5, 8], p=[0.2, 0.3, 0.5]),
        shuffled,
    ]


@given(TUPLES)
def test_prepared_generators_are_numpys_own(tuples: list[tuple[int, ...]]) -> None:
    prepared = seeds.Prepared(tuples)
    for numbers in tuples:
        ours, theirs = prepared.generator(*numbers), numpy_way(list(numbers))
        assert ours.bit_generator.state == theirs.bit_generator.state
        assert draws(ours) == draws(theirs)


@given(TUPLES)
def test_prepared_generators_spawn_numpys_children(tuples: list[tuple[int, ...]]) -> None:
    prepared = seeds.Prepared(tuples)
    for numbers in tuples:
        ours, theirs = prepared.generator(*numbers), numpy_way(list(numbers))
        for n in (3, 2):  # a second spawn goes on from the first's children
            for mine, numpys in zip(ours.spawn(n), theirs.spawn(n), strict=True):
                assert mine.bit_generator.state == numpys.bit_generator.state
                assert draws(mine) == draws(numpys)


@pytest.mark.parametrize("numbers", [*EDGES, [2**64 + 5], [1, 2, 3, 4, 5, 6, 7, 8, 9]])
def test_prepared_seed_sequence_answers_as_numpys(numbers: list[int]) -> None:
    seeded = seeds.Prepared([tuple(numbers)]).generator(*numbers).bit_generator.seed_seq
    theirs = np.random.SeedSequence(numbers)
    assert isinstance(seeded, np.random.bit_generator.ISpawnableSeedSequence)
    for n_words, dtype in [(4, np.uint64), (4, np.uint32), (1, np.uint32), (7, np.uint64)]:
        assert seeded.generate_state(n_words, dtype).tolist() == (
            theirs.generate_state(n_words, dtype).tolist()
        )
    assert seeded.generate_state(3).tolist() == theirs.generate_state(3).tolist()


def test_a_prepared_generator_is_fresh_every_time_and_pickles() -> None:
    prepared = seeds.Prepared([(5, 1_000, 3, 2, 1)])
    first = prepared.generator(5, 1_000, 3, 2, 1)
    drawn = first.integers(0, 100, size=10).tolist()
    again = prepared.generator(5, 1_000, 3, 2, 1)
    assert again.integers(0, 100, size=10).tolist() == drawn
    theirs = numpy_way([5, 1_000, 3, 2, 1])
    assert theirs.integers(0, 100, size=10).tolist() == drawn
    assert again.spawn(1)[0].random() == theirs.spawn(1)[0].random()
    copy, their_copy = pickle.loads(pickle.dumps(again)), pickle.loads(pickle.dumps(theirs))
    assert copy.bit_generator.state == their_copy.bit_generator.state
    assert copy.spawn(1)[0].random() == their_copy.spawn(1)[0].random()


def test_a_tuple_not_prepared_is_made_the_plain_way() -> None:
    prepared = seeds.Prepared([(5, 1_000, 3, 2, 1)])
    ours = prepared.generator(5, 1_000, 3, 2, 2)
    assert ours.bit_generator.state == numpy_way([5, 1_000, 3, 2, 2]).bit_generator.state
    with pytest.raises(ValueError):
        seeds.Prepared([(3, -1)])


SITTINGS = st.lists(st.tuples(*[st.integers(0, 12)] * 3), min_size=1, max_size=20, unique=True)


@given(st.integers(0, 2**63 - 1), SITTINGS, st.tuples(*[st.integers(0, 12)] * 3))
def test_a_festivals_bot_generators_made_at_once_are_bot_rngs(
    seed: int, sittings: list[tuple[int, int, int]], other: tuple[int, int, int]
) -> None:
    bots = bot_rngs(seed, sittings)
    for sitting in [*sittings, other]:
        assert draws(bots(*sitting)) == draws(bot_rng(seed, *sitting))


@given(
    st.integers(0, 2**70),
    st.lists(st.integers(0, 9), max_size=4, unique=True),
    st.lists(st.integers(1, 12), max_size=8, unique=True),
    st.integers(1, 13),
)
def test_a_matchs_streams_made_at_once_are_the_functions(
    seed: int, indices: list[int], rounds: list[int], other_round: int
) -> None:
    streams = seeds.Streams(seed, indices, rounds)
    for round_no in [*rounds, other_round]:
        assert streams.round_seed(round_no) == seeds.round_seed(seed, round_no)
        for i in [*indices, 10]:
            ours = streams.event_rng(streams.round_seed(round_no), i)
            assert draws(ours) == draws(seeds.event_rng(seeds.round_seed(seed, round_no), i))
    for i in [*indices, 10]:
        ours, theirs = streams.setup(i), seeds.stream(seed, "setup", i)
        assert draws(ours.spawn(3)[2]) == draws(theirs.spawn(3)[2])
        assert draws(ours) == draws(theirs)
