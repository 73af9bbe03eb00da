"""A toggle that keeps its state for the session, page switches included (Streamlit forgets a
widget's state when a run does not draw it), for what a page draws only when asked."""

from __future__ import annotations

from typing import Any


def _kept(key: str) -> str:
    return f"{key}_kept"


def kept_toggle(st: Any, label: str, key: str) -> bool:
    """A toggle, off at first, as the host last left it in this session."""
    shown = bool(st.toggle(label, value=st.session_state.get(_kept(key), False), key=key))
    st.session_state[_kept(key)] = shown
    return shown


def turn_on(st: Any, key: str) -> None:
    """Turn the toggle `key` on for its next drawing."""
    st.session_state.pop(key, None)
    st.session_state[_kept(key)] = True
