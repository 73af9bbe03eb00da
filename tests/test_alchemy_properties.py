"""Alchemy invariants over random games played by the bot."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from events.alchemy.model import AlchemyState, AlchemySubmission
from festival.bots.alchemy import alchemy_bot
from tests.support.alchemy_kit import ENGINE, new_game

NAMES = ["ann", "bob", "cy", "dee", "eve", "fay", "gus"]


def bot_round(state: AlchemyState, rng: np.random.Generator) -> dict[str, AlchemySubmission]:
    subs = {}
    public = ENGINE.public_view(state)
    for p in state.players:
        data = alchemy_bot(public, ENGINE.private_view(state, p), p, state.round_no + 1, rng)
        result = ENGINE.from_json(state, p, state.round_no + 1, data)
        assert result.value is not None, result.errors
        sub = result.value
        if ENGINE.validate(state, p, sub):
            sub = ENGINE.default_submission(state, p)
        subs[p] = sub
    return subs


def play_game(seed: int, players: int) -> list[tuple[AlchemyState, Mapping[str, Any]]]:
    """States after each of 6 rounds, with the submissions that made them."""
    rng = np.random.default_rng(seed)
    state = new_game(NAMES[:players])
    out = []
    for _ in range(6):
        subs = bot_round(state, rng)
        state, _ = ENGINE.resolve_round(state, subs, np.random.default_rng(rng.integers(2**32)))
        out.append((state, subs))
    return out


games = st.tuples(st.integers(0, 2**32 - 1), st.integers(2, 7))


@settings(max_examples=30, deadline=None)
@given(games)
def test_materials_and_coins_never_go_negative_and_gems_never_decrease(
    game: tuple[int, int],
) -> None:
    previous = None
    for state, _ in play_game(*game):
        for p, book in state.books.items():
            assert book.coins >= 0
            assert all(q > 0 for q in book.stock.values())
            if previous is not None:
                assert book.gems >= previous.books[p].gems
        previous = state


@settings(max_examples=20, deadline=None)
@given(games, st.randoms(use_true_random=False))
def test_the_result_does_not_depend_on_the_order_submissions_are_read(
    game: tuple[int, int], shuffler: Any
) -> None:
    history = play_game(*game)
    before = new_game(NAMES[: game[1]])
    for state, subs in history:
        keys = list(subs)
        shuffler.shuffle(keys)
        again, _ = ENGINE.resolve_round(
            before, {k: subs[k] for k in keys}, np.random.default_rng(3)
        )
        first, _ = ENGINE.resolve_round(before, subs, np.random.default_rng(3))
        assert again == first
        before = state


def test_same_seed_same_game() -> None:
    assert play_game(11, 7) == play_game(11, 7)


def test_the_bots_play_a_real_game() -> None:
    """The properties above mean something only if things happen in these games."""
    final = play_game(5, 7)[-1][0]
    assert sum(len(b.sold) for b in final.books.values()) >= 7
    assert any(b.machines for b in final.books.values())
    assert any(count >= 4 for m in final.market.values() for count in m.values())
