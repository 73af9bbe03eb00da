"""How much stronger the search bot is: MCTS (an iteration budget per turn) against the
random player in Element, alternating who starts. Run: `python benchmarks/duel_bots.py [N]`."""

from __future__ import annotations

import sys
import time

import numpy as np

from events.element import ElementGame
from events.element.variant import VARIANTS
from festival.duels.bots import MctsBot, RandomBot


def play(variant: str, seed: int, mcts_first: bool, iterations: int) -> str | None:
    """The winner's name ("mcts" or "random") of one game."""
    game = ElementGame()
    names = ("mcts", "random") if mcts_first else ("random", "mcts")
    bots = {
        "mcts": MctsBot(
            game,
            seed,
            iterations=iterations,
            depth=12,
            max_children=24,
            turn_choices=game.search_turn_choices,
        ),
        "random": RandomBot(game, seed + 1),
    }
    rng = np.random.default_rng(seed)
    state = game.initial_state(names, VARIANTS[variant].to_json(), rng)
    while game.outcome(state) is None and state.turn_no < 400:
        player = state.player
        action = bots[player].choose(state, player)
        state = game.apply(state, player, game.resolve_chance(state, player, action, rng))
    outcome = game.outcome(state)
    return outcome.winner if outcome else None


def main(games: int = 6, iterations: int = 240) -> None:
    for variant in ("summary",):
        wins = 0
        start = time.perf_counter()
        for n in range(games):
            wins += play(variant, n, n % 2 == 0, iterations) == "mcts"
        seconds = time.perf_counter() - start
        print(
            f"element {variant}: mcts ({iterations} iterations/turn) won {wins} of {games} "
            f"games against random ({seconds / games:.1f} s per game)"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 6)
