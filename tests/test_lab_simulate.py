"""`festival simulate` in one process: seeded games, replayable, Parquet tables for pandas."""

from __future__ import annotations

import shlex
from pathlib import Path

import pandas as pd
import pytest

from festival.cli.main import main
from festival.lab import tables
from festival.lab.game import FESTIVAL, Force, GameSpec, play
from festival.lab.job import BASELINE, MAX_GAMES, Job, JobError, seating, specs
from festival.lab.replay import replay_into
from festival.lab.run import play_one, run_serial
from festival.lab.setup import option_sets
from festival.match import service
from festival.match.replay import current_states

SETS = option_sets([], [], [], [])


def test_same_seed_same_game() -> None:
    """ "each game seeded so any single game can be replayed": equal specs, equal results."""
    spec = GameSpec(7, FESTIVAL, seating(7, ("greedy", "cautious", "random"), 10))
    a, b = play(spec, SETS["A"]), play(spec, SETS["A"])
    assert a.events == b.events and a.purchases == b.purchases
    other = play(GameSpec(8, FESTIVAL, spec.strategies), SETS["A"])
    assert other.events != a.events


@pytest.mark.slow
def test_a_lab_festival_replays_into_the_same_match(tmp_path: Path) -> None:
    """The lab uses the match's own random streams: the replayed match ranks alike."""
    spec = specs(Job(FESTIVAL, 1, ("greedy", "specialist", "random"), seed=4))[0]
    result = replay_into(spec, SETS["A"], tmp_path / "m")
    with service.opened(tmp_path / "m") as match:
        states = current_states(match)
        for event, state in states.items():
            ranking = match.engine(event).ranking(state, match.config.gamewide)
            lab = sorted((r.rank, r.player) for r in result.events if r.event == event)
            assert [(x.rank, x.player) for x in ranking] == lab


def test_arms_share_seeds_and_seating() -> None:
    """Paired experiments: every arm plays the same seeds with the same seats."""
    job = Job("alchemy", 3, ("greedy", "cautious"), 10, forces=(Force("alchemy", "Bellows"),))
    games = specs(job)
    assert len(games) == 6
    by_seed: dict[int, set[tuple[str, ...]]] = {}
    for g in games:
        by_seed.setdefault(g.seed, set()).add(g.strategies)
    assert sorted(by_seed) == [10, 11, 12]
    assert all(len(s) == 1 for s in by_seed.values())


def test_forced_item_is_bought_by_seat_one_in_its_arm_only() -> None:
    spec = GameSpec(3, "alchemy", ("cautious",) * 7, force=Force("alchemy", "Bellows"))
    forced = play(spec, SETS["A"])
    assert forced.forced_applied
    assert [(x.player, x.item) for x in forced.purchases if x.forced] == [("P01", "Bellows")]
    base = play(GameSpec(3, "alchemy", ("cautious",) * 7), SETS["A"])
    assert not [x for x in base.purchases if x.player == "P01"]  # cautious buys no machine


def test_a_game_played_twice_counts_once() -> None:
    """Duplicates (a task rerun after its worker was lost) cannot count twice."""
    spec = GameSpec(2, "continuum", ("greedy",) * 4)
    twice = tables.collect([play_one(spec, SETS), play_one(spec, SETS)])
    players, _ = tables.frames(twice)
    assert len(players) == 4 and players["game"].nunique() == 1


@pytest.mark.parametrize(
    ("job", "said"),
    [
        (Job(FESTIVAL, 1, ("nosuch",)), "unknown strategies nosuch"),
        (Job("alchemy", 0, ("greedy",)), "at least one game"),
        (Job("alchemy", 1, ("greedy",), seed=-1), "whole number >= 0"),
        (Job("alchemy", 1, ("greedy",), seed=2**63), "must stay within"),
        (Job("alchemy", 2, ("greedy",), seed=2**63 - 1), "must stay within"),
        (Job(FESTIVAL, 10**9, ("greedy",)), "1,000,000,000 games is more than one job plays"),
        (Job("alchemy", 100_001, ("greedy",), catalogs=("A", "B")), "200,002 games is more"),
    ],
)
def test_bad_jobs_are_refused_in_words(job: Job, said: str) -> None:
    """A seed past 64 bits cannot be written to the results (int64): refused before playing."""
    with pytest.raises(JobError, match=said):
        specs(job)


