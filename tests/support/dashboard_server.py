"""The dashboard served for a real browser: `streamlit run` headless on a free local port, and
Debian's Chromium driven by Playwright (nothing is downloaded). Used by the browser test, the
dashboard benchmark and the README's screenshot script."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.support.patience import PATIENCE
from tests.support.processes import start

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
APP = Path(__file__).resolve().parent.parent.parent / "dashboard" / "app.py"
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
PAGE_RADIO = '[data-testid="stSidebar"] [role="radiogroup"]'


def have_chromium() -> bool:
    return Path(CHROMIUM).exists()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass(frozen=True)
class Server:
    url: str
    pid: int
    """the `streamlit run` process (the benchmark reads its CPU time)"""


@contextmanager
def served(
    folder: Path, password: str | None, cwd: Path, variable: str = "FESTIVAL_MATCH"
) -> Iterator[str]:
    """The dashboard of the match in `folder` (or, with `variable="FESTIVAL_DUELS"`, of the
    duel in it), at the URL yielded, until the block ends."""
    with serving(folder, password, cwd, variable) as server:
        yield server.url


@contextmanager
def serving(
    folder: Path,
    password: str | None,
    cwd: Path,
    variable: str = "FESTIVAL_MATCH",
    app: Path = APP,
) -> Iterator[Server]:
    """As `served`, yielding the server's URL and process (of `app`, the dashboard unless
    told: the benchmark serves an empty page too)."""
    port = free_port()
    env = {**os.environ, variable: str(folder)}
    if variable != "FESTIVAL_MATCH":
        env.pop("FESTIVAL_MATCH", None)
    env.pop("FESTIVAL_HOST_PASSWORD", None)
    if password is not None:
        env["FESTIVAL_HOST_PASSWORD"] = password
    server = start(
        [sys.executable, "-m", "streamlit", "run", str(app), "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1",
         "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"],
        signal.SIGTERM, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + PATIENCE
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                time.sleep(0.2)
        else:
            raise RuntimeError(f"streamlit did not start within {PATIENCE:.0f} s")
        yield Server(url, server.process.pid)
    finally:
        server.stop()  # SIGTERM; killed (and the test failed) if it does not end


def launch(playwright: Any) -> Any:
    """Headless Debian Chromium."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)


SETTLED = """() => {
  const app = document.querySelector('.stApp');
  return app && app.dataset.testScriptState === 'notRunning'
    && !document.querySelector('[data-stale="true"], [data-testid="stSkeleton"]')
    && document.querySelector('[data-testid="stMain"] h1');
}"""


def settle(page: Any, timeout: float = 60_000) -> None:
    """Wait until the app has finished its run and drawn everything it sent (no element left
    over from the run before, no placeholder of an element still loading). After an action,
    `after` first sees the run start."""
    page.wait_for_function(SETTLED, timeout=timeout, polling=25)


STILL_FRAMES = 5
LAID_OUT = """([width, frames]) => {
  const main = document.querySelector('[data-testid="stMain"]');
  const drawn = [...main.querySelectorAll('[data-testid="stDataFrame"]')]
      .every(t => t.querySelector('table'))
    && [...main.querySelectorAll('.vega-embed')].every(c => c.querySelector('canvas, svg'));
  const boxes = [...main.querySelectorAll('svg, img, canvas, [data-testid="stElementContainer"]')]
    .map(e => { const b = e.getBoundingClientRect(); return `${b.left},${b.right},${b.bottom}`; });
  const seen = `${window.innerWidth}|${drawn}|${boxes.join(';')}`;
  window.__festivalStill = seen === window.__festivalSeen ? (window.__festivalStill || 0) + 1 : 0;
  window.__festivalSeen = seen;
  return window.innerWidth === width && drawn && window.__festivalStill >= frames;
}"""
"""the page is as wide as asked, every table and chart has drawn its content (a table's cells
and a chart's picture come in frames of their own, after the run), and no box in it has moved
for `frames` animation frames (charts and tables follow a new width after the window)"""


def laid_out(page: Any, width: int, timeout: float = 60_000) -> None:
    """Wait until the page is drawn at a new viewport width: every table and chart drawn,
    every box still."""
    page.evaluate("() => { window.__festivalSeen = null; window.__festivalStill = 0; }")
    page.wait_for_function(LAID_OUT, arg=[width, STILL_FRAMES], timeout=timeout, polling="raf")


def pages(page: Any) -> list[str]:
    """The labels of the sidebar's page choice, in order."""
    page.locator(f"{PAGE_RADIO} label").first.wait_for(timeout=60_000)
    labels = page.locator(f"{PAGE_RADIO} label").all_inner_texts()
    return [label.strip() for label in labels]


