"""The event interface's pieces, with the Tally test event: parsing what people type, parse
results, rankings, cell references. What every engine keeps, Tally included (JSON round trips,
defaults, pure rounds, rankings, views), is in tests/test_event_contract.py."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from events.errors import SubmissionProblem
from events.parsed import Parsed
from events.ranking import GAMEWIDE, Criterion, rank_players
from events.tables import Grid, cell_ref, column_index, column_letter, parse_cell_ref
from tests.support.toy_event import TallyEngine, TallySubmission

PLAYERS = ("ann", "bob", "cy", "dee")
STATE = TallyEngine().setup(PLAYERS, {}, np.random.default_rng(0))


def grid(value: object) -> dict[str, Grid]:
    return {"Tally": Grid.from_rows("Tally", [["Tally"], ["Number (1-5)", value]])}


@pytest.mark.parametrize(
    ("value", "expected"),
    [(3, 3), ("4", 4), (" 5 ", 5), (2.0, 2)],
)
def test_parse_reads_what_people_type(value: object, expected: int) -> None:
    result = TallyEngine().parse(STATE, "ann", 1, grid(value))
    assert result.value == TallySubmission(expected)


@pytest.mark.parametrize("value", ["seven", 0, 6, None, "2.5"])
def test_parse_error_names_player_event_tab_and_cell(value: object) -> None:
    result = TallyEngine().parse(STATE, "ann", 1, grid(value))
    assert result.value is None
    (error,) = result.errors
    assert (error.player, error.event, error.tab, error.cell) == ("ann", "tally", "Tally", "B2")
    assert str(error).startswith("ann: [tally] Tally!B2: ")
    assert "from 1 to 5" in error.message


def test_a_missing_tab_is_an_error_not_a_crash() -> None:
    result = TallyEngine().parse(STATE, "ann", 1, {})
    assert [e.code for e in result.errors] == ["tally.tab"]


def test_parse_result_holds_a_submission_or_errors_never_both() -> None:
    err = SubmissionProblem("x", "ann", "bad")
    with pytest.raises(ValueError):
        Parsed(TallySubmission(1), (err,))
    with pytest.raises(ValueError):
        Parsed(None, ())
    assert Parsed.of(TallySubmission(1), [err]).value is None


def test_a_number_written_once_scores_and_every_player_hears_privately() -> None:
    """Tally's rules (that a round is a function of the state, the submissions and the seed is
    the engine contract's, tests/test_event_contract.py)."""
    engine = TallyEngine()
    state = engine.setup(PLAYERS, {}, np.random.default_rng(0))
    subs = {p: TallySubmission(n) for p, n in zip(PLAYERS, (1, 2, 2, 5), strict=True)}
    new, report = engine.resolve_round(state, subs, np.random.default_rng(11))
    assert new.round_no == 1 and state.round_no == 0  # the old state is untouched
    assert new.points["bob"] == 0 and new.points["cy"] == 0  # 2 was written twice
    assert new.points["ann"] >= 1 and new.points["dee"] >= 5
    assert report.public == ("2 player(s) scored in Tally this round.",)
    assert set(report.private) == set(PLAYERS)


def test_ranking_is_score_then_tiebreaks_then_gamewide() -> None:
    score = Criterion("points", {"ann": 5, "bob": 5, "cy": 5, "dee": 9})
    fewer = Criterion("written", {"ann": 3, "bob": 2, "cy": 3, "dee": 0}, higher_is_better=False)
    ranking = rank_players(["ann", "bob", "cy", "dee"], score, [fewer], ["cy", "dee", "bob", "ann"])
    assert [e.player for e in ranking] == ["dee", "bob", "cy", "ann"]
    assert [e.rank for e in ranking] == [1, 2, 3, 4]
    assert [e.decided_by for e in ranking] == [None, "score", "written", GAMEWIDE]
    assert ranking[2].tiebreak(GAMEWIDE) == 1


def test_ranking_keeps_fractions_exact() -> None:
    score = Criterion("points", {"a": Fraction(7, 2), "b": Fraction(10, 3)})
    ranking = rank_players(["a", "b"], score, [], ["b", "a"])
    assert [e.player for e in ranking] == ["a", "b"]
    assert ranking[0].to_json()["score"] == "7/2"


def test_ranking_refuses_a_player_missing_from_the_gamewide_tiebreak() -> None:
    with pytest.raises(ValueError, match="Gamewide"):
        rank_players(["a", "b"], Criterion("s", {}), [], ["a"])


@pytest.mark.parametrize(("col", "letters"), [(0, "A"), (25, "Z"), (26, "AA"), (701, "ZZ")])
def test_cell_references(col: int, letters: str) -> None:
    assert column_letter(col) == letters and column_index(letters) == col
    assert parse_cell_ref(cell_ref(4, col)) == (4, col)
    assert parse_cell_ref(f" {letters.lower()}5 ") == (4, col)
