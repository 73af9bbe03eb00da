"""Elemental Halma on the duel interface: a turn is one move, then confirm (undo before)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from events import palette
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
from events.halma import judge, notation, rules
from events.halma.actions import Action, Concede, Confirm, Move
from events.halma.board import (
    MATERIAL_NAME,
    SIDES,
    Board,
    Colour,
    board_of,
    column_name,
    read_board,
    spot_name,
)
from events.halma.state import (
    TEXT_KEY,
    HalmaState,
    Options,
    Pending,
    check_options,
    seat_colours,
    state_from_json,
    state_to_json,
    text_rows,
)

if TYPE_CHECKING:
    import numpy as np

DEFAULT_VARIANT = "standard"
EVERY_MOVE_VARIANT = "every-move"


def _too_far(board: Board, frm: int, to: int, action: Move) -> str:
    """Why a move does not reach: where the square typed lies (a cell of the material plane
    is the plane) and the squares next to where the elemental stands."""
    typed, here = spot_name(action.to), board.name(frm)
    where = f"{typed} is part of the material plane M, which" if to == board.material else typed
    if typed == MATERIAL_NAME:
        where = "the material plane M"
    near = ", ".join(board.name(n) for n in sorted(board.neighbours[frm], key=board.reading))
    start = "the material plane" if frm == board.material else here
    return (
        f"{here}-{typed}: {where} is not next to {start}; an elemental moves one square "
        f"(next to {start}: {near})"
    )


def _error(code: str, message: str, square: str | None = None, rule: str = "") -> DuelProblem:
    return DuelProblem(code, message, square, rule)


CODEC: DuelCodec[HalmaState, Action] = DuelCodec(
    notation.parse_actions,
    notation.format_action,
    notation.action_from_json,
    notation.action_to_json,
    state_to_json,
    state_from_json,
)
"""the game's notation (events/halma/notation.py) and state JSON"""


COLOURS = {
    **{f"plane-{k}": palette.tint(v) for k, v in palette.ELEMENTS.items()},
    "power": palette.NEUTRAL,
    "material": palette.tint(palette.PLAYERS[0]),
    "void": palette.PAPER,
    **{f"piece-{k}": v for k, v in palette.ELEMENTS.items()},
}
"""the picture's colours: the planes tinted by element, the points of power, the material
plane, and each colour's elementals in its element's colour"""
INKS = {f"piece-{k}": v for k, v in palette.ELEMENT_INK.items()}


