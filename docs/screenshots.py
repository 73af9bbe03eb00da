"""The README's pictures: every dashboard page at 1280 px, in public and host mode, from the
sample festival (all 6 rounds played), written to docs/screenshots/<mode>-<page>.png.

Run: `python docs/screenshots.py` (needs Debian's chromium); `python docs/screenshots.py --lab`
rewrites only the Balance lab picture, `--match` only the match's pages. The host's pages are
shown as a host first sees them, the battle viewer turned on (`SHOWN`). Each picture holds the
whole page up to MAX_HEIGHT pixels (the Balance lab page up to LAB_HEIGHT) and is stored with
a small palette to keep the repository light.
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
import tempfile
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dashboard.summoners_page import SHOW_BATTLES
from festival.cli.main import main
from tests.support.dashboard_server import (
    after,
    full_height,
    have_chromium,
    launch,
    log_in,
    open_page,
    pages,
    served,
    settle,
)

WIDTH = 1280
MAX_HEIGHT = 2400
LAB_HEIGHT = 5200
"""the Balance lab page is long: its behaviour tables come last"""
COLOURS = 256
OUT = Path(__file__).resolve().parent / "screenshots"
PASSWORD = "screenshots"
SHOWN = {"Summoner's Dream": (SHOW_BATTLES,)}
"""what the host's pictures show turned on (the toggle's label, by page)"""


def slug(label: str) -> str:
    return re.sub(r"[^a-z]+", "-", label.lower()).strip("-")


def shrink(path: Path, height: int = MAX_HEIGHT) -> None:
    """Keep the top `height` pixels, in a palette of COLOURS colours."""
    with Image.open(path) as image:
        picture = image.convert("RGB")
    picture = picture.crop((0, 0, picture.width, min(picture.height, height)))
    picture.quantize(COLOURS, method=Image.Quantize.FASTOCTREE).save(path, optimize=True)


def shoot(url: str) -> list[Path]:
    from playwright.sync_api import sync_playwright

    written = []
    with sync_playwright() as p:
        browser = launch(p)
        for host in (False, True):
            page = browser.new_page(viewport={"width": WIDTH, "height": 900})
            page.goto(url)
            settle(page)
            if host:
                log_in(page, PASSWORD)
            for label in pages(page):
                page.set_viewport_size({"width": WIDTH, "height": 900})
                open_page(page, label)
                for toggle in SHOWN.get(label, ()) if host else ():
                    after(page, page.get_by_text(toggle, exact=True).click)
                full_height(page, WIDTH)
                path = OUT / f"{'host' if host else 'public'}-{slug(label)}.png"
                page.screenshot(path=str(path))
                shrink(path)
                written.append(path)
            page.close()
        browser.close()
    return written


def shoot_lab(folder: Path, cwd: Path) -> Path:
    """The Balance lab page of a `festival simulate` results folder."""
    from playwright.sync_api import sync_playwright

    path = OUT / "balance-lab.png"
    with served(folder, None, cwd) as url, sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": WIDTH, "height": 900})
        page.goto(url)
        settle(page)
        full_height(page, WIDTH)
        page.screenshot(path=str(path))
        shrink(path, LAB_HEIGHT)
        browser.close()
    return path


LAB_JOB = ["--games", "30", "--force-all", "alchemy", "--serial", "--quiet"]
"""the lab run the Balance lab picture shows (whole festivals: Alchemy machines' paired
values, and every event's behaviour tables)"""


def run(lab_only: bool = False, match_only: bool = False) -> None:
    if not have_chromium():
        raise SystemExit("Debian's chromium is needed: apt-get install chromium")
    OUT.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "sample-festival"
        if not lab_only:
            with contextlib.redirect_stdout(io.StringIO()):
                assert main(["demo", str(folder)]) == 0
            with served(folder, PASSWORD, Path(tmp)) as url:
                for path in shoot(url):
                    print(
                        f"{path.relative_to(OUT.parent.parent)}: {path.stat().st_size // 1024} KB"
                    )
        if match_only:
            return
        lab = Path(tmp) / "lab"
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["simulate", *LAB_JOB, "--out", str(lab)]) == 0
        path = shoot_lab(lab, Path(tmp))
        print(f"{path.relative_to(OUT.parent.parent)}: {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    run(lab_only="--lab" in sys.argv[1:], match_only="--match" in sys.argv[1:])
