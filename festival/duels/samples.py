"""A registered game's sample duel (fixtures/<game>/...) replayed in memory, as the duel host
replays it (the same setup and chance streams), and its pictures at a mid-game and the final
position: what the picture tests check and docs/pictures.py draws for the duels guide."""

from __future__ import annotations

import functools
import json
from typing import Any

import numpy as np

from events.duel import DuelGame, Picture, Step, take
from festival.core import registry
from festival.core.paths import fixture
from festival.duels.games import hosted_game
from festival.duels.words import board_picture

MOMENTS = ("mid", "final")
"""the positions drawn: after half the sample's steps, and at its end"""


@functools.cache
def replayed(name: str) -> tuple[DuelGame[Any, Any], tuple[Any, ...], tuple[Step[Any], ...]]:
    """The game, every position and every step of game `name`'s sample duel (once a run)."""
    entry = registry.duel(name)
    if entry.sample is None:
        raise ValueError(f"{entry.title} has no sample duel")
    sample = json.loads(fixture(*entry.sample).read_text())
    game = hosted_game(entry)
    options = game.options(sample["variant"], sample.get("options", {})).value
    if options is None:
        raise ValueError(f"the sample duel of {entry.title} names a variant it does not have")
    seed = int(sample["seed"])
    setup = np.random.default_rng(np.random.SeedSequence([seed, 0]))
    states = [game.initial_state(sample["players"], options, setup)]
    steps: list[Step[Any]] = []
    for turn in sample["turns"]:
        parsed = game.parse_actions(turn["text"])
        for action in parsed.value or ():
            after, taken, errors = take(
                game, states[-1], turn["player"], [action], seed, len(steps)
            )
            if errors or parsed.errors:
                raise ValueError(f"the sample duel of {entry.title} does not play: {turn}")
            states.append(after)
            steps.extend(taken)
    return game, tuple(states), tuple(steps)


def shown(name: str) -> dict[str, tuple[list[Any], list[Step[Any]]]]:
    """The positions and steps up to each of `MOMENTS`."""
    _, states, steps = replayed(name)
    ends = {"mid": len(steps) // 2, "final": len(steps)}
    return {m: (list(states[: ends[m] + 1]), list(steps[: ends[m]])) for m in MOMENTS}


def pictures(name: str) -> dict[str, Picture]:
    """The sample duel's picture at each of `MOMENTS` (caption, legend, last turn marked)."""
    game = replayed(name)[0]
    return {m: board_picture(game, *at) for m, at in shown(name).items()}


def names() -> list[str]:
    """Every registered game that ships a sample duel."""
    return [e.name for e in registry.duels() if e.sample is not None]
