"""The Streamlit command line every `festival ... dashboard` runs: localhost only unless the
host names another address (host mode shows secret information; a dashboard is never exposed
to the network by accident), and the `--address` option that says so."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

LOCAL = "127.0.0.1"
APP = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"


def add_address(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--address",
        default=LOCAL,
        help="the address to listen on (default 127.0.0.1: this computer only; "
        "0.0.0.0 for every network interface)",
    )


def port_number(text: str) -> int:
    """`--port`: a port from 1 to 65535 (0 is refused, never taken for "not given")."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{text[:40]!r}: give a port from 1 to 65535")
    return value


def streamlit_command(port: int | None = None, address: str = LOCAL) -> list[str]:
    """`streamlit run` of the dashboard's app, listening on `address` (and `port`)."""
    command = [sys.executable, "-m", "streamlit", "run", str(APP)]
    command += ["--browser.gatherUsageStats", "false", "--server.address", address]
    # no watching of the source files for changes (Streamlit's "run on save", for people who
    # edit the app): a host's dashboard does not change while it runs
    command += ["--server.fileWatcherType", "none"]
    if port is not None:
        command += ["--server.port", str(port)]
    return command


def url(port: int | None, address: str) -> str:
    return f"http://{address}:{8501 if port is None else port}"
