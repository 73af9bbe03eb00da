"""Elementarium on the duel interface: each turn both players seal orders (one action each,
in any order); the second one in resolves the turn in one batch (events/elementarium/rules.py).
A player may resign at any time (`resign`, the shared `Concede`), their orders in or not.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from events import palette
from events.duel import (
    Concede,
    ConcedeReason,
    DuelGame,
    DuelProblem,
    Outcome,
    Parsed,
    Picture,
    PictureCell,
    PicturePiece,
    TemplateOrders,
)
from events.elementarium import judge, order_tab, rules, words
from events.elementarium.orders import (
    Move,
    Orders,
    format_orders,
    orders_from_json,
    orders_to_json,
    parse_orders,
)
from events.elementarium.setup import (
    COLS,
    OLD_SPAWNING,
    OLD_STANDING,
    TYPE_NAMES,
    Setup,
    cell_name,
    parse_setup,
)
from events.elementarium.state import State, TurnReport, state_from_json, state_to_json
from events.tables import Grid
from events.template import Template

if TYPE_CHECKING:
    import numpy as np

SWITCHES = ("board", "rules", "spawning", "standing_enemy")


Action = Orders | Concede
"""a player's sealed orders for the turn, or their resignation (the clock's loss on time)"""
CONCEDE_WORDS = {"resign": ConcedeReason.RESIGN, "timeout": ConcedeReason.TIME}


def _parse(options: Mapping[str, Any]) -> Parsed[Setup, DuelProblem]:
    return parse_setup(*(options.get(k) for k in SWITCHES))


COLOURS = {"O": palette.OBSTACLE, "zone": palette.NEUTRAL}
"""the picture's colours: an obstacle, and the neutral zone in mid grey (unlike Air's pale
grey)"""
INKS = {"O": palette.PAPER}


class ElementariumGame(DuelGame[State, Action]):
    """Stateless apart from the default board and rules data a host ships (the variant's
    switches: "board", the board file's lines, and "rules", the rules file's JSON)."""

    name = "elementarium"
    title = "Elementarium"
    player_counts = (2,)
    simultaneous = True
    default_variant = "standard"
    search_playouts = (20, 80, 320)
    search_depth = 8

    def __init__(
        self,
        board: str | None = None,
        rules_data: Any = None,
        weights: judge.Weights = judge.WEIGHTS,
    ) -> None:
        self._board = board
        self._rules = rules_data
        self.weights = weights
        """the search bots' evaluation weights (the self-play benchmark tries others)"""
        self._setups: dict[str, Setup] = {}

    # --- variants and setup -------------------------------------------------------------

    def variants(self) -> Mapping[str, Mapping[str, Any]]:
        """ "standard": the shipped data with the readings of issue 25 (`spawning` "sides",
        `standing_enemy` "taken"); "first-reading": the same data with the readings festival
        shipped first ("square", "clash"). Either switch may be set alone with `--option`."""
        if self._board is None:
            return {}
        data = {"board": self._board.splitlines(), "rules": self._rules}
        return {
            "standard": {**data, "spawning": "sides", "standing_enemy": "taken"},
            "first-reading": {**data, "spawning": OLD_SPAWNING, "standing_enemy": OLD_STANDING},
        }

    def check_options(self, options: Mapping[str, Any]) -> list[DuelProblem]:
        return list(_parse(options).errors)

    def setup(self, options: Mapping[str, Any]) -> Setup:
        """The setup of a duel's options (or a state JSON's "setup"); a switch absent from them
        is the reading the duel was played under before it existed (OLD_SPAWNING, OLD_STANDING)."""
        key = repr(tuple(options.get(k) for k in SWITCHES))
        if key not in self._setups:
            parsed = _parse(options)
            if parsed.value is None:
                raise ValueError("; ".join(str(e) for e in parsed.errors))
            self._setups[key] = parsed.value
        return self._setups[key]

    def initial_state(
        self, players: Sequence[str], options: Mapping[str, Any], rng: np.random.Generator
    ) -> State:
        if len(players) != 2 or players[0] == players[1]:
            raise ValueError("Elementarium is for two different players")
        setup = self.setup(options)
        b = setup.board
        return State(
            setup, (players[0], players[1]), b.units, b.sources, 1, (None, None), TurnReport()
        )

    def players(self, state: State) -> tuple[str, ...]:
        return state.players

    def to_act(self, state: State) -> tuple[str, ...]:
        if state.outcome is not None:
            return ()
        return tuple(p for p, o in zip(state.players, state.pending, strict=True) if o is None)

    def action_example(self, state: State) -> str:
        return "b2-b3, f3-e4; hold"

    def turn_number(self, state: State) -> int:
        return state.turn

    def progress(self, state: State) -> str:
        return words.progress(state, self.to_act(state))

    def turn_lines(self, before: State, after: State) -> tuple[str, ...]:
        """The turn resolved between the two positions, if one was: moves, cancelled moves,
        clashes, spawns."""
        if after.turn == before.turn:
            return ()
        return words.report_lines(after.last, after.players)

    # --- actions ------------------------------------------------------------------------

    def parse_actions(self, text: str) -> Parsed[tuple[Action, ...], DuelProblem]:
        """Orders (events/elementarium/orders.py), or `resign` (`timeout`: the host's record
        of a loss on time)."""
        reason = CONCEDE_WORDS.get(text.strip().lower())
        if reason is not None:
            return Parsed((Concede(reason),), ())
        parsed = parse_orders(text)
        return Parsed(parsed.value, parsed.errors)

    def format_action(self, action: Action) -> str:
        if isinstance(action, Concede):
            return "timeout" if action.reason is ConcedeReason.TIME else "resign"
        return format_orders(action)

    def action_from_json(self, data: Any) -> Parsed[Action, DuelProblem]:
        """Orders' JSON, or {"type": "concede", "reason": "resign"|"time"}."""
        if isinstance(data, dict) and data.get("type") == "concede":
            reason = ConcedeReason.from_json(data.get("reason", "resign"))
            if reason is None:
                problem = DuelProblem("elementarium.json", 'concede: reason "resign" or "time"')
                return Parsed(None, (problem,))
            return Parsed(Concede(reason))
        parsed = orders_from_json(data)
        return Parsed(parsed.value, parsed.errors)

    def action_to_json(self, action: Action) -> Any:
        if isinstance(action, Concede):
            return {"type": "concede", "reason": action.reason.value}
        return orders_to_json(action)

    def forfeit_action(self, player: str, reason: ConcedeReason) -> Action | None:
        return Concede(reason)

    def board_key(self, state: State) -> tuple[str, ...]:
        first, second = state.players
        return (f"Upper case: {first}'s pieces; lower case: {second}'s. O: an obstacle.",)

    def problems(self, state: State, player: str, action: Action) -> tuple[DuelProblem, ...]:
        if isinstance(action, Concede):  # at any time, orders in or not
            if state.outcome is not None:
                return (DuelProblem("elementarium.over", f"{player}: the duel is over"),)
            if not isinstance(action.reason, ConcedeReason):
                reason = f"resign or time, not {action.reason!r}"
                return (DuelProblem("elementarium.concede", f"concede: {reason}"),)
            return ()
        if player not in self.to_act(state):
            return (DuelProblem("elementarium.turn", f"{player}: {_not_awaited(state, player)}"),)
        owner = state.players.index(player)
        off = [
            DuelProblem(
                "elementarium.field",
                f"{_field(cell)} is off the board ({_corners(state)})",
                _field(cell),
                action=i,
            )
            for i, m in enumerate(action.as_written)
            for cell in (m.src, m.dst)
            if not rules.inside(state.setup, cell)
        ]
        if off:
            return tuple(off)
        return tuple(rules.check_orders(state, owner, action))

    def unreadable(self, action: object, exc: Exception) -> DuelProblem:
        return DuelProblem("elementarium.invalid", f"these orders cannot be read: {exc}")

    def apply(self, state: State, player: str, action: Action) -> State:
        owner = state.players.index(player)
        if isinstance(action, Concede):
            other = state.players[1 - owner]
            detail = f"{player} {action.reason.words}; {other} wins"
            return replace(state, outcome=Outcome(other, action.reason.outcome_reason, detail))
        pending = list(state.pending)
        pending[owner] = action
        if pending[0] is not None and pending[1] is not None:
            return rules.resolve(state, (pending[0], pending[1]))
        return replace(state, pending=(pending[0], pending[1]))

    def legal_actions(self, state: State, player: str) -> Sequence[Orders]:
        """Holding, every single legal move, and for each single move the orders that add
        the two best-looking other moves (`move_score`). Not every combination: orders of
        two or three moves run to hundreds of thousands; `random_action` samples them all."""
        if player not in self.to_act(state):
            return []
        owner = state.players.index(player)
        blocked = rules.blocked_sources(state)
        singles = [
            Move(src, dst)
            for src in self._pieces(state, owner)
            for dst, what in sorted(rules.targets(state, src, blocked).items())
            if what != "own"
        ]
        ranked = sorted(singles, key=lambda m: (-self.move_score(state, owner, m), m))
        out = [Orders(())] + [Orders((m,)) for m in singles]
        seen = set(out)
        limit = state.setup.rules.moves_per_turn
        for first in singles:
            moves = [first]
            for m in ranked:
                if len(moves) == limit:
                    break
                if all(m.src != x.src and m.dst != x.dst for x in moves):
                    moves.append(m)
            orders = Orders.of(moves)
            if orders not in seen:
                seen.add(orders)
                out.append(orders)
        return out

    def move_score(self, state: State, owner: int, move: Move) -> int:
        """How good a move looks on its own: taking a unit (under "clash": one it dominates),
        not walking into one that dominates it, advancing, reaching the enemy zone."""
        at = state.at()
        score = 0
        mover = at.get(move.src)
        target = at.get(move.dst)
        if mover is not None and target is not None and target[0] != owner:
            dominates = state.setup.rules.dominates
            taken = state.setup.standing_enemy == "taken" or dominates[mover[1]] == target[1]
            score += 4 if taken else -4
        forward = (move.dst[1] - move.src[1]) * (1 if owner == 0 else -1)
        score += forward if mover is not None else -1
        if rules.zone(state.setup, move.dst, owner) == "enemy":
            score += 2
        return score

    def _pieces(self, state: State, owner: int) -> list[tuple[int, int]]:
        return [c for c, o, _ in state.units if o == owner] + [state.sources[owner]]

    def random_action(self, state: State, player: str, rng: np.random.Generator) -> Orders | None:
        """Up to the allowed number of moves, of different pieces, to different fields,
        chosen at random among the legal ones (a move onto an own unit is not chosen)."""
        if player not in self.to_act(state):
            return None
        owner = state.players.index(player)
        blocked = rules.blocked_sources(state)
        pieces = self._pieces(state, owner)
        order = rng.permutation(len(pieces))
        moves: list[Move] = []
        used: set[tuple[int, int]] = set()
        for i in order:
            if len(moves) == state.setup.rules.moves_per_turn:
                break
            src = pieces[int(i)]
            options = sorted(
                d
                for d, w in rules.targets(state, src, blocked).items()
                if w != "own" and d not in used
            )
            if options:
                dst = options[int(rng.integers(len(options)))]
                used.add(dst)
                moves.append(Move(src, dst))
        return Orders.of(moves)

    def undo_refusal(self, before: State, action: Action) -> str | None:
        if isinstance(action, Concede):
            return "the duel was conceded"
        if any(p is not None for p in before.pending):
            return "these orders resolved the turn"
        return None

    def evaluation(self, state: State, player: str) -> float:
        """Material, Source threats, spawn chances and nearness to the enemy Source, side
        against side (events/elementarium/judge.py); never the sealed orders."""
        return judge.evaluation(state, state.players.index(player), self.weights)

    # --- the end ------------------------------------------------------------------------

    def outcome(self, state: State) -> Outcome | None:
        return state.outcome

    # --- views and pictures -------------------------------------------------------------

    def public_view(self, state: State) -> dict[str, Any]:
        """The board after the last resolved turn and who has sealed orders; no orders."""
        view = state_to_json(state, {})
        view["progress"] = self.progress(state)
        return view

    def player_view(self, state: State, player: str) -> dict[str, Any]:
        """The public view plus the player's own sealed orders."""
        view = state_to_json(state, {state.players.index(player): True})
        view["progress"] = self.progress(state)
        return view

    def host_view(self, state: State) -> dict[str, Any]:
        return self.state_to_json(state)

    def known_to(self, state: State, player: str) -> State:
        """The other player's sealed orders dropped (as if not in yet)."""
        owner = state.players.index(player)
        pending = tuple(p if i == owner else None for i, p in enumerate(state.pending))
        return replace(state, pending=(pending[0], pending[1]))

    def sealed(self, after: State) -> bool:
        """True while the action that led to `after` is a secret (its turn is unresolved; a
        resignation ends the duel and is no secret)."""
        return after.outcome is None and any(p is not None for p in after.pending)

    def order_template(self, state: State, player: str) -> Template | None:
        """The player's Orders tab: each piece with its legal targets as a dropdown."""
        return order_tab.order_template(state, player)

    def read_order_template(
        self, state: State, player: str, workbook: Mapping[str, Grid], name: str, tab: str
    ) -> TemplateOrders:
        return order_tab.read_orders(state, workbook, player, name, tab)

    def picture(self, state: State, highlight: Iterable[tuple[int, int]] = ()) -> Picture:
        b = state.setup.board
        top = b.height - 1
        cells = [PictureCell(c, top - r, "O", "") for c, r in sorted(b.obstacles)]
        low, high = state.setup.rules.neutral_rows
        cells += [
            PictureCell(c, top - r, "zone")
            for c in range(b.width)
            for r in range(low - 1, high)
            if (c, r) not in b.obstacles and (c, r) not in state.at()
        ]
        cells += [PictureCell(c, top - r, k, k) for (c, r), _, k in state.units]
        pieces = [
            PicturePiece(c, top - r, o, k if o == 0 else k.lower()) for (c, r), o, k in state.units
        ]
        pieces += [
            PicturePiece(c, top - r, o, "S" if o == 0 else "s")
            for o, (c, r) in enumerate(state.sources)
        ]
        arrows = tuple(
            (m.src[0], top - m.src[1], m.dst[0], top - m.dst[1], o) for o, m in state.last.moved
        )
        clashes = frozenset((c.cell[0], top - c.cell[1]) for c in state.last.clashes)
        caption = state.outcome.detail if state.outcome else self.progress(state)
        legend = _legend(state)
        return Picture(
            "square",
            tuple(COLS[: b.width]),
            tuple(str(r + 1) for r in range(top, -1, -1)),
            tuple(cells),
            tuple(pieces),
            frozenset((c, top - r) for c, r in highlight),
            caption,
            legend,
            arrows,
            clashes,
            colours=COLOURS,
            inks=INKS,
        )

    def changed_cells(self, before: State, after: State) -> frozenset[tuple[int, int]]:
        a = {c: (o, k) for c, o, k in before.units}
        b = {c: (o, k) for c, o, k in after.units}
        changed = {c for c in a.keys() | b.keys() if a.get(c) != b.get(c)}
        changed |= set(before.sources) ^ set(after.sources)
        return frozenset(changed)

    # --- JSON ---------------------------------------------------------------------------

    def state_to_json(self, state: State) -> dict[str, Any]:
        """Everything, sealed orders included (the host's view)."""
        data = state_to_json(state, {0: True, 1: True})
        data["setup"] = {
            "board": list(state.setup.board_lines),
            "rules": json.loads(state.setup.rules_json),
            "spawning": state.setup.spawning,
            "standing_enemy": state.setup.standing_enemy,
        }
        return data

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """A state from `state_to_json` (its "setup" carries the board and rules)."""
        return state_from_json(self.setup(data["setup"]), data)


