"""Alchelemental on the duel interface: each player's turn is two catalyses (select or call a
unit, then up to its action number of mirror, spin, move and impel actions), then confirm."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from events.alchelemental import desk, judge, notation, rules
from events.alchelemental.actions import (
    EITHER,
    Action,
    Call,
    Concede,
    Confirm,
    Impel,
    Mirror,
    Move,
    Select,
    Spin,
)
from events.alchelemental.board import DIRECTIONS, Board, load_board
from events.alchelemental.elements import Elem
from events.alchelemental.offers import BOARDS
from events.alchelemental.state import (
    AlchState,
    Piece,
    sort_pieces,
    state_from_json,
    state_to_json,
)
from events.alchelemental.units import Units, power_name, units_of
from events.duel import (
    CodecGame,
    ConfirmedTurns,
    DataProblems,
    DuelCodec,
    DuelProblem,
    Outcome,
    Picture,
    PictureCell,
    PicturePiece,
    only,
)

if TYPE_CHECKING:
    import numpy as np

CODE = "alchelemental"


def _error(code: str, message: str, hex_: str | None = None, rule: str = "") -> DuelProblem:
    return DuelProblem(f"{CODE}.{code}", message, hex_, rule)


def codec(units: Units) -> DuelCodec[AlchState, Action]:
    """The game's notation (events/alchelemental/notation.py) and state JSON, naming `units`."""
    return DuelCodec(
        partial(notation.parse_actions, units),
        notation.format_action,
        partial(notation.action_from_json, units),
        notation.action_to_json,
        state_to_json,
        partial(state_from_json, units=units),
    )


