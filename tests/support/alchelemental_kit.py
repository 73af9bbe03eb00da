"""Positions for Alchelemental tests: a small test board drawn as rows of element letters,
units placed by (row, column) from 0 with their spin and mirror."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

import numpy as np

from events.alchelemental.actions import Action
from events.alchelemental.game import AlchelementalGame
from events.alchelemental.state import AlchState, Piece, sort_pieces
from events.duel import DuelProblem
from festival.duels.games import duel_game

GAME = cast(AlchelementalGame, duel_game("alchelemental"))
"""the game on its shipped data, as festival hosts it"""
UNITS = GAME.units.by_name
"""the units by name"""
WIDTH = 7
# 6 rows of 7; Light's nodes R2 (Fire) and R5 (Earth) on the left edge, Dark's R2 (Earth) and
# R5 (Water) on the right edge.
PLAIN = ["EEEEEEE", "FEEEEEE", "EEEEEEE", "EEEEEEE", "EEEEEEW", "EEEEEEE"]


def board_data(rows: list[str] | None = None) -> dict[str, Any]:
    return {
        "name": "test",
        "rows": rows or PLAIN,
        "corner": 2,
        "nodes": {"light": ["R2", "R5"], "dark": ["R2", "R5"]},
    }


def with_hexes(changes: dict[tuple[int, int], str], base: list[str] | None = None) -> list[str]:
    rows = [list(r) for r in (base or PLAIN)]
    for (r, c), e in changes.items():
        rows[r][c] = e
    return ["".join(r) for r in rows]


def new_state(rows: list[str] | None = None, board: str | None = None) -> AlchState:
    options = {"board": board} if board else {"board": board_data(rows)}
    return GAME.initial_state(("Light", "Dark"), options, np.random.default_rng(0))


def hx(state: AlchState, r: int, c: int) -> int:
    return r * state.board.n_cols + c


def put(
    state: AlchState,
    owner: int,
    name: str,
    r: int,
    c: int,
    rot: int = 0,
    mirrored: bool = False,
) -> AlchState:
    """`name` of `owner` on (r, c); a unit already on the board moves there."""
    pieces = [p for p in state.pieces if not (p.owner == owner and p.name == name)]
    pieces.append(Piece(owner, state.units[name], hx(state, r, c), rot % 6, mirrored))
    called = list(state.called)
    called[owner] = called[owner] | {name}
    return replace(state, pieces=sort_pieces(pieces), called=(called[0], called[1]))


def remove(state: AlchState, owner: int, name: str) -> AlchState:
    pieces = [p for p in state.pieces if not (p.owner == owner and p.name == name)]
    return replace(state, pieces=sort_pieces(pieces))


def run(state: AlchState, text: str, player: str | None = None) -> AlchState:
    """Play notation; fails the test on any error."""
    parsed = GAME.parse_actions(text)
    assert parsed.ok, parsed.errors
    assert parsed.value is not None
    for action in parsed.value:
        who = player or state.player
        errs = GAME.check(state, who, action)
        assert not errs, errs
        state = GAME.apply(state, who, action)
    return state


def errors(state: AlchState, text: str, player: str | None = None) -> list[DuelProblem]:
    """The errors of the last action of `text` (the ones before must be legal)."""
    parsed = GAME.parse_actions(text)
    assert parsed.ok and parsed.value is not None, parsed.errors
    actions: list[Action] = list(parsed.value)
    for action in actions[:-1]:
        state = GAME.apply(state, player or state.player, action)
    return list(GAME.check(state, player or state.player, actions[-1]))


def codes(state: AlchState, text: str, player: str | None = None) -> list[str]:
    return [e.code for e in errors(state, text, player)]


def piece(state: AlchState, owner: int, name: str) -> Piece:
    p = state.piece(owner, name)
    assert p is not None, f"{name} is not on the board"
    return p
