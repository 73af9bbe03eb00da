"""Element positions for tests: a state from a position text, and actions from notation."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache

import numpy as np

from events.duel import DuelProblem
from events.element import ElementGame
from events.element.actions import Action
from events.element.board import Stone, parse_square
from events.element.position import parse_position, parse_positions
from events.element.state import ElementState, TurnProgress
from events.element.variant import VARIANTS
from festival.core.paths import fixture

GAME = ElementGame()
PLAYERS = ("Ash", "Birch")


@cache
def examples() -> dict[str, str]:
    return parse_positions(fixture("element", "examples.txt").read_text())


def state_from(
    text: str,
    variant: str = "summary",
    hand: str = "FWEA",
    moves_left: int = 5,
    to_move: int = 0,
    switches: Mapping[str, str] | None = None,
) -> ElementState:
    """A position with player `to_move` in mid-turn: `hand` drawn, `moves_left` to make;
    `switches` change the variant's (e.g. {"trapped": "no-step"})."""
    board, sages = parse_position(text)
    stones = tuple(Stone.from_letter(c) for c in hand)
    drawn = tuple(s for s in stones if s is not None)
    return ElementState(
        replace(VARIANTS[variant], **(switches or {})),
        PLAYERS,
        board,
        sages,
        to_move,
        1,
        TurnProgress(drawn, drawn, moves_left),
    )


def new_state(variant: str = "summary", players: tuple[str, str] = PLAYERS) -> ElementState:
    """The start of a duel in a named variant."""
    return GAME.initial_state(players, VARIANTS[variant].to_json(), np.random.default_rng(0))


def example(name: str, **kw: object) -> ElementState:
    return state_from(examples()[name], **kw)  # type: ignore[arg-type]


def one(text: str) -> Action:
    parsed = GAME.parse_actions(text)
    assert parsed.value is not None and len(parsed.value) == 1, parsed.errors
    return parsed.value[0]


def errors(state: ElementState, text: str) -> tuple[DuelProblem, ...]:
    return GAME.check(state, state.player, one(text))


def act(state: ElementState, *texts: str) -> ElementState:
    for text in texts:
        action = one(text)
        problems = GAME.check(state, state.player, action)
        assert not problems, f"{text}: {problems}"
        action = GAME.resolve_chance(state, state.player, action, np.random.default_rng(0))
        state = GAME.apply(state, state.player, action)
    return state


def at(state: ElementState, square: str) -> str:
    """What is on a square, in the position words (". ", "F", "A3", "1")."""
    i = parse_square(square)
    assert i is not None
    if i in state.sages:
        return str(state.sages.index(i) + 1)
    s = state.board.stone[i]
    if not s:
        return "."
    h = state.board.height[i]
    return Stone(s).letter + (str(h) if h > 1 else "")


def sage(state: ElementState, n: int = 0) -> str:
    from events.element.board import name

    return name(state.sages[n])