class HalmaGame(ConfirmedTurns[HalmaState, Action], CodecGame[HalmaState, Action]):
    """Elemental Halma for two players or four in two teams, on a board given as a board
    file's text (festival reads fixtures/halma/board.txt; the engine reads no file)."""

    name = "halma"
    title = "Elemental Halma"
    player_counts = (2, 4)
    default_variant = DEFAULT_VARIANT
    search_playouts = (16, 64, 256)
    search_depth = 8

    def __init__(self, board_text: str, weights: judge.Weights = judge.WEIGHTS) -> None:
        self.weights = weights
        """the search bots' evaluation weights (benchmarks/judge_weights.py tries others)"""
        parsed = read_board(board_text)
        if parsed.value is None:
            raise ValueError("; ".join(str(e) for e in parsed.errors))
        self.board = parsed.value

    # --- variants and setup -------------------------------------------------------------

    def variants(self) -> Mapping[str, Mapping[str, Any]]:
        """`standard`, the rule text as festival reads it; `every-move`, the readings festival
        shipped before issue 25 (capturability checked on every move from the first; when
        both sides are left uncapturable at once the mover's side loses). Their board is the
        board file's grid, so a duel keeps the board it was created with."""
        standard = Options(self.board.rows)
        old = replace(standard, capturable="every-move", both_uncapturable="mover-loses")
        return {DEFAULT_VARIANT: standard.to_json(), EVERY_MOVE_VARIANT: old.to_json()}

    def check_options(self, options: Mapping[str, Any]) -> list[DuelProblem]:
        return check_options(options)

    def initial_state(
        self, players: Sequence[str], options: Mapping[str, Any], rng: np.random.Generator
    ) -> HalmaState:
        """Nine elementals of each colour on their own plane; the first player moves first
        (two players: the first controls Fire and Earth; four: Fire, Air, Earth, Water)."""
        if len(players) not in self.player_counts or len(set(players)) != len(players):
            raise ValueError("Elemental Halma is for two or four different players")
        opts = Options.from_json(options)
        board = board_of(opts.board)
        cells = tuple(board.plane)
        return HalmaState(opts, tuple(players), board, cells, 0, 0, tuple(() for _ in players))

    def players(self, state: HalmaState) -> tuple[str, ...]:
        return state.players

    def to_act(self, state: HalmaState) -> tuple[str, ...]:
        return () if state.outcome is not None else (state.player,)

    def allies(self, state: HalmaState, player: str) -> tuple[str, ...]:
        return state.side_players(state.side_of(state.players.index(player)))

    # --- notation and JSON --------------------------------------------------------------

    @property
    def codec(self) -> DuelCodec[HalmaState, Action]:
        return CODEC

    def resolve_chance(
        self, state: HalmaState, player: str, action: Action, rng: np.random.Generator
    ) -> Action:
        """No chance in Halma; a move is recorded in canonical squares (a cell inside the
        material plane becomes M), so the log reads as the board does."""
        if isinstance(action, Move):
            frm, to = state.board.square(action.frm), state.board.square(action.to)
            if frm is not None and to is not None:
                return Move(state.board.spots[frm], state.board.spots[to])
        return action

    # --- checking -----------------------------------------------------------------------

    def problems(self, state: HalmaState, player: str, action: Action) -> tuple[DuelProblem, ...]:
        return only(self._check(state, player, action))

    def _check(self, state: HalmaState, player: str, action: Action) -> DuelProblem | None:
        if state.outcome is not None:
            return _error("halma.over", f"the duel is over: {state.outcome.detail}")
        if isinstance(action, Concede):  # at any time, not only on one's turn
            return self.concede_problem(action)
        if player != state.player:
            return _error("halma.turn", f"it is {state.player}'s turn, not {player}'s")
        if isinstance(action, Confirm):
            if state.pending is None:
                return _error(
                    "halma.confirm.move",
                    "move an elemental first",
                    rule="During each player's turn they must choose one elemental ... and "
                    "move it one square",
                )
            return None
        if isinstance(action, Move):
            return self._move_error(state, action)
        return _error("halma.bad-action", f"not an Elemental Halma action: {action!r}")

    def _move_error(self, state: HalmaState, action: Move) -> DuelProblem | None:
        board = state.board
        if state.pending is not None:
            return _error(
                "halma.move.again",
                "one move a turn: confirm it, or undo it to move another elemental",
                rule="choose one elemental ... and move it one square",
            )
        frm, to = board.square(action.frm), board.square(action.to)
        if frm is None or to is None:
            bad = notation.format_action(action).split("-")[0 if frm is None else 1]
            return _error("halma.move.square", f"{bad} is not a square of the board", bad)
        piece = state.cells[frm]
        if piece and Colour(piece) not in state.colours:
            mine = " and ".join(c.word for c in state.colours)
            return _error(
                "halma.move.colour",
                f"{state.player} moves {mine} elementals, not {Colour(piece).word}",
                board.name(frm),
                "choose one elemental they control",
            )
        problem = rules.step_error(board, state.cells, frm, to)
        if problem is not None and problem[0] == "halma.move.empty":
            return _error(problem[0], problem[1], board.name(frm), "choose one elemental")
        if problem is not None:
            rule = rules.RULE_MOVE
            if problem[0] == "halma.capture.type":
                rule = rules.RULE_CAPTURE
            elif problem[0] == "halma.capture.power":
                rule = rules.RULE_POWER
            elif problem[0] == "halma.capture.own-plane":
                rule = rules.RULE_OWN_PLANE
            elif frm == board.material:
                rule = rules.RULE_MATERIAL
            if problem[0] == "halma.move.far":
                return _error(problem[0], _too_far(board, frm, to, action), None, rule)
            return _error(problem[0], problem[1], board.name(to), rule)
        colour = Colour(piece)
        first = state.first[state.seat]
        if len(state.players) == 2 and len(first) == 1 and first[0] == colour:
            return _error(
                "halma.move.first-two",
                f"your first two moves must move different colours: the first moved {colour.word}",
                board.name(frm),
                rules.RULE_FIRST_TWO,
            )
        after = rules.moved(state.cells, frm, to)
        if (
            self._capturable_applies(state)
            and not rules.colour_capturable(board, after, colour)
            and not self._wins_at_once(board, after, colour.side)
        ):
            return _error(
                "halma.move.capturable",
                f"after this move no {colour.word} elemental could be captured",
                board.name(to),
                rules.RULE_CAPTURABLE,
            )
        return None

    @staticmethod
    def _capturable_applies(state: HalmaState) -> bool:
        """Movement rule (3) restricts this move: it is made after the first four turns (the
        text; the fifth move on), or on every move with capturable=every-move."""
        return state.options.capturable == "every-move" or state.moves >= rules.OPENING_TURNS

    @staticmethod
    def _wins_at_once(board: Board, cells: Sequence[int], side: int) -> bool:
        """The move meets winning condition (1) or (2) for the moving side."""
        if rules.power_holder(board, cells) == side:
            return True
        return any(c.side != side for c in rules.eliminated(cells))

    # --- applying -----------------------------------------------------------------------

    def apply(self, state: HalmaState, player: str, action: Action) -> HalmaState:
        if isinstance(action, Concede):
            side = state.side_of(state.players.index(player))  # to act or not, with their team
            reason = action.reason
            return self._end(state, 1 - side, reason.outcome_reason, f"{player} {reason.words}")
        if isinstance(action, Move):
            board = state.board
            frm, to = board.square(action.frm), board.square(action.to)
            assert frm is not None and to is not None
            return replace(
                state,
                cells=rules.moved(state.cells, frm, to),
                pending=Pending(frm, to, state.cells[to]),
            )
        if isinstance(action, Confirm):
            return self._confirm(state)
        raise ValueError(f"not an Elemental Halma action: {action!r}")

    def _confirm(self, state: HalmaState) -> HalmaState:
        assert state.pending is not None
        colour = state.cells[state.pending.to]
        first = list(state.first)
        if len(first[state.seat]) < 2:
            first[state.seat] = (*first[state.seat], colour)
        done = replace(state, moves=state.moves + 1, first=tuple(first), pending=None)
        ended = self._judge(done)
        if ended is not None:
            return ended
        limit = state.options.move_limit
        if limit and done.moves >= limit:
            return replace(
                done,
                outcome=Outcome(None, "move-limit", f"drawn: the move limit ({limit}) is reached"),
            )
        return self._next_seat(done)

    def _judge(self, state: HalmaState) -> HalmaState | None:
        """The winning conditions, in the rule text's order, on the position after a move."""
        board, cells = state.board, state.cells
        holder = rules.power_holder(board, cells)
        if holder is not None:
            return self._end(state, holder, "power", f"{SIDES[holder]} holds all 8 points of power")
        gone = rules.eliminated(cells)
        if gone:
            loser = gone[0].side
            words = " and ".join(c.word for c in gone)
            return self._end(state, 1 - loser, "eliminated", f"all of {words} is eliminated")
        if state.moves >= rules.OPENING_TURNS:
            stuck = rules.uncapturable_colours(board, cells)
            if stuck:
                losers = {c.side for c in stuck}
                mover = state.side_of(state.seat)
                words = f"no {' and '.join(c.word for c in stuck)} elemental can be captured"
                if len(losers) == 1:
                    loser = next(iter(losers))
                elif state.options.both_uncapturable == "mover-loses":
                    loser = mover
                    words += " (both sides at once: the side that moved loses)"
                else:
                    loser = 1 - mover
                    words += " (both sides at once: the side that moved wins)"
                return self._end(state, 1 - loser, "uncapturable", words)
        return None

    def _next_seat(self, state: HalmaState) -> HalmaState:
        """The next player in turn order; one without a legal move passes (or, with
        no_move=lose, their side loses); if nobody can move the duel is drawn."""
        n = len(state.players)
        for k in range(1, n + 1):
            nxt = replace(state, seat=(state.seat + k) % n)
            if self._any_move(nxt):
                return nxt
            if state.options.no_move == "lose":
                side = nxt.side_of(nxt.seat)
                return self._end(nxt, 1 - side, "no-move", f"{nxt.player} has no legal move")
        return replace(state, outcome=Outcome(None, "no-move", "drawn: no player has a legal move"))

    @staticmethod
    def _end(state: HalmaState, side: int, reason: str, detail: str) -> HalmaState:
        team = state.side_players(side)
        winner = " & ".join(team)
        words = f"{detail}; {SIDES[side]} ({winner}) wins"
        return replace(state, pending=None, outcome=Outcome(winner, reason, words, team))

    # --- legal moves --------------------------------------------------------------------

    def _moves(self, state: HalmaState) -> Iterable[Move]:
        board, cells = state.board, state.cells
        mine = {int(c) for c in state.colours}
        for frm, piece in enumerate(cells):
            if piece not in mine:
                continue
            for to in board.neighbours[frm]:
                move = Move(board.spots[frm], board.spots[to])
                if self._move_error(state, move) is None:
                    yield move

    def _any_move(self, state: HalmaState) -> bool:
        return next(iter(self._moves(state)), None) is not None

    def legal_actions(self, state: HalmaState, player: str) -> Sequence[Action]:
        """Every legal move (before the turn's move) or the confirm (after it); not conceding."""
        if state.outcome is not None or player != state.player:
            return []
        if state.pending is not None:
            return [Confirm()]
        return list(self._moves(state))

    def random_action(
        self, state: HalmaState, player: str, rng: np.random.Generator
    ) -> Action | None:
        """A random legal move: tried at random first (fast), all listed if that fails."""
        if state.outcome is not None or player != state.player:
            return None
        if state.pending is not None:
            return Confirm()
        board, cells = state.board, state.cells
        mine = {int(c) for c in state.colours}
        own = [i for i, p in enumerate(cells) if p in mine]
        if own:
            for u, v in rng.random((12, 2)).tolist():
                frm = own[int(u * len(own))]
                near = board.neighbours[frm]
                move = Move(board.spots[frm], board.spots[near[int(v * len(near))]])
                if self._move_error(state, move) is None:
                    return move
        moves = list(self._moves(state))
        return moves[int(rng.integers(len(moves)))] if moves else None

    def evaluation(self, state: HalmaState, player: str) -> float:
        """Points of power held, elementals kept, captures threatened and nearness to the
        points of power, side against side, in [-1, 1] (events/halma/judge.py)."""
        side = state.side_of(state.players.index(player))
        return judge.evaluation(state.board, state.cells, side, self.weights)

    def search_actions(self, state: HalmaState, player: str) -> Sequence[Action]:
        """The best-looking legal moves first, at most judge.SEARCH_MOVES of them."""
        legal = self.legal_actions(state, player)
        moves = [a for a in legal if isinstance(a, Move)]
        if len(moves) != len(legal):
            return legal
        board = state.board
        squares = [(board.square(m.frm), board.square(m.to)) for m in moves]
        pairs = [(f, t) for f, t in squares if f is not None and t is not None]
        if len(pairs) != len(moves):
            return legal
        order = judge.move_order(board, state.cells, pairs)
        return [moves[k] for k in order[: judge.SEARCH_MOVES]]

    # --- the end, views and pictures ----------------------------------------------------

    def outcome(self, state: HalmaState) -> Outcome | None:
        return state.outcome

    def public_view(self, state: HalmaState) -> dict[str, Any]:
        """No hidden information: the state JSON, with the board as text rows."""
        return {**state_to_json(state), "rows": text_rows(state)}

    def board_key(self, state: HalmaState) -> tuple[str, ...]:
        """What the text board's characters mean, and who plays which elementals."""
        n = len(state.players)
        plays = "; ".join(
            f"{name}: {' and '.join(c.word for c in seat_colours(n, seat))}"
            for seat, name in enumerate(state.players)
        )
        return (*TEXT_KEY, f"Elementals played by {plays}.")

    def action_example(self, state: HalmaState) -> str:
        return "C3-D4, C3 DR, D5-M"

    def turn_number(self, state: HalmaState) -> int:
        """Turns are counted together for all players (the move limit counts them)."""
        return state.moves + 1

    def progress(self, state: HalmaState) -> str:
        if state.outcome is not None:
            return f"The duel is over: {state.outcome.detail}."
        colours = " and ".join(c.word for c in state.colours)
        if state.pending is not None:
            moved = f"{state.board.name(state.pending.frm)}-{state.board.name(state.pending.to)}"
            return f"{state.player} ({colours}) has moved {moved}: confirm or undo."
        return f"{state.player} ({colours}) to move (turn {state.moves + 1})."

    def picture(self, state: HalmaState, highlight: Iterable[tuple[int, int]] = ()) -> Picture:
        board = state.board
        cells: list[PictureCell] = []
        for square in range(board.n_squares):
            if board.power[square]:
                kind, symbol = "power", "P"
            elif board.plane[square]:
                colour = Colour(board.plane[square])
                kind, symbol = f"plane-{colour.letter}", colour.letter.lower()
            elif square == board.material:
                kind, symbol = "material", ""
            else:
                kind, symbol = "void", ""
            if kind != "void":
                cells.extend(PictureCell(c, r, kind, symbol) for c, r in board.cells_of(square))
        pieces = tuple(
            PicturePiece(
                *board.centre(i),
                owner=Colour(p).side,
                label=Colour(p).letter,
                colour=f"piece-{Colour(p).letter}",
                marked=rules.capturable(board, state.cells, i),
            )
            for i, p in enumerate(state.cells)
            if p
        )
        caption = state.outcome.detail if state.outcome else self.progress(state)
        legend = _legend(state)
        return Picture(
            "square",
            tuple(column_name(c) for c in range(board.width)),
            tuple(str(r + 1) for r in range(board.height)),
            tuple(cells),
            pieces,
            frozenset(highlight),
            caption,
            legend,
            colours=COLOURS,
            inks=INKS,
        )

    def changed_cells(self, before: HalmaState, after: HalmaState) -> frozenset[tuple[int, int]]:
        board = after.board
        return frozenset(
            board.centre(i) for i in range(board.n_squares) if before.cells[i] != after.cells[i]
        )


def _legend(state: HalmaState) -> dict[str, str]:
    """The picture's legend in Elemental Halma's words: the planes (lettered in lower case,
    unlike the elementals), the points of power, each elemental with its players and team,
    the capture ring and the last move."""
    seats = range(len(state.players))
    out = {
        "power": "a point of power",
        "material": "the material plane (one square)",
        "void": "the void",
        "ring": "dashed ring: this elemental can be captured where it stands",
        "highlight": "thick black outline: a square the last move (or this turn so far) changed",
    }
    for c in Colour:
        out[f"plane-{c.letter}"] = f"{c.word}'s elemental plane"
        names = " & ".join(state.players[s] for s in seats if c in seat_colours(len(seats), s))
        out[f"piece:piece-{c.letter}"] = f"{c.word} elemental ({names}, team {SIDES[c.side]})"
    return out


__all__ = ["HalmaGame", "seat_colours"]