@pytest.mark.parametrize(
    ("mix", "said"),
    [
        ("greedy,gredy", "unknown strategies gredy (did you mean greedy?); known: random, "
         "greedy, cautious, specialist"),
        ("cautios,nosuch", "unknown strategies cautios (did you mean cautious?), nosuch; "),
        ("nosuch", "unknown strategies nosuch; known: "),
    ],
)  # fmt: skip
def test_a_misspelt_strategy_gets_a_did_you_mean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mix: str, said: str
) -> None:
    out = tmp_path / "r"
    args = ["simulate", "--mix", mix, "--games", "2", "--serial", "--quiet", "--out", str(out)]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1
    assert not out.exists()


def test_a_job_of_the_most_games_is_accepted() -> None:
    """The cap counts seeds x catalog sets x arms (the baseline is an arm)."""
    assert (
        Job("alchemy", MAX_GAMES // 2, ("greedy",), forces=(Force("alchemy", "x"),)).problems()
        == []
    )
    assert Job(
        "alchemy", MAX_GAMES // 2 + 1, ("greedy",), forces=(Force("alchemy", "x"),)
    ).problems()


def test_the_largest_storable_seed_is_played() -> None:
    assert [s.seed for s in specs(Job("alchemy", 1, ("greedy",), seed=2**63 - 1))] == [2**63 - 1]


@pytest.mark.parametrize(
    ("force", "said"),
    [
        ("summoners:Nope", "not sold in summoners (Carp, Cat,"),
        ("continuum:Ward", "continuum sells nothing to force"),
        ("continuum", "--force-all continuum: continuum sells nothing to force"),
    ],
)
def test_an_item_the_event_does_not_sell_is_refused_before_anything_plays(
    force: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A misspelt item could never be bought: its arm would measure nothing, silently.
    An event that sells nothing has no arm to force at all (--force-all EVENT)."""
    out = tmp_path / "lab"
    flag = ["--force", force] if ":" in force else ["--force-all", force]
    code = main(["simulate", "--event", force.partition(":")[0], "--games", "1", "--serial",
                 "--quiet", *flag, "--out", str(out)])  # fmt: skip
    assert code == 2
    assert said in capsys.readouterr().err
    assert not out.exists()


def test_a_forced_item_is_named_as_the_catalog_spells_it(tmp_path: Path) -> None:
    out = tmp_path / "lab"
    code = main(["simulate", "--event", "alchemy", "--games", "1", "--serial", "--quiet",
                 "--force", "alchemy:bellows", "--out", str(out)])  # fmt: skip
    assert code == 0
    assert set(pd.read_parquet(out / tables.PLAYERS_FILE)["force"]) == {BASELINE, "alchemy:Bellows"}


def test_simulate_writes_parquet_for_pandas(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "lab"
    code = main(
        ["simulate", "--event", "alchemy", "--games", "3", "--mix", "greedy,cautious",
         "--serial", "--quiet", "--force", "alchemy:Bellows", "--out", str(out), "--report"]
    )  # fmt: skip
    assert code == 0
    players = pd.read_parquet(out / tables.PLAYERS_FILE)
    items = pd.read_parquet(out / tables.ITEMS_FILE)
    assert len(players) == 3 * 2 * 7  # seeds x arms x seats: one row per player per game
    assert set(players["force"]) == {BASELINE, "alchemy:Bellows"}
    assert (
        players.groupby("game")["alchemy_rank"].apply(sorted).map(list).tolist()
        == [list(range(1, 8))] * 6
    )
    assert {"game", "seed", "player", "event", "round", "item", "forced"} <= set(items.columns)
    assert items["forced"].sum() == 3
    printed = capsys.readouterr().out
    assert "Strategies" in printed and "Bellows" in printed
    assert main(["simulate", "--from", str(out), "--report"]) == 0


def test_serial_run_is_independent_of_order() -> None:
    """Order never decides: the tables do not depend on the order games finish in."""
    games = specs(Job("continuum", 3, ("greedy", "cautious"), 5))
    forward = tables.frames(run_serial(games, SETS))[0]
    backward = tables.frames(run_serial(games[::-1], SETS))[0]
    pd.testing.assert_frame_equal(forward, backward)


@pytest.mark.parametrize(
    ("given", "said"),
    [
        (
            ["--catalog", "alchemy=a.xlsx", "--catalog", "Alchemy=b.xlsx"],
            "--catalog alchemy is given twice",
        ),
        (
            ["--option", "alchemy.x=1", "--option", "alchemy.x=2"],
            "--option alchemy.x is given twice (1 and 2)",
        ),
    ],
)
def test_one_setting_given_twice_is_refused_since_the_last_would_win(
    given: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:  # fmt: skip
    """Order never decides: the same inputs listed in another order must give the same
    results, so two values for one catalog or option are refused, not settled by order."""
    out = tmp_path / "lab"
    args = ["simulate", "--event", "alchemy", "--games", "1", "--serial", "--quiet"]
    assert main([*args, *given, "--out", str(out)]) == 2
    assert said in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize(
    ("workers", "said"),
    [("0", "at least 1 worker"), ("-2", "at least 1 worker"), ("two", "not a whole number")],
)
def test_a_cluster_of_no_worker_is_refused_not_waited_for(
    workers: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--workers 0` once started a local cluster with nobody to play: the run hung for ever."""
    out = tmp_path / "lab"
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "--games", "1", "--workers", workers, "--quiet", "--out", str(out)])
    assert stop.value.code == 2
    assert said in capsys.readouterr().err
    assert not out.exists()