def after(page: Any, action: Any) -> None:
    """Do `action` (a click, a key), see the app start a run, and wait for it to settle."""
    page.evaluate("() => { window.__festivalRan = false; }")
    page.evaluate(
        """() => { const app = document.querySelector('.stApp');
        new MutationObserver((_, seen) => { window.__festivalRan = true; seen.disconnect(); })
          .observe(app, {attributes: true, attributeFilter: ['data-test-script-state']}); }"""
    )  # any change of the script's state: a quick run can start and end before the observer's
    # callback reads the state, which then says "notRunning" (and the wait below its 3 s)
    action()
    # a run too quick to be seen, or none at all: the page is as it is
    with contextlib.suppress(Exception):
        page.wait_for_function("() => window.__festivalRan", timeout=3_000, polling=20)
    settle(page)


SHOWN = """(label) => [...document.querySelectorAll('[data-testid="stMain"] h2')]
  .some(h => h.textContent.includes(label))"""
"""whether the page headed `label` is shown"""


def open_page(page: Any, label: str) -> None:
    """Choose a page in the sidebar and wait until it is drawn: its heading shows and the run
    has settled (a page headed otherwise, or the page shown already: as `after`)."""
    choice = page.locator(f"{PAGE_RADIO} label").filter(has_text=label).first
    if not page.evaluate(SHOWN, label):
        choice.click()
        # the new page's heading, not a run seen to start: React may draw a quick run's
        # "running" and "done" as one change, which `after` would wait 3 s for
        with contextlib.suppress(Exception):
            page.wait_for_function(
                f"(label) => ({SETTLED})() && ({SHOWN})(label)", arg=label, timeout=5_000,
                polling=25,
            )  # fmt: skip
            return
        settle(page)
        return
    after(page, choice.click)


def log_in(page: Any, password: str) -> None:
    box = page.locator('[data-testid="stSidebar"] input[type="password"]')
    box.fill(password)
    box.press("Enter")  # then host mode shown and the run settled (as `open_page`, not `after`)
    page.get_by_text("Host mode", exact=True).wait_for(timeout=60_000)
    settle(page)


def full_height(page: Any, width: int) -> None:
    """Make the viewport as tall as the page's content, so one screenshot holds all of it."""
    height = page.evaluate(
        "() => { const main = document.querySelector('[data-testid=\"stMain\"]');"
        " const boxes = [...main.querySelectorAll('[data-testid=\"stElementContainer\"]')]"
        ".map(e => e.getBoundingClientRect().bottom);"
        " return Math.max(0, ...boxes) + main.scrollTop; }"
    )
    page.set_viewport_size({"width": width, "height": min(int(height) + 40, 12_000)})
    laid_out(page, width)


PROBLEMS_JS = """
() => {
  const main = document.querySelector('[data-testid="stMain"]');
  const out = {overflow: [], exceptions: 0, tables: [], text: ''};
  out.exceptions = document.querySelectorAll('[data-testid="stException"]').length;
  for (const el of main.querySelectorAll('svg, img, canvas')) {
    if (el.closest('[data-testid="stDataFrame"]')) continue;  // a table scrolls inside itself
    const box = el.getBoundingClientRect();
    if (box.width === 0) continue;
    const holder = el.closest('[data-testid="stColumn"]')
      || el.closest('[data-testid="stMainBlockContainer"]');
    const room = holder.getBoundingClientRect();
    if (box.left < room.left - 1 || box.right > room.right + 1) {
      out.overflow.push(`${el.tagName} ${el.getAttribute('aria-label') || ''}: `
        + `${Math.round(box.left)}-${Math.round(box.right)} in `
        + `${Math.round(room.left)}-${Math.round(room.right)}`);
    }
  }
  const tables = '[data-testid="stTable"], [data-testid="stDataFrame"] table, '
    + '[data-testid="stMarkdownContainer"] table';
  for (const t of main.querySelectorAll(tables)) {
    out.tables.push(t.innerText);
  }
  out.text = [main.textContent, ...[...main.querySelectorAll('input')].map(i => i.value),
    ...[...main.querySelectorAll('svg')].map(s => s.outerHTML),
    ...[...main.querySelectorAll('img[src^="data:image/svg+xml;base64,"]')].map(i =>
      new TextDecoder().decode(Uint8Array.from(atob(i.src.split(',')[1]), c => c.charCodeAt(0))))
  ].join(' ');
  return out;
}
"""


def problems(page: Any) -> dict[str, Any]:
    """What the browser test refuses on the page now: pictures wider than their column,
    exception boxes; with the text of its tables and of the whole page (hidden text, the values
    of its inputs, and its pictures' SVG included, inline or as an image)."""
    result: dict[str, Any] = page.evaluate(PROBLEMS_JS)
    return result