def _not_awaited(state: State, player: str) -> str:
    """Why `player`'s orders are not taken now, and how to change orders already in."""
    if state.outcome is not None:
        return "the duel is over"
    other = next(p for p in state.players if p != player)
    return (
        f"your turn {state.turn} orders are already in: to change them, undo them first "
        f"(possible until {other}'s are in), then send the new orders"
    )


def _field(cell: tuple[int, int]) -> str:
    """A field's name, also off the board (where a typed move may point)."""
    return cell_name(cell) if 0 <= cell[0] < len(COLS) and cell[1] >= 0 else str(cell)


def _corners(state: State) -> str:
    board = state.setup.board
    return f"a1 to {cell_name((board.width - 1, board.height - 1))}"


def _legend(state: State) -> dict[str, str]:
    """The picture's legend in Elementarium's words: unit types, obstacles, the neutral zone,
    each player's units and Source, the last turn's moves and clashes."""
    first, second = state.players
    out = {
        "cell:O": "obstacle",
        "cell:zone": "the neutral zone",
        "piece:0": f"{first}'s units (upper case)",
        "piece:1": f"{second}'s units (lower case)",
        "label:S": f"{first}'s Source",
        "label:s": f"{second}'s Source",
        "arrow:0": f"{first}'s move in the last turn",
        "arrow:1": f"{second}'s move in the last turn",
        "cross": "cross: a clash (units that moved to the same field; a unit on it kept it)",
        "highlight": "thick black outline: a field the last turn (or this turn so far) changed",
    }
    for k, v in TYPE_NAMES.items():
        if k not in ("S", "O"):
            out[f"cell:{k}"] = f"{v} unit ({k} or {k.lower()})"
    return out
