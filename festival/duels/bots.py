"""Duel bots, so a player can practise: a random legal player, and a stronger one that
searches with a time budget (Monte Carlo tree search over single actions, random playouts cut
off at a depth and scored by the game's `evaluation` when the duel has not ended).

A bot plays a whole turn: actions until the player to act changes or the duel ends.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from events.duel import DuelGame
from festival.duels.origin import Origin, Via

BOTS = ("random", "mcts")


class RandomBot:
    """Uniformly random legal actions (as sampled by the game's `random_action`)."""

    def __init__(self, game: DuelGame[Any, Any], seed: int) -> None:
        self.game = game
        self.rng = np.random.default_rng(seed)

    def choose(self, state: Any, player: str) -> Any:
        action = self.game.random_action(state, player, self.rng)
        if action is None:
            raise RuntimeError(f"{player} has no legal action")
        return action


@dataclass
class _Node:
    action: Any
    player: str | None
    visits: int = 0
    value: float = 0.0
    children: list[_Node] = field(default_factory=list)
    untried: list[Any] | None = None


class MctsBot:
    """Monte Carlo tree search with UCT, a time budget and/or an iteration budget per action.

    Playouts are random (the game's `random_action`) for at most `depth` actions; a playout
    that does not end is scored by the game's `evaluation` (in [-1, 1] for the player)."""

    def __init__(
        self,
        game: DuelGame[Any, Any],
        seed: int,
        seconds: float = 1.0,
        iterations: int | None = None,
        depth: int = 40,
        max_children: int = 40,
    ) -> None:
        self.game = game
        self.rng = np.random.default_rng(seed)
        self.seconds = seconds
        self.iterations = iterations
        self.depth = depth
        self.max_children = max_children

    def _candidates(self, state: Any, player: str) -> list[Any]:
        actions = list(self.game.search_actions(state, player))
        if len(actions) > self.max_children:
            picks = self.rng.choice(len(actions), self.max_children, replace=False)
            actions = [actions[int(i)] for i in picks]
        return actions

    def choose(self, state: Any, player: str) -> Any:
        legal = self.game.legal_actions(state, player)
        if not legal:
            raise RuntimeError(f"{player} has no legal action")
        if len(legal) == 1:
            return legal[0]
        root = _Node(None, None, untried=self._candidates(state, player))
        deadline = time.perf_counter() + self.seconds
        done = 0
        while done == 0 or (  # at least one search step, however short the time
            (self.iterations is None or done < self.iterations)
            and (self.iterations is not None or time.perf_counter() < deadline)
        ):
            self._iterate(root, state, player)
            done += 1
        best = max(root.children, key=lambda n: n.visits)
        return best.action

    def _resolve(self, state: Any, player: str, action: Any) -> Any:
        action = self.game.resolve_chance(state, player, action, self.rng)
        return self.game.apply(state, player, action)

    def _acting(self, state: Any, me: str) -> tuple[str, ...]:
        """Who acts next in the search: `me` first when several may act (sealed orders)."""
        acting = self.game.to_act(state)
        return (me, *(p for p in acting if p != me)) if me in acting else acting

    def _iterate(self, root: _Node, state: Any, me: str) -> None:
        allies = set(self.game.allies(state, me))
        node, path = root, [root]
        while node.untried == [] and node.children:
            nxt = max(node.children, key=lambda c: _uct(c, node.visits))
            acting = self._acting(state, me)
            # below a draw the tree was grown on other stones: stop where it no longer fits
            if not acting or self.game.check(state, acting[0], nxt.action):
                break
            node = nxt
            state = self._resolve(state, acting[0], node.action)
            path.append(node)
        acting = self._acting(state, me)
        if node.untried is None:
            node.untried = self._candidates(state, acting[0]) if acting else []
        if node.untried and acting:
            action = node.untried.pop(int(self.rng.integers(len(node.untried))))
            if not self.game.check(state, acting[0], action):
                child = _Node(action, acting[0])
                node.children.append(child)
                state = self._resolve(state, acting[0], action)
                path.append(child)
        score = self._playout(state, me)
        for n in path:
            n.visits += 1
            if n.player is not None:
                n.value += score if n.player in allies else -score

    def _playout(self, state: Any, me: str) -> float:
        for _ in range(self.depth):
            acting = self.game.to_act(state)
            if not acting:
                break
            action = self.game.random_action(state, acting[0], self.rng)
            if action is None:
                break
            state = self._resolve(state, acting[0], action)
        outcome = self.game.outcome(state)
        if outcome is not None:
            return 0.0 if outcome.winner is None else (1.0 if outcome.won_by(me) else -1.0)
        return self.game.evaluation(state, me)


def _uct(node: _Node, parent_visits: int) -> float:
    if node.visits == 0:
        return math.inf
    return node.value / node.visits + 1.4 * math.sqrt(math.log(parent_visits) / node.visits)


def make_bot(kind: str, game: DuelGame[Any, Any], seed: int, seconds: float = 1.0) -> Any:
    if kind == "random":
        return RandomBot(game, seed)
    if kind == "mcts":
        return MctsBot(game, seed, seconds=seconds)
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
