"""The search bot: Monte Carlo tree search (UCT) over single actions, random playouts cut off
at a depth and scored by the game's `evaluation` when the duel has not ended.

What it knows is what its player knows, and the search keeps it so:
- chance is chance: a draw (Element) is searched as the unresolved action, its stones drawn
  afresh by the bot's own generator on every playout; below a draw, the tree is followed only
  while its actions are legal with the stones of this playout (open loop);
- sealed orders stay sealed: the bot is given `known_to(state, player)`, and in a simultaneous
  game (Elementarium) the other side's orders are sampled on every playout from statistics of
  their own kept where the turn began (decoupled UCT), never chosen knowing the bot's own.

Budget: `iterations` playouts per turn, shared among the turn's choices (`Budget.share`: what
is left over the `turn_choices` a turn usually asks, a floor for any beyond), and never past
the turn's time cap (`seconds` from the first action the bot chose in this turn). The share
is counted, never timed, so the same seed plays the same game however busy the machine. The
counts say what was spent (`SearchCounts`), so tests and the ladder check the budget without
timing anything.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from events.duel import DuelGame
from festival.duels.levels import Budget


@dataclass
class SearchCounts:
    """What the bot spent so far: playouts, the choices it searched, how often the turn's
    time cap stopped a search before its playouts were done, and the longest turn (seconds by
    the bot's clock)."""

    playouts: int = 0
    searches: int = 0
    deadline_stops: int = 0
    longest_turn: float = 0.0


@dataclass
class _Node:
    action: Any
    player: str | None
    visits: int = 0
    value: float = 0.0
    children: list[_Node] = field(default_factory=list)
    untried: list[Any] | None = None
    replies: list[_Node] = field(default_factory=list)
    """a simultaneous turn begun here: the other side's sealed orders tried, with their own
    statistics (not below the bot's own orders: those they cannot see)"""
    replies_untried: list[Any] | None = None


class MctsBot:
    """Monte Carlo tree search with UCT, a playout budget and a time cap per turn.

    `iterations=None` searches until the cap (the time alone decides: not reproducible)."""

    def __init__(
        self,
        game: DuelGame[Any, Any],
        seed: int,
        seconds: float = 1.0,
        iterations: int | None = None,
        depth: int = 40,
        max_children: int = 40,
        clock: Callable[[], float] = time.perf_counter,
        turn_choices: int = 1,
    ) -> None:
        import numpy as np  # a heavy library, for the bots that play

        self.game = game
        self.rng = np.random.default_rng(seed)
        self.seconds = seconds
        self.budget = Budget(iterations, seconds, depth, max_children, turn_choices)
        self.depth = depth
        self.max_children = max_children
        self.clock = clock
        self.counts = SearchCounts()
        self._turn: tuple[str, int] | None = None
        self._turn_start = 0.0
        self._turn_spent = 0
        self._turn_choices = 0

    @staticmethod
    def with_budget(
        game: DuelGame[Any, Any],
        seed: int,
        budget: Budget,
        clock: Callable[[], float] = time.perf_counter,
    ) -> MctsBot:
        return MctsBot(
            game,
            seed,
            budget.seconds,
            budget.playouts,
            budget.depth,
            budget.max_children,
            clock,
            budget.turn_choices,
        )

    def _candidates(self, state: Any, player: str) -> list[Any]:
        actions = list(self.game.search_actions(state, player))
        if len(actions) > self.max_children:
            picks = self.rng.choice(len(actions), self.max_children, replace=False)
            actions = [actions[int(i)] for i in picks]
        return actions

    def _deadline(self, state: Any, player: str) -> float:
        """The end of the time cap of the turn under way (a new turn starts its clock)."""
        turn = (player, self.game.turn_number(state))
        now = self.clock()
        if turn != self._turn:
            self._turn, self._turn_start = turn, now
            self._turn_spent = self._turn_choices = 0
        self.counts.longest_turn = max(self.counts.longest_turn, now - self._turn_start)
        return self._turn_start + self.seconds

    def choose(self, state: Any, player: str) -> Any:
        legal = self.game.legal_actions(state, player)
        if not legal:
            raise RuntimeError(f"{player} has no legal action")
        deadline = self._deadline(state, player)
        if len(legal) == 1:
            return legal[0]
        root = _Node(None, None, untried=self._candidates(state, player))
        done = 0
        share = self.budget.share(self._turn_spent, self._turn_choices)
        self.counts.searches += 1
        while share is None or done < share:
            if done > 0 and self.clock() >= deadline:  # one playout at least, however late
                if share is not None:
                    self.counts.deadline_stops += 1
                break
            self._iterate(root, state, player)
            done += 1
        self.counts.playouts += done
        self._turn_spent += done
        self._turn_choices += 1
        self.counts.longest_turn = max(self.counts.longest_turn, self.clock() - self._turn_start)
        return best_child(root.children).action

    def _resolve(self, state: Any, player: str, action: Any) -> Any:
        action = self.game.resolve_chance(state, player, action, self.rng)
        return self.game.apply(state, player, action)

    def _acting(self, state: Any, me: str) -> tuple[str, ...]:
        """Who acts next in the search: `me` first when several may act (sealed orders)."""
        acting = self.game.to_act(state)
        return (me, *(p for p in acting if p != me)) if me in acting else acting

    def _reply(self, node: _Node, state: Any, allies: set[str]) -> tuple[Any, _Node | None]:
        """A simultaneous game's position once the other side's sealed orders are in: chosen
        by their own statistics kept at `node`, where the turn began (decoupled UCT), so the
        choice never depends on the bot's own orders, which they cannot see."""
        acting = self.game.to_act(state)
        if not self.game.simultaneous or not acting or acting[0] in allies:
            return state, None
        player = acting[0]
        if node.replies_untried is None:
            node.replies_untried = self._candidates(state, player)
        reply: _Node | None = None
        if node.replies_untried:
            action = node.replies_untried.pop(int(self.rng.integers(len(node.replies_untried))))
            if not self.game.check(state, player, action):
                reply = _Node(action, player)
                node.replies.append(reply)
        elif node.replies:
            reply = max(node.replies, key=lambda c: _uct(c, max(1, node.visits)))
            if self.game.check(state, player, reply.action):
                reply = None
        if reply is None:  # nothing fits: a sample
            action = self.game.random_action(state, player, self.rng)
            return (state if action is None else self._resolve(state, player, action)), None
        return self._resolve(state, player, reply.action), reply

    def _iterate(self, root: _Node, state: Any, me: str) -> None:
        allies = set(self.game.allies(state, me))
        node, path = root, [root]
        while node.untried == [] and node.children:
            nxt = max(node.children, key=lambda c: _uct(c, node.visits))
            acting = self._acting(state, me)
            # below a draw the tree was grown on other stones: stop where it no longer fits
            if not acting or self.game.check(state, acting[0], nxt.action):
                break
            state, reply = self._reply(node, self._resolve(state, acting[0], nxt.action), allies)
            path.extend((nxt,) if reply is None else (nxt, reply))
            node = nxt
        acting = self._acting(state, me)
        if node.untried is None:
            node.untried = self._candidates(state, acting[0]) if acting else []
        if node.untried and acting:
            action = node.untried.pop(int(self.rng.integers(len(node.untried))))
            if not self.game.check(state, acting[0], action):
                child = _Node(action, acting[0])
                node.children.append(child)
                state, reply = self._reply(node, self._resolve(state, acting[0], action), allies)
                path.extend((child,) if reply is None else (child, reply))
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


def best_child(children: list[_Node]) -> _Node:
    """The most visited child, and among as visited the best scored: a budget smaller than
    the actions to try (Alchelemental's easy turn) visits each once, and the scores decide,
    not the order the actions were tried in."""
    return max(children, key=lambda n: (n.visits, n.value / max(1, n.visits)))


def _uct(node: _Node, parent_visits: int) -> float:
    if node.visits == 0:
        return math.inf
    return node.value / node.visits + 1.4 * math.sqrt(math.log(parent_visits) / node.visits)
