"""Element on the duel interface: turns of a draw, moves, rides and placements, then confirm."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from events.duel import (
    CodecGame,
    ConfirmedTurns,
    DuelCodec,
    DuelProblem,
    Outcome,
    Picture,
    PictureCell,
    PicturePiece,
    only,
)
from events.element import judge, notation, rules
from events.element.actions import Action, Concede, Confirm, Draw, Move, Place, Ride
from events.element.board import (
    COLS,
    DIRECTIONS,
    N_SQUARES,
    REPLACES,
    SIZE,
    Board,
    Direction,
    Stone,
    col_row,
    direction_between,
    name,
    parse_square,
    step,
)
from events.element.state import START, ElementState, TurnProgress, state_from_json, state_to_json
from events.element.variant import DEFAULT_VARIANT, VARIANTS, Variant, check_variant

if TYPE_CHECKING:
    import numpy as np

MOVES_PER_TURN = 5
"""moves = 5 - stones drawn"""
RULE_TURN = "On your turn, you must: draw a number of elements from 0 to 4; move and place"
RULE_MUST_MOVE = "You must move 5 - (drawn stones) spaces"
RULE_MUST_PLACE = "Every stone drawn must be placed on the board, as long as there is a valid move"


def _moves_made(turn: TurnProgress) -> str:
    """The moves of a turn that has none left: how many the stones taken allowed."""
    taken = len(turn.drawn or ())
    stones = "1 stone" if taken == 1 else f"{taken} stones"
    moves = "the 1 move" if turn.moves_made == 1 else f"all {turn.moves_made} moves"
    return f"{moves} that taking {stones} allows this turn are made"


def _error(code: str, message: str, square: str | None = None, rule: str = "") -> DuelProblem:
    return DuelProblem(code, message, square, rule)


CODEC: DuelCodec[ElementState, Action] = DuelCodec(
    notation.parse_actions,
    notation.format_action,
    notation.action_from_json,
    notation.action_to_json,
    state_to_json,
    state_from_json,
)
"""the game's notation (events/element/notation.py) and state JSON"""


