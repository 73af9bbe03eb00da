"""The match's channels as the match service reaches them: a port an adapter fills
(festival/discord/match_posting.py: Discord's channel webhooks, the sender and the post log).
The service calls it inside the match's lock, on the open match, for the commands that name
the channels (`DiscordSetup`, `Post`, `TellSheetChanges`, `PostNotes`); the match domain
imports no Discord module: it hands the adapter the rounds' announcements as Markdown values,
worked out once per round version (festival/match/announce.py `worked_out`), and the
schedule's notes and the spreadsheet verdicts' changes as values."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from festival.match.acts import Post, PostNotes, TellSheetChanges
    from festival.match.announce import Announcements
    from festival.match.match import Match
    from festival.match.results import ChannelsMapped, NotesPosted, Posted, SheetsTold


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

    def tell_sheet_changes(self, match: Match, command: TellSheetChanges) -> SheetsTold:
        """Tell each player, in their own channel only, every recorded change of their
        spreadsheet's verdict (festival/match/watch.py `to_tell`) not told yet, once."""
        ...

    def post_notes(self, match: Match, command: PostNotes) -> NotesPosted:
        """Post the schedule's notes, each once."""
        ...

    def has_posted(self, match: Match, channel: str, round_no: int, kind: str) -> bool:
        """Whether this message (a note, by its channel, round and kind) was posted before
        (sent, or its request cut)."""
        ...
