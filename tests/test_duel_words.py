"""The duel interface's words and shared pieces (events/duel.py), table-driven over the four
games: progress, the turn's number, the lines a turn produced, the order template, the shared
Confirm/Concede, forfeit, undo refusal, and the never-raising check."""

from __future__ import annotations

import json
import re
from typing import Any

import numpy as np
import pytest

from events.duel import Concede, ConcedeReason, Confirm, DuelGame, take
from events.tables import Grid
from festival.core import registry
from festival.core.paths import fixture
from festival.duels.games import duel_game

PLAYERS = {"halma": "Ann,Bo", "alchelemental": "Light,Dark"}
"""the players the words below name, where not Ash and Birch"""
GAMES = [entry.name for entry in registry.duels()]
TURN_BASED = [name for name in GAMES if not duel_game(name).simultaneous]


def seats(name: str) -> list[str]:
    return PLAYERS.get(name, "Ash,Birch").split(",")


def start(name: str) -> tuple[DuelGame[Any, Any], Any]:
    game = duel_game(name)
    options = game.options(game.default_variant, {}).value
    assert options is not None
    state = game.initial_state(seats(name), options, np.random.default_rng(0))
    return game, state


def play(game: DuelGame[Any, Any], state: Any, player: str, text: str) -> Any:
    parsed = game.parse_actions(text)
    assert parsed.value is not None, parsed.errors
    after, _, errors = take(game, state, player, parsed.value, seed=1, first_index=0)
    assert not errors, errors
    return after


@pytest.mark.parametrize(
    ("name", "moves", "expected"),
    [
        ("element", [], "Ash to play: take 0-4 stones first."),
        (
            "element",
            [("Ash", "take 2 FW")],
            "Ash to play (turn 1): drawn F W, left to place: F W, moves left: 3.",
        ),
        ("halma", [], "Ann (Fire and Earth) to move (turn 1)."),
        ("halma", [("Ann", "C3 DR")], "Ann (Fire and Earth) has moved C3-D4: confirm or undo."),
        ("alchelemental", [], "Light to play (turn 1, 0 of 2 catalyses begun)."),
        ("elementarium", [], "Turn 1: orders awaited from Ash, Birch."),
        ("elementarium", [("Ash", "hold")], "Turn 1: orders awaited from Birch."),
        ("elementarium", [("Ash", "hold"), ("Birch", "hold")], "Turn 2: orders awaited from "
         "Ash, Birch."),
    ],
)  # fmt: skip
def test_each_game_words_the_turn_under_way(
    name: str, moves: list[tuple[str, str]], expected: str
) -> None:
    game, state = start(name)
    for player, text in moves:
        state = play(game, state, player, text)
    assert game.progress(state) == expected


@pytest.mark.parametrize(
    ("name", "player", "expected"),
    [
        ("element", "Ash", "The duel is over: Ash resigned; Birch wins."),
        ("halma", "Ann", "The duel is over: Ann resigned; Water/Air (Bo) wins."),
        ("alchelemental", "Light", "The duel is over: Light resigned; Dark wins."),
    ],
)
def test_progress_says_the_duel_is_over(name: str, player: str, expected: str) -> None:
    game, state = start(name)
    assert game.progress(play(game, state, player, "resign")) == expected


def sample(name: str) -> tuple[DuelGame[Any, Any], Any, list[dict[str, str]]]:
    """The shipped sample duel's game, start and turns."""
    data = json.loads(fixture(name, "sample-duel.json").read_text())
    game = duel_game(data["game"])
    options = game.options(data["variant"], data.get("options", {})).value
    state = game.initial_state(data["players"], options, np.random.default_rng(0))
    return game, state, data["turns"]


