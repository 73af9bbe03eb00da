"""The match's channels as the match service reaches them: a port an adapter fills
(festival/discord/match_posting.py: Discord's channel webhooks, the sender and the post log).
The service calls it inside the match's lock, on the open match, for the commands that name
the channels (`DiscordSetup`, `Post`); the match domain imports no Discord module: it hands
the adapter the rounds' announcements as Markdown values, worked out once per round version
(festival/match/announce.py `worked_out`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from festival.match.acts import Post
    from festival.match.announce import Announcements
    from festival.match.match import Match
    from festival.match.results import ChannelsMapped, Posted


class Channels(Protocol):
    """Where a match's announcements go: the game room and each player's channel."""

    def record(self, match: Match, webhooks_file: Path) -> ChannelsMapped:
        """Record which channel is whose, from the host's file (its path and the channel
        names only: the secrets stay in the file)."""
        ...

    def posted_rounds(self, match: Match) -> set[int]:
        """The rounds posted before (any message of theirs recorded)."""
        ...

    def post(
        self,
        match: Match,
        command: Post,
        round_no: int,
        rounds: tuple[int, ...],
        announced: Callable[[int], Announcements],
    ) -> Posted:
        """Bring the channels to `rounds`' announcements (`announced`: a round's, as the
        store holds it now), each message exactly once, correcting what changed; `round_no`
        is the round the host asked for."""
        ...
