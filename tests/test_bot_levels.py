"""The practice bots' levels: each keeps its budget (counted, never timed), plays only legal
actions, searches only what its player knows, and the same seed plays the same game."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from events.element.actions import Draw
from festival.core import registry
from festival.duels import service
from festival.duels.games import duel_game
from festival.duels.host import Duel
from festival.duels.ladder import PAIRINGS, LadderGame, ladder_games, play_ladder_game, wilson
from festival.duels.levels import Budget, Level, level_budget, parse_level
from festival.duels.search import MctsBot

GAMES = [d.name for d in registry.duels()]


def ticking(step: float) -> Callable[[], float]:
    """A clock that moves on by `step` seconds every time it is read."""
    readings = itertools.count()
    return lambda: next(readings) * step


def opening(name: str) -> tuple[Any, Any, str]:
    """A game, its opening position under the default variant, and the first to act."""
    game = duel_game(name)
    options = game.options(game.default_variant, {}).value
    assert options is not None
    state = game.initial_state(("Ash", "Birch"), options, np.random.default_rng(3))
    return game, state, game.to_act(state)[0]


def searched(game: Any, state: Any, player: str) -> tuple[Any, Any]:
    """A position where `player` has a real choice (more than one legal action)."""
    rng = np.random.default_rng(0)
    while len(game.legal_actions(state, player)) < 2:
        action = game.resolve_chance(state, player, game.random_action(state, player, rng), rng)
        state = game.apply(state, player, action)
        player = game.to_act(state)[0]
    return state, player


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("level", list(Level))
def test_a_level_makes_its_playouts_when_time_is_plenty(name: str, level: Level) -> None:
    game, state, player = opening(name)
    state, player = searched(game, state, player)
    bot = MctsBot.with_budget(game, 1, level_budget(game, level), clock=ticking(0.0))
    action = bot.choose(state, player)
    assert not game.check(state, player, action)
    share = game.search_playouts[level.rank] // game.search_turn_choices  # the first choice's
    assert bot.counts.playouts == share
    assert bot.counts.deadline_stops == 0


@pytest.mark.parametrize(
    ("playouts", "choices", "spent", "made", "share"),
    [
        (48, 6, 0, 0, 8),  # an even share of the turn
        (48, 6, 8, 1, 8),
        (48, 6, 40, 5, 8),  # the turn's last usual choice takes what is left
        (50, 6, 45, 5, 5),
        (48, 6, 48, 6, 2),  # beyond the usual choices: the floor, a quarter of a share
        (48, 6, 60, 9, 2),
        (20, 1, 0, 0, 20),  # a turn of one choice takes it all
        (20, 1, 20, 1, 5),
        (3, 5, 0, 0, 1),  # never less than one playout
    ],
)  # fmt: skip
def test_a_turns_playouts_are_shared_among_its_choices(
    playouts: int, choices: int, spent: int, made: int, share: int
) -> None:
    budget = Budget(playouts, 1.0, 8, turn_choices=choices)
    assert budget.share(spent, made) == share
    assert Budget(None, 1.0, 8, turn_choices=choices).share(spent, made) is None


@pytest.mark.parametrize("name", ["element", "alchelemental"])
@pytest.mark.parametrize("level", list(Level))
def test_a_whole_turn_keeps_the_turns_budget(name: str, level: Level) -> None:
    """A turn of many actions spends its level's playouts over the whole turn, not per action:
    the turn's budget, plus a floor for each choice beyond the usual number."""
    game, state, player = opening(name)
    budget = level_budget(game, level)
    assert budget.playouts is not None
    bot = MctsBot.with_budget(game, 1, budget, clock=ticking(0.0))
    rng = np.random.default_rng(1)
    while game.to_act(state) == (player,) and game.outcome(state) is None:
        action = game.resolve_chance(state, player, bot.choose(state, player), rng)
        state = game.apply(state, player, action)
    extra = max(0, bot.counts.searches - budget.turn_choices)
    floor = budget.share(budget.playouts, budget.turn_choices)
    assert bot.counts.searches >= 2 and bot.counts.deadline_stops == 0
    assert bot.counts.playouts <= budget.playouts + extra * (floor or 0)


def test_the_same_seed_plays_the_same_game_on_a_busy_machine() -> None:
    """Element's turns are many actions: a slow clock that keeps each turn under its cap
    (a busy machine) plays the very game a still clock plays, the budget being counted."""
    spec = LadderGame("element", ("medium", "easy"), seed=3, swapped=False, max_turns=4)
    still, busy = play_ladder_game(spec, ticking(0.0)), play_ladder_game(spec, ticking(1e-5))
    assert (still.turns, still.playouts, still.score) == (busy.turns, busy.playouts, busy.score)
    assert busy.deadline_stops == 0 and busy.longest_turn > still.longest_turn == 0.0


