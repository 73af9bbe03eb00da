"""The dashboard in a real browser: `streamlit run` headless on a free local port, opened in
headless Chromium (Debian's, driven by Playwright; nothing is downloaded at test time)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from festival.cli import main

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
APP = Path(__file__).resolve().parent.parent / "dashboard" / "app.py"
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    folder = tmp_path / "demo"
    assert main(["demo", str(folder)]) == 0
    port = free_port()
    env = {**os.environ, "FESTIVAL_MATCH": str(folder)}
    env.pop("FESTIVAL_HOST_PASSWORD", None)
    server = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(APP), "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1",
         "--browser.gatherUsageStats", "false"],
        env=env, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                time.sleep(0.3)
        else:
            pytest.fail("streamlit did not start within 60 s")
        yield url
    finally:
        server.terminate()
        server.wait(timeout=20)


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed")
def test_the_dashboard_renders_the_standings_in_chromium(served: str, tmp_path: Path) -> None:
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(served)
            page.get_by_text("Final standings").wait_for(timeout=60_000)
            page.get_by_text("Sole winner").wait_for(timeout=30_000)
            table = page.locator('[data-testid="stTable"]').last
            table.get_by_text("Juniper").wait_for(timeout=30_000)  # a player's row is drawn
            page.screenshot(path=str(tmp_path / "dashboard.png"), full_page=True)
            assert page.locator('[data-testid="stException"]').count() == 0
            assert (tmp_path / "dashboard.png").stat().st_size > 10_000
        finally:
            browser.close()
