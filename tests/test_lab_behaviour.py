"""The lab's behaviour figures (issue 30): every event names how its players played (risk,
timing, specialisation), the lab's tables carry the figures per player, and on a small
fixed-seed run of each event the strategies are seen to play differently by those tables.
A change that made two strategies play alike, or lost a figure, fails here."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from events.continuum.behaviour import measure
from festival.bots.registry import STRONGEST
from festival.core.registry import event_names, event_title
from festival.lab import behaviour, report, text
from festival.lab.game import engine
from festival.lab.job import Job, specs
from festival.lab.run import run_serial
from festival.lab.setup import option_sets
from festival.lab.tables import frames

GAMES = 12
"""games of each event on seeds 1-12: 24 to 36 seats of each strategy"""


@pytest.fixture(scope="module")
def runs() -> dict[str, tuple[pd.DataFrame, pd.DataFrame]]:
    """event -> (players, items) of GAMES games of that event alone."""
    options = option_sets([], [], [], [])
    return {
        e: frames(run_serial(specs(Job(e, GAMES, STRONGEST, seed=1)), options))
        for e in event_names()
    }


def by_strategy(runs: dict[str, tuple[pd.DataFrame, pd.DataFrame]], event: str) -> pd.DataFrame:
    players, items = runs[event]
    return report.behaviour(players, items).set_index("strategy")


def test_every_event_names_its_figures_and_the_tables_hold_them(
    runs: dict[str, tuple[pd.DataFrame, pd.DataFrame]],
) -> None:
    for e in event_names():
        figures = behaviour.figures(e)
        assert figures, f"{e} names no behaviour figure"
        assert len({f.name for f in figures}) == len(figures)
        players = runs[e][0]
        for f in figures:
            col = behaviour.column(e, f)
            assert str(players[col].dtype) == "Float64"
            assert players[col].notna().all()  # every seat played the event
        for other in set(event_names()) - {e}:
            for f in behaviour.figures(other):  # nobody played the other events
                assert players[behaviour.column(other, f)].isna().all()


def test_in_every_event_two_strategies_differ_on_one_of_its_figures(
    runs: dict[str, tuple[pd.DataFrame, pd.DataFrame]],
) -> None:
    """Each event's own figures, not only the score, tell its strategies apart: on some
    figure the strategies' means lie at least a fifth of the larger apart."""
    for e in event_names():
        table = by_strategy(runs, e)
        gaps = {}
        for f in behaviour.figures(e):
            values = table[f.label].astype(float)
            gaps[f.label] = (values.max() - values.min()) / max(abs(values).max(), 1e-9)
        assert max(gaps.values()) >= 0.2, f"{event_title(e)}: strategies alike ({gaps})"


DESIGNED = [
    # (event, figure label or report column, plays lower, plays higher): what each bot
    # was written to do (docs/lab-guide.md, "The strategies"), seen in the lab's own table
    ("continuum", "both bolts on one square", "cautious", "greedy"),
    ("continuum", "both bolts on one square", "cautious", "specialist"),
    ("continuum", "tiles broken", "greedy", "cautious"),
    ("alchemy", "items a game", "cautious", "greedy"),
    ("alchemy", "coins left (end)", "specialist", "greedy"),
    ("summoners", "mean round bought", "greedy", "cautious"),
    ("summoners", "familiars sent", "cautious", "greedy"),
    ("summoners", "towers placed", "specialist", "greedy"),
]


@pytest.mark.parametrize(("event", "column", "lower", "higher"), DESIGNED)
def test_the_strategies_play_as_they_were_written_to(
    runs: dict[str, tuple[pd.DataFrame, pd.DataFrame]],
    event: str,
    column: str,
    lower: str,
    higher: str,
) -> None:
    table = by_strategy(runs, event)
    assert table.loc[lower, column] < table.loc[higher, column]


def test_focus_is_every_round_for_the_hunters_and_none_for_the_cautious_bot(
    runs: dict[str, tuple[pd.DataFrame, pd.DataFrame]],
) -> None:
    """Seat by seat: the hunter and the finisher fire both bolts at one square every round,
    the cautious bot never does (continuum_hunter.py)."""
    players = runs["continuum"][0]
    focus = players.set_index("strategy")["continuum_focus"].astype(float)
    assert set(focus.loc["greedy"]) == {1.0} and set(focus.loc["specialist"]) == {1.0}
    assert set(focus.loc["cautious"]) == {0.0}


def test_each_event_is_shown_with_the_columns_it_fills(
    runs: dict[str, tuple[pd.DataFrame, pd.DataFrame]],
) -> None:
    """Continuum sells nothing: its table has no purchase columns, and its figures are
    shown as people read them (a share as a percentage)."""
    players = pd.concat([runs[e][0] for e in event_names()], ignore_index=True)
    items = pd.concat([runs[e][1] for e in event_names()], ignore_index=True)
    shown = dict(text.behaviour_by_event(text.display_behaviour(report.behaviour(players, items))))
    assert list(shown) == [event_title(e) for e in event_names()]
    continuum = shown[event_title("continuum")]
    assert "items bought a game" not in continuum.columns
    assert "top item's share" not in continuum.columns
    assert set(continuum["both bolts on one square"]) == {"0.0%", "100.0%"}
    alchemy = shown[event_title("alchemy")]
    assert {"items bought a game", "coins left (end)", "constructs sold"} <= set(alchemy.columns)
    assert "both bolts on one square" not in alchemy.columns


def test_a_player_who_fired_no_bolts_has_no_focus() -> None:
    """A share of nothing is not 0%: a seat that never fired two bolts has no focus."""
    eng = engine("continuum")
    state = eng.setup(("P01", "P02"), eng.default_options(), np.random.default_rng(1))
    figures = measure(state)
    assert math.isnan(figures["P01"][0]) and figures["P01"][1:] == (0.0, 0.0)