@pytest.mark.parametrize("name", GAMES)
def test_the_time_cap_stops_the_search_at_the_first_reading_past_it(name: str) -> None:
    """A clock that passes the turn's cap between two readings: one playout (a legal
    action), then the search stops and counts the stop."""
    game, state, player = opening(name)
    state, player = searched(game, state, player)
    hard = level_budget(game, Level.HARD)
    bot = MctsBot.with_budget(game, 1, hard, clock=ticking(hard.seconds * 2))
    action = bot.choose(state, player)
    assert not game.check(state, player, action)
    assert (bot.counts.playouts, bot.counts.deadline_stops) == (1, 1)


def test_the_cap_runs_over_the_whole_turn_not_each_action() -> None:
    """Element's turn is several actions: the clock starts at the turn's first choice."""
    game, state, player = opening("element")
    budget = level_budget(game, Level.EASY)
    bot = MctsBot.with_budget(game, 1, budget, clock=ticking(budget.seconds / 20))
    rng = np.random.default_rng(1)
    while game.to_act(state) == (player,) and game.outcome(state) is None:
        action = game.resolve_chance(state, player, bot.choose(state, player), rng)
        assert not game.check(state, player, action)
        state = game.apply(state, player, action)
    assert bot.counts.searches >= 2
    assert bot.counts.deadline_stops >= 1  # 20 readings make the turn's cap
    assert bot.counts.playouts < budget.playouts * bot.counts.searches  # type: ignore[operator]


@pytest.mark.parametrize("name", GAMES)
def test_a_ladder_game_is_legal_and_the_same_seed_plays_it_again(name: str) -> None:
    """Every action is checked as it is played (an illegal one raises); the same seed gives
    the same game, move for move (same length, same playouts, same score), while the time cap
    is not reached (a still clock here: on a loaded machine Alchelemental's easy turns reach
    theirs, and the clock then decides)."""
    spec = LadderGame(name, ("easy", "random"), seed=5, swapped=True, max_turns=6)
    first, again = play_ladder_game(spec, ticking(0.0)), play_ladder_game(spec, ticking(0.0))
    assert first.turns == again.turns and first.playouts == again.playouts > 0
    assert first.score == again.score


def test_the_bot_does_not_know_the_stones_before_it_takes_them() -> None:
    """Element's draw is chance: the bot names how many stones to take, the host draws them
    (the bot never holds the host's generator, and the position holds no stones to come)."""
    game, state, player = opening("element")
    bot = MctsBot.with_budget(game, 2, level_budget(game, Level.MEDIUM), clock=ticking(0.0))
    action = bot.choose(state, player)
    assert isinstance(action, Draw) and action.stones is None


def _sealed_then_bot(tmp: Path, birch: str) -> tuple[Any, ...]:
    """Ash's W on d3 can take Birch's fire on d5 (Birch's last unit) if it stays: Birch seals
    `birch` first, then Ash's bot orders (the turn resolves). Ash's recorded orders."""
    from tests.support.elementarium_kit import RULES, board_text

    folder = tmp / ("held" if birch == "hold" else "fled")
    board = board_text({"d3": "W", "a2": "W", "d5": "f"}, ("f1", "f9")).splitlines()
    options = {"board": board, "rules": RULES}
    service.create(folder, "elementarium", "standard", options, ["Ash", "Birch"], 7)
    assert service.play(folder, birch, None, "Birch").entered is not None
    done = service.bot_plays(folder, "Ash", "mcts", Level.HARD)
    assert done.bot is not None and done.bot.words  # the turn resolved: the orders are shown
    duel = Duel.open(folder)
    try:
        return tuple(s.action for s in duel.positions()[1] if s.player == "Ash")
    finally:
        duel.close()


def test_the_bot_never_sees_the_other_players_sealed_orders(tmp_path: Path) -> None:
    """Whether Birch's fire stays or flees, Ash's bot orders the same: it searched only what
    Ash knows (given Birch's sealed orders, a bot would take the fire or chase it)."""
    choices = {_sealed_then_bot(tmp_path, text) for text in ("hold", "d5-b3, f9-g9")}
    assert len(choices) == 1


def test_the_search_input_drops_sealed_orders() -> None:
    game, state, _ = opening("elementarium")
    orders = game.legal_actions(state, "Birch")[-1]
    sealed = game.apply(state, "Birch", orders)
    known = game.known_to(sealed, "Ash")
    assert known == game.known_to(state, "Ash") and "Birch" in game.to_act(known)


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        (0, 40, 0.0, 0.0876),
        (40, 40, 0.9124, 1.0),
        (20, 40, 0.3520, 0.6480),
        (38, 40, 0.8350, 0.9862),
    ],
)
def test_the_wilson_interval(wins: int, games: int, low: float, high: float) -> None:
    got = wilson(wins, games)
    assert got == pytest.approx((low, high), abs=5e-4)