def test_the_lab_client_refuses_a_local_cluster_of_no_worker() -> None:
    from festival.lab.run import dask_client

    with pytest.raises(ValueError, match="at least one worker"), dask_client(None, 0):
        pass


def test_the_items_table_reads_a_purchase_by_its_fields_in_order() -> None:
    """tables.item_table transposes purchases by position: its field list is Purchase's."""
    from festival.lab.game import Purchase

    assert Purchase._fields == tables.PURCHASE_FIELDS


@pytest.mark.parametrize(
    ("event", "said"),
    [
        ("alchemi", "--event 'alchemi': expected festival, alchemy, continuum or summoners; "
                    "did you mean 'alchemy'?"),
        ("xyz", "--event 'xyz': expected festival, alchemy, continuum or summoners\n"),
    ],
)  # fmt: skip
def test_a_misspelt_event_is_named_in_words_with_a_suggestion(
    event: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: "expected festival or one of ('alchemy', 'continuum', 'summoners')", a Python
    tuple and no suggestion."""
    out = tmp_path / "lab"
    assert main(["simulate", "--event", event, "--games", "1", "--serial", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1 and "(" not in err.split(":", 2)[2]
    assert not out.exists()


def test_a_run_into_a_folder_holding_results_is_refused_unless_told_to_replace_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A rerun never loses a study without a word: a folder that holds results (the default
    lab-results after a first run) is refused before anything plays; the next command names
    a new folder, so following it keeps the results it follows; --replace replaces them,
    and a sweep's record does not outlive the sweep's results."""
    monkeypatch.chdir(tmp_path)
    first = ["simulate", "--event", "alchemy", "--games", "2", "--serial", "--quiet"]
    assert main(first) == 0
    printed = capsys.readouterr().out
    kept = (tmp_path / "lab-results" / "players.parquet").read_bytes()
    assert main([*first, "--seed", "9"]) == 2
    said = capsys.readouterr()
    assert said.err == (
        "festival: error: lab-results holds the results of an earlier run, which this run "
        "would replace: name another folder with --out, or add --replace to replace them\n"
    )
    assert "Playing" not in said.out
    assert (tmp_path / "lab-results" / "players.parquet").read_bytes() == kept
    following = shlex.split(printed.strip().splitlines()[-1].removeprefix("Next: "))
    assert following[-2:] == ["--out", "lab-results-200"]
    following[following.index("--games") + 1] = "2"
    assert main([*following[1:], "--serial", "--quiet"]) == 0
    assert (tmp_path / "lab-results-200" / "players.parquet").exists()
    assert (tmp_path / "lab-results" / "players.parquet").read_bytes() == kept

    sweep = ["simulate", "--sweep", "alchemy.Bellows.cost=40..80:40", "--games", "2"]
    assert main([*sweep, "--serial", "--quiet", "--out", "s"]) == 0
    assert main([*first, "--games", "3", "--out", "s", "--replace"]) == 0
    assert not (tmp_path / "s" / "sweep.json").exists()
    capsys.readouterr()
    assert main(["simulate", "--from", "s"]) == 0
    again = capsys.readouterr().out
    assert "in 3 game(s)" in again and "swept" not in again
