"""Elemental Halma positions for tests: the shipped board, positions from piece lists."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from events.duel import DuelProblem
from events.halma import HalmaGame
from events.halma.actions import Action
from events.halma.board import Colour, parse_spot
from events.halma.state import HalmaState
from festival.core.paths import fixture

BOARD_TEXT = fixture("halma", "board.txt").read_text()
GAME = HalmaGame(BOARD_TEXT)
TWO = ("Ash", "Birch")
FOUR = ("Ash", "Birch", "Cedar", "Dune")
OPTIONS = GAME.options("standard", {}).value
assert OPTIONS is not None


def new_state(players: tuple[str, ...] = TWO, **overrides: object) -> HalmaState:
    options = GAME.options("standard", dict(overrides)).value
    assert options is not None
    return GAME.initial_state(players, options, np.random.default_rng(0))


def position(
    pieces: dict[str, str],
    players: tuple[str, ...] = TWO,
    to_move: int = 0,
    moves: int = 20,
    **overrides: object,
) -> HalmaState:
    """A position after the opening: `pieces` maps squares ("C4", "M") to colour letters;
    `overrides` are options (the standard variant's otherwise)."""
    start = new_state(players, **overrides)
    board = start.board
    cells = [0] * board.n_squares
    for name, letter in pieces.items():
        spot = parse_spot(name)
        square = board.square(spot) if spot is not None else None
        colour = Colour.from_letter(letter)
        assert square is not None and colour is not None, name
        cells[square] = int(colour)
    first = tuple((0, 0) for _ in players)  # the first two moves are long made
    return replace(start, cells=tuple(cells), seat=to_move, moves=moves, first=first)


def winners(players: tuple[str, ...], side: int) -> str:
    """The outcome's winner for a side (0 Earth/Fire, 1 Water/Air): "Ash" or "Ash & Cedar"."""
    if len(players) == 2:
        return players[side]
    return " & ".join(players[side::2])


def seat_of(players: tuple[str, ...], letter: str) -> int:
    """The seat that moves a colour (two players: F/E 0, W/A 1; four: F A E W)."""
    if len(players) == 2:
        return 0 if letter in "FE" else 1
    return "FAEW".index(letter)


def act(state: HalmaState, text: str, player: str | None = None) -> HalmaState:
    """Play typed actions; every one must be legal."""
    parsed = GAME.parse_actions(text)
    assert parsed.value is not None, parsed.errors
    for action in parsed.value:
        who = player or state.player
        errors = GAME.check(state, who, action)
        assert not errors, errors
        state = GAME.apply(state, who, GAME.resolve_chance(state, who, action, _RNG))
    return state


def errors(state: HalmaState, text: str, player: str | None = None) -> tuple[DuelProblem, ...]:
    """The errors of the first typed action."""
    parsed = GAME.parse_actions(text)
    assert parsed.value is not None, parsed.errors
    action: Action = parsed.value[0]
    return GAME.check(state, player or state.player, action)


def codes(state: HalmaState, text: str, player: str | None = None) -> set[str]:
    return {e.code for e in errors(state, text, player)}


def at(state: HalmaState, name: str) -> str:
    spot = parse_spot(name)
    square = state.board.square(spot) if spot is not None else None
    assert square is not None
    piece = state.cells[square]
    return Colour(piece).letter if piece else ""


_RNG = np.random.default_rng(0)
