"""A match's rounds as Discord messages: the public post to the game room, each private
report to its player's channel, exactly the messages `festival announce` prints; the public
post carries the pictures the events show everyone (`EventEngine.public_pictures`: the
public Continuum boards) as PNG attachments, at most 10 a message."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from festival.discord.messages import round_messages
from festival.discord.post_log import PostKey
from festival.discord.posting import Outgoing
from festival.discord.sender import MAX_FILES, Attachment
from festival.discord.webhooks import GAME_ROOM
from festival.match import announce
from festival.match.match import Match

PUBLIC = "public"
PRIVATE = "private"


@dataclass(frozen=True)
class RoundPlan:
    messages: tuple[Outgoing, ...]
    unmapped: tuple[str, ...]
    """what has no channel to go to ("Quill's private report, round 2")"""


def round_plan(
    match: Match,
    rounds: Sequence[int],
    mapped: Collection[str],
    announced: Callable[[int], announce.Announcements],
) -> RoundPlan:
    """The messages of `rounds`, in order: each round's public post, then the private
    reports in roster order; those whose channel is not mapped are named apart.
    `announced`: a round's announcements, as the match service worked them out."""
    messages: list[Outgoing] = []
    unmapped: list[str] = []
    for round_no in rounds:
        posts = round_messages(announced(round_no))
        blocks = [(GAME_ROOM, PUBLIC, posts.public, "the public post")]
        blocks += [(p, PRIVATE, m, f"{p}'s private report") for p, m in posts.private.items()]
        pictures = public_pictures(match, round_no)
        for channel, kind, texts, what in blocks:
            if channel not in mapped:
                unmapped.append(f"round {round_no}, {what}")
                continue
            for part, text in enumerate(texts, 1):
                label = f"round {round_no}, {what}" + (
                    f", message {part} of {len(texts)}" if len(texts) > 1 else ""
                )
                files = _share(pictures, part, len(texts)) if kind == PUBLIC else ()
                messages.append(
                    Outgoing(PostKey(channel, round_no, kind, part), text, files, label)
                )
    return RoundPlan(tuple(messages), tuple(unmapped))


def public_pictures(match: Match, round_no: int) -> tuple[Attachment, ...]:
    """The pictures of the events that played the round, as everyone may see them after it,
    as PNG attachments."""
    pictures = announce.public_pictures(match, round_no)
    if not pictures:
        return ()
    from festival.core.picture import png  # Pillow, only when there is something to draw

    return tuple(Attachment(name, png(picture)) for name, picture in pictures)


def _share(pictures: tuple[Attachment, ...], part: int, parts: int) -> tuple[Attachment, ...]:
    """The pictures message `part` of `parts` carries: the first message's first, at most
    MAX_FILES each (the last message takes none past its share)."""
    return pictures[(part - 1) * MAX_FILES : part * MAX_FILES] if part <= parts else ()
