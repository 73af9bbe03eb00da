"""The benchmark scripts still run (their figures are printed, never asserted)."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest

from tests.support.played_demo import PlayedDemo

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.mark.slow
def test_round_speed_prints_every_part(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(BENCH / "round_speed.py"), run_name="__main__")
    out = capsys.readouterr().out
    for part in ("reading", "parsing", "resolving", "storing", "total"):
        assert part in out


def test_the_full_battle_is_full_size() -> None:
    module = runpy.run_path(str(BENCH / "battle_speed.py"))
    from events.summoners import SummonersEngine
    from events.summoners.catalog import Catalog
    from festival.core.paths import fixture
    from sheets.xlsx_reader import read_workbook

    content, _ = SummonersEngine().load_catalog(read_workbook(fixture("summoners", "catalog.xlsx")))
    _, towers, familiars = module["full_battle"](Catalog.from_json(content))
    assert len(towers) == 12 and len(familiars) == 22
    assert all(t.stats.cost for t in towers)


def test_duel_speed_prints_every_variant(capsys: pytest.CaptureFixture[str]) -> None:
    module = runpy.run_path(str(BENCH / "duel_speed.py"))
    module["main"](seconds=0.05)
    out = capsys.readouterr().out
    for variant in ("grand-final", "dm5", "summary"):
        assert f"element {variant}" in out
    assert "games/s" in out and "turns/s" in out


@pytest.mark.slow
def test_the_dashboard_benchmark_times_every_page(tmp_path: Path, played_demo: PlayedDemo) -> None:
    module = runpy.run_path(str(BENCH / "dashboard_speed.py"))
    folder = played_demo.copy(tmp_path / "demo")
    figures = dict(module["apptest_figures"](folder))
    assert {"cold start (overview drawn)", "switch to Summoner's Dream"} <= set(figures)
    assert all(seconds > 0 for seconds in figures.values())


def test_halma_speed_prints_both_modes(capsys: pytest.CaptureFixture[str]) -> None:
    module = runpy.run_path(str(BENCH / "halma_speed.py"))
    module["main"](seconds=0.01)
    out = capsys.readouterr().out
    assert "halma 2 players" in out and "halma 4 players" in out and "games/s" in out


def test_alchelemental_speed_prints_both_boards(capsys: pytest.CaptureFixture[str]) -> None:
    module = runpy.run_path(str(BENCH / "alchelemental_speed.py"))
    module["main"](seconds=0.05)
    out = capsys.readouterr().out
    for board in ("pit", "battleground"):
        assert f"alchelemental {board}" in out
    assert "games/s" in out and "actions/s" in out


def test_alchelemental_bots_benchmark_prints_the_score(capsys: pytest.CaptureFixture[str]) -> None:
    module = runpy.run_path(str(BENCH / "alchelemental_bots.py"))
    module["main"](games=1, turns=1, iterations=3)
    assert "alchelemental pit: mcts (3 iterations/turn)" in capsys.readouterr().out


def test_elementarium_speed_prints_games_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    module = runpy.run_path(str(BENCH / "elementarium_speed.py"))
    from festival.duels.levels import Level

    module["main"](seconds=0.05, bot_turns=1, level=Level.EASY)
    out = capsys.readouterr().out
    assert "elementarium random:" in out and "games/s" in out
    assert "current weights" in out and "threat+spawn weights" in out and "playouts/s" in out


@pytest.mark.slow
def test_lab_speed_prints_serial_and_dask_figures(capsys: pytest.CaptureFixture[str]) -> None:
    module = runpy.run_path(str(BENCH / "lab_speed.py"))
    figures = module["main"](games=2)
    assert figures["serial festivals/s per core (wall)"] > 0
    assert figures["CPU s per festival (serial)"] > 0
    assert figures["speed-up on 2 workers (warm)"] > 0
    assert figures["separate scheduler + 2 worker processes: festivals/s per worker"] > 0
    assert "CPU s per festival" in capsys.readouterr().out


def test_the_cli_speed_benchmark_prints_both_commands(capsys: pytest.CaptureFixture[str]) -> None:
    module = runpy.run_path(str(BENCH / "cli_speed.py"))
    figures = module["main"](runs=1)
    assert set(figures) == {"festival --help", "festival status"}
    out = capsys.readouterr().out
    assert "festival status:" in out and "heavy libraries imported: none" in out


def test_bot_turns_prints_each_levels_turns(capsys: pytest.CaptureFixture[str]) -> None:
    from festival.duels.levels import Level

    module = runpy.run_path(str(BENCH / "bot_turns.py"))
    module["main"]("halma", turns=1, games=1, levels=(Level.EASY,))
    out = capsys.readouterr().out
    assert "easy" in out and "cap 0.2 s" in out and "longest" in out


def test_judge_weights_prints_the_candidates_share(capsys: pytest.CaptureFixture[str]) -> None:
    """A tiny serial run (2 duels, 1 turn) of the self-play harness on a game from the
    registry: the candidate and the base it played are printed with the share."""
    from events.alchelemental import judge

    module = runpy.run_path(str(BENCH / "judge_weights.py"))
    module["main"]("alchelemental", judge.WEIGHTS, judge.OLD, games=2, turns=1, depth=2)
    out = capsys.readouterr().out
    assert "(depth 2, children as in use)" in out and "2 games of at most 1 turns" in out
    assert f"against {judge.OLD}" in out


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        (["halma", "--games", "2", "--turns", "1", "near=0.3"], "near=0.3"),
        (["alchelemental", "--games", "2", "--turns", "1", "--against", "old"], "threat=0.0"),
    ],
)
def test_judge_weights_reads_a_games_weights_from_the_command_line(
    capsys: pytest.CaptureFixture[str], args: list[str], shown: str
) -> None:
    module = runpy.run_path(str(BENCH / "judge_weights.py"))
    module["cli"](args)
    out = capsys.readouterr().out
    assert shown in out and "2 games of at most 1 turns" in out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["halma", "nearness=1"], "no weight nearness"),
        (["halma", "--against", "older"], "--against: current"),
        (["halma", "near"], "NAME=VALUE"),
    ],
)
def test_judge_weights_names_what_is_wrong(
    capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    module = runpy.run_path(str(BENCH / "judge_weights.py"))
    with pytest.raises(SystemExit):
        module["cli"](args)
    assert said in capsys.readouterr().err


def test_weighed_copies_the_game_with_other_weights() -> None:
    from dataclasses import replace

    from events.halma import judge
    from festival.duels.games import duel_game

    module = runpy.run_path(str(BENCH / "judge_weights.py"))
    game = duel_game("halma")
    other = module["weighed"](game, replace(judge.WEIGHTS, near=1.0))
    assert game.weights == judge.WEIGHTS and other.weights.near == 1.0
    assert module["judge_of"](game) is judge


def test_judge_weights_searches_the_levels_playouts_with_no_time_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A self-play comparison is of evaluations at equal playouts: a time cap reached on a
    busy machine would cut one bot's search and make the result depend on the clock."""
    import math

    from festival.duels.games import duel_game
    from festival.duels.levels import Level, level_budget
    from festival.duels.search import MctsBot

    module = runpy.run_path(str(BENCH / "judge_weights.py"))
    made = []
    real = MctsBot.with_budget

    def recorded(game: Any, seed: int, budget: Any, *more: Any) -> MctsBot:
        made.append(budget)
        return real(game, seed, budget, *more)

    monkeypatch.setattr(MctsBot, "with_budget", staticmethod(recorded))
    game = duel_game("halma")
    spec = module["SelfPlay"]("halma", game.weights, game.weights, Level.EASY, 1, False, 1)
    module["play"](spec)
    playouts = level_budget(game, Level.EASY).playouts
    assert [(b.seconds, b.playouts) for b in made] == [(math.inf, playouts)] * 2