class ElementGame(ConfirmedTurns[ElementState, Action], CodecGame[ElementState, Action]):
    name = "element"
    title = "Element"
    player_counts = (2,)
    default_variant = DEFAULT_VARIANT
    search_playouts = (48, 192, 2304)
    search_turn_choices = 6
    search_depth = 12

    def __init__(self, weights: judge.Weights = judge.WEIGHTS) -> None:
        self.weights = weights
        """the search bots' evaluation weights (benchmarks/judge_weights.py tries others)"""

    # --- variants and setup -------------------------------------------------------------

    def variants(self) -> Mapping[str, Mapping[str, Any]]:
        return {k: v.to_json() for k, v in VARIANTS.items()}

    def check_options(self, options: Mapping[str, Any]) -> list[DuelProblem]:
        return check_variant(options)

    def initial_state(
        self, players: Sequence[str], options: Mapping[str, Any], rng: np.random.Generator
    ) -> ElementState:
        """The first player in `players` starts (the host picks who starts)."""
        if len(players) != 2 or players[0] == players[1]:
            raise ValueError("Element is for two different players")
        sages = (parse_square(START[0]), parse_square(START[1]))
        assert sages[0] is not None and sages[1] is not None
        return ElementState(
            Variant.from_json(options),
            (players[0], players[1]),
            Board.empty(),
            (sages[0], sages[1]),
            0,
            1,
            TurnProgress(),
        )

    def players(self, state: ElementState) -> tuple[str, ...]:
        return state.players

    def to_act(self, state: ElementState) -> tuple[str, ...]:
        return () if state.outcome is not None else (state.player,)

    def action_example(self, state: ElementState) -> str:
        if state.outcome is None and state.turn.drawn is None:
            return "take 4, or take 2 FW for stones drawn elsewhere"
        return "UR, fire B3, ride D, W C2 river L path DRD"

    def turn_number(self, state: ElementState) -> int:
        return state.turn_no

    def progress(self, state: ElementState) -> str:
        """Who plays, and the turn so far: the stones drawn, those left to place, the moves."""
        if state.outcome is not None:
            return f"The duel is over: {state.outcome.detail}."
        turn = state.turn
        if turn.drawn is None:
            return f"{state.player} to play: take 0-4 stones first."
        drawn = " ".join(s.letter for s in turn.drawn) or "none"
        hand = " ".join(s.letter for s in turn.hand) or "none"
        return (
            f"{state.player} to play (turn {state.turn_no}): drawn {drawn}, "
            f"left to place: {hand}, moves left: {turn.moves_left}."
        )

    # --- notation and JSON --------------------------------------------------------------

    @property
    def codec(self) -> DuelCodec[ElementState, Action]:
        return CODEC

    # --- chance -------------------------------------------------------------------------

    def resolve_chance(
        self, state: ElementState, player: str, action: Action, rng: np.random.Generator
    ) -> Action:
        """A draw without stones gets them: each of the four elements equally likely."""
        if isinstance(action, Draw) and action.stones is None:
            picks = rng.random(action.count).tolist()  # uniform in [0, 1): a quarter each
            return Draw(action.count, tuple(_STONES[int(x * 4)] for x in picks))
        return action

    def chance_named(self, action: Action) -> bool:
        """A draw with its stones written in (drawn elsewhere, by a dice bot)."""
        return isinstance(action, Draw) and action.count > 0 and action.stones is not None

    # --- checking -----------------------------------------------------------------------

    def problems(self, state: ElementState, player: str, action: Action) -> tuple[DuelProblem, ...]:
        return only(self._check(state, player, action))

    def _check(self, state: ElementState, player: str, action: Action) -> DuelProblem | None:
        if state.outcome is not None:
            return _error("element.over", f"the duel is over: {state.outcome.detail}")
        if isinstance(action, Concede):  # at any time, not only on one's turn
            return self.concede_problem(action)
        if player != state.player:
            return _error("element.turn", f"it is {state.player}'s turn, not {player}'s")
        turn = state.turn
        if isinstance(action, Draw):
            if turn.drawn is not None:
                return _error("element.draw.again", "the stones of this turn are already drawn")
            if not isinstance(action.count, int) or not 0 <= action.count <= 4:
                return _error("element.draw.count", "take 0 to 4 stones", rule=RULE_TURN)
            if action.stones is not None and (
                len(action.stones) != action.count
                or not all(isinstance(s, Stone) for s in action.stones)
            ):
                return _error(
                    "element.draw.stones", f"{action.count} stones were taken, not "
                    f"{len(action.stones)}",
                )  # fmt: skip
            return None
        if turn.drawn is None:
            return _error(
                "element.draw.first",
                "say how many stones you take first (take 0 to take 4)",
                rule="Players must state how many stones they will draw before drawing any",
            )
        who = state.to_move
        if isinstance(action, Move):
            if turn.moves_left <= 0:
                return _error(
                    "element.move.none",
                    f"your sage (now on {name(state.sages[who])}) has no move left: "
                    f"{_moves_made(turn)}",
                    rule=RULE_MUST_MOVE,
                )
            d = self._move_direction(state, action)
            if isinstance(d, DuelProblem):
                return d
            return rules.step_error(state.board, state.sages, who, d)
        if isinstance(action, Ride):
            rd = self._ride_direction(state, action)
            if isinstance(rd, DuelProblem):
                return rd
            result = rules.ride(state.board, state.sages, who, rd, turn.used_stacks)
            return result if isinstance(result, DuelProblem) else None
        if isinstance(action, Place):
            if action.stone not in turn.hand:
                hand = " ".join(s.letter for s in turn.hand) or "nothing"
                return _error(
                    "element.place.hand",
                    f"you hold no {action.stone.word.lower()} stone (left to place: {hand})",
                    name(action.at),
                )
            placed = rules.place(
                state.board, state.sages, action.stone, action.at, action.river, action.path
            )
            return placed if isinstance(placed, DuelProblem) else None
        if isinstance(action, Confirm):
            return self._confirm_problem(state)
        return _error("element.bad-action", f"not an Element action: {action!r}")

    def _confirm_problem(self, state: ElementState) -> DuelProblem | None:
        """A confirm with stones in hand or moves owed is refused while one of them can still
        be made: in the position reached, or (`owed_check` "reachable") in one the free rides
        and the steps left but not owed still reach this turn."""
        owed = _owed_possible(state)
        if owed is None:
            return None
        kind, route = owed
        who = state.to_move
        via = f" (after {', '.join(route)})" if route else ""
        if kind:
            words = ", ".join(s.word.lower() for s in kind)
            return _error(
                "element.confirm.stones", f"place your remaining stones first ({words}){via}",
                rule=RULE_MUST_PLACE,
            )  # fmt: skip
        return _error(
            "element.confirm.moves",
            f"make {state.turn.moves_left} more move(s) first{via}",
            name(state.sages[who]),
            RULE_MUST_MOVE,
        )

    @staticmethod
    def _can_place(state: ElementState, stone: Stone) -> bool:
        return rules.can_place(state.board, state.sages, stone)

    @staticmethod
    def _owes_moves(state: ElementState) -> bool:
        return state.variant.moves == "exactly" and state.turn.moves_left > 0

    @staticmethod
    def _move_direction(state: ElementState, action: Move) -> Direction | DuelProblem:
        if action.direction is not None:
            return action.direction
        here = state.sages[state.to_move]
        to = action.to if action.to is not None else -1
        line = direction_between(here, to) if 0 <= to < N_SQUARES else None
        if line is None or line[1] != 1:
            return _error(
                "element.move.far",
                f"{name(to) if 0 <= to < N_SQUARES else to} is not next to the sage on "
                f"{name(here)}",
                name(to) if 0 <= to < N_SQUARES else None,
                "Sages can move to any touching space",
            )
        return line[0]

    @staticmethod
    def _ride_direction(state: ElementState, action: Ride) -> Direction | DuelProblem:
        if action.direction is not None:
            return action.direction
        via = action.via if action.via is not None else -1
        if not 0 <= via < N_SQUARES:
            return _error("element.ride.via", "ride which whirlwind?")
        return rules.ride_direction(state.board, state.sages[state.to_move], via)

    # --- applying -----------------------------------------------------------------------

    def apply(self, state: ElementState, player: str, action: Action) -> ElementState:
        turn = state.turn
        who = state.to_move
        other = 1 - who
        if isinstance(action, Concede):  # `player`, to act or not, loses
            winner = state.players[1 - state.players.index(player)]
            detail = f"{player} {action.reason.words}; {winner} wins"
            return self._end(state, winner, action.reason.outcome_reason, detail)
        if isinstance(action, Draw):
            if action.stones is None:
                raise ValueError("a draw is applied once its stones are known")
            progress = TurnProgress(
                action.stones, action.stones, MOVES_PER_TURN - action.count, 0, frozenset()
            )
            return _replace(state, turn=progress)
        if isinstance(action, Move):
            d = self._move_direction(state, action)
            assert isinstance(d, Direction)
            target = step(state.sages[who], d)
            progress = TurnProgress(
                turn.drawn, turn.hand, turn.moves_left - 1, turn.moves_made + 1, turn.used_stacks
            )
            return self._after_action(_moved(state, _sages(state.sages, who, target), progress))
        if isinstance(action, Ride):
            rd = self._ride_direction(state, action)
            assert isinstance(rd, Direction)
            result = rules.ride(state.board, state.sages, who, rd, turn.used_stacks)
            assert not isinstance(result, DuelProblem)
            landing, stacks = result
            progress = TurnProgress(
                turn.drawn,
                turn.hand,
                turn.moves_left,
                turn.moves_made,
                turn.used_stacks | frozenset(stacks),
            )
            return self._after_action(_moved(state, _sages(state.sages, who, landing), progress))
        if isinstance(action, Place):
            board = rules.place(
                state.board, state.sages, action.stone, action.at, action.river, action.path
            )
            assert isinstance(board, Board)
            hand = list(turn.hand)
            hand.remove(action.stone)
            progress = TurnProgress(
                turn.drawn, tuple(hand), turn.moves_left, turn.moves_made, turn.used_stacks
            )
            return self._after_action(
                ElementState(
                    state.variant,
                    state.players,
                    board,
                    state.sages,
                    state.to_move,
                    state.turn_no,
                    progress,
                    state.outcome,
                )
            )
        if isinstance(action, Confirm):
            if state.variant.unplayable == "forfeit" and (turn.hand or self._owes_moves(state)):
                owed = []
                if turn.hand:
                    owed.append("stones: " + " ".join(s.letter for s in turn.hand))
                if self._owes_moves(state):
                    owed.append(f"{turn.moves_left} move(s)")
                detail = (
                    f"{player} could not complete the turn ({'; '.join(owed)}) and forfeits; "
                    f"{state.players[other]} wins"
                )
                return self._end(state, state.players[other], "unplayable", detail)
            nxt = ElementState(
                state.variant,
                state.players,
                state.board,
                state.sages,
                other,
                state.turn_no + 1,
                TurnProgress(),
            )
            if state.variant.game_end == "turn-start" and _trapped(nxt, other):
                detail = (
                    f"{state.players[other]} starts the turn trapped on "
                    f"{name(nxt.sages[other])}; {player} wins"
                )
                return self._end(nxt, player, "trapped", detail)
            return nxt
        raise ValueError(f"not an Element action: {action!r}")

    def _after_action(self, state: ElementState) -> ElementState:
        """The "any-action" end: a sage without a move loses at once (both: the player not
        having the turn wins)."""
        if state.variant.game_end != "any-action":
            return state
        blocked = [_trapped(state, i) for i in (0, 1)]
        if not any(blocked):
            return state
        other = 1 - state.to_move
        if all(blocked):
            detail = f"both sages are trapped; {state.players[other]} (not having the turn) wins"
            return self._end(state, state.players[other], "both-trapped", detail)
        loser = blocked.index(True)
        winner = 1 - loser
        detail = (
            f"the sage of {state.players[loser]} on {name(state.sages[loser])} is trapped; "
            f"{state.players[winner]} wins"
        )
        return self._end(state, state.players[winner], "trapped", detail)

    @staticmethod
    def _end(state: ElementState, winner: str, reason: str, detail: str) -> ElementState:
        return _replace(state, outcome=Outcome(winner, reason, detail))

    def evaluation(self, state: ElementState, player: str) -> float:
        """Mobility and room (the squares a sage could reach within a few steps), the sage's
        against the other sage's, in [-1, 1] (events/element/judge.py)."""
        return judge.evaluation(state.board, state.sages, state.players.index(player), self.weights)

    def undo_refusal(self, before: ElementState, action: Action) -> str | None:
        """ "Players may undo any of their actions until they confirm them": not a confirmed
        turn, not a draw (its stones are seen), not a concession."""
        if isinstance(action, Draw):
            return "the stones are drawn and seen"
        return super().undo_refusal(before, action)

    # --- legal actions ------------------------------------------------------------------

    def legal_actions(self, state: ElementState, player: str) -> Sequence[Action]:
        """Every legal action except conceding (moves and rides by direction)."""
        if state.outcome is not None or player != state.player:
            return []
        turn = state.turn
        if turn.drawn is None:
            return [Draw(n) for n in range(5)]
        out: list[Action] = []
        who = state.to_move
        if turn.moves_left > 0:
            out.extend(
                Move(direction=d)
                for d in DIRECTIONS
                if rules.step_error(state.board, state.sages, who, d) is None
            )
        out.extend(self._rides(state))
        for stone in sorted(set(turn.hand)):
            out.extend(
                Place(stone, at, river, path)
                for at, river, path in rules.placements(state.board, state.sages, stone)
            )
        if not self.check(state, player, Confirm()):
            out.append(Confirm())
        return out

    def search_actions(self, state: ElementState, player: str) -> Sequence[Action]:
        """For the search bot, at most `judge.SEARCH_ACTIONS`: every step, ride and confirm,
        then the placements nearest the other sage first (`judge.placement_order`): a stone
        far from both sages rarely matters, and a position may offer hundreds of placements
        (water's rivers), of which a random few would miss the ones that wall a sage in."""
        legal = self.legal_actions(state, player)
        if len(legal) <= judge.SEARCH_ACTIONS:
            return legal
        places = [a for a in legal if isinstance(a, Place)]
        rest = [a for a in legal if not isinstance(a, Place)]
        order = judge.placement_order([p.at for p in places], state.sages[1 - state.to_move])
        room = max(0, judge.SEARCH_ACTIONS - len(rest))
        return [*rest, *(places[k] for k in order[:room])]

    @staticmethod
    def _rides(state: ElementState) -> list[Action]:
        return [
            Ride(direction=d)
            for d in DIRECTIONS
            if not isinstance(
                rules.ride(state.board, state.sages, state.to_move, d, state.turn.used_stacks),
                DuelProblem,
            )
        ]

    def random_action(
        self, state: ElementState, player: str, rng: np.random.Generator
    ) -> Action | None:
        """A random legal action, sampled quickly (uniforms drawn from `rng` in blocks):
        half the time a move or ride if there is one, else a placement tried at random
        squares before all of them are listed, else a confirm."""
        if state.outcome is not None or player != state.player:
            return None
        u = iter(rng.random(4).tolist())
        turn = state.turn
        if turn.drawn is None:
            return Draw(int(next(u) * 5))
        who = state.to_move
        board, sages = state.board, state.sages
        choices: list[Action] = []
        if turn.moves_left > 0:
            choices.extend(_MOVES[i] for i in rules.free_steps(board, sages, who))
        if next(u) < 0.3:
            choices.extend(_RIDES[i] for i in rules.free_rides(board, sages, who, turn.used_stacks))
        if choices and (not turn.hand or next(u) < 0.5):
            return choices[int(next(u) * len(choices))]
        if turn.hand:
            placement = self._random_placement(state, iter(rng.random(64).tolist()))
            if placement is not None:
                return placement
            if any(self._can_place(state, s) for s in set(turn.hand)):
                legal = self.legal_actions(state, player)
                return legal[int(rng.random() * len(legal))] if legal else None
        if self._confirm_problem(state) is None:
            return Confirm()
        # something owed is still possible: a step, or a ride (or step) leading to it
        choices = (
            [_MOVES[i] for i in rules.free_steps(board, sages, who)] if turn.moves_left else []
        )
        choices.extend(_RIDES[i] for i in rules.free_rides(board, sages, who, turn.used_stacks))
        return choices[int(rng.random() * len(choices))] if choices else None

    @staticmethod
    def _random_placement(state: ElementState, u: Iterator[float]) -> Action | None:
        board, sages, hand = state.board, state.sages, state.turn.hand
        for _ in range(20):
            stone = hand[int(next(u) * len(hand))]
            at = int(next(u) * N_SQUARES)
            there = board.stone[at]
            if at in sages or (there and there != stone and REPLACES[stone] != there):
                continue  # plainly occupied: skip without building the error
            if rules.place_error_basic(board, sages, stone, at) is not None:
                continue
            if stone != Stone.WATER:
                return Place(stone, at)
            lines = rules.water_lines(board, at)
            if not lines:
                return Place(stone, at)
            d = list(lines)[int(next(u) * len(lines))]
            squares = frozenset((at, *lines[d]))
            paths = []
            for p in rules.river_paths(board, sages, at, squares, len(squares)):
                paths.append(p)
                if len(paths) >= 16:
                    break
            if paths:
                return Place(stone, at, d, paths[int(next(u) * len(paths))])
        return None

    # --- the end, views and pictures ----------------------------------------------------

    def outcome(self, state: ElementState) -> Outcome | None:
        return state.outcome

    def board_key(self, state: ElementState) -> tuple[str, ...]:
        """Whose sage each number is, and what the stones' letters and heights mean."""
        sages = "; ".join(f"{n}: {name}'s sage" for n, name in enumerate(state.players, 1))
        return (
            f"{sages}.",
            "Stones: F fire, W water, E earth, A air; a number after a letter is how many "
            "stones are stacked there (E2 a mountain, A2 to A4 a whirlwind).",
        )

    def public_view(self, state: ElementState) -> dict[str, Any]:
        """Element has no private information: everyone sees everything."""
        return state_to_json(state)

    def picture(self, state: ElementState, highlight: Iterable[tuple[int, int]] = ()) -> Picture:
        board = state.board
        ranges = board.range_squares
        cells = tuple(
            PictureCell(
                *col_row(i),
                kind=Stone(board.stone[i]).letter,
                symbol=Stone(board.stone[i]).letter,
                count=board.height[i],
                marked=i in ranges,
            )
            for i in range(N_SQUARES)
            if board.stone[i]
        )
        pieces = tuple(
            PicturePiece(*col_row(square), owner=n, label=state.players[n])
            for n, square in enumerate(state.sages)
        )
        if state.outcome is not None:
            caption = state.outcome.detail
        else:
            caption = f"Turn {state.turn_no}: {state.player} to play"
        return Picture(
            "square",
            tuple(COLS),
            tuple(str(r + 1) for r in range(SIZE)),
            cells,
            pieces,
            frozenset(highlight),
            caption,
            _legend(state),
        )

    def changed_cells(
        self, before: ElementState, after: ElementState
    ) -> frozenset[tuple[int, int]]:
        a, b = before.board, after.board
        changed = {
            col_row(i)
            for i in range(N_SQUARES)
            if (a.stone[i], a.height[i], a.stack[i]) != (b.stone[i], b.height[i], b.stack[i])
        }
        for s, t in zip(before.sages, after.sages, strict=True):
            if s != t:
                changed.update((col_row(s), col_row(t)))
        return frozenset(changed)


