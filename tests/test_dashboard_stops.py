"""Stopping `festival dashboard` stops the dashboard (issue #24, item 5): `kill PID` on festival
(or festival dying outright) leaves no Streamlit child serving the match."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.support.dashboard_server import free_port
from tests.support.patience import PATIENCE

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == pid:
            found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _serving(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2):
            return True
    except OSError:
        return False


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["kill", "kill-9"])
def test_killing_festival_dashboard_stops_streamlit(toy_match: Path, sig: signal.Signals) -> None:
    port = free_port()
    festival = subprocess.Popen(
        [sys.executable, "-m", "festival.cli", "dashboard", str(toy_match), "--port", str(port)],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={**os.environ, "STREAMLIT_SERVER_HEADLESS": "true"},
    )  # fmt: skip
    children: list[int] = []
    try:
        deadline = time.monotonic() + PATIENCE
        while not _serving(port):
            assert festival.poll() is None, "festival dashboard ended before serving"
            assert time.monotonic() < deadline, "the dashboard never served"
            time.sleep(0.3)
        children = _children(festival.pid)
        assert children, "the dashboard runs as festival's child"
        festival.send_signal(sig)
        festival.wait(timeout=PATIENCE)
        deadline = time.monotonic() + PATIENCE
        while any(map(_alive, children)) or _serving(port):
            assert time.monotonic() < deadline, "Streamlit kept serving after festival ended"
            time.sleep(0.2)
    finally:
        for pid in [festival.pid, *children]:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
