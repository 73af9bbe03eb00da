"""The lab's flags can never contradict their estimate or each other (issue 30).

`judge` is checked directly, and the report's tables are checked on constructed results:
any winners, any paired values, any purchases, drawn by hypothesis.
"""

from __future__ import annotations

import math

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from festival.lab import report
from festival.lab.job import BASELINE
from festival.lab.verdict import MIN_SAMPLE, Lines, Verdict, judge

finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)


@st.composite
def judged(draw: st.DrawFn) -> tuple[float, float, float, int, Lines]:
    a, b, c = sorted(draw(st.lists(finite, min_size=3, max_size=3)))
    below, above, far = sorted(draw(st.lists(finite, min_size=3, max_size=3)))
    lines = Lines(below, above, draw(st.sampled_from([None, far])))
    return b, a, c, draw(st.integers(0, 500)), lines


@given(judged())
def test_a_verdict_never_contradicts_its_estimate(case: tuple[float, ...]) -> None:
    estimate, low, high, n, lines = case
    assert isinstance(lines, Lines) and isinstance(n, int)
    v = judge(estimate, low, high, n, lines)
    if n < MIN_SAMPLE:
        assert v is Verdict.TOO_SMALL
    if v is Verdict.BELOW:
        assert estimate <= high < lines.below
    if v in (Verdict.ABOVE, Verdict.FAR_ABOVE):
        assert estimate >= low > lines.above
    if v is Verdict.FAR_ABOVE:
        assert lines.far is not None and low > lines.far
    if v is Verdict.IN_LINE:
        assert high >= lines.below and low <= lines.above


@pytest.mark.parametrize(
    ("estimate", "low", "high", "n", "expected"),
    [
        (0.5, 0.4, 0.6, 29, Verdict.TOO_SMALL),
        (0.5, math.nan, math.nan, 100, Verdict.TOO_SMALL),
        (0.5, 0.4, 0.6, 30, Verdict.FAR_ABOVE),
        (0.15, 0.11, 0.3, 30, Verdict.ABOVE),
        (0.15, 0.09, 0.3, 30, Verdict.IN_LINE),
        (0.05, 0.01, 0.09, 30, Verdict.BELOW),
    ],
)
def test_verdicts_against_a_fair_share_of_ten_percent(
    estimate: float, low: float, high: float, n: int, expected: Verdict
) -> None:
    """As a strategy is judged: below or above its fair share, or over twice it."""
    assert judge(estimate, low, high, n, Lines(0.1, 0.1, 0.2)) is expected


def test_an_estimate_outside_its_interval_is_a_bug_not_a_verdict() -> None:
    with pytest.raises(ValueError, match="outside its interval"):
        judge(0.9, 0.1, 0.2, 100, Lines(0.0, 1.0))


# --- the report's tables, constructed -------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 3), min_size=1, max_size=300),
    st.permutations(["greedy", "cautious", "specialist", "random"]),
)
def test_strategy_flags_never_contradict_each_other(winners: list[int], order: list[str]) -> None:
    """Every game has one winner, so the strategies' win rates average the fair share: no
    two flags can say every strategy wins more (or less) than its fair share, and no flag
    disagrees with the win rate printed beside it."""
    rows = []
    for g, w in enumerate(winners):
        ranks = [1 + (seat - w) % 4 for seat in range(4)]
        for seat in range(4):
            rows.append({"game": str(g), "seed": g, "kind": "alchemy", "catalog": "A",
                         "force": BASELINE, "strategy": order[seat],
                         "alchemy_rank": ranks[seat]})  # fmt: skip
    table = report.strategies(pd.DataFrame(rows))
    verdicts = set(table["verdict"])
    assert not verdicts <= {"ABOVE", "FAR_ABOVE"}
    assert verdicts != {"BELOW"}
    for r in table.to_dict("records"):
        if r["verdict"] in ("ABOVE", "FAR_ABOVE"):
            assert r["win rate"] > r["fair share"]
            assert r["flag"] in ("wins more than its fair share", "wins over twice its fair share")
        if r["verdict"] == "BELOW":
            assert r["win rate"] < r["fair share"]
        if r["seats played"] < MIN_SAMPLE:
            assert r["flag"] == "too small to conclude"


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.lists(st.integers(-50, 50), min_size=1, max_size=45), min_size=1, max_size=5).map(
        lambda xs: {f"I{i}": x for i, x in enumerate(xs)}
    )
)
def test_item_flags_agree_with_their_values(gains: dict[str, list[int]]) -> None:
    rows = []
    longest = max(len(g) for g in gains.values())
    row = {"kind": "alchemy", "catalog": "A", "player": "P01", "seat": 0, "strategy": "greedy"}
    for seed in range(longest):
        rows.append({**row, "game": f"b{seed}", "seed": seed, "force": BASELINE,
                     "forced_applied": False, "alchemy_score": 100.0})  # fmt: skip
    for item, gain in gains.items():
        for seed, g in enumerate(gain):
            rows.append({**row, "game": f"{item}{seed}", "seed": seed, "force": f"alchemy:{item}",
                         "forced_applied": True, "alchemy_score": 100.0 + g})  # fmt: skip
    values = report.item_values(pd.DataFrame(rows))
    median = float(values["value"].median())
    for r in values.to_dict("records"):
        if r["verdict"] == "BELOW":
            assert r["value"] < 0 and r["flag"] == "worth less than nothing"
        if r["verdict"] == "ABOVE":
            assert r["value"] > 2 * max(median, 0.0) >= 0
        if r["pairs"] < MIN_SAMPLE:
            assert r["verdict"] == "TOO_SMALL"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.sampled_from("ABCD"), max_size=6), min_size=1, max_size=60))
def test_purchase_flags_agree_with_their_shares(games: list[list[str]]) -> None:
    """An item is "almost never bought" only with a share under a quarter of its fair one,
    "bought over its alternatives" only over twice it; never both, and every item on sale
    has a row, bought or not."""
    players = pd.DataFrame([{"game": str(g), "seed": g, "kind": "alchemy", "catalog": "A",
                             "force": BASELINE} for g in range(len(games))])  # fmt: skip
    items = pd.DataFrame(
        [{"game": str(g), "catalog": "A", "force": BASELINE, "event": "alchemy", "item": x,
          "strategy": "greedy", "player": "P01", "round": 1}
         for g, bought in enumerate(games) for x in bought],
        columns=["game", "catalog", "force", "event", "item", "strategy", "player", "round"],
    )  # fmt: skip
    sold = pd.DataFrame({"catalog": "A", "event": "alchemy", "item": list("ABCDE"),
                         "group": "machine"})  # fmt: skip
    table = report.purchases(players, items, sold, None)
    assert sorted(table["item"]) == list("ABCDE")
    for r in table.to_dict("records"):
        assert r["share low"] <= r["share"] <= r["share high"] or math.isnan(r["share low"])
        if r["verdict"] == "BELOW":
            assert r["share"] < r["fair share"] / 4
        if r["verdict"] == "ABOVE":
            assert r["share"] > 2 * r["fair share"]
        if r["bought"] == 0 and len(table) and r["verdict"] != "TOO_SMALL":
            assert r["flag"] == "never bought"
