"""The search bot against the random player in Alchelemental on the Pit, alternating who
starts; random players rarely finish a duel, so a duel stops after a number of turns and is
scored by material (the game's `evaluation`). Run: `python benchmarks/alchelemental_bots.py
[GAMES]`."""

from __future__ import annotations

import sys
import time

import numpy as np

from festival.duels.bots import MctsBot, RandomBot
from festival.duels.games import duel_game


def match(games: int, turns: int, iterations: int) -> tuple[int, int, int, float]:
    """(search wins, draws, random wins, seconds)."""
    game = duel_game("alchelemental")
    wins = draws = losses = 0
    start = time.perf_counter()
    for n in range(games):
        players = ("Search", "Random") if n % 2 == 0 else ("Random", "Search")
        state = game.initial_state(players, game.variants()["pit"], np.random.default_rng(n))
        search = MctsBot(
            game, seed=n, iterations=iterations, depth=12, max_children=40,
            turn_choices=game.search_turn_choices,
        )  # fmt: skip
        rand = RandomBot(game, seed=n)
        while game.outcome(state) is None and state.turn_no <= turns:
            player = state.player
            bot = search if player == "Search" else rand
            state = game.apply(state, player, bot.choose(state, player))
        outcome = game.outcome(state)
        score = (
            game.evaluation(state, "Search") if outcome is None
            else (1.0 if outcome.winner == "Search" else -1.0)
        )  # fmt: skip
        wins += score > 0
        losses += score < 0
        draws += score == 0
    return wins, draws, losses, time.perf_counter() - start


def main(games: int = 6, turns: int = 16, iterations: int = 300) -> None:
    wins, draws, losses, seconds = match(games, turns, iterations)
    print(
        f"alchelemental pit: mcts ({iterations} iterations/turn) against random over "
        f"{turns} turns: won {wins}, level {draws}, lost {losses} of {games} ({seconds:.1f} s)"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 6)
