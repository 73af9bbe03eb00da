"""The Duels page in a real browser (headless Chromium, as tests/test_browser.py): the sample
duel's board, log and slider render without an exception, the host's duel desk records
a draw typed into it, and every game's picture fits a phone's column (390 px) in public mode
and on both host tabs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from festival.cli.main import main
from festival.core import registry
from festival.duels.host import Duel
from tests.support.dashboard_server import (
    CHROMIUM,
    FLAGS,
    laid_out,
    launch,
    problems,
    served,
)

pytestmark = pytest.mark.slow


@pytest.fixture
def served_duel(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    folder = tmp_path / "duel"
    assert main(["duel", "new", str(folder), "--players", "Ash,Birch", "--seed", "5"]) == 0
    assert main(["duel", "play", str(folder), "take 2 FA, UR, fire B3, air C4"]) == 0
    with served(folder, "pw", tmp_path, variable="FESTIVAL_DUELS") as url:
        yield url, folder


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed")
def test_the_duels_page_and_desk_work_in_chromium(
    served_duel: tuple[str, Path], tmp_path: Path
) -> None:
    url, folder = served_duel
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1200})
            page.goto(url)
            page.get_by_text("Move log").wait_for(timeout=60_000)
            page.locator("svg .last-turn").first.wait_for(timeout=30_000)
            assert page.locator("svg .last-turn").count() >= 2
            assert page.locator('[data-testid="stException"]').count() == 0
            page.get_by_label("Host password").fill("pw")
            page.get_by_label("Host password").press("Enter")
            page.get_by_text("Duel desk (host)").click()
            # the desk's progress line (the picture's caption says it too)
            page.locator("p", has_text="left to place").wait_for(timeout=30_000)
            field = page.get_by_label("Action (e.g. UR")
            field.fill("DL")
            field.press("Enter")
            page.get_by_role("button", name="Add action").click()
            page.get_by_text("Recorded: DL").wait_for(timeout=30_000)
            page.screenshot(path=str(tmp_path / "duels.png"), full_page=True)
            assert page.locator('[data-testid="stException"]').count() == 0
        finally:
            browser.close()
    duel = Duel.open(folder)
    steps = duel.positions()[1]
    duel.close()
    assert duel.game.format_action(steps[-1].action) == "DL"


PHONE = 390
"""a phone's viewport (its column is about 358 px wide)"""

NO_SCROLL = """() => {
  const main = document.querySelector('[data-testid="stMain"]');
  const page = document.scrollingElement;
  const svgs = [...main.querySelectorAll('svg')].filter(s => s.getBoundingClientRect().width > 0);
  const column = main.querySelector('[data-testid="stMainBlockContainer"]');
  const room = column.getBoundingClientRect();
  const style = getComputedStyle(column);
  const inner = room.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return {page: page.scrollWidth - page.clientWidth, main: main.scrollWidth - main.clientWidth,
          widths: svgs.map(s => s.getBoundingClientRect().width), column: inner};
}"""


READY = """(tab) => {
  const app = document.querySelector('.stApp');
  const chosen = document.querySelector('[role="tab"][aria-selected="true"]');
  const shown = [...document.querySelectorAll('[data-testid="stMain"] svg')]
    .some(s => s.getBoundingClientRect().width > 0);
  return app && app.dataset.testScriptState === 'notRunning'
    && !document.querySelector('[data-stale="true"], [data-testid="stSkeleton"]')
    && (tab === null || (chosen && chosen.innerText.trim() === tab)) && shown;
}"""
"""the duels page has run and shows its picture (on the tab chosen, if any): it has no h1 to
wait for, as `settle` does"""


def _ready(page: Any, tab: str | None = None) -> None:
    page.wait_for_function(READY, arg=tab, timeout=60_000, polling=50)
    laid_out(page, PHONE)


def _fits(page: Any, where: str) -> None:
    seen = problems(page)
    assert not seen["overflow"], f"{where}: wider than the column: {seen['overflow']}"
    assert seen["exceptions"] == 0, where
    size = page.evaluate(NO_SCROLL)
    assert size["page"] <= 0 and size["main"] <= 0, f"{where}: scrolls sideways: {size}"
    assert size["widths"] and max(size["widths"]) <= size["column"] + 0.5, f"{where}: {size}"


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed")
@pytest.mark.parametrize("game", [e.name for e in registry.duels()])
def test_every_games_picture_fits_a_phone(game: str, tmp_path: Path) -> None:
    """At a phone's 390 px the duel picture is no wider than its column and nothing scrolls
    sideways: in public mode and on both host tabs (board and log, duel desk)."""
    folder = tmp_path / game
    assert main(["duel", "new", str(folder), "--game", game, "--players", "Ash,Birch"]) == 0
    playwright = pytest.importorskip("playwright.sync_api")
    with (
        served(folder, "pw", tmp_path, variable="FESTIVAL_DUELS") as url,
        playwright.sync_playwright() as p,
    ):
        browser = launch(p)
        try:
            page = browser.new_page(viewport={"width": PHONE, "height": 900})
            page.goto(url)
            _ready(page)
            _fits(page, f"{game}, public")
            page.get_by_label("Host password").fill("pw")
            page.get_by_label("Host password").press("Enter")
            page.get_by_text("Duel desk (host)").wait_for(timeout=60_000)
            for tab in ("Board and log", "Duel desk (host)"):
                page.get_by_role("tab", name=tab).click()
                _ready(page, tab)
                _fits(page, f"{game}, host, {tab}")
        finally:
            browser.close()
