"""The balance reports, from the lab's tables (pandas in, pandas out; figures for people).

- strategies: win rate (Wilson 95% interval) and mean rank (normal 95% interval) per
  strategy, with flags when a strategy is significantly better or worse than the rest, or
  wins more than twice its fair share;
- items: the paired value of each forced item (the forced seat's score in the item's event
  minus its score on the same seed unforced), with flags for a value significantly negative,
  significantly above or below the other items', and significantly above twice their
  median (its interval above it; above 0 when the median is 0 or less). An event's items
  are judged together: their intervals are 95% simultaneous ones (Bonferroni over the
  event's items), so a catalog of 16 fair items is not flagged by chance alone, as one in
  twenty plain 95% intervals misses its value;
- catalogs: sets A and B side by side (same seeds): mean score per event and strategy
  results in each.

Rows of one game are not independent (one player's win is another's loss); the intervals
treat games' rows as independent, which makes them slightly too narrow for mean ranks.
"""

from __future__ import annotations

import math
from collections import Counter
from statistics import NormalDist

import pandas as pd

from festival.core.registry import event_names
from festival.core.registry import event_title as title
from festival.lab.game import FESTIVAL
from festival.lab.job import BASELINE

Z = 1.959963984540054
"""the normal quantile of a two-sided 95% interval"""


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The Wilson 95% interval of a proportion."""
    if n == 0:
        return (math.nan, math.nan)
    p = wins / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def family_z(members: int) -> float:
    """The normal quantile of 95% simultaneous two-sided intervals over `members` values
    (Bonferroni): Z for one."""
    return NormalDist().inv_cdf(1 - 0.025 / max(1, members))


def mean_interval(values: pd.Series, z: float = Z) -> tuple[float, float, float]:
    """(mean, low, high): the mean and its normal interval (95% with the default `z`)."""
    x = values.dropna().astype(float)
    n = len(x)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    m = float(x.mean())
    if n < 2:
        return (m, math.nan, math.nan)
    half = z * float(x.std(ddof=1)) / math.sqrt(n)
    return (m, m - half, m + half)


def rank_column(players: pd.DataFrame) -> str:
    """The rank that counts for the job's kind: the festival's, or the one event's."""
    kind = str(players["kind"].iloc[0])
    return "festival_rank" if kind == FESTIVAL else f"{kind}_rank"


def strategies(players: pd.DataFrame, catalog: str | None = None) -> pd.DataFrame:
    """Per strategy: games, win rate and interval, mean rank and interval, flags (baseline
    arm only; set `catalog`, else the first)."""
    base = _baseline(players, catalog)
    rank_col = rank_column(base)
    base = base[base[rank_col].notna()]
    seats = base.groupby("game")[rank_col].count().mean()
    fair = 1 / float(seats)
    rows = []
    for name, group in base.groupby("strategy"):
        ranks = group[rank_col].astype(float)
        wins = int((ranks == 1).sum())
        lo, hi = wilson(wins, len(group))
        m, mlo, mhi = mean_interval(ranks)
        others = base[base["strategy"] != name][rank_col].astype(float)
        flag = _versus(ranks, others, lower_is_better=True)
        if lo > 2 * fair:
            flag = _join(flag, "wins over twice its fair share")
        rows.append(
            {
                "strategy": name,
                "seats played": len(group),
                "win rate": wins / len(group),
                "win low": lo,
                "win high": hi,
                "fair share": fair,
                "mean rank": m,
                "rank low": mlo,
                "rank high": mhi,
                "flag": flag,
            }
        )
    out = pd.DataFrame(rows)
    return out.sort_values("mean rank").reset_index(drop=True) if len(out) else out