def test_the_ladder_alternates_seats_on_shared_seeds() -> None:
    specs = ladder_games("halma", 4)
    assert len(specs) == 20
    easy = [s for s in specs if s.pairing == ("easy", "random")]
    assert [(s.seed, s.swapped) for s in easy] == [(1, False), (1, True), (2, False), (2, True)]
    assert easy[1].seats == ("random", "easy")
    assert {s.pairing for s in specs[:5]} == set(PAIRINGS)  # rounds of every pairing


@pytest.mark.parametrize(
    ("text", "level"), [("easy", Level.EASY), (" Hard ", Level.HARD), ("MEDIUM", Level.MEDIUM),
                        ("expert", None), ("", None)],
)  # fmt: skip
def test_a_level_by_name(text: str, level: Level | None) -> None:
    assert parse_level(text) is level


def test_the_spawn_search_finds_what_the_full_scan_finds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Elementarium's spawns look only around the units that could complete a pattern (the
    bots' speed): whole random games end exactly as with every field scanned."""
    from events.elementarium import rules

    def play(seed: int) -> tuple[Any, int]:
        game, state, _ = opening("elementarium")
        rng = np.random.default_rng(seed)
        spawned = 0
        while game.outcome(state) is None:
            for player in game.to_act(state):
                state = game.apply(state, player, game.random_action(state, player, rng))
            spawned += len(state.last.spawned)
        return state, spawned

    seeds = (8, 0, 9)  # seed 8's game spawns twice
    fast = [play(seed) for seed in seeds]
    assert sum(n for _, n in fast) > 0
    monkeypatch.setattr(
        rules,
        "_spawn_candidates",
        lambda state, final, owner, patterns: [
            (c, r) for c in range(state.setup.board.width) for r in range(state.setup.board.height)
        ],
    )
    assert [play(seed) for seed in seeds] == fast


def test_the_command_line_names_the_level(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from festival.cli.main import main

    folder = tmp_path / "d"
    assert main(["duel", "new", str(folder), "--players", "Ash,Birch", "--seed", "5"]) == 0
    assert main(["duel", "play", str(folder), "--bot", "Ash", "--bot-level", "easy"]) == 0
    assert "Ash (mcts bot, easy): take " in capsys.readouterr().out
    with pytest.raises(SystemExit) as caught:
        main(["duel", "play", str(folder), "--bot", "Birch", "--bot-level", "expert"])
    assert caught.value.code == 2 and "invalid choice: 'expert'" in capsys.readouterr().err


def test_the_ladder_table_counts_draws_as_half_and_caps_apart() -> None:
    from festival.duels.ladder import LadderResult, markdown_table, pairing_rows

    specs = [s for s in ladder_games("element", 4) if s.pairing == ("easy", "random")]
    scores = (1.0, 1.0, 0.5, 0.0)
    results = [
        LadderResult(s, score, 10 + k, k == 2, 100, 0.5, 0.1 * k, 0)
        for k, (s, score) in enumerate(zip(specs, scores, strict=True))
    ]
    (row,) = pairing_rows(results)
    assert (row.games, row.wins, row.draws, row.capped) == (4, 2.5, 1, 1)
    assert row.playouts_per_second == 200 and row.longest_turn == pytest.approx(0.3)
    assert (row.low, row.high) == pytest.approx(wilson(2.5, 4))
    assert markdown_table([row])[2].startswith("| easy vs random | 4 | 62% | 1 | ")


@pytest.mark.parametrize(
    ("stats", "best"),
    [
        ([(1, -1.0), (1, 1.0), (1, 0.0)], 1),  # visited once each: the best score
        ([(3, 0.0), (1, 1.0), (2, 2.0)], 0),  # the most visited first
        ([(2, 0.5), (2, 1.5), (1, 1.0)], 1),
        ([(1, 0.0), (1, 0.0)], 0),  # a true tie: the first tried
    ],
)  # fmt: skip
def test_the_bot_plays_the_most_visited_and_then_the_best_scored_action(
    stats: list[tuple[int, float]], best: int
) -> None:
    from festival.duels.search import _Node, best_child

    children = [_Node(k, "Ash", visits, value) for k, (visits, value) in enumerate(stats)]
    assert best_child(children).action == best


@pytest.mark.parametrize(
    ("text", "pairings"),
    [
        ("medium-easy", (("medium", "easy"),)),
        ("Hard-Random, medium-easy", (("hard", "random"), ("medium", "easy"))),
        ("easy-hard", None),
        ("medium", None),
    ],
)  # fmt: skip
def test_a_ladder_run_may_name_its_pairings(
    text: str, pairings: tuple[tuple[str, str], ...] | None
) -> None:
    from festival.duels.ladder import parse_pairings

    assert parse_pairings(text) == pairings
    if pairings:
        specs = ladder_games("halma", 2, pairings=pairings)
        assert [s.pairing for s in specs] == [p for _ in range(2) for p in pairings]
