"""The Alchemy page: for the host, holdings and gems over the rounds (a table, or a chart when
asked), the market, the ranking, as Markdown tables (a handful of rows each: plain HTML for a
browser, where `st.dataframe`'s grid costs it about half a second to load on its first page
and `st.table` draws each cell as a Markdown element of its own);
for the public, nothing until the end ("Locations, constructs, and sales will not be
revealed"), then every player's gems."""

from __future__ import annotations

from typing import Any

from dashboard.charts import table_or_chart
from dashboard.final_ranking import public_final
from dashboard.match_data import EventData
from dashboard.people import exact_figures, figure, markdown_table, number, ranking_rows
from events.numbers import multiplier_text


def render(st: Any, data: EventData, host: bool, finished: bool, colours: dict[str, str]) -> None:
    st.header(data.title)
    if not host:
        public_final(st, data, finished, "Nothing about Alchemy is public before the end.")
        return
    view = data.host
    st.subheader("Ranking (host)")
    if not data.reports:
        st.info("No Alchemy round has a result yet: the ranking appears after its first round.")
        return
    st.markdown(markdown_table(ranking_rows(data.ranking, "gems")))
    exact_figures(st, "the Alchemy ranking", data.ranking)
    history = view["history"]
    rows = [
        {"round": h["round"], "player": p, "gems": number(h["gems"])}
        for p, hs in history.items()
        for h in hs
    ]
    if rows:
        st.subheader("Gems over the rounds")
        table = [
            {"player": p} | {f"round {h['round']}": figure(h["gems"]) for h in hs}
            for p, hs in history.items()
        ]
        table_or_chart(st, "alchemy_show_chart", table, rows, "gems", colours)
    st.subheader("Holdings now")
    st.markdown(
        markdown_table(
            [
                {
                    "player": p,
                    "coins": v["coins"],
                    "gems": figure(v["gems"]),
                    "energy next round": v["energy"],
                    "machines": ", ".join(v["machines"]),
                    "materials": ", ".join(f"{q} {m}" for m, q in v["stock"].items()),
                }
                for p, v in view["players"].items()
            ]
        )
    )
    if view["market"]:
        last = max(view["market"], key=int)
        st.subheader(f"Market of round {last}")
        market = view["market"][last]
        if market:
            st.markdown(
                markdown_table(
                    [
                        {
                            "set": s,
                            "sold": figure(m["sold"]),
                            "multiplier": multiplier_text(m["multiplier"]),
                        }
                        for s, m in market.items()
                    ]
                )
            )
        else:
            st.caption("Nothing was sold.")
