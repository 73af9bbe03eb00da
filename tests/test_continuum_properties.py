"""Elemental Continuum invariants over random legal boards and random bolts."""

from __future__ import annotations

import re
from fractions import Fraction

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from events.continuum import ContinuumEngine
from events.continuum.board import random_board
from events.continuum.elements import BOLT_ELEMENTS
from events.continuum.model import Bolt, BoltsSubmission, ContinuumState, SetupSubmission
from events.continuum.scoring import contribution_points, scores, ward_shares
from events.continuum.squares import ALL_SQUARES
from events.report import RoundReport

NAMES = ["Spadez", "hedger", "uri", "cam", "Wren", "Quill", "Juniper"]


def random_game(
    seed: int, players: int, carry: bool, focus: int
) -> tuple[ContinuumEngine, ContinuumState, list[RoundReport]]:
    """Setup and five rounds of random bolts; `focus` squares concentrate fire so wards
    actually break down."""
    rng = np.random.default_rng(seed)
    engine = ContinuumEngine()
    names = NAMES[:players]
    state = engine.setup(names, {"carry_hits": carry}, rng)
    boards = {p: SetupSubmission(random_board(rng)) for p in names}
    state, report = engine.resolve_round(state, boards, rng)
    reports = [report]
    targets = [ALL_SQUARES[int(i)] for i in rng.choice(64, size=focus, replace=False)]
    for p in names[:2]:  # aim at two wards so that some break down
        ward = boards[p].board.wards[int(rng.integers(13))]  # type: ignore[union-attr]
        targets += sorted(ward.squares)
    for _ in range(5):
        subs = {}
        for p in names:
            bolts = tuple(
                Bolt(BOLT_ELEMENTS[int(rng.integers(4))], targets[int(rng.integers(len(targets)))])
                for _ in range(2)
            )
            subs[p] = BoltsSubmission(bolts)
        state, report = engine.resolve_round(state, subs, rng)
        reports.append(report)
    return engine, state, reports


games = st.tuples(st.integers(0, 2**32 - 1), st.integers(2, 7), st.booleans(), st.integers(4, 20))


@settings(max_examples=60, deadline=None)
@given(games)
def test_contributions_to_a_broken_down_ward_add_up_to_its_value(
    game: tuple[int, int, bool, int],
) -> None:
    _, state, _ = random_game(*game)
    for owner, label in state.broken_down:
        shares = ward_shares(state, owner, label)
        assert sum(shares.values()) == state.boards[owner].ward(label).value
        assert owner not in shares  # nobody breaks their own board


@settings(max_examples=60, deadline=None)
@given(games)
def test_scores_are_never_negative_and_sum_to_all_wards_values(
    game: tuple[int, int, bool, int],
) -> None:
    _, state, _ = random_game(*game)
    result = scores(state)
    assert all(v >= 0 for v in result.values())
    assert sum(result.values()) == sum(b.total_value for b in state.boards.values())
    assert all(isinstance(v, Fraction) for v in contribution_points(state).values())


@settings(max_examples=60, deadline=None)
@given(games)
def test_contribution_points_are_the_ward_shares_added_as_fractions(
    game: tuple[int, int, bool, int],
) -> None:
    """contribution_points adds whole numerators over one denominator: the sum of the
    Fractions of ward_shares, added one by one, in the same order of players."""
    _, state, _ = random_game(*game)
    plain = dict.fromkeys(state.players, Fraction(0))
    for owner, label in state.broken_down:
        for player, share in ward_shares(state, owner, label).items():
            plain[player] += share
    points = contribution_points(state)
    assert list(points.items()) == list(plain.items())
    assert all(type(v) is Fraction for v in points.values())


@settings(max_examples=40, deadline=None)
@given(games)
def test_a_broken_tile_is_never_hit_again_and_breakdowns_follow_three_breaks(
    game: tuple[int, int, bool, int],
) -> None:
    _, state, _ = random_game(*game)
    assert not set(state.hits) & set(state.broken)
    for owner, board in state.boards.items():
        for ward in board.wards:
            broken = sum((owner, sq) in state.broken for sq in ward.squares)
            assert ((owner, ward.label) in state.broken_down) == (broken >= 3)


@settings(max_examples=25, deadline=None)
@given(games)
def test_public_announcements_name_no_shooter_and_no_points(
    game: tuple[int, int, bool, int],
) -> None:
    """Public each round: every broken tile and every breakdown; never who fired, never the
    bolts, never points."""
    engine, state, reports = random_game(*game)
    lines = [line for r in reports for line in r.public]
    lines += list(engine.final_announcement(state, list(state.players)))
    for line in lines:
        bare = re.sub(r"\*?\*?\b\w+'s\b", "", line)  # owners are named as "X's board/ward"
        for name in state.players:
            if not re.match(rf"^\d+\. {name}$", line):  # the final ranking line
                assert name not in bare, line
        assert "/" not in line and "point" not in line.lower() and " at " not in line, line
    final = engine.final_announcement(state, list(state.players))
    assert [int(line.split(".")[0]) for line in final] == list(range(1, len(state.players) + 1))


def test_same_seed_same_game() -> None:
    a = random_game(7, 7, True, 10)
    b = random_game(7, 7, True, 10)
    assert a[1] == b[1] and a[2] == b[2]


def test_random_games_do_break_wards_down() -> None:
    """The generator above is strong enough for the properties to mean something."""
    downs = [len(random_game(s, 7, True, 8)[1].broken_down) for s in range(5)]
    assert min(downs) >= 1 and sum(downs) >= 8
