"""The balance reports, from the lab's tables (pandas in, pandas out; figures for people).

One comparison design per question (docs/balance.md, "How the lab judges"), every flag
a `festival.lab.verdict.judge` of the figure printed beside it:

- strategies: each strategy's win rate against its fair share (1 / seats; as every game
  has one winner, the same as against the pooled other strategies), with Wilson intervals
  simultaneous over the strategies (Bonferroni); mean rank is described, never flagged;
- item values: the paired value of each forced item (the forced seat's score in the item's
  event minus its score on the same seed unforced) against 0 and twice the event's median
  value, intervals simultaneous over the event's items (a catalog of 16 fair items is not
  flagged by chance alone, as one in twenty plain 95% intervals misses its value);
- purchases: each item's share of its group's purchases (machines; towers; familiars)
  against its fair share in the group: almost never bought, or bought over its
  alternatives, intervals simultaneous over the group;
- behaviour: how each strategy plays each event (risk, timing, specialisation, and the
  event's own behaviour figures), described;
- catalogs: sets A and B side by side (same seeds): mean score per event and strategy
  results in each.

Rows of one game are not independent (one player's win is another's loss); the intervals
treat games' rows as independent, which makes them slightly too narrow for mean ranks.
"""

from __future__ import annotations

import math
from collections import Counter
from statistics import NormalDist
from typing import Any

import pandas as pd

from festival.core.registry import event_names
from festival.core.registry import event_title as title
from festival.lab import behaviour as conduct
from festival.lab.game import FESTIVAL
from festival.lab.job import BASELINE
from festival.lab.verdict import Lines, Verdict, judge

Z = 1.959963984540054
"""the normal quantile of a two-sided 95% interval"""


def wilson(wins: int, n: int, z: float = Z) -> tuple[float, float]:
    """The Wilson interval of a proportion (95% with the default `z`); it always holds the
    proportion itself."""
    if n == 0:
        return (math.nan, math.nan)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


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
    """Per strategy (baseline arm; set `catalog`, else the first): seats played, win rate
    with its simultaneous interval (Wilson, Bonferroni over the strategies), its fair share,
    mean rank with its interval (a description, never flagged), and the verdict on the win
    rate against the fair share (festival.lab.verdict)."""
    base = _baseline(players, catalog)
    rank_col = rank_column(base)
    base = base[base[rank_col].notna()]
    if not len(base):
        return pd.DataFrame(columns=list(STRATEGY_COLUMNS))
    fair = 1 / float(base.groupby("game")[rank_col].count().mean())
    names = sorted(base["strategy"].unique())
    z = family_z(len(names))
    rows = []
    for name in names:
        ranks = base[base["strategy"] == name][rank_col].astype(float)
        wins, n = int((ranks == 1).sum()), len(ranks)
        lo, hi = wilson(wins, n, z)
        m, mlo, mhi = mean_interval(ranks)
        verdict = judge(wins / n, lo, hi, n, Lines(fair, fair, 2 * fair))
        rows.append(
            {
                "strategy": name,
                "seats played": n,
                "win rate": wins / n,
                "win low": lo,
                "win high": hi,
                "fair share": fair,
                "mean rank": m,
                "rank low": mlo,
                "rank high": mhi,
                "verdict": verdict.name,
                "flag": STRATEGY_WORDS[verdict],
            }
        )
    out = pd.DataFrame(rows)
    return out.sort_values(["win rate", "strategy"], ascending=[False, True]).reset_index(drop=True)


STRATEGY_COLUMNS = (
    "strategy", "seats played", "win rate", "win low", "win high", "fair share",
    "mean rank", "rank low", "rank high", "verdict", "flag",
)  # fmt: skip
STRATEGY_WORDS = {
    Verdict.TOO_SMALL: Verdict.TOO_SMALL.value,
    Verdict.IN_LINE: "",
    Verdict.BELOW: "wins less than its fair share",
    Verdict.ABOVE: "wins more than its fair share",
    Verdict.FAR_ABOVE: "wins over twice its fair share",
}
ITEM_WORDS = {
    Verdict.TOO_SMALL: Verdict.TOO_SMALL.value,
    Verdict.IN_LINE: "",
    Verdict.BELOW: "worth less than nothing",
    Verdict.ABOVE: "worth over twice the median",
    Verdict.FAR_ABOVE: "worth over twice the median",
}
BOUGHT_WORDS = {
    Verdict.TOO_SMALL: Verdict.TOO_SMALL.value,
    Verdict.IN_LINE: "",
    Verdict.BELOW: "almost never bought",
    Verdict.ABOVE: "bought over its alternatives",
    Verdict.FAR_ABOVE: "bought over its alternatives",
}
RARE = 0.25
"""an item is "almost never bought" when its share of its group's purchases lies below this
part of its fair share"""
DOMINANT = 2.0
"""...and "bought over its alternatives" when it lies above this many fair shares"""


