"""The "Balance lab" page: the report of a `festival simulate` results folder, the findings
in words first (red marks only what is flagged), then charts and tables people read.

Opened with `festival simulate --dashboard FOLDER` (or `streamlit run dashboard/app.py --
FOLDER`) when FOLDER holds the lab's Parquet tables. It draws what the lab's service
computes (festival.lab.service.balance); it computes nothing of its own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import streamlit

from dashboard.lab_charts import interval_chart
from festival.core.registry import event_title
from festival.lab import service


def is_lab_folder(folder: Path) -> bool:
    return service.is_results(folder)


@streamlit.cache_resource(max_entries=4, show_spinner="Reading the results…")
def _balance(folder: str, version: str) -> service.Balance | None:
    """The page's values, worked out once per content of the results (`version`); shared
    read-only by every session (lab results hold nothing private)."""
    return service.balance(Path(folder))


def render(st: Any, folder: Path) -> None:
    st.title("Balance lab")
    try:
        b = _balance(str(folder.resolve()), service.results_version(folder))
    except service.LabRefused as refused:  # damaged or foreign tables: named, not a traceback
        problem = refused.refusal
        st.error(problem.words if isinstance(problem, service.BadResults) else repr(problem))
        return
    if b is None:
        st.info("The results are empty.")
        return
    st.caption(
        f"{b.folder}: {b.seeds} seeds of {b.kind}, "
        f"catalog sets {', '.join(b.catalog_sets)}; bars show 95% "
        "intervals (simultaneous over the strategies, over an event's items), flagged "
        "results in red."
    )
    st.header("Findings")
    lines = [b.headline]
    for mark, f in service.labelled(b.findings):
        lines.append(f"{mark} :red[{f.text}]" if f.flagged else f"{mark} {f.text}")
    st.markdown("\n".join(lines))

    st.header("Strategies")
    left, right = st.columns(2)
    rows = list(b.strategy_rows)
    left.vega_lite_chart(
        interval_chart(
            rows, "strategy", "win rate", "win low", "win high", "win rate", b.fair_share
        )
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
    st.dataframe(b.strategies, hide_index=True)

    if b.value_rows:
        st.header("Paired item values")
        st.caption("The forced seat's score with the item bought at its first chance, minus its "
                   "score on the same seed without (same seating, same draws).")  # fmt: skip
        for event, group in b.value_rows:
            st.subheader(event_title(event))
            st.vega_lite_chart(
                interval_chart(list(group), "item", "value", "low", "high", "score gained", 0.0)
            )
        st.dataframe(b.values, hide_index=True)

    if len(b.purchases):
        st.header("Items bought")
        st.dataframe(b.purchases, hide_index=True)

    if b.behaviour:
        st.header("How each strategy plays")
        st.caption("Risk: the spread of scores, the coins left at the end; timing: the mean "
                   "round an item was bought; specialisation: the top item's share of a "
                   "seat's purchases; then each event's own figures, a mean a seat.")  # fmt: skip
        for event, table in b.behaviour:
            st.subheader(event)
            st.dataframe(table, hide_index=True)

    if b.catalogs is not None:
        st.header("Catalog sets side by side")
        st.dataframe(b.catalogs, hide_index=True)