@pytest.mark.parametrize("name", GAMES)
def test_turn_number_counts_turns_from_one(name: str) -> None:
    game, state, turns = sample(name)
    numbers = [game.turn_number(state)]
    for turn in turns[:4]:
        state = play(game, state, turn["player"], turn["text"])
        numbers.append(game.turn_number(state))
    per_turn = 2 if game.simultaneous else 1
    assert numbers == [1 + n // per_turn for n in range(5)]


@pytest.mark.parametrize("name", TURN_BASED)
def test_a_turn_based_game_adds_no_turn_lines(name: str) -> None:
    game, state = start(name)
    assert game.turn_lines(state, play(game, state, seats(name)[0], "resign")) == ()


def test_elementarium_words_the_turn_it_resolved_and_only_then() -> None:
    game, state, turns = sample("elementarium")
    sealed = play(game, state, "Ash", turns[0]["text"])
    assert game.turn_lines(state, sealed) == ()  # sealed, not resolved
    after = play(game, sealed, "Birch", turns[1]["text"])
    assert game.turn_lines(sealed, after) == (
        "Ash moved d2 to d4",
        "Ash moved e2 to e4",
        "Ash moved i2 to h4",
        "Birch moved a9 to a8",
        "Birch moved g8 to g6",
        "Birch moved k9 to k7",
    )
    assert game.turn_lines(after, after) == ()


@pytest.mark.parametrize("name", TURN_BASED)
def test_only_a_game_of_sealed_orders_has_an_order_template(name: str) -> None:
    game, state = start(name)
    assert game.order_template(state, seats(name)[0]) is None
    read = game.read_order_template(state, "Ash", {}, "x.xlsx", "Orders")
    assert [e.code for e in read.errors] == ["duel.template"]


def test_elementarium_order_template_reads_back_as_its_notation() -> None:
    game, state = start("elementarium")
    template = game.order_template(state, "Ash")
    assert template is not None and template.round_no == game.turn_number(state)
    (tab,) = template.tabs
    assert tab.name == "Orders" and tab.value("A1") == "Piece"
    rows = max(r for r, _ in tab.cells) + 1
    grid = [[tab.cells.get((r, c)) for c in range(3)] for r in range(rows)]
    field = next(r for r in range(1, rows) if grid[r][1] == "d2")
    grid[field][2] = "d4"
    read = game.read_order_template(state, "Ash", {"Orders": tab_of(grid)}, "a.xlsx", "Orders")
    assert read.text == "d2-d4" and not read.errors
    assert read.where("d4", "Ash") == f"Ash, tab Orders, cell C{field + 1}"
    assert read.where("k9", "Ash") == "Ash"
    grid[field][2] = "z99"
    bad = game.read_order_template(state, "Ash", {"Orders": tab_of(grid)}, "a", "R1 Orders")
    assert [e.code for e in bad.errors] == ["elementarium.workbook"]
    assert "tab R1 Orders" in bad.errors[0].message


def tab_of(rows: list[list[Any]]) -> Grid:
    cells = {(r, c): v for r, row in enumerate(rows) for c, v in enumerate(row) if v is not None}
    return Grid("Orders", cells, len(rows), 3)


@pytest.mark.parametrize("name", GAMES)
def test_forfeit_is_the_shared_concede(name: str) -> None:
    game, _ = start(name)
    assert game.forfeit_action("x", ConcedeReason.TIME) == Concede(ConcedeReason.TIME)


@pytest.mark.parametrize("name", TURN_BASED)
@pytest.mark.parametrize(
    ("action", "refusal"),
    [
        (Confirm(), "the turn is confirmed"),
        (Concede(), "the duel was conceded"),
        (Concede(ConcedeReason.TIME), "the duel was conceded"),
    ],
)
def test_a_confirmed_turn_and_a_concession_cannot_be_undone(
    name: str, action: object, refusal: str
) -> None:
    game, state = start(name)
    assert game.undo_refusal(state, action) == refusal


def test_an_elementarium_concession_cannot_be_undone() -> None:
    game, state = start("elementarium")
    assert game.undo_refusal(state, Concede()) == "the duel was conceded"


@pytest.mark.parametrize(
    ("name", "reason", "notation", "outcome"),
    [
        ("element", ConcedeReason.RESIGN, "resign", "resigned"),
        ("element", ConcedeReason.TIME, "timeout", "time"),
        ("halma", ConcedeReason.RESIGN, "resign", "resigned"),
        ("halma", ConcedeReason.TIME, "time", "time"),
        ("alchelemental", ConcedeReason.RESIGN, "resign", "resigned"),
        ("alchelemental", ConcedeReason.TIME, "timeout", "time"),
        ("elementarium", ConcedeReason.RESIGN, "resign", "resigned"),
        ("elementarium", ConcedeReason.TIME, "timeout", "time"),
    ],
)
def test_concede_keeps_each_game_s_notation_and_json(
    name: str, reason: ConcedeReason, notation: str, outcome: str
) -> None:
    game, state = start(name)
    action = Concede(reason)
    assert game.format_action(action) == notation
    assert game.action_to_json(action) == {"type": "concede", "reason": reason.value}
    assert game.action_from_json({"type": "concede", "reason": reason.value}).value == action
    assert game.action_from_json({"type": "concede", "reason": "tired"}).value in (None, Concede())
    ended = game.apply(state, seats(name)[0], action)
    result = game.outcome(ended)
    assert result is not None and result.reason == outcome


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("junk", [None, object(), "confirm", 7, Concede("now")])  # type: ignore[arg-type]
def test_check_never_raises_whatever_it_is_given(name: str, junk: object) -> None:
    game, state = start(name)
    problems = game.check(state, seats(name)[0], junk)
    assert problems and all(p.code.startswith(name) for p in problems)


@pytest.mark.parametrize("name", GAMES)
def test_every_game_offers_an_example_of_its_notation(name: str) -> None:
    game, state = start(name)
    example = game.action_example(state)
    assert example and game.parse_actions(re.split(r"; |, or ", example)[0]).ok