def item_values(players: pd.DataFrame, catalog: str | None = None) -> pd.DataFrame:
    """Per forced item: the paired value (forced minus baseline score of seat 0, same seed)
    with its simultaneous interval (Bonferroni over the event's forced items), pairs used,
    and the verdict against 0 (below: worth less than nothing) and twice the event's median
    value (above: worth over twice the median; twice 0 when the median is 0 or less)."""
    cat = catalog or _first_catalog(players)
    forced = players[(players["catalog"] == cat) & (players["force"] != BASELINE)]
    labels = sorted(str(f) for f in forced["force"].unique())
    members = Counter(label.partition(":")[0] for label in labels)
    rows: list[dict[str, Any]] = []
    for label in labels:
        event, _, item = label.partition(":")
        diff = paired_diffs(players, cat, label)
        m, lo, hi = mean_interval(diff, family_z(int(members[event])))
        rows.append({"event": event, "item": item, "pairs": len(diff), "value": m,
                     "low": lo, "high": hi})  # fmt: skip
    out = pd.DataFrame(rows, columns=["event", "item", "pairs", "value", "low", "high"])
    if not len(out):
        return out
    median = out.groupby("event")["value"].transform("median").fillna(0.0)
    verdicts = [
        judge(r["value"], r["low"], r["high"], r["pairs"], Lines(0.0, 2 * max(float(md), 0.0)))
        for r, md in zip(rows, median, strict=True)
    ]
    out["verdict"] = [v.name for v in verdicts]
    out["flag"] = [ITEM_WORDS[v] for v in verdicts]
    return out.sort_values(["event", "value"], ascending=[True, False]).reset_index(drop=True)


def paired_diffs(players: pd.DataFrame, catalog: str, force: str) -> pd.Series:
    """Seat 0's score in the forced item's event with the item (arm `force`, where it was
    bought) minus its score on the same seed in the baseline arm, one value per seed."""
    event = force.partition(":")[0]
    score = f"{event}_score"
    mine = players[(players["catalog"] == catalog) & (players["seat"] == 0)]
    base = mine[mine["force"] == BASELINE].set_index("seed")
    arm = mine[(mine["force"] == force) & mine["forced_applied"].astype(bool)].set_index("seed")
    pairs = (
        arm[[score]]
        .merge(base[[score]], left_index=True, right_index=True, suffixes=("", "_base"))
        .dropna()
    )
    return pairs[score].astype(float) - pairs[f"{score}_base"].astype(float)


def purchases(
    players: pd.DataFrame, items: pd.DataFrame, sold: pd.DataFrame | None, catalog: str | None
) -> pd.DataFrame:
    """Per item on sale (baseline arm): times bought, games it was bought in, and its share
    of its group's purchases (the mean over games of its part of the group's items bought
    that game, with a simultaneous interval over the group's items), judged against its
    fair share (1 / items in the group): below RARE fair shares it is almost never bought,
    above DOMINANT fair shares it is bought over its alternatives."""
    cat = catalog or _first_catalog(players)
    games = _baseline(players, cat)["game"].unique()
    mask = (items["catalog"] == cat) & (items["force"] == BASELINE)
    read = [c for c in ("game", "event", "item") if c in items]
    bought = coded(items.loc[mask, read], ("game",))  # (millions of rows: only what is read)
    if sold is not None and len(sold[sold["catalog"] == cat]):
        on_sale = sold[sold["catalog"] == cat][["event", "item", "group"]]
    else:  # older results: what was bought is all that is known to be on sale
        on_sale = bought[["event", "item"]].drop_duplicates().assign(group="item")
    rows = []
    for (event, group), members in on_sale.groupby(["event", "group"], sort=True):
        names = sorted(str(x) for x in members["item"])
        mine = bought[(bought["event"] == event) & bought["item"].isin(names)]
        counts = mine.groupby(["game", "item"]).size().unstack(fill_value=0)
        counts = counts.reindex(columns=names, fill_value=0)
        shares = counts.div(counts.sum(axis=1), axis=0)
        fair, z = 1 / len(names), family_z(len(names))
        lines = Lines(RARE * fair, DOMINANT * fair)
        for name in names:
            m, lo, hi = mean_interval(shares[name], z) if len(shares) else (0.0, 0.0, 0.0)
            if not math.isnan(lo):  # a share's interval stays within 0..1
                lo, hi = max(0.0, lo), min(1.0, hi)
            n = len(shares)
            verdict = judge(m, lo, hi, n, lines) if n else Verdict.TOO_SMALL
            rows.append(
                {
                    "event": str(event),
                    "group": str(group),
                    "item": name,
                    "bought": int(counts[name].sum()),
                    "games bought in": int((counts[name] > 0).sum()),
                    "games": len(games),
                    "share": m,
                    "share low": lo,
                    "share high": hi,
                    "fair share": fair,
                    "verdict": verdict.name,
                    "flag": "never bought"
                    if n and not counts[name].sum()
                    else BOUGHT_WORDS[verdict],
                }
            )
    return pd.DataFrame(rows)


