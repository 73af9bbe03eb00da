"""The Duels page in a real browser (headless Chromium, as tests/test_browser.py): the sample
duel's board, log and slider render without an exception, and the host's duel desk records
a draw typed into it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from festival.cli.main import main
from festival.duels.host import Duel
from tests.support.dashboard_server import CHROMIUM, FLAGS, served

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
            page.get_by_text("Left to place").wait_for(timeout=30_000)
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
