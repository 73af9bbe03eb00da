"""A match's rounds as Discord messages: the public post to the game room, each private
report to its player's channel, exactly the messages `festival announce` prints."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from festival.discord.post_log import PostKey
from festival.discord.posting import Outgoing
from festival.discord.webhooks import GAME_ROOM
from festival.match.announce import announcements
from festival.match.match import Match

PUBLIC = "public"
PRIVATE = "private"


@dataclass(frozen=True)
class RoundPlan:
    messages: tuple[Outgoing, ...]
    unmapped: tuple[str, ...]
    """what has no channel to go to ("Quill's private report, round 2")"""


def round_plan(match: Match, rounds: Sequence[int], mapped: Collection[str]) -> RoundPlan:
    """The messages of `rounds`, in order: each round's public post, then the private
    reports in roster order; those whose channel is not mapped are named apart."""
    messages: list[Outgoing] = []
    unmapped: list[str] = []
    for round_no in rounds:
        posts = announcements(match, round_no)
        blocks = [(GAME_ROOM, PUBLIC, posts.public, "the public post")]
        blocks += [(p, PRIVATE, m, f"{p}'s private report") for p, m in posts.private.items()]
        for channel, kind, texts, what in blocks:
            if channel not in mapped:
                unmapped.append(f"round {round_no}, {what}")
                continue
            for part, text in enumerate(texts, 1):
                label = f"round {round_no}, {what}" + (
                    f", message {part} of {len(texts)}" if len(texts) > 1 else ""
                )
                messages.append(Outgoing(PostKey(channel, round_no, kind, part), text, (), label))
    return RoundPlan(tuple(messages), tuple(unmapped))