def coded(table: pd.DataFrame, columns: tuple[str, ...]) -> pd.DataFrame:
    """`table` with these text columns as whole numbers, in the order of their text (so
    groups of them come in the order groups of the text would): 10,000 festivals' two
    million items bought are grouped several times faster by numbers than by text."""
    return table.assign(**{c: pd.factorize(table[c], sort=True)[0] for c in columns if c in table})


def behaviour(
    players: pd.DataFrame, items: pd.DataFrame, catalog: str | None = None
) -> pd.DataFrame:
    """How each strategy plays each event (baseline arm): its mean score and the spread of
    its scores (risk), items bought a game and the mean round they were bought in (timing),
    the share of its purchases on its most bought item each game (specialisation), and the
    mean over its seats of each of the event's behaviour figures (festival.lab.behaviour),
    in a column named by the figure's label (empty for the other events' rows)."""
    base = _baseline(players, catalog)
    cat = catalog or _first_catalog(players)
    mask = (items["catalog"] == cat) & (items["force"] == BASELINE)
    read = [c for c in ("game", "player", "strategy", "event", "item", "round") if c in items]
    bought = coded(items.loc[mask, read], ("game", "player", "item"))  # (millions of rows:
    # the text compared once a question, the rows taken as numbers)
    numbers = bought[[c for c in ("game", "player", "item", "round") if c in bought]]
    rows = []
    for e in event_names():
        if f"{e}_score" not in base.columns:
            continue
        played = base[base[f"{e}_score"].notna()]
        in_event = (bought["event"] == e).to_numpy(dtype=bool)
        sells = bool(in_event.any())  # else no purchase figure (Continuum)
        for name, group in played.groupby("strategy"):
            score = group[f"{e}_score"].astype(float)
            mine = numbers[in_event & (bought["strategy"] == name).to_numpy(dtype=bool)]
            per_seat = mine.groupby(["game", "player"]).size()
            top = mine.groupby(["game", "player", "item"]).size().groupby(level=[0, 1]).max()
            rows.append(
                {
                    "event": title(e),
                    "strategy": str(name),
                    "seats": len(group),
                    "mean score": float(score.mean()),
                    "score spread": float(score.std(ddof=1)) if len(score) > 1 else math.nan,
                    "items a game": len(mine) / len(group) if sells else math.nan,
                    "mean round bought": float(mine["round"].mean()) if len(mine) else math.nan,
                    "top item share": float((top / per_seat).mean()) if len(mine) else math.nan,
                }
                | {
                    figure.label: float(group[col].astype(float).mean())
                    for figure in conduct.figures(e)
                    if (col := conduct.column(e, figure)) in group.columns
                }
            )
    return pd.DataFrame(rows)


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


def _first_catalog(players: pd.DataFrame) -> str:
    return str(sorted(players["catalog"].unique())[0])


def _baseline(players: pd.DataFrame, catalog: str | None) -> pd.DataFrame:
    cat = catalog or _first_catalog(players)
    return players[(players["catalog"] == cat) & (players["force"] == BASELINE)]
