"""Elementarium test helpers: positions drawn as a few pieces on the standard board's
obstacles, orders typed as players type them, one resolved turn."""

from __future__ import annotations

import json
from collections.abc import Mapping

import numpy as np

from events.elementarium import ElementariumGame, judge
from events.elementarium.orders import Orders, parse_orders
from events.elementarium.setup import parse_cell
from events.elementarium.state import State
from festival.core import registry
from festival.core.paths import fixture
from festival.duels.games import hosted_game


def hosted(weights: judge.Weights = judge.WEIGHTS) -> ElementariumGame:
    """Elementarium as festival hosts it (its registry entry's shipped data), judging with
    `weights`."""
    game = hosted_game(registry.duel("elementarium"), weights=weights)
    assert isinstance(game, ElementariumGame)
    return game


GAME = hosted()
RULES = json.loads(fixture("elementarium", "rules.json").read_text())
OBSTACLES = {"a4", "b4", "f4", "j4", "k4", "b5", "f5", "j5", "a6", "b6", "f6", "j6", "k6"}
COLS = "abcdefghijk"


def board_text(pieces: Mapping[str, str], sources: tuple[str, str] = ("f1", "f9")) -> str:
    """The board file for `pieces` (field -> letter: upper case first player, lower case
    second) with the standard obstacles and the Sources on `sources`."""
    marks = {**{o: "O" for o in OBSTACLES}, sources[0]: "S", sources[1]: "s", **pieces}
    return "\n".join(" ".join(marks.get(f"{c}{row}", ".") for c in COLS) for row in range(9, 0, -1))


SPARES = {"j2": "E", "k2": "E", "j8": "e", "k8": "e"}
"""a pair for each side, out of the way, so that a test's position is not a drawn one"""


def position(
    pieces: Mapping[str, str],
    sources: tuple[str, str] = ("f1", "f9"),
    spares: bool = True,
    spawning: str | None = None,
    standing_enemy: str | None = None,
    **rules: object,
) -> State:
    """`pieces` on the standard board, with SPARES unless `spares` is False; the reading
    switches as given (None: the standard variant's)."""
    placed = {**SPARES, **pieces} if spares else dict(pieces)
    options: dict[str, object] = {
        "board": board_text(placed, sources).splitlines(),
        "rules": {**RULES, **rules},
    }
    switches = {"spawning": spawning, "standing_enemy": standing_enemy}
    options.update({k: v for k, v in switches.items() if v is not None})
    parsed = GAME.options("standard", options)
    assert parsed.value is not None, parsed.errors
    return GAME.initial_state(("Ash", "Birch"), parsed.value, np.random.default_rng(0))


def orders(text: str) -> Orders:
    parsed = parse_orders(text)
    assert parsed.value is not None, parsed.errors
    return parsed.value[0]


def errors(state: State, player: str, text: str) -> list[str]:
    return [e.code for e in GAME.check(state, player, orders(text))]


def turn(state: State, ash: str = "hold", birch: str = "hold") -> State:
    """One turn: both orders checked (they must be legal) and resolved."""
    for player, text in (("Ash", ash), ("Birch", birch)):
        problems = GAME.check(state, player, orders(text))
        assert not problems, [str(p) for p in problems]
        state = GAME.apply(state, player, orders(text))
    return state


def pieces(state: State, spares: bool = False) -> dict[str, str]:
    """field -> letter (upper case: Ash's; lower case: Birch's), without the spare pairs
    (unless `spares`)."""
    out = {f"{COLS[c]}{r + 1}": k if o == 0 else k.lower() for (c, r), o, k in state.units}
    return out if spares else {f: k for f, k in out.items() if SPARES.get(f) != k}


def targets(state: State, field: str) -> set[str]:
    from events.elementarium import rules

    cell = parse_cell(field, 11, 9)
    assert cell is not None
    return {f"{COLS[c]}{r + 1}" for c, r in rules.targets(state, cell)}
