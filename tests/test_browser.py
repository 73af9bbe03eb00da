"""The dashboard in a real browser: `streamlit run` headless on a free local port, opened in
headless Chromium (Debian's, driven by Playwright; nothing is downloaded at test time).

Every page, in public and host mode, at 1280 and 1920 px and a phone's width: no picture
wider than its column, no exception box, no true/false or raw fraction in a public table,
and no private fact in public mode."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from dashboard.charts import SHOW_CHART
from dashboard.continuum_page import SHOW_TILES
from dashboard.overview_page import SHOW_CHARTS
from dashboard.round_desk import SHOW_ANNOUNCEMENTS
from dashboard.summoners_page import SHOW_BATTLES
from tests.support.dashboard_server import (
    after,
    have_chromium,
    laid_out,
    launch,
    log_in,
    open_page,
    pages,
    problems,
    served,
    settle,
)
from tests.support.played_demo import PlayedDemo

PASSWORD = "s3cret"
WIDTHS = (1280, 1920, 390)
FRACTION = re.compile(r"(?<![\w/])\d+/\d+(?![\w/])")
TRUTH = re.compile(r"\b(?:true|false)\b", re.IGNORECASE)
PRIVATE = (
    "(host)", "Holdings now", "energy next round", "Market of round", "hits so far",
    "broken in round", "Defences now", "Battle viewer", "familiars reached the Treasure",
    "Exact figures", "Private report", ": submissions",
)  # fmt: skip
"""what only the host may see: host headings, Alchemy holdings, bolts on tiles, defences and
battles, exact score tables, the round desk (the host test proves each is really shown to the
host, but ": submissions", which the desk shows only before the match is over, and "broken in
round", in the tiles' data grid, which holds only the rows in view: tests/test_dashboard.py
finds it in the host's table)"""

ASKED = {
    "Overview": (SHOW_CHARTS,),
    "Round desk": (SHOW_ANNOUNCEMENTS,),
    "Alchemy": (SHOW_CHART,),
    "Elemental Continuum": (SHOW_TILES,),
    "Summoner's Dream": (SHOW_CHART, SHOW_BATTLES),
}
"""the toggles of what a page draws only when the host asks: turned on, to be checked too"""
NOT_ALWAYS_SHOWN = (": submissions", "broken in round")
"""the private facts the host test need not find (see `PRIVATE`)"""
CHOSEN = {"Elemental Continuum": "Tiles in words"}
"""a row of choices whose first after "none" the host then picks: the first board's tiles in
words (the boards are images, which carry no tooltip: their facts are this table)"""

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not have_chromium(), reason="Debian's chromium is not installed"),
]


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory, played_demo: PlayedDemo) -> Iterator[str]:
    folder = played_demo.copy(tmp_path_factory.mktemp("browser") / "demo")
    with served(folder, PASSWORD, folder.parent) as address:
        yield address


@pytest.fixture(scope="module")
def browser(url: str) -> Iterator[Any]:
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        chromium = launch(p)
        try:
            yield chromium
        finally:
            chromium.close()


def visit_every_page(browser: Any, url: str, host: bool) -> dict[tuple[str, int], Any]:
    """Each page at each width: what `problems` finds there."""
    page = browser.new_page(viewport={"width": WIDTHS[0], "height": 1000})
    page.goto(url)
    settle(page)
    if host:
        log_in(page, PASSWORD)
    found: dict[tuple[str, int], Any] = {}
    labels = pages(page)
    assert labels[:2] == ["Overview", "Round desk"] and len(labels) >= 5
    for label in labels:
        page.set_viewport_size({"width": WIDTHS[0], "height": 1000})
        open_page(page, label)
        for toggle in ASKED.get(label, ()) if host else ():  # what the host draws when asked
            after(page, page.get_by_text(toggle, exact=True).click)
        if host and label in CHOSEN:
            group = page.locator('[data-testid="stRadio"]').filter(has_text=CHOSEN[label])
            after(page, group.locator("label").nth(2).click)  # its own label, "none", a board
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 1000})
            laid_out(page, width)  # the layout follows the new width
            found[(label, width)] = problems(page)
    page.close()
    return found


def test_public_mode_fits_every_width_and_shows_only_public_figures(browser: Any, url: str) -> None:
    found = visit_every_page(browser, url, host=False)
    for (label, width), seen in found.items():
        where = f"{label} at {width} px"
        assert not seen["overflow"], f"{where}: wider than the column: {seen['overflow']}"
        assert seen["exceptions"] == 0, where
        for table in seen["tables"]:
            assert not TRUTH.search(table), f"{where}: true/false in {table!r}"
            assert not FRACTION.search(table), f"{where}: a raw fraction in {table!r}"
        leaks = [fact for fact in PRIVATE if fact in seen["text"]]
        assert not leaks, f"{where}: private facts in public mode: {leaks}"
    overview = found[("Overview", 1280)]
    assert "Sole winner" in overview["text"] and "Juniper" in " ".join(overview["tables"])
    assert "★ winner" in " ".join(overview["tables"])
    continuum = found[("Elemental Continuum", 1280)]["text"]
    assert continuum.count("<svg") >= 7 and "broken tile" in continuum  # boards, a legend


def test_host_mode_fits_every_width_with_every_picture(browser: Any, url: str) -> None:
    found = visit_every_page(browser, url, host=True)
    for (label, width), seen in found.items():
        where = f"{label} at {width} px"
        assert not seen["overflow"], f"{where}: wider than the column: {seen['overflow']}"
        assert seen["exceptions"] == 0, where
    shown = " ".join(seen["text"] for seen in found.values())
    unseen = [f for f in PRIVATE if f not in shown and f not in NOT_ALWAYS_SHOWN]
    assert not unseen, f"the public check looks for what the host never sees: {unseen}"
    summoners = found[("Summoner's Dream", 1280)]["text"]
    assert "Defences now" in summoners and "the Treasure" in summoners  # maps and their legend
    assert re.search(r"round 6: \w+ invades", summoners) and "▶ Play" in summoners  # latest, play
    assert "hits so far" in found[("Elemental Continuum", 1920)]["text"]