def item_values(players: pd.DataFrame, catalog: str | None = None) -> pd.DataFrame:
    """Per forced item: the paired value (forced minus baseline score of seat 0, same seed)
    with its interval, pairs used, and flags."""
    cat = catalog or _first_catalog(players)
    rows_of = players[(players["catalog"] == cat) & (players["seat"] == 0)]
    base = rows_of[rows_of["force"] == BASELINE].set_index("seed")
    rows = []
    forced = rows_of[rows_of["force"] != BASELINE]
    members = Counter(str(f).partition(":")[0] for f in forced["force"].unique())
    for label, group in forced.groupby("force"):
        event, _, item = str(label).partition(":")
        z = family_z(int(members[event]))
        applied = group[group["forced_applied"].astype(bool)].set_index("seed")
        score = f"{event}_score"
        pairs = applied[[score]].merge(
            base[[score]], left_index=True, right_index=True, suffixes=("", "_base")
        )
        pairs = pairs.dropna()
        diff = pairs[score].astype(float) - pairs[f"{score}_base"].astype(float)
        m, lo, hi = mean_interval(diff, z)
        rows.append(
            {
                "event": event,
                "item": item,
                "pairs": len(diff),
                "value": m,
                "low": lo,
                "high": hi,
                "_diffs": diff.to_numpy(),
                "_z": z,
            }
        )
    out = pd.DataFrame(rows)
    if not len(out):
        return out
    flags = []
    for i, row in out.iterrows():
        same = out[(out["event"] == row["event"]) & (out.index != i)]
        flag = ""
        if row["high"] < 0:
            flag = "significantly negative"
        others = pd.Series([d for ds in same["_diffs"] for d in ds], dtype=float)
        mine = pd.Series(row["_diffs"], dtype=float)
        flag = _join(flag, _versus(mine, others, False, float(row["_z"])))
        median = float(out[out["event"] == row["event"]]["value"].median())
        if row["low"] > 2 * max(median, 0.0):
            flag = _join(flag, "over twice the median")
        flags.append(flag)
    out["flag"] = flags
    out = out.drop(columns=["_diffs", "_z"])
    return out.sort_values(["event", "value"], ascending=[True, False]).reset_index(drop=True)


def compare_catalogs(players: pd.DataFrame) -> pd.DataFrame:
    """Sets side by side (baseline arms, same seeds): mean score per event, win rate and mean
    rank per strategy."""
    base = players[players["force"] == BASELINE]
    rank_col = rank_column(base)
    rows = []
    for cat, group in base.groupby("catalog"):
        for e in event_names():
            if group[f"{e}_score"].notna().any():
                m, lo, hi = mean_interval(group[f"{e}_score"])
                rows.append({"set": cat, "measure": f"{title(e)} mean score",
                             "value": m, "low": lo, "high": hi})  # fmt: skip
        for name, sg in group.groupby("strategy"):
            ranks = sg[rank_col].dropna().astype(float)
            m, lo, hi = mean_interval(ranks)
            rows.append({"set": cat, "measure": f"{name} mean rank",
                         "value": m, "low": lo, "high": hi})  # fmt: skip
            wins = int((ranks == 1).sum())
            wlo, whi = wilson(wins, len(ranks))
            rows.append({"set": cat, "measure": f"{name} win rate",
                         "value": wins / max(1, len(ranks)), "low": wlo, "high": whi})  # fmt: skip
    table = pd.DataFrame(rows)
    if not len(table):
        return table
    return table.pivot_table(index="measure", columns="set", values=["value", "low", "high"])


def print_report(players: pd.DataFrame, items: pd.DataFrame) -> None:
    pd.set_option("display.width", 160)
    pd.set_option("display.max_columns", 20)
    games = _baseline(players, None)["game"].nunique()
    print(f"\n== Strategies ({games} games, baseline arm; 95% intervals) ==")
    print(_figures(strategies(players)))
    values = item_values(players)
    if len(values):
        print(
            "\n== Paired item values (seat P01 forced to buy vs not, same seeds; "
            "95% simultaneous intervals over each event's items) =="
        )
        print(_figures(values))
    if players["catalog"].nunique() > 1:
        print("\n== Catalog sets side by side (same seeds) ==")
        print(_figures(compare_catalogs(players)))
    if len(items):
        bought = items[items["force"] == BASELINE].groupby(["event", "item"]).size()
        print("\n== Items bought (baseline arm) ==")
        print(bought.rename("bought").to_string())


def _figures(table: pd.DataFrame) -> str:
    return table.to_string(float_format=lambda x: f"{x:.3f}")


def _versus(mine: pd.Series, others: pd.Series, lower_is_better: bool, level: float = Z) -> str:
    """ "significantly better/worse than the rest" by a two-sample normal test (at 95% with
    the default `level`)."""
    if len(mine) < 2 or len(others) < 2:
        return ""
    se = math.sqrt(float(mine.var(ddof=1)) / len(mine) + float(others.var(ddof=1)) / len(others))
    if se == 0:
        return ""
    z = (float(mine.mean()) - float(others.mean())) / se
    if abs(z) < level:
        return ""
    better = z < 0 if lower_is_better else z > 0
    return "significantly better than the rest" if better else "significantly worse than the rest"


def _join(a: str, b: str) -> str:
    return "; ".join(x for x in (a, b) if x)


def _first_catalog(players: pd.DataFrame) -> str:
    return str(sorted(players["catalog"].unique())[0])


def _baseline(players: pd.DataFrame, catalog: str | None) -> pd.DataFrame:
    cat = catalog or _first_catalog(players)
    return players[(players["catalog"] == cat) & (players["force"] == BASELINE)]
