"""Public mode and host mode.

Public mode shows only what the rules make public, so it is safe to share on a stream. Host
mode shows everything and needs the host password, from the environment variable
FESTIVAL_HOST_PASSWORD or `host_password` in Streamlit secrets. With no password configured
the dashboard stays in public mode and says how to turn host mode on.

Wrong passwords slow the next attempt down: after `FREE_ATTEMPTS` wrong ones in a row, each
further attempt waits twice as long as the last (1 s, 2 s, 4 s... at most `MAX_WAIT`), for
every browser session of this dashboard at once; the right password resets the count.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

ENV_PASSWORD = "FESTIVAL_HOST_PASSWORD"
FREE_ATTEMPTS = 3
MAX_WAIT = 60.0
_CHECKED = "host_password_checked"
"""session key: the digest of the password last checked in this session, and whether it was right"""


@dataclass
class Throttle:
    """Wrong passwords in a row, and when the next attempt may be made."""

    clock: Callable[[], float] = time.monotonic
    failures: int = 0
    not_before: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def wait(self) -> float:
        """Seconds to wait before the next attempt is checked (0: now)."""
        with self.lock:
            return max(0.0, self.not_before - self.clock())

    def record(self, right: bool) -> None:
        with self.lock:
            if right:
                self.failures, self.not_before = 0, 0.0
                return
            self.failures += 1
            if self.failures >= FREE_ATTEMPTS:
                delay = min(MAX_WAIT, 2.0 ** (self.failures - FREE_ATTEMPTS))
                self.not_before = self.clock() + delay


THROTTLE = Throttle()
"""shared by every session of this dashboard process"""


def configured_password(st: Any) -> str | None:
    password = os.environ.get(ENV_PASSWORD)
    if password:
        return password
    try:
        secret = st.secrets.get("host_password")
    except Exception:  # no secrets file at all: Streamlit raises rather than return None
        return None
    return str(secret) if secret else None


def host_mode(st: Any) -> bool:
    """Ask for the host password in the sidebar; True once the right one is given."""
    password = configured_password(st)
    if password is None:
        st.sidebar.info(
            f"Public mode. To turn host mode on, set {ENV_PASSWORD} (or host_password in "
            ".streamlit/secrets.toml) and restart."
        )
        return False
    given = st.sidebar.text_input("Host password", type="password")
    if not given:
        st.sidebar.caption("Public mode: enter the host password for host mode.")
        return False
    digest = hashlib.sha256(given.encode()).hexdigest()
    checked = st.session_state.get(_CHECKED)
    if checked is not None and checked[0] == digest:
        right = bool(checked[1])  # already checked: a rerun is not a new attempt
    else:
        wait = THROTTLE.wait()
        if wait > 0:
            st.sidebar.warning(f"Too many wrong passwords: wait {wait:.0f} s, then enter it again.")
            return False
        right = hmac.compare_digest(given.encode(), password.encode())
        THROTTLE.record(right)
        st.session_state[_CHECKED] = (digest, right)
    if right:
        st.sidebar.success("Host mode")
        return True
    st.sidebar.error("Wrong password: public mode.")
    return False
