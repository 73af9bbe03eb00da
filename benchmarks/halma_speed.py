"""Random full Elemental Halma games per second, two players and four, on one core; every
action checked as the host checks it. Run: `python benchmarks/halma_speed.py`.

A random game: the players take the game's `random_action` (a move, then confirm) until a
winning condition ends it (random games end in about a thousand moves)."""

from __future__ import annotations

import time

import numpy as np

from events.halma import HalmaGame
from festival.core.paths import fixture

SECONDS = 2.0


def random_games(players: int, seconds: float) -> tuple[float, float]:
    """(games/s, moves/s) of checked random games for about `seconds` (at least one game)."""
    game = HalmaGame(fixture("halma", "board.txt").read_text())
    options = game.options(game.default_variant, {}).value
    assert options is not None
    names = ("A", "B", "C", "D")[:players]
    rng = np.random.default_rng(2026)
    games = moves = 0
    start = time.perf_counter()
    while games == 0 or time.perf_counter() - start < seconds:
        state = game.initial_state(names, options, rng)
        while state.outcome is None:
            player = state.player
            action = game.random_action(state, player, rng)
            if action is None or game.check(state, player, action):
                raise AssertionError(f"illegal random action {action}")
            state = game.apply(state, player, action)
        games += 1
        moves += state.moves
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed


def main(seconds: float = SECONDS) -> None:
    for players in (2, 4):
        games, moves = random_games(players, seconds)
        print(f"halma {players} players: {games:6.2f} games/s, {moves:7.0f} moves/s (checked)")


if __name__ == "__main__":
    main()
