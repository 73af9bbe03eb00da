"""What posting a set of messages did, as values: each message sent, corrected, kept or
recorded, the messages held back (their request was cut: the host says whether they arrived)
and the signal that stopped posting early. The Discord adapter (festival/discord/posting.py)
makes them; the domains' ports return them (festival/match/channels.py); each front end words
them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Action(StrEnum):
    SENT = "sent"
    CORRECTED = "corrected"
    RETRACTED = "retracted"
    KEPT = "kept"
    """already on Discord as it should be"""
    RECORDED = "recorded"
    """marked sent by the host"""


@dataclass(frozen=True)
class Done:
    label: str
    action: Action


@dataclass(frozen=True)
class Held:
    """A message whose fate is unknown (its request was cut), held back until the host says."""

    label: str
    question: str
    """what happened, where to look, and the commands that settle it"""


@dataclass(frozen=True)
class PostResult:
    done: tuple[Done, ...]
    stopped: str | None = None
    """the signal that stopped posting early ("SIGTERM"), if one did"""
    unmapped: tuple[str, ...] = ()
    """channels with something to post but no webhook"""
    held: tuple[Held, ...] = ()
    """messages held back, oldest first: the host's word (resent, or there) settles the first"""

    def question(self) -> str | None:
        """The host's one question (the first held message), naming any others held."""
        if not self.held:
            return None
        rest = [h.label for h in self.held[1:]]
        more = (
            f" Also held back, to settle the same way once this one is: {'; '.join(rest)}."
            if rest
            else ""
        )
        return self.held[0].question + more

    def count(self, action: Action) -> int:
        return sum(1 for d in self.done if d.action is action)
