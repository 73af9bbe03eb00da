"""How fast the dashboard answers, on the sample festival (all 6 rounds played), in seconds:
cold start (the first drawing of the overview, the match read and replayed), a page switch to
each page, a rerun of the same page, entering the host password, showing the battle viewer
(a toggle) and moving a widget (its time slider).

Twice: with Streamlit's AppTest (the script alone, no browser; each time in a fresh Python, so
that the cold start imports what a new server imports), and in headless Chromium against a
fresh `streamlit run` (what a host waits for, drawing included; skipped without Debian's
chromium). Each figure is the median of `--repeat` runs (3 unless told), with the CPU seconds
spent meanwhile: the script's own process for AppTest; for Chromium, the streamlit server's
and the browser's. Then Streamlit's floor: an empty page (a title, a heading, the sidebar's
page choice) served and drawn the same way, which no change to the dashboard can go below.
The machine's load average is printed beside each run: wall times on a shared machine grow
with it, CPU times much less. Run: `python benchmarks/dashboard_speed.py
[--repeat N]`. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from festival.cli.main import main

PASSWORD = "pw"
PAGES = ("Round desk", "Alchemy", "Elemental Continuum", "Summoner's Dream", "Overview")
APP = str(Path(__file__).resolve().parent.parent / "dashboard" / "app.py")
BATTLES = "summoners_show_battles"
"""the battle viewer's toggle (dashboard/summoners_page.py): off until the host asks"""


@dataclass(frozen=True)
class Timing:
    name: str
    wall: float
    cpu: float | None
    """the script's process (AppTest) or the streamlit server's (Chromium), in CPU seconds"""
    browser_cpu: float | None = None
    """Chromium's processes, in CPU seconds"""


def proc_cpu(pid: int) -> float | None:
    """CPU seconds (user + system) of process `pid` so far, from /proc (None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def chromium_cpu() -> float | None:
    """CPU seconds of every Chromium process below this one (None without /proc)."""
    if not Path("/proc/self/stat").exists():
        return None
    parents: dict[int, int] = {}
    names: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                head, tail = (entry / "stat").read_text().rsplit(")", 1)
                parents[int(entry.name)] = int(tail.split()[1])
                names[int(entry.name)] = head.split("(", 1)[1]
    mine, total = {os.getpid()}, 0.0
    grew = True
    while grew:
        more = {p for p, parent in parents.items() if parent in mine} - mine
        grew = bool(more)
        mine |= more
    for pid in mine:
        if "chrom" in names.get(pid, ""):
            total += proc_cpu(pid) or 0.0
    return total


def spent(before: float | None, after: float | None) -> float | None:
    return None if before is None or after is None else after - before


def timed(action: Callable[[], Any]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def apptest_timings(folder: Path) -> list[Timing]:
    from streamlit.testing.v1 import AppTest

    timings: list[Timing] = []

    def measure(name: str, action: Callable[[], Any]) -> None:
        cpu = time.process_time()
        wall = timed(action)
        timings.append(Timing(name, wall, time.process_time() - cpu))

    saved = {k: os.environ.get(k) for k in ("FESTIVAL_MATCH", "FESTIVAL_HOST_PASSWORD")}
    os.environ["FESTIVAL_MATCH"] = str(folder)
    os.environ["FESTIVAL_HOST_PASSWORD"] = PASSWORD
    try:
        at = AppTest.from_file(APP, default_timeout=120)
        measure("cold start (overview drawn)", at.run)
        measure("rerun of the same page", at.run)
        password = at.sidebar.text_input[0]
        measure("host password entered", lambda: password.input(PASSWORD).run())
        for page in PAGES:
            measure(f"switch to {page}", at.sidebar.radio[0].set_value(page).run)
        at.sidebar.radio[0].set_value("Summoner's Dream").run()
        measure("battle viewer shown (its toggle)", at.toggle(key=BATTLES).set_value(True).run)
        measure("battle viewer slider moved", at.slider[0].set_value(5).run)
        return timings
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def apptest_figures(folder: Path) -> list[tuple[str, float]]:
    """The AppTest figures of one run, in wall seconds."""
    return [(t.name, t.wall) for t in apptest_timings(folder)]


def apptest_fresh(folder: Path) -> list[Timing]:
    """`apptest_timings` in a new Python process, as a new server would import everything."""
    out = subprocess.run(
        [sys.executable, __file__, "--apptest-once", str(folder)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [Timing(**t) for t in json.loads(out.strip().splitlines()[-1])]


Steps = Callable[[Any, Callable[[str, Callable[[], Any]], None]], None]
"""what to do in the page once it is open: `steps(page, measure)`, `measure(name, action)`
timing each action"""


def in_chromium(
    folder: Path, password: str | None, steps: Steps, app: Path | None = None
) -> list[Timing]:
    """A fresh `streamlit run` of `app` (the dashboard unless told) on `folder`, opened in
    headless Chromium at 1280 px: the cold start (until "Final standings" shows) timed, then
    `steps`. Each action's wall time, the server's CPU and Chromium's CPU meanwhile; none
    without Debian's chromium."""
    from playwright.sync_api import sync_playwright

    from tests.support.dashboard_server import APP as DASHBOARD
    from tests.support.dashboard_server import have_chromium, launch, serving, settle

    if not have_chromium():
        return []
    timings: list[Timing] = []
    with (
        serving(folder, password, folder.parent, app=app or DASHBOARD) as server,
        sync_playwright() as p,
    ):
        browser = launch(p)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})

        def measure(name: str, action: Callable[[], Any]) -> None:
            cpu, chromium = proc_cpu(server.pid), chromium_cpu()
            wall = timed(action)
            cpu_after, chromium_after = proc_cpu(server.pid), chromium_cpu()
            timings.append(
                Timing(name, wall, spent(cpu, cpu_after), spent(chromium, chromium_after))
            )

        def cold() -> None:
            page.goto(server.url)
            settle(page)
            page.get_by_text("Final standings").wait_for()

        measure("cold start (empty page drawn)" if app else "cold start (overview drawn)", cold)
        steps(page, measure)
        browser.close()
    return timings


