"""How fast the dashboard answers, on the sample festival (all 6 rounds played), in seconds:
cold start (the first drawing of the overview, the match read and replayed), a page switch to
each page, a rerun of the same page, entering the host password, and moving a widget (the
battle viewer's time slider).

Twice: with Streamlit's AppTest (the script alone, no browser), and in headless Chromium
against `streamlit run` (what a host waits for, drawing included; skipped without Debian's
chromium). Run: `python benchmarks/dashboard_speed.py`. Figures are printed, never asserted.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from festival.cli.main import main

PASSWORD = "pw"
PAGES = ("Round desk", "Alchemy", "Elemental Continuum", "Summoner's Dream", "Overview")
APP = str(Path(__file__).resolve().parent.parent / "dashboard" / "app.py")


def timed(action: Callable[[], Any]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def apptest_figures(folder: Path) -> list[tuple[str, float]]:
    from streamlit.testing.v1 import AppTest

    saved = {k: os.environ.get(k) for k in ("FESTIVAL_MATCH", "FESTIVAL_HOST_PASSWORD")}
    os.environ["FESTIVAL_MATCH"] = str(folder)
    os.environ["FESTIVAL_HOST_PASSWORD"] = PASSWORD
    try:
        at = AppTest.from_file(APP, default_timeout=120)
        figures = [("cold start (overview drawn)", timed(at.run))]
        figures.append(("rerun of the same page", timed(at.run)))
        password = at.sidebar.text_input[0]
        figures.append(("host password entered", timed(lambda: password.input(PASSWORD).run())))
        for page in PAGES:
            figures.append((f"switch to {page}", timed(at.sidebar.radio[0].set_value(page).run)))
        at.sidebar.radio[0].set_value("Summoner's Dream").run()
        figures.append(("battle viewer slider moved", timed(at.slider[0].set_value(5).run)))
        return figures
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def browser_figures(folder: Path) -> list[tuple[str, float]]:
    from playwright.sync_api import sync_playwright

    from tests.support.dashboard_server import (
        after,
        have_chromium,
        launch,
        log_in,
        open_page,
        served,
        settle,
    )

    if not have_chromium():
        print("(no Debian chromium: the browser figures are skipped)")
        return []
    figures = []
    with served(folder, PASSWORD, folder.parent) as url, sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})

        def cold() -> None:
            page.goto(url)
            settle(page)
            page.get_by_text("Final standings").wait_for()

        figures.append(("cold start (overview drawn)", timed(cold)))
        figures.append(("host password entered", timed(lambda: log_in(page, PASSWORD))))
        for name in PAGES:
            figures.append((f"switch to {name}", timed(lambda n=name: open_page(page, n))))
        open_page(page, "Summoner's Dream")

        def slide() -> None:
            thumb = page.locator('[data-testid="stSlider"] input[type="range"]').first
            after(page, lambda: thumb.press("ArrowRight"))

        figures.append(("battle viewer slider moved", timed(slide)))
        browser.close()
    return figures


def report(title: str, figures: list[tuple[str, float]]) -> None:
    print(title)
    for name, seconds in figures:
        print(f"  {name:<34} {seconds:6.2f} s")


def run() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "demo"
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["demo", str(folder)]) == 0
        report("AppTest (the script alone):", apptest_figures(folder))
        report("Chromium at 1280 px (drawing included):", browser_figures(folder))


if __name__ == "__main__":
    run()
