"""The Elemental Continuum page: boards as the public sees them, full boards for the host.

Each board is an image (`st.image` of its SVG: a browser draws an image at once, where inline
SVG goes through Streamlit's Markdown, about a second for the host's 14 boards), a column's
boards one image element, each board written compact (`draw_board_compact`: a dozen SVG
elements, not about two hundred, and no tooltip, which an image never shows); what a tile's
tooltip says is a table away, drawn only for the board chosen."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dashboard.continuum_boards import LEGEND, host_squares, public_squares, tile_rows
from dashboard.final_ranking import public_final
from dashboard.match_data import EventData
from dashboard.people import exact_figures, markdown_table, ranking_rows
from dashboard.svg_board import Square, draw_board_compact
from dashboard.toggles import kept_toggle

COLUMNS = 3
SHOW_TILES = "Tiles in words"
"""the tiles' table (a board chosen, its tooltips in words) when asked, kept on for the
session"""
NONE = "none"
"""no board's tiles in words (the choice at first)"""
FULL = "Full boards (host)"
VIEWS = (FULL, "As the public sees it")
"""the host's two views of the boards, one drawn at a time (tabs would draw both: twice the
pictures sent and drawn on every switch to the page)"""


def _grid(st: Any, boards: Mapping[str, Mapping[str, Square]], colours: dict[str, str]) -> None:
    """The boards in `COLUMNS` columns, row by row: one image element per column, holding its
    boards one below the other (an element per board costs a browser more)."""
    owners = list(boards)
    for i, column in enumerate(st.columns(COLUMNS)):
        mine = owners[i::COLUMNS]
        if mine:
            titles = [f"{owner}'s board" for owner in mine]
            svgs = [
                draw_board_compact(boards[o], t, colour=colours.get(o))
                for o, t in zip(mine, titles, strict=True)
            ]
            column.image(svgs, width="stretch", alt=titles)


def _tiles(st: Any, boards: Mapping[str, Mapping[str, Square]], key: str) -> None:
    """Each tile's tooltip of the board chosen, as a table, when asked (`SHOW_TILES`, kept on
    for the session: a row of a choice per board costs a browser about 0.1 s on every switch
    to the page); then none until a board is chosen (a row of choices, not a dropdown, whose
    code a browser loads on its first drawing)."""
    if not kept_toggle(st, SHOW_TILES, "continuum_show_tiles"):
        return
    owner = st.radio(
        "Tiles in words (what a board's tooltips say)",
        [NONE, *boards],
        horizontal=True,
        key=key,
    )
    if owner != NONE:
        st.dataframe(tile_rows(boards[owner]), hide_index=True)


def render(st: Any, data: EventData, host: bool, finished: bool, colours: dict[str, str]) -> None:
    st.header(data.title)
    public = {p: public_squares(data.public["boards"][p]) for p in data.participants}
    st.image(LEGEND, alt="What the colours of the boards mean")
    if host:
        view = st.radio("Boards", VIEWS, horizontal=True, key="continuum_view")
        if view == FULL:
            st.caption("Numbers: bolts on a tile that count towards its break so far.")
            full = {p: host_squares(p, data.host) for p in data.participants}
            _grid(st, full, colours)
            _tiles(st, full, "continuum_host_tiles")
        else:
            _grid(st, public, colours)
            _tiles(st, public, "continuum_public_tiles")
        st.subheader("Ranking (host)")
        if data.reports:
            st.markdown(markdown_table(ranking_rows(data.ranking, "points")))
            exact_figures(st, "the Elemental Continuum ranking", data.ranking)
        else:
            st.info("No round has a result yet: the ranking appears after round 1.")
    else:
        st.caption("Broken tiles are crossed; wards that broke down are shown with their value.")
        _grid(st, public, colours)
        _tiles(st, public, "continuum_public_tiles")
        public_final(st, data, finished, "The ranking is revealed at the end, without points.")
