"""An Elemental Halma position and its state JSON (docs/formats.md, "Elemental Halma")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from events.duel import DuelProblem, Outcome
from events.halma.board import SIDE_COLOURS, Board, Colour, board_of, parse_spot, spot_name

NO_MOVE = ("pass", "lose")
CAPTURABLE = ("after-four-turns", "every-move")
"""option `capturable`: from when movement rule (3) ("at least one of each color of elemental
must be able to be captured") restricts moves: after the first four turns (the text), or on
every move from the first (festival's reading before issue 25)"""
BOTH_UNCAPTURABLE = ("mover-wins", "mover-loses")
"""option `both_uncapturable`: who wins by winning condition (3) when elements of both sides
are left uncapturable at once"""
OLD_CAPTURABLE, OLD_BOTH = "every-move", "mover-loses"
"""what a stored duel without these keys was played under (both keys came with issue 25)"""


@dataclass(frozen=True)
class Options:
    """A duel's switches: `move_limit` ends the duel drawn after that many moves (0: never;
    the rule text has no limit); `no_move` is what happens to a player with no legal move
    ("pass": the turn passes; "lose": their side loses); `capturable` and
    `both_uncapturable` (CAPTURABLE, BOTH_UNCAPTURABLE). The defaults here are the new
    duel's; a stored duel's JSON without `capturable` or `both_uncapturable` keeps the reading
    it was played under (OLD_CAPTURABLE, OLD_BOTH)."""

    board: tuple[str, ...]
    move_limit: int = 0
    no_move: str = "pass"
    capturable: str = CAPTURABLE[0]
    both_uncapturable: str = BOTH_UNCAPTURABLE[0]

    def to_json(self) -> dict[str, Any]:
        return {
            "board": list(self.board),
            "move_limit": self.move_limit,
            "no_move": self.no_move,
            "capturable": self.capturable,
            "both_uncapturable": self.both_uncapturable,
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Options:
        return Options(
            tuple(str(r) for r in data["board"]),
            int(data.get("move_limit", 0)),
            str(data.get("no_move", "pass")),
            str(data.get("capturable", OLD_CAPTURABLE)),
            str(data.get("both_uncapturable", OLD_BOTH)),
        )


def check_options(options: Mapping[str, Any]) -> list[DuelProblem]:
    from events.halma.board import parse_rows

    errors: list[DuelProblem] = []
    rows = options.get("board")
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        errors.append(DuelProblem("halma.option.board", "board: the board file's rows as text"))
    else:
        errors.extend(parse_rows(rows).errors)
    limit = options.get("move_limit")
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
        errors.append(DuelProblem("halma.option.move_limit", "move_limit: a whole number >= 0"))
    if options.get("no_move") not in NO_MOVE:
        errors.append(DuelProblem("halma.option.no_move", "no_move: pass or lose"))
    if options.get("capturable", OLD_CAPTURABLE) not in CAPTURABLE:
        errors.append(
            DuelProblem("halma.option.capturable", "capturable: after-four-turns or every-move")
        )
    if options.get("both_uncapturable", OLD_BOTH) not in BOTH_UNCAPTURABLE:
        errors.append(
            DuelProblem(
                "halma.option.both_uncapturable", "both_uncapturable: mover-wins or mover-loses"
            )
        )
    return errors


def seat_colours(n_players: int, seat: int) -> tuple[Colour, ...]:
    """Two players: one controls Fire and Earth, two Water and Air. Four: Fire, Air, Earth,
    Water in turn order."""
    if n_players == 2:
        return SIDE_COLOURS[seat]
    return ((Colour.FIRE,), (Colour.AIR,), (Colour.EARTH,), (Colour.WATER,))[seat]


@dataclass(frozen=True)
class Pending:
    """The turn's move, made and not yet confirmed."""

    frm: int
    to: int
    captured: int


@dataclass(frozen=True)
class HalmaState:
    options: Options
    players: tuple[str, ...]
    board: Board
    cells: tuple[int, ...]
    """square -> the Colour value of the elemental on it, 0 if empty"""
    seat: int
    """whose turn (an index into players)"""
    moves: int = 0
    """confirmed moves so far (the turns played; passes are not turns)"""
    first: tuple[tuple[int, ...], ...] = ()
    """per seat: the colours of that player's first two moves"""
    pending: Pending | None = None
    outcome: Outcome | None = None

    @property
    def player(self) -> str:
        return self.players[self.seat]

    @property
    def colours(self) -> tuple[Colour, ...]:
        """the colours the player to move controls"""
        return seat_colours(len(self.players), self.seat)

    def side_of(self, seat: int) -> int:
        return seat_colours(len(self.players), seat)[0].side

    def side_players(self, side: int) -> tuple[str, ...]:
        return tuple(p for s, p in enumerate(self.players) if self.side_of(s) == side)


def state_to_json(state: HalmaState) -> dict[str, Any]:
    board = state.board
    pieces: dict[str, list[str]] = {c.word.lower(): [] for c in Colour}
    for i, p in enumerate(state.cells):
        if p:
            pieces[Colour(p).word.lower()].append(board.name(i))
    pending = state.pending
    return {
        "game": "halma",
        "options": state.options.to_json(),
        "players": list(state.players),
        "to_move": state.player,
        "turn_no": state.moves + 1,
        "moves": state.moves,
        "first_moves": [[Colour(c).word.lower() for c in f] for f in state.first],
        "pieces": pieces,
        "pending": None
        if pending is None
        else {
            "from": board.name(pending.frm),
            "to": board.name(pending.to),
            "captured": Colour(pending.captured).word.lower() if pending.captured else None,
        },
        "outcome": None if state.outcome is None else state.outcome.to_json(),
    }


def state_from_json(data: Mapping[str, Any]) -> HalmaState:
    """The position of a state JSON (raises ValueError naming what is wrong)."""
    options = Options.from_json(data["options"])
    board = board_of(options.board)
    players = tuple(str(p) for p in data["players"])
    cells = [0] * board.n_squares
    words = {c.word.lower(): c for c in Colour}
    for word, names in data["pieces"].items():
        for name in names:
            spot = parse_spot(str(name))
            square = board.square(spot) if spot is not None else None
            if square is None or cells[square]:
                raise ValueError(f"pieces: {name!r} is not a free square of the board")
            cells[square] = int(words[word])
    pending = data.get("pending")
    square_of = _square_of(board)
    outcome = data.get("outcome")
    return HalmaState(
        options,
        players,
        board,
        tuple(cells),
        players.index(str(data["to_move"])),
        int(data["moves"]),
        tuple(tuple(int(words[w]) for w in f) for f in data.get("first_moves", [])),
        None
        if not pending
        else Pending(
            square_of(pending["from"]),
            square_of(pending["to"]),
            int(words[pending["captured"]]) if pending.get("captured") else 0,
        ),
        None if outcome is None else Outcome.from_json(outcome),
    )


def _square_of(board: Board) -> Any:
    def find(name: str) -> int:
        spot = parse_spot(name)
        square = board.square(spot) if spot is not None else None
        if square is None:
            raise ValueError(f"{name!r} is not a square of the board")
        return square

    return find


TEXT_KEY = (
    "Each square is two characters: the square, then the elemental standing on it.",
    "Squares: . the void, + a point of power, M the material plane, "
    "w f e a the elemental planes of Water, Fire, Earth, Air.",
    "Elementals: W F E A (Water, Fire, Earth, Air); lower case: it cannot be captured where "
    "it stands.",
)
"""the key under the text board (`text_rows`)"""


def text_rows(state: HalmaState) -> list[str]:
    """The board as text for a terminal, two characters a square: the square (. void, + point
    of power, w f e a the planes of Water Fire Earth Air in lower case, M the material plane)
    then the elemental on it (W F E A; lower case: it cannot be captured there). `TEXT_KEY`
    says so under the board."""
    from events.halma.board import column_name
    from events.halma.rules import capturable

    board = state.board
    width = board.width
    grid = [["  "] * width for _ in range(board.height)]
    for square in range(board.n_squares):
        if board.power[square]:
            kind = "+"
        elif board.plane[square]:
            kind = Colour(board.plane[square]).letter.lower()
        elif square == board.material:
            kind = "M"
        else:
            kind = "."
        for c, r in board.cells_of(square):
            grid[r][c] = kind + " "
        piece = state.cells[square]
        if piece:
            c, r = board.centre(square)
            letter = Colour(piece).letter
            grid[r][c] = kind + (
                letter if capturable(board, state.cells, square) else letter.lower()
            )
    lines = ["    " + " ".join(f"{column_name(c):<2}" for c in range(width)).rstrip()]
    for r, row in enumerate(grid):
        lines.append(f"{r + 1:>3} " + " ".join(row).rstrip())
    return lines


__all__ = ["HalmaState", "Options", "Pending", "spot_name", "state_from_json", "state_to_json"]