@pytest.mark.slow
@pytest.mark.parametrize("minutes", [None, 5.0])
def test_the_ladder_plays_on_dask_with_and_without_a_time_limit(minutes: float | None) -> None:
    """Without --minutes the ladder once handed Dask an infinite timeout, which it refuses:
    every run on workers without a time limit failed after starting its cluster."""
    from festival.duels.ladder import ladder_games

    module = runpy.run_path(str(BENCH / "bot_ladder.py"))
    specs = ladder_games("halma", 2, max_turns=1, pairings=[("easy", "random")])
    results = module["play_all"](specs, 1, None, minutes)
    assert sorted(r.spec.swapped for r in results) == [False, True]


@pytest.mark.slow
def test_duel_cpu_prints_both_commands_at_both_lengths(capsys: pytest.CaptureFixture[str]) -> None:
    module = runpy.run_path(str(BENCH / "duel_cpu.py"))
    module["main"](runs=1, long_steps=30)
    out = capsys.readouterr().out
    for command in ("status", "play"):
        assert f"festival duel {command}:" in out
    assert "s CPU" in out


def test_announce_reads_the_rounds_once(capsys: pytest.CaptureFixture[str]) -> None:
    """A round's announcements read the store's rounds once, whatever the number of players
    (they read them 2 + 2 x players times before)."""
    runpy.run_path(str(BENCH / "announce_reads.py"), run_name="__main__")
    out = capsys.readouterr().out
    for r in range(1, 7):
        assert f"round {r}: " in out
    assert out.count("rounds table   1 time(s)") == 6
    # a correction of round 3 and the post after it, in one process: rounds 3-6 worked out
    # once each (after the commit), not before it and again to post
    assert "now: announcements worked out  4 time(s)" in out
    assert "without the kept words: announcements worked out 14 time(s)" in out
