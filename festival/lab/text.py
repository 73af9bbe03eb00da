"""The balance report for people: the findings in words, then tables with percentages,
decimals people read and no index column, then the next command to run.

`display_*` turn a report table (festival.lab.report) into a table of strings, shared by
the command line and the dashboard's Balance lab page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pandas as pd

from festival.core.registry import event_title as title
from festival.lab import behaviour, report
from festival.lab.figures import num, num_range, pct, pct_range
from festival.lab.findings import Finding, Reports, findings, headline, labelled
from festival.lab.game import FESTIVAL
from festival.lab.job import BASELINE


def reports(
    players: pd.DataFrame,
    items: pd.DataFrame,
    sold: pd.DataFrame | None = None,
    catalog: str | None = None,
) -> Reports:
    base = players[players["force"] == BASELINE]
    if catalog is not None:
        base = base[base["catalog"] == catalog]
    return Reports(
        games=int(base["seed"].nunique()),
        kind=str(players["kind"].iloc[0]),
        strategies=report.strategies(players, catalog),
        values=report.item_values(players, catalog),
        purchases=report.purchases(players, items, sold, catalog),
        behaviour=report.behaviour(players, items, catalog),
    )


def display_strategies(t: pd.DataFrame) -> pd.DataFrame:
    return _rows(
        t,
        lambda r: {
            "strategy": r["strategy"],
            "seats": str(r["seats played"]),
            "win rate": pct(r["win rate"]),
            "interval": pct_range(r["win low"], r["win high"]),
            "fair share": pct(r["fair share"]),
            "mean rank": num(r["mean rank"]),
            "rank interval": num_range(r["rank low"], r["rank high"]),
            "flag": r["flag"],
        },
    )


def display_values(t: pd.DataFrame) -> pd.DataFrame:
    return _rows(
        t,
        lambda r: {
            "event": title(r["event"]),
            "item": r["item"],
            "pairs": str(r["pairs"]),
            "value": num(r["value"], 1, sign=True),
            "interval": num_range(r["low"], r["high"], 1, sign=True),
            "flag": r["flag"],
        },
    )


def display_purchases(t: pd.DataFrame) -> pd.DataFrame:
    return _rows(
        t,
        lambda r: {
            "event": title(r["event"]),
            "item": r["item"],
            "bought": f"{r['bought']:,}",
            "games bought in": pct(r["games bought in"] / r["games"]) if r["games"] else "",
            f"share of its {r['group']}s": pct(r["share"]),
            "interval": pct_range(r["share low"], r["share high"]),
            "fair share": pct(r["fair share"]),
            "flag": r["flag"],
        },
        merge_share=True,
    )


def display_behaviour(t: pd.DataFrame) -> pd.DataFrame:
    """Every event's rows, its behaviour figures after the columns shared by every event
    (a share as a percentage, a number a game with one decimal; empty where a figure is
    another event's)."""
    figures = behaviour.by_label()
    own = [c for c in t.columns if c in figures]

    def row(r: dict[str, Any]) -> dict[str, Any]:
        return {
            "event": r["event"],
            "strategy": r["strategy"],
            "seats": str(r["seats"]),
            "mean score": num(r["mean score"], 1),
            "score spread (sd)": num(r["score spread"], 1),
            "items bought a game": num(r["items a game"], 2),
            "mean round bought": num(r["mean round bought"], 1),
            "top item's share": pct(r["top item share"]),
        } | {c: pct(r[c]) if figures[c].percent else num(r[c], 1) for c in own}

    return _rows(t, row)


def behaviour_by_event(shown: pd.DataFrame) -> list[tuple[str, pd.DataFrame]]:
    """A `display_behaviour` table cut into one table per event, each with only the columns
    it fills (an event that sells nothing has no purchase columns)."""
    out = []
    for event in dict.fromkeys(shown["event"]) if len(shown) else ():
        rows = shown[shown["event"] == event].drop(columns="event")
        filled = [c for c in rows.columns if (rows[c] != "").any()]
        out.append((str(event), rows[filled].reset_index(drop=True)))
    return out


def _rows(
    t: pd.DataFrame, row: Callable[[dict[str, Any]], dict[str, Any]], merge_share: bool = False
) -> pd.DataFrame:
    rows = [row({str(k): v for k, v in r.items()}) for r in t.to_dict("records")]
    if merge_share:  # one column for every group's share ("share of its machines"...)
        rows = [
            {("share of its group" if k.startswith("share of its") else k): v for k, v in r.items()}
            for r in rows
        ]
    return pd.DataFrame(rows)


def report_text(r: Reports, found: list[Finding], players: pd.DataFrame) -> str:
    """The findings and the tables as printed (without the next command)."""
    lines = ["", headline(r, found)]
    lines += [f"  {mark} {f.text}" for mark, f in labelled(found)]
    what = "festivals" if r.kind == FESTIVAL else f"games of {title(r.kind)}"
    lines += _table(
        f"Strategies ({r.games} {what}; win rate against the fair share, 95% intervals "
        "simultaneous over the strategies)",
        display_strategies(r.strategies),
    )
    lines += _table(
        "Paired item values (seat P01 made to buy the item at its first chance vs not, same "
        "seeds; 95% intervals simultaneous over each event's items)",
        display_values(r.values),
    )
    lines += _table(
        "Items bought (baseline arm; share of its group's purchases a game, 95% intervals "
        "simultaneous over the group)",
        display_purchases(r.purchases),
    )
    if len(r.behaviour):
        lines += [
            "",
            "How each strategy plays (risk: score spread, coins left; timing: mean round "
            "bought; specialisation: the top item's share of its purchases; and each event's "
            "own figures, a mean a seat):",
        ]
        for event, table in behaviour_by_event(display_behaviour(r.behaviour)):
            lines += _table(f"  {event}", table)
    if players["catalog"].nunique() > 1:
        lines += _table(
            "Catalog sets side by side (same seeds; each set's figure, then its 95% interval)",
            display_side_by_side(report.compare_catalogs(players)),
        )
    return "\n".join(lines)


def print_report(
    players: pd.DataFrame,
    items: pd.DataFrame,
    sold: pd.DataFrame | None = None,
    next_step: Callable[[Reports, list[Finding]], str] | None = None,
) -> Reports:
    """The findings, the tables and (from `next_step`) the next command, on standard
    output; the reports are returned."""
    r = reports(players, items, sold)
    found = findings(r)
    print(report_text(r, found, players))
    if next_step is not None:
        print(f"\nNext: {next_step(r, found)}")
    return r


def display_side_by_side(side: pd.DataFrame) -> pd.DataFrame:
    """`report.compare_catalogs` for people: a row a measure, each set's figure and its
    interval (win rates in percent), instead of pandas' pivot of fractions."""
    rows = []
    for measure in side.index:
        row = {"measure": str(measure)}
        for s in side["value"].columns:
            v, lo, hi = (side[c].loc[measure, s] for c in ("value", "low", "high"))
            rate = str(measure).endswith("win rate")
            row[f"set {s}"] = pct(v) if rate else num(v)
            row[f"set {s} interval"] = pct_range(lo, hi) if rate else num_range(lo, hi)
        rows.append(row)
    return pd.DataFrame(rows)


def _table(heading: str, table: pd.DataFrame) -> list[str]:
    return ["", f"{heading}:", table.to_string(index=False)] if len(table) else []
