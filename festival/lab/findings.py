"""The balance report in words: what is out of line, ranked by how much it matters, each
with its figure and interval, and what to run next (a value each front end words).

Built only from the report's tables (festival.lab.report) and their verdicts
(festival.lab.verdict): a finding never says more than its row's flag.

Ranked in this order, the largest first within each: items never or almost never bought
(the share of their group's items left unbought), items bought over their alternatives or
worth far more than the others (how many fair shares, how many medians), items worth less
than nothing (how far below 0 their interval lies, in medians), strategies out of line (how
many fair shares they win).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from festival.core.registry import event_title as title
from festival.lab.figures import num_range, pct, pct_range
from festival.lab.game import FESTIVAL
from festival.lab.verdict import MIN_SAMPLE, Verdict


@dataclass(frozen=True)
class Reports:
    """Every table of one report (festival.lab.report), for one catalog set."""

    games: int
    kind: str
    strategies: pd.DataFrame
    values: pd.DataFrame
    """paired item values (empty without forced arms)"""
    purchases: pd.DataFrame
    behaviour: pd.DataFrame


@dataclass(frozen=True)
class Finding:
    tier: int
    """0 never bought, 1 bought over its alternatives / worth far more, 2 worth less than
    nothing, 3 strategies, 4 too small to conclude"""
    weight: float
    """how much it matters within its tier (larger first)"""
    text: str
    flagged: bool = True


def findings(r: Reports) -> list[Finding]:
    """Every finding of `r`, the one that matters most first."""
    out = [*_unbought(r), *_dominant(r), *_negative(r), *_strategies(r), *_too_small(r)]
    return sorted(out, key=lambda f: (f.tier, -f.weight, f.text))


def headline(r: Reports, found: list[Finding]) -> str:
    if any(f.flagged for f in found):
        n = sum(f.flagged for f in found)
        return f"{n} finding(s) in {r.games} game(s), the one that matters most first:"
    if found:
        return f"Nothing is flagged in {r.games} game(s), but:"
    return (
        f"Nothing is out of line in {r.games} game(s): every strategy wins about its fair "
        "share, and every item is bought and worth something, within the intervals."
    )


def labelled(found: Sequence[Finding]) -> list[tuple[str, Finding]]:
    """Each finding with its mark in a list: the flagged ones numbered as the headline counts
    them, then the notes that flag nothing ("too small to conclude") with a dash."""
    number = iter(range(1, len(found) + 1))
    return [(f"{next(number)}." if f.flagged else "-", f) for f in found]


def _unbought(r: Reports) -> list[Finding]:
    p = r.purchases
    out: list[Finding] = []
    if not len(p):
        return out
    for (event, group), rows in p.groupby(["event", "group"], sort=True):
        never = rows[rows["flag"] == "never bought"]
        if len(never) and len(never) < len(rows):
            names = ", ".join(never["item"])
            out.append(
                Finding(
                    0,
                    1 + len(never) / len(rows),  # never bought comes before almost never
                    f"{title(str(event))}: {len(never)} of {len(rows)} {_plural(str(group))} "
                    f"never bought in {r.games} game(s): {names}.",
                )
            )
        for x in _records(rows[(rows["verdict"] == Verdict.BELOW.name) & (rows["bought"] > 0)]):
            out.append(
                Finding(
                    0,
                    1 - x["share"] / x["fair share"] if x["fair share"] else 0.0,
                    f"{title(str(event))}: {x['item']} is almost never bought: "
                    f"{pct(x['share'])} of {group} purchases {_share(x)}.",
                )
            )
    return out


def _dominant(r: Reports) -> list[Finding]:
    out = []
    p = r.purchases
    if len(p):
        for x in _records(p[p["verdict"].isin(_HIGH)]):
            out.append(
                Finding(
                    1,
                    x["share"] / x["fair share"],
                    f"{title(x['event'])}: {x['item']} is bought over its alternatives: "
                    f"{pct(x['share'])} of {x['group']} purchases {_share(x)}.",
                )
            )
    v = r.values
    if len(v):
        for x in _records(v[v["verdict"].isin(_HIGH)]):
            median = float(v[v["event"] == x["event"]]["value"].median())
            out.append(
                Finding(
                    1,
                    x["value"] / max(abs(median), 1e-9),
                    f"{title(x['event'])}: {x['item']} is worth over twice the median item "
                    f"({median:+.1f}): {x['value']:+.1f} when bought at the first chance "
                    f"{_pairs(x)}.",
                )
            )
    return out


def _negative(r: Reports) -> list[Finding]:
    v = r.values
    if not len(v):
        return []
    out = []
    for x in _records(v[v["verdict"] == Verdict.BELOW.name]):
        out.append(
            Finding(
                2,
                -x["high"],
                f"{title(x['event'])}: {x['item']} is worth less than nothing: "
                f"{x['value']:+.1f} when bought at the first chance {_pairs(x)}.",
            )
        )
    return out


def _strategies(r: Reports) -> list[Finding]:
    s = r.strategies
    out = []
    for x in _records(s[s["verdict"].isin([*_HIGH, Verdict.BELOW.name])]):
        ratio = x["win rate"] / x["fair share"]  # win rate / fair share
        out.append(
            Finding(
                3,
                max(ratio, 1 / ratio if ratio else math.inf),
                f"Strategy {x['strategy']} {x['flag']}: it wins {pct(x['win rate'])} of its seats "
                f"({pct_range(x['win low'], x['win high'])}; fair share {pct(x['fair share'])}).",
            )
        )
    return out


def _too_small(r: Reports) -> list[Finding]:
    out = []
    s = r.strategies
    small = s[s["verdict"] == Verdict.TOO_SMALL.name]
    if len(small):
        out.append(
            Finding(
                4,
                0.0,
                f"Too small to conclude on strategies {', '.join(sorted(small['strategy']))}: "
                f"fewer than {MIN_SAMPLE} seats each in {r.games} game(s).",
                flagged=False,
            )
        )
    for name, table, what in (
        ("items' values", r.values, "pairs"),
        ("purchases", r.purchases, "games"),
    ):
        if len(table) and (table["verdict"] == Verdict.TOO_SMALL.name).any():
            out.append(
                Finding(
                    4,
                    0.0,
                    f"Too small to conclude on {name}: fewer than {MIN_SAMPLE} {what}.",
                    flagged=False,
                )
            )
    return out


_HIGH = [Verdict.ABOVE.name, Verdict.FAR_ABOVE.name]


@dataclass(frozen=True)
class MoreGames:
    """Too small to conclude: the whole run again, with this many games."""

    games: int


@dataclass(frozen=True)
class ForceAll:
    """The purchases point at `event` and nothing was forced: a paired arm for every item
    it sells."""

    event: str


@dataclass(frozen=True)
class SweepPrice:
    """Items were measured: a sweep (`sweep`, EVENT.ITEM.FIELD=FROM..TO:STEP) of the price of
    the item that matters most."""

    event: str
    sweep: str


@dataclass(frozen=True)
class Charts:
    """Nothing more to measure: the charts of these results."""


@dataclass(frozen=True)
class SweepAgain:
    """A sweep too small to conclude on at every value: the same sweep (`sweep`,
    EVENT.ITEM.FIELD=FROM..TO:STEP), with this many games (before any price is set)."""

    sweep: str
    games: int


def sweep_again(sweep: str, seeds: int) -> SweepAgain:
    """More games of a sweep that played `seeds` seeds at every value."""
    return SweepAgain(sweep, max(10 * seeds, 100))


NextStep = MoreGames | ForceAll | SweepPrice | Charts
"""What to run next, as a value; each front end words it (keeping the run's catalogs,
options, strategies and seeds, so it measures what the run measured)."""


def next_step(r: Reports, found: list[Finding], sweep: str | None) -> NextStep:
    """More games of the same run when too small to conclude; paired arms for every item
    when the purchases point at an event and none were forced; a sweep of the item that
    matters most when items were measured (`sweep`, made by the caller); else the charts."""
    if any(f.tier == 4 for f in found):
        return MoreGames(max(10 * r.games, 300 if r.kind == FESTIVAL else 200))
    flagged_events = [
        str(e) for e in r.purchases[r.purchases["verdict"].isin(_FLAGGED)]["event"].unique()
    ] if len(r.purchases) else []  # fmt: skip
    if not len(r.values) and flagged_events:
        return ForceAll(flagged_events[0])
    if sweep is not None:
        return SweepPrice(sweep.partition(".")[0], sweep)
    return Charts()


_FLAGGED = [Verdict.BELOW.name, *_HIGH]


def sweep_target(r: Reports) -> tuple[str, str] | None:
    """(event, item) of the flagged item that matters most, for a sweep of its price."""
    for f in findings(r):
        if f.tier > 2 or not f.flagged:
            continue
        for table in (r.values, r.purchases):
            if not len(table):
                continue
            for x in _records(table[table["verdict"].isin(_FLAGGED)]):
                if f.text.startswith(f"{title(x['event'])}: {x['item']} "):
                    return str(x["event"]), str(x["item"])
    return None


def _records(table: pd.DataFrame) -> list[dict[str, Any]]:
    return [{str(k): v for k, v in row.items()} for row in table.to_dict("records")]


def _plural(group: str) -> str:
    return group + "s"


def _share(x: dict[str, Any]) -> str:
    return f"({pct_range(x['share low'], x['share high'])}; fair share {pct(x['fair share'])})"


def _pairs(x: dict[str, Any]) -> str:
    return f"({num_range(x['low'], x['high'], 1, sign=True)}, {x['pairs']} pairs)"
