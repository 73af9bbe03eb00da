"""Public mode and host mode.

Public mode shows only what the rules make public, so it is safe to share on a stream. Host
mode shows everything and needs the host password, from the environment variable
FESTIVAL_HOST_PASSWORD or `host_password` in Streamlit secrets. With no password configured
the dashboard stays in public mode and says how to turn host mode on.
"""

from __future__ import annotations

import hmac
import os
from typing import Any

ENV_PASSWORD = "FESTIVAL_HOST_PASSWORD"


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
    if hmac.compare_digest(given.encode(), password.encode()):
        st.sidebar.success("Host mode")
        return True
    st.sidebar.error("Wrong password: public mode.")
    return False
