"""An Element position and its JSON form (docs/formats.md, "Element state JSON")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from events.duel import Outcome
from events.element.board import COLS, N_SQUARES, SIZE, Board, Stone, name, parse_square
from events.element.variant import Variant

START = ("F5", "F7")
"""the sages' squares: "The board starts out empty except for the two players on F5 and F7"
(the first player's sage on F5)"""


@dataclass(frozen=True)
class TurnProgress:
    """The turn under way: what was drawn, what is left to place, moves left, and the air
    stacks ridden so far (each may be ridden once per turn)."""

    drawn: tuple[Stone, ...] | None = None
    hand: tuple[Stone, ...] = ()
    moves_left: int = 0
    moves_made: int = 0
    used_stacks: frozenset[int] = frozenset()

    def to_json(self) -> dict[str, Any]:
        return {
            "drawn": None if self.drawn is None else [s.letter for s in self.drawn],
            "hand": [s.letter for s in self.hand],
            "moves_left": self.moves_left,
            "moves_made": self.moves_made,
            "used_stacks": sorted(self.used_stacks),
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> TurnProgress:
        drawn = data.get("drawn")
        return TurnProgress(
            None if drawn is None else tuple(_stone(x) for x in drawn),
            tuple(_stone(x) for x in data.get("hand", ())),
            int(data.get("moves_left", 0)),
            int(data.get("moves_made", 0)),
            frozenset(int(x) for x in data.get("used_stacks", ())),
        )


def _stone(letter: Any) -> Stone:
    stone = Stone.from_letter(str(letter))
    if stone is None:
        raise ValueError(f"{letter!r} is not a stone (F, W, E or A)")
    return stone


@dataclass(frozen=True)
class ElementState:
    variant: Variant
    players: tuple[str, str]
    board: Board
    sages: tuple[int, int]
    to_move: int
    """the index in `players` of the player whose turn it is"""
    turn_no: int
    turn: TurnProgress
    outcome: Outcome | None = None

    @property
    def player(self) -> str:
        return self.players[self.to_move]


def state_to_json(state: ElementState) -> dict[str, Any]:
    board = state.board
    ranges = board.range_squares
    squares: dict[str, Any] = {}
    for i in range(N_SQUARES):
        stone = board.stone[i]
        cell: dict[str, Any] = {
            "stone": Stone(stone).letter if stone else None,
            "height": board.height[i],
        }
        if stone == Stone.AIR:
            cell["stack"] = board.stack[i]
        if stone == Stone.EARTH:
            cell["range"] = i in ranges
        squares[name(i)] = cell
    return {
        "game": "element",
        "variant": state.variant.to_json(),
        "players": list(state.players),
        "sages": {p: name(s) for p, s in zip(state.players, state.sages, strict=True)},
        "to_move": state.player if state.outcome is None else None,
        "turn_of": state.player,
        "turn_no": state.turn_no,
        "turn": state.turn.to_json(),
        "next_stack": board.next_stack,
        "winner": state.outcome.winner if state.outcome else None,
        "outcome": state.outcome.to_json() if state.outcome else None,
        "rows": board_rows(state),
        "squares": squares,
    }


def state_from_json(data: Mapping[str, Any]) -> ElementState:
    players = tuple(str(p) for p in data["players"])
    if len(players) != 2:
        raise ValueError("an Element state has two players")
    stone = [0] * N_SQUARES
    height = [0] * N_SQUARES
    stack = [0] * N_SQUARES
    for key, cell in data["squares"].items():
        i = parse_square(key)
        if i is None:
            raise ValueError(f"{key!r} is not a square")
        if cell.get("stone"):
            stone[i] = _stone(cell["stone"])
            height[i] = int(cell["height"])
            stack[i] = int(cell.get("stack", 0))
    sage_squares = []
    for p in players:
        square = parse_square(str(data["sages"][p]))
        if square is None:
            raise ValueError(f"the sage of {p} is not on a square")
        sage_squares.append(square)
    outcome = data.get("outcome")
    to_move = players.index(str(data["turn_of"]))
    return ElementState(
        Variant.from_json(data["variant"]),
        (players[0], players[1]),
        Board(tuple(stone), tuple(height), tuple(stack), int(data["next_stack"])),
        (sage_squares[0], sage_squares[1]),
        to_move,
        int(data["turn_no"]),
        TurnProgress.from_json(data["turn"]),
        None if outcome is None else Outcome.from_json(outcome),
    )


def board_rows(state: ElementState) -> list[str]:
    """The board as 11 lines for people: '.' empty, F/W/E/A a stone and after it the stones
    stacked there when more than one, 1/2 for the sages (`ElementGame.board_key` says so)."""
    lines = []
    for row in range(SIZE):
        cells = []
        for col in range(SIZE):
            i = row * SIZE + col
            if i in state.sages:
                cells.append(str(state.sages.index(i) + 1) + " ")
                continue
            stone = state.board.stone[i]
            if not stone:
                cells.append(". ")
                continue
            letter = Stone(stone).letter
            height = state.board.height[i]
            cells.append(letter + (str(height) if height > 1 else " "))
        lines.append(f"{row + 1:>2} " + "".join(cells).rstrip())
    lines.insert(0, "   " + " ".join(COLS))
    return lines