class AlchelementalGame(ConfirmedTurns[AlchState, Action], CodecGame[AlchState, Action]):
    name = "alchelemental"
    title = "Alchelemental"
    player_counts = (2,)
    default_variant = "pit"
    search_playouts = (20, 80, 320)
    search_turn_choices = 5
    search_depth = 8

    def __init__(
        self, *, units: Any, pit: Any, battleground: Any, weights: judge.Weights = judge.WEIGHTS
    ) -> None:
        """On the syllabus's units and the two reconstructed boards, as their files' JSON
        (festival reads fixtures/alchelemental/units.json, pit.json and battleground.json; the
        engine reads no file); `DataProblems` names every problem of a broken one."""
        self.weights = weights
        """the search bots' evaluation weights (the self-play benchmark tries others)"""
        self.boards: Mapping[str, Any] = {"pit": pit, "battleground": battleground}
        """the boards a variant names, as their files' JSON (by name)"""
        read, problems = units_of(units)
        found = {"units": problems, **{name: self.board_of(name)[1] for name in self.boards}}
        if read is None or any(found.values()):
            raise DataProblems(found)
        self.units: Units = read
        """the units every duel of this game is played with"""
        self._codec = codec(self.units)

    def board_of(self, spec: Any) -> tuple[Board | None, list[str]]:
        """The board an options' "board" names ("pit", "battleground") or holds (a board
        file's JSON object, as `festival duel new --board FILE` records it)."""
        if isinstance(spec, str):
            if spec not in self.boards:
                names = ", ".join(self.boards)
                return None, [f"no board {spec!r} ({names}, or a board file)"]
            spec = self.boards[spec]
        return load_board(spec)

    def variants(self) -> Mapping[str, Mapping[str, Any]]:
        return {name: {"board": name} for name in BOARDS.names}

    def check_options(self, options: Mapping[str, Any]) -> list[DuelProblem]:
        return [_error("board", e) for e in self.board_of(options.get("board"))[1]]

    def initial_state(
        self, players: Sequence[str], options: Mapping[str, Any], rng: np.random.Generator
    ) -> AlchState:
        """ "Power units are placed on (called to) the marked power node hexes." The first
        player is Light and starts."""
        if len(players) != 2 or players[0] == players[1]:
            raise ValueError("Alchelemental is for two different players")
        board, errors = self.board_of(options.get("board"))
        if board is None:
            raise ValueError("; ".join(errors))
        pieces = [
            Piece(side, self.units[power_name(board.elements[h])], h, 0, False)
            for side in (0, 1)
            for h in board.nodes[side]
        ]
        called = tuple(frozenset(p.name for p in pieces if p.owner == s) for s in (0, 1))
        return AlchState(
            board, self.units, (players[0], players[1]), sort_pieces(pieces),
            (called[0], called[1]), (frozenset(), frozenset()), 0, 1,
        )  # fmt: skip

    def players(self, state: AlchState) -> tuple[str, ...]:
        return state.players

    def to_act(self, state: AlchState) -> tuple[str, ...]:
        return () if state.outcome is not None else (state.player,)

    def action_example(self, state: AlchState) -> str:
        return "call gnome water L R4, move R, impel DL gnome"

    def turn_number(self, state: AlchState) -> int:
        return state.turn_no

    def progress(self, state: AlchState) -> str:
        """Who plays, and the turn's catalyses so far (the view's "progress" in words)."""
        if state.outcome is not None:
            return f"The duel is over: {state.outcome.detail}."
        return f"{state.player} to play ({desk.progress(state)})."

    # --- notation and JSON --------------------------------------------------------------

    @property
    def codec(self) -> DuelCodec[AlchState, Action]:
        return self._codec

    # --- checking -----------------------------------------------------------------------

    def problems(self, state: AlchState, player: str, action: Action) -> tuple[DuelProblem, ...]:
        found = self._check(state, player, action)
        if found is not None and isinstance(action, Move) and action.path:
            path = "-".join(notation.MOVE_DIRECTIONS[d] for d in action.path)
            step = f"hex {action.step + 1} of move {path}"
            found = replace(found, message=f"{step}: {found.message}")
        return only(found)

    def resolve_chance(
        self, state: AlchState, player: str, action: Action, rng: np.random.Generator
    ) -> Action:
        """No chance in Alchelemental; a move "U" or "D" is recorded as the direction it
        takes (UL or UR, DL or DR)."""
        if isinstance(action, Move) and action.direction in EITHER:
            found = self._move_direction(state, action)
            if isinstance(found, int):
                return replace(action, direction=found)
        return action

    def _move_direction(self, s: AlchState, a: Move) -> int | DuelProblem:
        """The direction of the open catalysis's move `a`: its own, or for "U" ("D") the one
        of UL and UR (DL and DR) its unit can move to; a problem when that is not one."""
        assert s.current is not None
        piece = s.piece(s.to_move, s.current)
        assert piece is not None
        if a.direction not in EITHER:
            return a.direction
        found = {d: self._move_problem(s, piece, d) for d in EITHER[a.direction]}
        open_ = [d for d, problem in found.items() if problem is None]
        if len(open_) == 1:
            return open_[0]
        word = notation.MOVE_DIRECTIONS[a.direction]
        one, two = (DIRECTIONS[d] for d in found)
        where = s.board.place_name(piece.hex)
        rule = "afrit move L-UL-U (afrit moving 3 hexes)"
        if not open_:
            why = "; ".join(f"{DIRECTIONS[d]}: {p.message}" for d, p in found.items() if p)
            return _error("move.either", f"{word} is {one} or {two}, and {piece.name} can move "
                          f"to neither ({why})", where, rule)  # fmt: skip
        to = [s.board.place_name(s.board.neighbour(piece.hex, d) or 0) for d in found]
        return _error("move.either", f"{word} is {one} (to {to[0]}) or {two} (to {to[1]}), "
                      f"and {piece.name} can move to both: write {one} or {two}", where,
                      rule)  # fmt: skip

    @staticmethod
    def _move_problem(s: AlchState, piece: Piece, direction: int) -> DuelProblem | None:
        where = s.board.place_name(piece.hex)
        to = s.board.neighbour(piece.hex, direction)
        if to is None:
            return _error("move.edge", f"no hex {DIRECTIONS[direction]} of {where}", where)
        if s.at(to) is not None:
            return _error("move.occupied", f"{s.board.place_name(to)} is occupied (impel an "
                          "enemy there)", s.board.place_name(to), rules.RULE_ONE)  # fmt: skip
        if not rules.has_match(s, piece, direction):
            return _error("move.match", f"{piece.name} has no match toward "
                          f"{DIRECTIONS[direction]}", where, rules.RULE_MATCH)  # fmt: skip
        return None

    def _check(self, s: AlchState, player: str, a: Action) -> DuelProblem | None:
        if s.outcome is not None:
            return _error("over", f"the duel is over: {s.outcome.detail}")
        if isinstance(a, Concede):  # at any time, not only on one's turn
            return self.concede_problem(a)
        if player != s.player:
            return _error("turn", f"it is {s.player}'s turn, not {player}'s", rule=rules.RULE_TURN)
        side = s.to_move
        if isinstance(a, Confirm):
            if s.catalyses < 2:
                return _error(
                    "confirm.early", f"initiate {2 - s.catalyses} more catalysis(es) first "
                    "(select or call a unit)", rule=rules.RULE_TURN,
                )  # fmt: skip
            return None
        if isinstance(a, Select | Call):
            if s.catalyses >= 2:
                return _error("catalysis.third", "both catalyses of this turn are begun; confirm",
                              rule=rules.RULE_TURN)  # fmt: skip
            if isinstance(a, Select):
                if s.piece(side, a.unit) is None:
                    return _error("select.absent", f"you have no {a.unit} on the board")
                return None
            return self._check_call(s, side, a)
        # an action of the open catalysis
        if s.current is None:
            return _error(
                "catalysis.none", "select or call a unit first", rule=rules.RULE_CATALYSIS
            )
        if a.unit is not None and a.unit != s.current:
            return _error("catalysis.unit", f"this catalysis is {s.current}'s, not {a.unit}'s",
                          rule=rules.RULE_CATALYSIS)  # fmt: skip
        piece = s.piece(side, s.current)
        assert piece is not None
        where = s.board.place_name(piece.hex)
        if s.spent:
            return _error("catalysis.spent", "the reaction consumed the remaining action points",
                          where, "Reactive results are applied, consuming any remaining action "
                          "points.")  # fmt: skip
        if s.used >= piece.kind.action_number:
            return _error(
                "catalysis.points", f"{piece.name} has taken its {piece.kind.action_number} "
                "action(s)", where, rules.RULE_CATALYSIS,
            )  # fmt: skip
        if isinstance(a, Mirror):
            if not piece.kind.mirrors:
                return _error("mirror.symmetric", f"{piece.name} is symmetrical", where,
                              "Mirror: a non-symmetrical unit mirrors")  # fmt: skip
            return None
        if isinstance(a, Spin):
            return None if 1 <= a.faces <= 5 else _error("spin.faces", "spin by 1 to 5 faces")
        if isinstance(a, Move):
            way = self._move_direction(s, a)
            return way if isinstance(way, DuelProblem) else self._move_problem(s, piece, way)
        if isinstance(a, Impel):
            found = self._impel_target(s, piece, a)
            if isinstance(found, DuelProblem):
                return found
            return None
        return _error("bad-action", f"not an Alchelemental action: {a!r}")

    def _check_call(self, s: AlchState, side: int, a: Call) -> DuelProblem | None:
        if a.unit in s.eliminated[side]:
            return _error("call.eliminated", f"{a.unit} was eliminated",
                          rule="Eliminated units cannot be called again.")  # fmt: skip
        if a.unit not in rules.uncalled(s, side):
            if a.unit in s.called[side]:
                return _error("call.called", f"{a.unit} is already on the board")
            return _error("call.roster", f"{a.unit} is not one of your units")
        hexes = rules.call_hexes(s, side)
        if a.at not in hexes:
            places = ", ".join(hexes) or "none"
            return _error("call.hex", f"you cannot call to {a.at} now (you may call to: {places})",
                          rule=f"{rules.RULE_CALL_EDGE} / {rules.RULE_CALL_NODE}")  # fmt: skip
        kind = s.units[a.unit]
        ways = rules.resolve_facings(kind, a.facings)
        if not ways:
            lacks = [e.word for e in sorted({e for e, _ in a.facings} - set(kind.faces))]
            faces = kind.strength or "".join(e.letter for e in kind.faces)
            why = f": {a.unit} ({faces}) has no {' or '.join(lacks)} face" if lacks else ""
            return _error("call.facings", f"no {a.unit} can lie with those facings{why}",
                          rule="A unit may be called mirrored or non-mirrored and with any "
                          "initial facing.")  # fmt: skip
        if len(ways) > 1:
            return _error("call.ambiguous", f"those facings fit {len(ways)} ways of laying "
                          f"{a.unit}; name more", rule="elements and facing directions "
                          "sufficient to force correct spin and mirror")  # fmt: skip
        return None

    @staticmethod
    def _impel_target(s: AlchState, piece: Piece, a: Impel) -> tuple[int, Piece] | DuelProblem:
        where = s.board.place_name(piece.hex)
        if piece.kind.is_power:
            return _error("impel.power", "power units cannot impel", where, rules.RULE_POWER)
        enemy = 1 - piece.owner
        d = a.direction
        if a.target is not None:
            tp = s.piece(enemy, a.target)
            td = None if tp is None else s.board.direction_to(piece.hex, tp.hex)
            if tp is None or td is None:
                own = s.piece(piece.owner, a.target)
                if own is not None and s.board.direction_to(piece.hex, own.hex) is not None:
                    return _error(
                        "impel.own", f"{a.target} is your own unit", where, rules.RULE_OWN
                    )
                return _error("impel.target", f"no enemy {a.target} next to {piece.name}", where)
            if d is not None and d != td:
                return _error("impel.direction", f"{a.target} is {DIRECTIONS[td]}, not "
                              f"{DIRECTIONS[d]}", where)  # fmt: skip
            d = td
        assert d is not None
        to = s.board.neighbour(piece.hex, d)
        target = None if to is None else s.at(to)
        if to is None or target is None:
            rule = "Impel: attempt to move to an adjacent opponent occupied hex"
            return _error("impel.empty", f"no unit {DIRECTIONS[d]} of {where}", where, rule)
        if target.owner == piece.owner:
            return _error("impel.own", f"{target.name} is your own unit", where, rules.RULE_OWN)
        if not rules.has_match(s, piece, d):
            return _error("impel.match", f"{piece.name} has no match toward {DIRECTIONS[d]}",
                          where, rules.RULE_MATCH)  # fmt: skip
        return d, target

    # --- applying -----------------------------------------------------------------------

    def apply(self, state: AlchState, player: str, action: Action) -> AlchState:
        s = state
        side = s.to_move
        if isinstance(action, Concede):  # `player`, to act or not, loses
            other = s.players[1 - s.players.index(player)]
            words = f"{player} {action.reason.words}; {other} wins"
            return replace(s, outcome=Outcome(other, action.reason.outcome_reason, words))
        if isinstance(action, Confirm):
            return replace(
                s, to_move=1 - side, turn_no=s.turn_no + 1, catalyses=0, current=None, used=0,
                spent=False,
            )  # fmt: skip
        if isinstance(action, Select):
            return replace(s, catalyses=s.catalyses + 1, current=action.unit, used=0, spent=False)
        if isinstance(action, Call):
            kind = s.units[action.unit]
            mirrored, rot = rules.resolve_facings(kind, action.facings)[0]
            h = rules.call_hexes(s, side)[action.at]
            pieces = sort_pieces((*s.pieces, Piece(side, kind, h, rot, mirrored)))
            called = tuple(c | {action.unit} if i == side else c for i, c in enumerate(s.called))
            out = replace(
                s, pieces=pieces, called=(called[0], called[1]), catalyses=s.catalyses + 1,
                current=action.unit, used=0, spent=False,
            )  # fmt: skip
            return self._judge(out)
        assert s.current is not None
        piece = s.piece(side, s.current)
        assert piece is not None
        if isinstance(action, Mirror):
            return self._swap(s, piece, replace(piece, mirrored=not piece.mirrored), 1)
        if isinstance(action, Spin):
            turn = action.faces if action.clockwise else -action.faces
            return self._swap(s, piece, replace(piece, rot=(piece.rot + turn) % 6), 1)
        if isinstance(action, Move):
            d = self._move_direction(s, action)
            assert isinstance(d, int)
            to = s.board.neighbour(piece.hex, d)
            assert to is not None
            return self._judge(self._swap(s, piece, replace(piece, hex=to), 1))
        if isinstance(action, Impel):
            found = self._impel_target(s, piece, action)
            assert not isinstance(found, DuelProblem)
            d, target = found
            r = rules.reaction(s, piece, target, d)
            others = [p for p in s.pieces if p not in (piece, target)]
            eliminated = s.eliminated
            if r.result == "eliminated":
                others.append(replace(piece, hex=target.hex))
                eliminated = (
                    (eliminated[0] | {target.name}, eliminated[1]) if target.owner == 0
                    else (eliminated[0], eliminated[1] | {target.name})
                )  # fmt: skip
            elif r.result == "mirror-spin":
                mirrored = not target.mirrored if target.kind.mirrors else target.mirrored
                others += [piece, replace(target, mirrored=mirrored,
                                          rot=(target.rot + r.target_spin) % 6)]  # fmt: skip
            else:
                others += [
                    replace(piece, rot=(piece.rot + r.mover_spin) % 6),
                    replace(target, rot=(target.rot + r.target_spin) % 6),
                ]
            out = replace(
                s, pieces=sort_pieces(others), eliminated=eliminated, used=s.used + 1,
                spent=True, last_reaction=r,
            )  # fmt: skip
            return self._judge(out)
        raise ValueError(f"not an Alchelemental action: {action!r}")

    @staticmethod
    def _swap(s: AlchState, old: Piece, new: Piece, cost: int) -> AlchState:
        pieces = sort_pieces([new if p == old else p for p in s.pieces])
        return replace(s, pieces=pieces, used=s.used + cost)

    @staticmethod
    def _judge(s: AlchState) -> AlchState:
        won = rules.winner(s)
        if won is None:
            return s
        side, how = won
        loser = s.players[1 - side]
        detail = (
            f"both power units of {loser} are eliminated" if how == "powers"
            else f"both power nodes of {loser} are occupied"
        ) + f"; {s.players[side]} wins"  # fmt: skip
        return replace(s, outcome=Outcome(s.players[side], how, detail))

    # --- legal actions, bots ------------------------------------------------------------

    def legal_actions(self, state: AlchState, player: str) -> Sequence[Action]:
        """Every legal action except conceding, each way of acting once: moves one hex at a
        time, impels by direction, spins clockwise only (A n is C 6-n), calls with their
        canonical facings."""
        s = state
        if s.outcome is not None or player != s.player:
            return []
        out: list[Action] = []
        side = s.to_move
        if s.catalyses < 2:
            out.extend(Select(p.name) for p in s.pieces if p.owner == side)
            out.extend(self._calls(s, side))
        else:
            out.append(Confirm())
        out.extend(self._catalysis_actions(s, player))
        return out

    def _catalysis_actions(self, s: AlchState, player: str) -> list[Action]:
        """The open catalysis's legal mirror, spins, moves and impels."""
        out: list[Action] = []
        if s.current is not None and not s.spent:
            piece = s.piece(s.to_move, s.current)
            assert piece is not None
            if s.used < piece.kind.action_number:
                if piece.kind.mirrors:
                    out.append(Mirror())
                out.extend(Spin(True, n) for n in range(1, 6))
                out.extend(Move(d) for d in range(6) if not self._check(s, player, Move(d)))
                out.extend(Impel(d) for d in range(6) if not self._check(s, player, Impel(d)))
        return out

    @staticmethod
    def _calls(s: AlchState, side: int) -> list[Action]:
        hexes = rules.call_hexes(s, side)
        if not hexes:
            return []
        out: list[Action] = []
        for name in rules.uncalled(s, side):
            kind = s.units[name]
            for mirrored, rot in rules.orientations(kind).values():
                facings = rules.canonical_facings(kind, mirrored, rot)
                out.extend(Call(name, facings, at) for at in hexes)
        return out

    def search_actions(self, state: AlchState, player: str) -> Sequence[Action]:
        """For the search bot: every action of the open catalysis, every select and confirm,
        and one call per uncalled unit (its first way of lying, strongest element toward
        the enemy, on each callable hex in turn) instead of every call."""
        s = state
        if s.outcome is not None or player != s.player:
            return []
        out: list[Action] = list(self._catalysis_actions(s, player))
        side = s.to_move
        if s.catalyses >= 2:
            return [*out, Confirm()]
        out.extend(Select(p.name) for p in s.pieces if p.owner == side)
        hexes = sorted(rules.call_hexes(s, side))
        toward = 0 if side == 0 else 3  # R toward Dark, L toward Light
        for n, name in enumerate(rules.uncalled(s, side) if hexes else ()):
            kind = s.units[name]
            strongest = max(Elem, key=lambda e: (kind.faces.count(e), -e))
            rot = (toward - kind.faces.index(strongest)) % 6
            out.append(Call(name, rules.canonical_facings(kind, False, rot), hexes[n % len(hexes)]))
        return out

    def random_action(
        self, state: AlchState, player: str, rng: np.random.Generator
    ) -> Action | None:
        """A random legal action: the catalysis's actions or its end, with a call drawn
        as unit, orientation and hex in turn (not uniform over all calls: faster)."""
        s = state
        if s.outcome is not None or player != s.player:
            return None
        side = s.to_move
        u = iter(rng.random(6).tolist())
        acts: list[Action] = []
        if s.current is not None and not s.spent:
            piece = s.piece(side, s.current)
            assert piece is not None
            if s.used < piece.kind.action_number:
                acts = [
                    a for a in self.legal_actions(s, player) if not isinstance(a, Select | Call)
                ]
                acts = [a for a in acts if not isinstance(a, Confirm)]
        if acts and next(u) < 0.75:
            impels = [a for a in acts if isinstance(a, Impel)]
            if impels and next(u) < 0.5:
                return impels[int(next(u) * len(impels))]
            return acts[int(next(u) * len(acts))]
        if s.catalyses >= 2:
            return Confirm()
        hexes = rules.call_hexes(s, side)
        names = rules.uncalled(s, side)
        if hexes and names and next(u) < 0.4:
            kind = s.units[names[int(next(u) * len(names))]]
            ways = list(rules.orientations(kind).values())
            mirrored, rot = ways[int(next(u) * len(ways))]
            at = sorted(hexes)[int(next(u) * len(hexes))]
            return Call(kind.name, rules.canonical_facings(kind, mirrored, rot), at)
        mine = [p.name for p in s.pieces if p.owner == side]
        return Select(mine[int(rng.random() * len(mine))])

    def evaluation(self, state: AlchState, player: str) -> float:
        """Power units kept, material, enemy nodes held and enemy units threatened, side
        against side, in [-1, 1] (events/alchelemental/judge.py)."""
        return judge.evaluation(state, state.players.index(player), self.weights)

    # --- the end, views and pictures ----------------------------------------------------

    def outcome(self, state: AlchState) -> Outcome | None:
        return state.outcome

    def board_key(self, state: AlchState) -> tuple[str, ...]:
        return desk.board_key(state)

    def public_view(self, state: AlchState) -> dict[str, Any]:
        """No hidden information: the state JSON, with the desk's text lines ("rows": the
        board, every unit's faces, the selected unit's legal actions, the last impel's
        arithmetic) and "progress" (whose catalysis)."""
        return state_to_json(state) | {
            "rows": desk.desk_lines(state),
            "progress": desk.progress(state),
        }

    def picture(self, state: AlchState, highlight: Iterable[tuple[int, int]] = ()) -> Picture:
        b = state.board
        nodes = {h for pair in b.nodes for h in pair}
        edges = {h for side in (0, 1) for h in b.edge_hexes(side).values()}
        cells = tuple(
            PictureCell(
                c,
                r,
                kind=b.elements[h].letter,
                symbol="·" if h in edges else "",
                marked=h in nodes,
            )
            for h in range(b.size)
            for r, c in [b.row_col(h)]
        )
        pieces = tuple(
            PicturePiece(
                b.row_col(p.hex)[1],
                b.row_col(p.hex)[0],
                owner=p.owner,
                label=f"{p.name}{' (mirrored)' if p.mirrored else ''} of "
                f"{state.players[p.owner]}: " + "".join(e.letter for e in p.faces()),
                faces=tuple(e.letter for e in p.faces()),
                mirrored=p.mirrored,
            )
            for p in state.pieces
        )
        caption = (
            state.outcome.detail if state.outcome is not None
            else f"Turn {state.turn_no}: {state.player} to play"
        )  # fmt: skip
        if state.last_reaction is not None and state.outcome is None:
            caption += f" (last impel: {state.last_reaction.words()})"
        return Picture(
            "hex",
            tuple(str(c + 1) for c in range(b.n_cols)),
            tuple(f"R{r + 1}" for r in range(b.n_rows)),
            cells,
            pieces,
            frozenset(highlight),
            caption,
            _legend(state),
        )

    def changed_cells(self, before: AlchState, after: AlchState) -> frozenset[tuple[int, int]]:
        a = {p.hex: p for p in before.pieces}
        b = {p.hex: p for p in after.pieces}
        out = set()
        for h in set(a) | set(b):
            if a.get(h) != b.get(h):
                r, c = after.board.row_col(h)
                out.add((c, r))
        return frozenset(out)


def _legend(state: AlchState) -> dict[str, str]:
    """The picture's legend in Alchelemental's words: the hexes' elements, nodes and edges,
    units (their six faces, the mirrored ring) and the last turn."""
    out = {
        "symbol:·": "·: a player's own edge (where units are called)",
        "marked": "a power node (hold both of the enemy's to win)",
        "mirrored": "dashed ring: the unit is mirrored (flipped over)",
        "highlight": "thick black outline: a hex the last turn (or this turn so far) changed",
    }
    for e in Elem:
        out[e.letter] = e.word
        out[f"cell:{e.letter}"] = f"{e.word} hex"
        out[f"face:{e.letter}"] = f"a unit's {e.word} face"
        out[f"cell+face:{e.letter}"] = f"{e.word} hex or unit face"
    for n, name in enumerate(state.players):
        out[f"piece:{n}"] = f"{name}'s unit (first letters of its name)"
    return out
