"""Duel bots, so a player can practise: a random legal player, and a stronger one that
searches (festival.duels.search: Monte Carlo tree search at a level, festival.duels.levels).

A bot plays a whole turn: actions until the player to act changes or the duel ends, each
chosen from what its player knows (`known_to`), never from the other players' sealed orders.
"""

from __future__ import annotations

from typing import Any

from events.duel import DuelGame
from festival.duels.levels import DEFAULT_LEVEL, Budget, Level, level_budget
from festival.duels.origin import Origin, Via
from festival.duels.search import MctsBot as MctsBot

BOTS = ("random", "mcts")


class RandomBot:
    """Uniformly random legal actions (as sampled by the game's `random_action`)."""

    def __init__(self, game: DuelGame[Any, Any], seed: int) -> None:
        import numpy as np  # a heavy library, for the bots that play

        self.game = game
        self.rng = np.random.default_rng(seed)

    def choose(self, state: Any, player: str) -> Any:
        action = self.game.random_action(state, player, self.rng)
        if action is None:
            raise RuntimeError(f"{player} has no legal action")
        return action


def make_bot(
    kind: str,
    game: DuelGame[Any, Any],
    seed: int,
    level: Level = DEFAULT_LEVEL,
    seconds: float | None = None,
) -> RandomBot | MctsBot:
    """A bot of `kind` at `level`; `seconds` instead searches for that long per turn (no fixed
    playout budget: the time decides, so a game is not reproducible)."""
    if kind == "random":
        return RandomBot(game, seed)
    if kind == "mcts":
        budget = level_budget(game, level)
        if seconds is not None:
            budget = Budget(None, seconds, budget.depth, budget.max_children, budget.turn_choices)
        return MctsBot.with_budget(game, seed, budget)
    raise ValueError(f"no bot {kind!r}: {', '.join(BOTS)}")


def bot_turn(duel: Any, bot: Any, player: str, limit: int = 200) -> int:
    """Let the bot act for `player` in a hosted duel (festival.duels.host.Duel) until the turn
    passes or the duel ends, one recorded action at a time (the host resolves chance, so the
    bot sees its draw before it places). Returns the number of actions recorded."""
    done = 0
    while done < limit:
        state = duel.state()
        if player not in duel.game.to_act(state):  # its turn passed (or its orders are in)
            break
        known = duel.game.known_to(state, player)  # never the other players' sealed orders
        played = duel.play_actions(
            [bot.choose(known, player)], player, Origin(Via.BOT, type(bot).__name__)
        )
        if not played.ok:
            raise RuntimeError(f"the bot chose an illegal action: {played.errors[0]}")
        done += 1
        if duel.game.simultaneous:  # one set of orders: the next turn is the next call's
            break
    return done
