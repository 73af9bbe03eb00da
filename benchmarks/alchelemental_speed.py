"""Random Alchelemental games per second on each board, on one core, with and without every
action checked as the host checks it. Run: `python benchmarks/alchelemental_speed.py`.

A random game: both players take the game's `random_action` until the duel ends or 200 turns
(a turn is one player's two catalyses) have passed; random players rarely finish sooner."""

from __future__ import annotations

import time

import numpy as np

from festival.duels.games import duel_game

SECONDS = 2.0
MAX_TURNS = 200


def random_games(board: str, seconds: float, checked: bool) -> tuple[float, float, float]:
    """(games/s, turns/s, actions/s) of random games for `seconds` (a game under way when
    time is up counts by the fraction of its turns played)."""
    game = duel_game("alchelemental")
    options = game.variants()[board]
    rng = np.random.default_rng(2026)
    games = 0.0
    turns = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.initial_state(("Light", "Dark"), options, rng)
        while state.outcome is None and state.turn_no <= MAX_TURNS:
            if time.perf_counter() - start >= seconds:
                break
            player = state.player
            action = game.random_action(state, player, rng)
            assert action is not None
            if checked and game.check(state, player, action):
                raise AssertionError(f"illegal random action {action}")
            state = game.apply(state, player, action)
            actions += 1
        done = state.outcome is not None or state.turn_no > MAX_TURNS
        games += 1 if done else (state.turn_no - 1) / MAX_TURNS
        turns += state.turn_no - 1
    elapsed = time.perf_counter() - start
    return games / elapsed, turns / elapsed, actions / elapsed


def main(seconds: float = SECONDS) -> None:
    for board in ("pit", "battleground"):
        for checked in (False, True):
            games, turns, actions = random_games(board, seconds, checked)
            how = "checked" if checked else "random "
            print(
                f"alchelemental {board:<12} {how}: {games:6.2f} games/s, {turns:7.0f} turns/s, "
                f"{actions:7.0f} actions/s"
            )


if __name__ == "__main__":
    main()