def browser_timings(folder: Path) -> list[Timing]:
    """The dashboard in Chromium: cold start, the host's password, each page, the slider."""
    from dashboard.summoners_page import SHOW_BATTLES
    from tests.support.dashboard_server import after, log_in, open_page

    def steps(page: Any, measure: Callable[[str, Callable[[], Any]], None]) -> None:
        measure("host password entered", lambda: log_in(page, PASSWORD))
        for name in PAGES:
            measure(f"switch to {name}", lambda n=name: open_page(page, n))
        open_page(page, "Summoner's Dream")
        toggle = page.get_by_text(SHOW_BATTLES, exact=True)
        measure("battle viewer shown (its toggle)", lambda: after(page, toggle.click))

        def slide() -> None:
            thumb = page.locator('[data-testid="stSlider"] input[type="range"]').first
            after(page, lambda: thumb.press("ArrowRight"))

        measure("battle viewer slider moved", slide)

    return in_chromium(folder, PASSWORD, steps)


FLOOR_APP = """import streamlit as st

st.set_page_config(page_title="AWA Festival", layout="wide")
st.title("AWA Festival")
page = st.sidebar.radio("Page", ["Overview", "Round desk"])
st.header(page)
st.subheader("Final standings")
"""
"""Streamlit's floor: a page with a title, a heading and the sidebar's page choice, no more"""


def floor_timings(folder: Path) -> list[Timing]:
    """Cold start and a page switch of `FLOOR_APP` in Chromium, as `browser_timings` measures
    the dashboard: what Streamlit itself costs (its server, its JavaScript, the websocket),
    which no change to the dashboard can take away."""
    from tests.support.dashboard_server import open_page

    app = folder.parent / "floor.py"
    app.write_text(FLOOR_APP)

    def steps(page: Any, measure: Callable[[str, Callable[[], Any]], None]) -> None:
        measure("switch to another empty page", lambda: open_page(page, "Round desk"))

    return in_chromium(folder, None, steps, app)


def browser_figures(folder: Path) -> list[tuple[str, float]]:
    """The Chromium figures of one run, in wall seconds (none without Debian's chromium)."""
    return [(t.name, t.wall) for t in browser_timings(folder)]


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def seconds(values: list[float | None]) -> str:
    known = [v for v in values if v is not None]
    return f"{statistics.median(known):6.2f}" if known else "     -"


def report(title: str, runs: list[list[Timing]], loads: list[str]) -> None:
    print(f"{title}; medians of {len(runs)} run(s), load average at each: {' / '.join(loads)}")
    browser = any(t.browser_cpu is not None for run in runs for t in run)
    own = "server CPU" if browser else "CPU"
    heading = f"  {'':<34} {'wall':>6}   {'(min-max)':<13} {own:>10}"
    print(heading + ("  browser CPU" if browser else ""))
    for i, first in enumerate(runs[0]):
        same = [run[i] for run in runs]
        walls = [t.wall for t in same]
        line = (
            f"  {first.name:<34} {seconds(list(walls))} s ({min(walls):5.2f}-{max(walls):5.2f}) "
            f"{seconds([t.cpu for t in same]):>10} s"
        )
        if browser:
            line += f" {seconds([t.browser_cpu for t in same]):>10} s"
        print(line)


def repeated(repeat: int, once: Callable[[], list[Timing]]) -> tuple[list[list[Timing]], list[str]]:
    """`once` run `repeat` times, with the load average after each (no runs if the first
    measures nothing: no chromium)."""
    runs, loads = [], []
    for _ in range(repeat):
        timings = once()
        if not timings:
            return [], []
        runs.append(timings)
        loads.append(load_average())
    return runs, loads


def run(repeat: int) -> None:
    # Python's compiled files written and used by every process started here, as a user's
    # installation has them (some workplaces turn them off)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "demo"
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["demo", str(folder)]) == 0
        apptest_fresh(folder)  # once unmeasured: the compiled files written
        report("AppTest (the script alone)", *repeated(repeat, lambda: apptest_fresh(folder)))
        runs, loads = repeated(repeat, lambda: browser_timings(folder))
        if not runs:
            print("(no Debian chromium: the browser figures are skipped)")
            return
        report("Chromium at 1280 px (drawing included)", runs, loads)
        floor = repeated(repeat, lambda: floor_timings(folder))
        report("Streamlit's floor: an empty page, the same way", *floor)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (medians printed)")
    parser.add_argument("--apptest-once", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.apptest_once is not None:
        timings = apptest_timings(args.apptest_once)
        print(json.dumps([t.__dict__ for t in timings]))
    else:
        run(max(1, args.repeat))
