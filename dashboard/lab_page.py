"""The "Balance lab" page: the reports of a `festival simulate` results folder as charts.

Opened with `festival simulate --dashboard FOLDER` (or `streamlit run dashboard/app.py --
FOLDER`) when FOLDER holds the lab's Parquet tables. It draws what festival.lab.report
computes; it computes nothing of its own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd

from dashboard.lab_charts import interval_chart
from festival.lab import report, tables


def is_lab_folder(folder: Path) -> bool:
    return (folder / tables.PLAYERS_FILE).is_file()


def render(st: Any, folder: Path) -> None:
    players, items = tables.read(folder)
    st.title("Balance lab")
    kind = str(players["kind"].iloc[0]) if len(players) else "?"
    st.caption(
        f"{folder.resolve().name}: {players['seed'].nunique()} seeds of {kind}, "
        f"catalog sets {', '.join(sorted(players['catalog'].unique()))}; bars show 95% "
        "intervals (an event's items together: simultaneous ones), flagged results in red."
    )
    if not len(players):
        st.info("The results are empty.")
        return
    strategies = report.strategies(players)
    st.header("Strategies")
    left, right = st.columns(2)
    rows = strategies.to_dict("records")
    fair = float(strategies["fair share"].iloc[0]) if len(strategies) else None
    left.vega_lite_chart(
        interval_chart(rows, "strategy", "win rate", "win low", "win high", "win rate", fair)
    )
    right.vega_lite_chart(
        interval_chart(rows, "strategy", "mean rank", "rank low", "rank high", "mean rank")
    )
    st.dataframe(strategies.round(3), hide_index=True)

    values = report.item_values(players)
    if len(values):
        st.header("Paired item values")
        st.caption("The forced seat's score with the item bought at its first chance, minus its "
                   "score on the same seed without (same seating, same draws).")  # fmt: skip
        for event, group in values.groupby("event"):
            st.subheader(str(event))
            st.vega_lite_chart(
                interval_chart(
                    group.to_dict("records"), "item", "value", "low", "high", "score gained", 0.0
                )
            )
        st.dataframe(values.round(3), hide_index=True)

    if players["catalog"].nunique() > 1:
        st.header("Catalog sets side by side")
        side = report.compare_catalogs(players)
        side.columns = [f"{c[0]} ({c[1]})" for c in side.columns]
        st.dataframe(side.round(3))

    if len(items):
        st.header("Items bought")
        bought = items[items["force"] == "-"].groupby(["event", "item"]).size().rename("bought")
        st.dataframe(pd.DataFrame(bought).reset_index(), hide_index=True)