def _legend(state: ElementState) -> dict[str, str]:
    """The picture's legend in Element's words: stones, stacks, ranges, sages, the last turn."""
    return {
        **{s.letter: f"{s.word} stone" for s in Stone},
        "count": "number: the stack's height in stones (air up to 4; 2 earth: a mountain)",
        "marked": "triangle: earth in a mountain range (air cannot replace it; no slipping "
        "diagonally through it)",
        "highlight": "thick black outline: a square the last turn (or this turn so far) changed",
        **{f"piece:{n}": f"{name}'s sage" for n, name in enumerate(state.players)},
    }


_STONES = (Stone.FIRE, Stone.WATER, Stone.EARTH, Stone.AIR)
_MOVES = tuple(Move(direction=d) for d in DIRECTIONS)
_RIDES = tuple(Ride(direction=d) for d in DIRECTIONS)


def _trapped(state: ElementState, who: int) -> bool:
    """The sage of player `who` "cannot move" (the variant's `trapped` reading)."""
    rides = state.variant.trapped == "no-step-or-ride"
    return not rules.can_move(state.board, state.sages, who, rides)


_Owed = tuple[tuple[Stone, ...], tuple[str, ...]]
"""an owed action still possible: the stones placeable (empty: a move), and the free actions
that lead to the position where it is"""


