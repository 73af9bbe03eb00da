"""The Elemental Continuum page: boards as the public sees them, full boards for the host."""

from __future__ import annotations

from typing import Any

from dashboard.continuum_boards import LEGEND, host_board_svg, public_board_svg
from dashboard.final_ranking import public_final
from dashboard.match_data import EventData
from dashboard.people import exact_figures, ranking_rows

COLUMNS = 3


def _grid(st: Any, pictures: list[str]) -> None:
    for start in range(0, len(pictures), COLUMNS):
        columns = st.columns(COLUMNS)
        for column, svg in zip(columns, pictures[start : start + COLUMNS], strict=False):
            column.markdown(svg, unsafe_allow_html=True)


def render(st: Any, data: EventData, host: bool, finished: bool, colours: dict[str, str]) -> None:
    st.header(data.title)
    boards = data.public["boards"]
    public = [public_board_svg(p, boards[p], colours.get(p)) for p in data.participants]
    st.markdown(LEGEND, unsafe_allow_html=True)
    if host:
        tab_public, tab_host = st.tabs(["As the public sees it", "Full boards (host)"])
        with tab_public:
            _grid(st, public)
        with tab_host:
            st.caption("Numbers: bolts on a tile that count towards its break so far.")
            _grid(st, [host_board_svg(p, data.host, colours.get(p)) for p in data.participants])
        st.subheader("Ranking (host)")
        if data.reports:
            st.dataframe(ranking_rows(data.ranking, "points"), hide_index=True)
            exact_figures(st, "the Elemental Continuum ranking", data.ranking)
        else:
            st.info("No round has a result yet: the ranking appears after round 1.")
    else:
        st.caption("Broken tiles are crossed; wards that broke down are shown with their value.")
        _grid(st, public)
        public_final(st, data, finished, "The ranking is revealed at the end, without points.")
