"""The festival dashboard: `festival dashboard MATCH` or `streamlit run dashboard/app.py -- MATCH`.

The match folder comes from the command line (after `--`) or FESTIVAL_MATCH. The replayed
match is kept between reruns and sessions until the store changes (`store_stamp`), one value
for the public and one for the host (`Audience`: a session in public mode is only ever handed
the public's), so a page switch or a widget costs only drawing. Each page's module is imported
when the page is first drawn: the first page loads neither the duel games nor the lab, nor
pandas (the match's pages draw their tables in Markdown).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# `streamlit run` executes this file as a script: make its packages importable from any
# working directory, installed or not.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import streamlit as st

from dashboard import overview_page
from dashboard.access import host_mode
from dashboard.colours import player_colours
from dashboard.duel_folders import duel_folders
from dashboard.match_data import Audience, MatchData, is_match, load, store_stamp
from festival.core import registry
from festival.core.errors import MatchError, StoreError

# a season folder's store (festival/season/store.py), named here so the first page imports no
# season code
SEASON_FILE = "season.sqlite"

ENV_MATCH = "FESTIVAL_MATCH"
OVERVIEW = "Overview"
ROUND_DESK = "Round desk"
DUELS = "Duels"


def match_folder() -> Path | None:
    """The folder given after `--` to `streamlit run dashboard/app.py`, else FESTIVAL_MATCH."""
    run_as_script = Path(sys.argv[0]).name == Path(__file__).name
    args = [a for a in sys.argv[1:] if not a.startswith("-")] if run_as_script else []
    if args:
        return Path(args[0])
    value = os.environ.get(ENV_MATCH)
    return Path(value) if value else None


@st.cache_resource(max_entries=8, show_spinner="Reading the match…")
def cached_load(folder: str, stamp: tuple[int, ...], audience: Audience) -> MatchData:
    """The match as `audience` sees it, read once per store content (`stamp`); shared
    read-only by every session of that audience."""
    return load(Path(folder), audience)


def draw_duels(duels: list[Path], host: bool) -> None:
    from dashboard import duels_page  # the duel games, when their page is drawn

    duels_page.render(st, duels, host)


def main() -> None:
    st.set_page_config(page_title="AWA Festival", layout="wide")
    folder = match_folder()
    if folder is not None and not is_match(folder) and (folder / SEASON_FILE).is_file():
        from dashboard import season_page  # a season folder (`festival season dashboard`)

        season_page.render(st, folder, host_mode(st))
        return
    if folder is not None and not is_match(folder):
        from dashboard import lab_page  # the lab and its tables, only for a folder of results

        if lab_page.is_lab_folder(folder):  # `festival simulate` results
            lab_page.render(st, folder)
            return
    duels = duel_folders(folder)
    if duels and (folder is None or not folder.exists()):  # a duel without a match
        draw_duels(duels, host_mode(st))
        return
    if folder is None:
        st.error(f"No match folder: run `festival dashboard MATCH` or set {ENV_MATCH}.")
        return
    where = str(folder.resolve())
    try:
        data = cached_load(where, store_stamp(folder), Audience.PUBLIC)
    except (MatchError, StoreError) as exc:
        st.error(str(exc))
        return
    host = host_mode(st)
    if host:  # the host's own value: the public's holds nothing private
        try:
            data = cached_load(where, store_stamp(folder), Audience.HOST)
        except (MatchError, StoreError) as exc:
            st.error(str(exc))
            return
    st.title("AWA Festival")
    st.caption(f"Match {folder.resolve().name}: round {data.round_no} of {data.rounds} resolved.")
    if not data.events:
        st.info("The events are not allocated yet: run `festival allocate` first.")
        return
    events = {e.title: e for e in data.events.values()}
    choice = st.sidebar.radio("Page", [OVERVIEW, ROUND_DESK, *events, DUELS])
    if choice == DUELS:
        draw_duels(duels, host)
    elif choice == OVERVIEW:
        overview_page.render(st, data, host)
    elif choice == ROUND_DESK:
        from dashboard import round_desk  # imported when first shown: Google's client is large

        round_desk.render(st, folder, host)
    else:
        event = events[choice]
        colours = player_colours(data.players)
        page = registry.event(event.event).page
        if page is None:
            st.info(f"{event.title} has no page of its own.")
        else:
            registry.load(page)(st, event, host, data.finished, colours)


main()