def _owed_possible(state: ElementState) -> _Owed | None:
    """Whether a stone in hand or an owed move can still be made (None: none can): in the
    position reached, and with `owed_check` "reachable" in every position reached from it by
    free actions (rides, and steps while moves are left but not owed)."""
    turn = state.turn
    exactly = state.variant.moves == "exactly"
    if not turn.hand and not (exactly and turn.moves_left > 0):
        return None
    board, who = state.board, state.to_move
    hand = tuple(sorted(set(turn.hand)))
    search = state.variant.owed_check == "reachable"
    start = (state.sages[who], turn.used_stacks, turn.moves_left)
    seen = {start}
    queue: deque[tuple[tuple[int, frozenset[int], int], tuple[str, ...]]] = deque([(start, ())])
    placeable: dict[int, tuple[Stone, ...]] = {}
    while queue:
        (square, used, left), route = queue.popleft()
        sages = _sages(state.sages, who, square)
        steps = rules.free_steps(board, sages, who) if left > 0 else []
        if hand:
            if square not in placeable:
                placeable[square] = tuple(s for s in hand if rules.can_place(board, sages, s))
            if placeable[square]:
                return placeable[square], route
        if exactly and steps:
            return (), route
        if not search:
            break
        nodes = []
        for i in rules.free_rides(board, sages, who, used):
            d = DIRECTIONS[i]
            result = rules.ride(board, sages, who, d, used)
            assert not isinstance(result, DuelProblem)
            landing, stacks = result
            nodes.append(
                ((landing, used | frozenset(stacks), left), f"ride {d.name} to {name(landing)}")
            )
        for i in steps:
            d = DIRECTIONS[i]
            to = step(square, d)
            nodes.append(((to, used, left - 1), f"{d.name} to {name(to)}"))
        for node, words in nodes:
            if node not in seen:
                seen.add(node)
                queue.append((node, (*route, words)))
    return None


def _moved(state: ElementState, sages: tuple[int, int], progress: TurnProgress) -> ElementState:
    return ElementState(
        state.variant,
        state.players,
        state.board,
        sages,
        state.to_move,
        state.turn_no,
        progress,
        state.outcome,
    )


def _sages(sages: tuple[int, int], who: int, square: int) -> tuple[int, int]:
    return (square, sages[1]) if who == 0 else (sages[0], square)


def _replace(state: ElementState, **changes: Any) -> ElementState:
    return replace(state, **changes)
