"""Random full Element games per second, per variant, on one core; and checked turns per
second (every action checked as the host checks it). Run: `python benchmarks/duel_speed.py`.

A random game: both players take the game's `random_action` until the duel ends (turns are
capped at 400, a cap random games do not reach in practice)."""

from __future__ import annotations

import time

import numpy as np

from events.element import ElementGame
from events.element.variant import VARIANTS

SECONDS = 2.0


def random_games(variant: str, seconds: float, checked: bool) -> tuple[float, float, float]:
    """(games/s, turns/s, actions/s) of random games for `seconds`."""
    game = ElementGame()
    options = VARIANTS[variant].to_json()
    rng = np.random.default_rng(2026)
    games = turns = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.initial_state(("A", "B"), options, rng)
        while state.outcome is None and state.turn_no < 400:
            player = state.player
            action = game.random_action(state, player, rng)
            assert action is not None
            if checked and game.check(state, player, action):
                raise AssertionError(f"illegal random action {action}")
            action = game.resolve_chance(state, player, action, rng)
            state = game.apply(state, player, action)
            actions += 1
        games += 1
        turns += state.turn_no
    elapsed = time.perf_counter() - start
    return games / elapsed, turns / elapsed, actions / elapsed


def main(seconds: float = SECONDS) -> None:
    for variant in sorted(VARIANTS):
        for checked in (False, True):
            games, turns, actions = random_games(variant, seconds, checked)
            how = "checked" if checked else "random "
            print(
                f"element {variant:<12} {how}: {games:6.1f} games/s, {turns:7.0f} turns/s, "
                f"{actions:7.0f} actions/s"
            )


if __name__ == "__main__":
    main()
