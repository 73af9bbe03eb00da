"""The apply-once key of a press of a duel desk's button (the Duels page's desk and the desk of
sealed orders): drawn once with the desk, sent in the command's origin (`Origin.press`), so the
duel's dispatcher does a double click or a rerun of the same press once; a new key is drawn
once a press is done (as the round desk's `_PRESS`)."""

from __future__ import annotations

import secrets
from typing import Any

from festival.duels.origin import Origin

PRESS = "duel-desk-press"
"""session key: the apply-once key of the desk's next press"""

ALREADY = "That press was done already: nothing was done twice."


def press(st: Any) -> Origin:
    """The origin of the desk's next press (its key drawn once, kept until a press is done)."""
    return Origin.press(st.session_state.setdefault(PRESS, secrets.token_hex(8)))


def pressed(st: Any) -> None:
    """A press was done: the next one gets a key of its own."""
    st.session_state.pop(PRESS, None)
