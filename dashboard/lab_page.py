"""The "Balance lab" page: the report of a `festival simulate` results folder, the findings
in words first (red marks only what is flagged), then charts and tables people read.

Opened with `festival simulate --dashboard FOLDER` (or `streamlit run dashboard/app.py --
FOLDER`) when FOLDER holds the lab's Parquet tables. It draws what festival.lab.report,
festival.lab.findings and festival.lab.text compute; it computes nothing of its own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd

from dashboard.lab_charts import interval_chart
from festival.core.registry import event_title
from festival.lab import findings, report, tables, text
from festival.lab.verdict import Verdict


def is_lab_folder(folder: Path) -> bool:
    return (folder / tables.PLAYERS_FILE).is_file()


def render(st: Any, folder: Path) -> None:
    players, items = tables.read(folder)
    st.title("Balance lab")
    if not len(players):
        st.info("The results are empty.")
        return
    kind = str(players["kind"].iloc[0])
    st.caption(
        f"{folder.resolve().name}: {players['seed'].nunique()} seeds of {kind}, "
        f"catalog sets {', '.join(sorted(players['catalog'].unique()))}; bars show 95% "
        "intervals (simultaneous over the strategies, over an event's items), flagged "
        "results in red."
    )
    r = text.reports(players, items, tables.read_sold(folder))
    found = findings.findings(r)
    st.header("Findings")
    lines = [findings.headline(r, found)]
    for i, f in enumerate(found, start=1):
        lines.append(f"{i}. :red[{f.text}]" if f.flagged else f"{i}. {f.text}")
    st.markdown("\n".join(lines))

    st.header("Strategies")
    left, right = st.columns(2)
    rows = _charted(r.strategies)
    fair = float(r.strategies["fair share"].iloc[0]) if len(r.strategies) else None
    left.vega_lite_chart(
        interval_chart(rows, "strategy", "win rate", "win low", "win high", "win rate", fair)
    )
    right.vega_lite_chart(
        interval_chart(
            [{**x, "flagged": False} for x in rows],
            "strategy",
            "mean rank",
            "rank low",
            "rank high",
            "mean rank",
        )
    )
    st.dataframe(text.display_strategies(r.strategies), hide_index=True)

    if len(r.values):
        st.header("Paired item values")
        st.caption("The forced seat's score with the item bought at its first chance, minus its "
                   "score on the same seed without (same seating, same draws).")  # fmt: skip
        for event, group in r.values.groupby("event"):
            st.subheader(event_title(str(event)))
            st.vega_lite_chart(
                interval_chart(_charted(group), "item", "value", "low", "high", "score gained", 0.0)
            )
        st.dataframe(text.display_values(r.values), hide_index=True)

    if len(r.purchases):
        st.header("Items bought")
        st.dataframe(text.display_purchases(r.purchases), hide_index=True)

    if len(r.behaviour):
        st.header("How each strategy plays")
        st.caption("Risk: the spread of scores, the coins left at the end; timing: the mean "
                   "round an item was bought; specialisation: the top item's share of a "
                   "seat's purchases; then each event's own figures, a mean a seat.")  # fmt: skip
        for event, table in text.behaviour_by_event(text.display_behaviour(r.behaviour)):
            st.subheader(event)
            st.dataframe(table, hide_index=True)

    if players["catalog"].nunique() > 1:
        st.header("Catalog sets side by side")
        side = report.compare_catalogs(players)
        side.columns = [f"{c[0]} ({c[1]})" for c in side.columns]
        st.dataframe(side.round(3))


def _charted(table: pd.DataFrame) -> list[dict[str, Any]]:
    """The table's rows for a chart, each marked flagged by its verdict alone."""
    return [
        {**{str(k): v for k, v in row.items()}, "flagged": Verdict[str(row["verdict"])].flagged}
        for row in table.to_dict("records")
    ]
