"""The Overview page: round progress, the festival standings, and (host) scores over rounds,
charted when the host asks.

The first page a browser draws: its tables are Markdown tables, so the server's first run
imports neither pandas nor Arrow (about a second of a cold start) and the browser draws plain
HTML."""

from __future__ import annotations

from typing import Any

from dashboard.charts import draw_rounds_chart
from dashboard.colours import player_colours
from dashboard.match_data import MatchData
from dashboard.people import figure, markdown_table, number, rank
from dashboard.toggles import kept_toggle

WINNER = "★ winner"
TIED_WINNER = "★ tied winner"
CANDIDATE = "⚠ candidate"
SHOW_CHARTS = "Show each event's scores over the rounds (charts)"


def standings_rows(
    standings: dict[str, Any], titles: dict[str, str], decided: bool = True
) -> list[dict[str, str]]:
    """The festival standings as table rows for people (the figures of `festival standings
    --json`, as decimals and words). Event columns follow the event order of `titles`; the
    winner and Elimination Candidate columns only once `decided` (a round has a result)."""
    sole = standings.get("sole_winner") is not None
    rows = []
    for p in standings["players"]:
        row = {"player": p["player"]}
        row |= {t: rank(p["events"].get(e)) for e, t in titles.items()}
        row |= {
            "average rank": figure(p["average_rank"]),
            "garnets": figure(p["garnets"]),
            "tokens of life": figure(p["tokens_of_life"]),
        }
        if decided:
            row["winner"] = (WINNER if sole else TIED_WINNER) if p["winner"] else ""
            row["elimination"] = CANDIDATE if p["elimination_candidate"] else ""
        rows.append(row)
    return rows


def render(st: Any, data: MatchData, host: bool) -> None:
    st.header("Overview")
    st.progress(
        data.round_no / data.rounds, text=f"Round {data.round_no} of {data.rounds} resolved"
    )
    titles = {e.event: e.title for e in data.events.values()}
    st.subheader("Who plays what")
    st.markdown(
        markdown_table(
            [{"event": e.title, "players": ", ".join(e.participants)} for e in data.events.values()]
        )
    )
    if data.round_no == 0:
        st.info(
            "No round has a result yet. The standings appear here once round 1 is resolved"
            + (" (Round desk)." if host else "; until then, every ranking is a secret.")
        )
        return
    if not host and not data.finished:
        st.caption(
            "The standings are revealed at the end of the match (event rankings are secret "
            "until then)."
        )
        return
    st.subheader("Final standings" if data.finished else "Standings if the match ended now (host)")
    standings = data.standings
    if standings["sole_winner"]:
        st.markdown(f"Sole winner: **{standings['sole_winner']}**")
    elif standings["winners"]:
        st.markdown("Tied winners: " + ", ".join(f"**{w}**" for w in standings["winners"]))
    if standings["elimination_candidate"]:
        st.markdown(f"Elimination Candidate: **{standings['elimination_candidate']}**")
    elif standings["elimination_choice_pending"]:
        st.markdown(
            "Elimination Candidate: the sole winner chooses among "
            + ", ".join(standings["elimination_choice_pending"])
        )
    st.markdown(markdown_table(standings_rows(standings, titles)))
    st.caption("Average rank: lower is better. The exact values: `festival standings --json`.")
    if not host:
        return
    st.subheader("Scores over the rounds (host)")
    # the charts when asked (kept on for the session): a browser's first chart loads Vega,
    # about a second, which the first page a host sees does without
    if not kept_toggle(st, SHOW_CHARTS, "overview_show_charts"):
        return
    colours = player_colours(data.players)
    for event in data.events.values():
        rows = [
            {"round": r, "player": e["player"], "score": number(e["score"])}
            for r, ranking in sorted(event.rankings.items())
            for e in ranking
        ]
        if rows:
            st.caption(event.title)
            draw_rounds_chart(st, rows, "score", colours)
